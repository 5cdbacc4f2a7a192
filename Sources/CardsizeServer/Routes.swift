// The routes and the methods each path answers, for the 405s that name them.
import HTTPTypes
import Hummingbird
import Locked

/// A router and the methods each of its paths answers: a request of another method to a
/// known path is answered 405 with `Allow` (``MethodNotAllowedMiddleware``), where the
/// router alone answers 404. Every `GET` answers `HEAD` too.
struct Routes {
    let router = Router(options: .autoGenerateHeadEndpoints)
    let methods = RouteMethods()

    func get(_ path: String, _ handler: @escaping @Sendable (Request, BasicRequestContext) async throws -> some ResponseGenerator) {
        methods.add(path, [.get, .head])
        router.get(RouterPath(path), use: handler)
    }

    func post(_ path: String, _ handler: @escaping @Sendable (Request, BasicRequestContext) async throws -> some ResponseGenerator) {
        methods.add(path, [.post])
        router.post(RouterPath(path), use: handler)
    }
}

/// The methods each route path answers; a path segment `:name` matches any one segment.
final class RouteMethods: Sendable {
    private let paths = Locked([(segments: [Substring], methods: [HTTPRequest.Method])]())

    func add(_ path: String, _ methods: [HTTPRequest.Method]) {
        let segments = path.split(separator: "/")
        paths.withLock { paths in
            if let known = paths.firstIndex(where: { $0.segments == segments }) {
                paths[known].methods += methods
            } else {
                paths.append((segments, methods))
            }
        }
    }

    /// The methods `path` answers; empty for a path no route has.
    func allowed(for path: String) -> [HTTPRequest.Method] {
        let segments = path.split(separator: "/")
        return paths.withLock { paths in
            paths.first { route in
                route.segments.count == segments.count
                    && zip(route.segments, segments).allSatisfy { $0.first == ":" || $0 == $1 }
            }?.methods ?? []
        }
    }
}

/// Answers 405 with `Allow` for a method a known path does not answer (the router's 404).
struct MethodNotAllowedMiddleware: RouterMiddleware {
    let methods: RouteMethods

    func handle(_ request: Request, context: BasicRequestContext, next: (Request, BasicRequestContext) async throws -> Response)
        async throws -> Response
    {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            let allowed = methods.allowed(for: request.uri.path)
            guard !allowed.isEmpty, !allowed.contains(request.method) else {
                throw ErrorBody(.notFound, "no such resource: \(request.uri.path)")
            }
            let names = allowed.map(\.rawValue).joined(separator: ", ")
            var error = ErrorBody(.methodNotAllowed, "\(request.method.rawValue) is not allowed here; use \(names)")
            error.headers = [.allow: names]
            throw error
        }
    }
}
