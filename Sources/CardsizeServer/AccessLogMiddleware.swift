// One log line per request: what was asked, what was answered, how big and how fast.
import Hummingbird
import Logging

/// Logs each request at `info` once it is answered: method, target (path and query), status,
/// the body's bytes and the time taken, `POST /v1/text 200 412 bytes 0.61 ms`.
struct AccessLogMiddleware: RouterMiddleware {
    func handle(_ request: Request, context: BasicRequestContext, next: (Request, BasicRequestContext) async throws -> Response)
        async throws -> Response
    {
        let start = ContinuousClock.now
        let response = try await next(request, context)
        let elapsed = (ContinuousClock.now - start) / .microseconds(1)
        let bytes = response.body.contentLength.map(String.init) ?? "-"
        // A target is at most a kilobyte in the log: headers may be 80 KB, a log line need not.
        let target = request.uri.description.prefix(1024)
        context.logger.info(
            "\(request.method) \(target) \(response.status.code) \(bytes) bytes \(Self.milliseconds(elapsed)) ms")
        return response
    }

    /// Microseconds as milliseconds with two decimals.
    static func milliseconds(_ microseconds: Double) -> String {
        let hundredths = Int((microseconds / 10).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
