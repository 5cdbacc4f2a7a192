// Requests answered by the router in-process, as a client gets them. HummingbirdTesting's
// router mode does the same, but its target also brings AsyncHTTPClient, SwiftNIO SSL and
// BoringSSL into the test build, for tests that run no server (minutes of a clean build).
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import NIOEmbedded

/// A response as the client sees it: status, headers, the whole body.
struct TestResponse {
    var status: HTTPResponse.Status
    var headers: HTTPFields
    var body: ByteBuffer
}

/// Sends requests straight to a router's responder, with a context over an embedded channel.
struct RouterClient {
    let responder: RouterResponder<BasicRequestContext>

    /// Runs `test` with a client of `router`.
    static func test(_ router: Router<BasicRequestContext>, _ test: (RouterClient) async throws -> Void) async throws {
        try await test(RouterClient(responder: router.buildResponder()))
    }

    /// Answers one request and hands the response to `check`. A thrown error that is no
    /// `HTTPResponseError` (which the router answers itself) is a 500, as a server answers it.
    func execute(
        uri: String, method: HTTPRequest.Method, headers: HTTPFields = [:], body: ByteBuffer? = nil,
        testCallback check: (TestResponse) throws -> Void
    ) async throws {
        var headers = headers
        if let body { headers[.contentLength] = String(body.readableBytes) }
        let request = Request(
            head: HTTPRequest(method: method, scheme: "http", authority: "localhost", path: uri, headerFields: headers),
            body: RequestBody(buffer: body ?? ByteBuffer()))
        let context = BasicRequestContext(
            source: ApplicationRequestContextSource(channel: EmbeddedChannel(), logger: Logger(label: "test")))
        let response: Response
        do {
            response = try await responder.respond(to: request, context: context)
        } catch {
            response = Response(status: .internalServerError)
        }
        let collected = BodyCollector()
        try await response.body.write(collected)
        try check(TestResponse(status: response.status, headers: response.headers, body: collected.buffer.value))
    }
}

/// Gathers a response body's buffers.
private struct BodyCollector: ResponseBodyWriter {
    final class Buffer: @unchecked Sendable {
        var value = ByteBuffer()
    }
    let buffer = Buffer()

    func write(_ part: ByteBuffer) async throws { buffer.value.writeImmutableBuffer(part) }
    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
