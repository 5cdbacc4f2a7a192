// Errors answered as JSON: the error objects the command line writes.
import Hummingbird
import JSON
import NIOCore

/// An error answered with a status and a JSON body `{"error": message}` (and `field` when
/// one is at fault), as `cardsize` writes its error records. Every error status the server
/// answers has this body (``ErrorResponseMiddleware``).
struct ErrorBody: Error, HTTPResponseError {
    var status: HTTPResponse.Status
    var message: String
    var field: String?
    /// Headers the status calls for, such as a 405's `Allow`.
    var headers: HTTPFields = [:]

    init(_ status: HTTPResponse.Status, _ message: String, field: String? = nil) {
        self.status = status
        self.message = message
        self.field = field
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        var bytes: [UInt8] = []
        bytes.append(contentsOf: #"{"error":"#.utf8)
        JSONBytes.appendString(message, to: &bytes)
        if let field {
            bytes.append(contentsOf: #","field":"#.utf8)
            JSONBytes.appendString(field, to: &bytes)
        }
        bytes.append(UInt8(ascii: "}"))
        var response = jsonResponse(bytes, status: status)
        response.headers.append(contentsOf: headers)
        return response
    }
}

/// Answers every error as an ``ErrorBody``: the router's own (an unknown path) and any a
/// route did not expect, which is a 500 that tells the client nothing of the server.
struct ErrorResponseMiddleware: RouterMiddleware {
    func handle(_ request: Request, context: BasicRequestContext, next: (Request, BasicRequestContext) async throws -> Response)
        async throws -> Response
    {
        do {
            return try await next(request, context)
        } catch let error as ErrorBody {
            return try error.response(from: request, context: context)
        } catch let error as HTTPError {
            let message = error.body ?? (error.status == .notFound ? "no such resource: \(request.uri.path)" : error.status.reasonPhrase)
            return try ErrorBody(error.status, message).response(from: request, context: context)
        } catch {
            context.logger.error("\(request.method) \(request.uri.path): \(error)")
            return try ErrorBody(.internalServerError, "the server failed to answer").response(from: request, context: context)
        }
    }
}

extension Request {
    /// The body, at most `limit` bytes (413 past it).
    mutating func bodyBytes(limit: Int) async throws -> [UInt8] {
        do {
            let buffer = try await collectBody(upTo: limit)
            return Array(buffer.readableBytesView)
        } catch is NIOTooManyBytesError {
            throw ErrorBody(.contentTooLarge, "the request body is over the limit of \(limit) bytes")
        }
    }
}

/// A JSON response from bytes already formatted.
func jsonResponse(_ bytes: [UInt8], status: HTTPResponse.Status = .ok) -> Response {
    Response(
        status: status, headers: [.contentType: "application/json"],
        body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
}
