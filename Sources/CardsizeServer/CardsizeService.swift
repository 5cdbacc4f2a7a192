// The engine over HTTP: the routes, their shared state, the application.
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import TextEngine

/// The HTTP service: JSON over HTTP with the command line's request and result schemas.
///
/// ```swift
/// let service = try CardsizeService()
/// try await service.application(host: "127.0.0.1", port: 8080).runService()
/// ```
///
/// Routes: `POST /v1/text` (``TextEndpoint``), `POST /v1/cards` (``CardsEndpoint``),
/// `POST /v1/layout` (``LayoutEndpoint``), `GET /openapi.yaml` (the API's description,
/// kept in the repository as `Sources/CardsizeServer/Resources/openapi.yaml`), `GET /health`;
/// with a catalog loaded (``CatalogViewer``), the viewer at `GET /` and its routes under
/// `/v1/catalog` (``ViewerEndpoints``).
public struct CardsizeService: Sendable {
    public let limits: ServerLimits
    /// The catalog the viewer shows, if one was loaded.
    public let viewer: CatalogViewer?
    /// The fonts requests may name.
    public let fonts: ServerFonts
    /// Shared by every request: thread-safe, its caches make repeated titles lookups.
    let measurer: TextMeasurer

    /// - Parameter fonts: the fonts requests may name; by default the bundled chain's.
    /// - Throws: ``ServerFontsError`` when the bundled fonts cannot be loaded.
    public init(limits: ServerLimits = ServerLimits(), viewer: CatalogViewer? = nil, fonts: ServerFonts? = nil) throws {
        self.limits = limits
        self.viewer = viewer
        self.fonts = try fonts ?? ServerFonts()
        measurer = TextMeasurer(cacheCapacity: 1 << 12, measurementCacheCapacity: 1 << 17)
    }

    /// The routes, for an application or for tests (`app.test(.router)`). Every answer is
    /// logged (``AccessLogMiddleware``) and compressed when asked (``CompressionMiddleware``),
    /// every error has a JSON body (``ErrorResponseMiddleware``), and a method a path does
    /// not answer is a 405.
    public func router() -> Router<BasicRequestContext> {
        let routes = Routes()
        routes.router.add(middleware: AccessLogMiddleware())
        routes.router.add(middleware: CompressionMiddleware())
        routes.router.add(middleware: ErrorResponseMiddleware())
        routes.router.add(middleware: MethodNotAllowedMiddleware(methods: routes.methods))
        let text = TextEndpoint(measurer: measurer, fonts: fonts, limits: limits)
        routes.post("/v1/text") { request, _ in
            var request = request
            return try await text.respond(to: &request)
        }
        let cards = CardsEndpoint(textMeasurer: measurer, limits: limits)
        routes.post("/v1/cards") { request, _ in
            var request = request
            return try await cards.respond(to: &request)
        }
        let layout = LayoutEndpoint(limits: limits, cards: cards)
        routes.post("/v1/layout") { request, _ in
            var request = request
            return try await layout.respond(to: &request)
        }
        routes.get("/openapi.yaml") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/yaml"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: Resource.openAPIDocument)))
        }
        routes.get("/health") { _, _ in "ok\n" }
        ViewerEndpoints(viewer: viewer).add(to: routes)
        return routes.router
    }

    /// The application serving ``router()`` at `host`:`port` (0: any free port), each
    /// connection given ``ServerLimits/requestReadTimeLimit`` to send a request, HTTP/1.0
    /// answered as such; `onListening` is handed the address and port once it listens.
    public func application(
        host: String, port: Int, logger: Logger, onListening: @escaping @Sendable (String, Int) async -> Void = { _, _ in }
    ) -> some ApplicationProtocol {
        let readTimeLimit = TimeAmount(limits.requestReadTimeLimit)
        return Application(
            router: router(),
            server: HTTPServerBuilder { responder in
                GuardedHTTP1Channel(channel: HTTP1Channel(responder: responder), readTimeLimit: readTimeLimit)
            },
            configuration: ApplicationConfiguration(address: .hostname(host, port: port)),
            onServerRunning: { channel in await onListening(host, channel.localAddress?.port ?? port) },
            logger: logger)
    }
}

/// The module's resources, compiled into it: the OpenAPI document and the viewer page.
enum Resource {
    static var openAPIDocument: [UInt8] { PackageResources.openapi_yaml }
    static var viewerPage: [UInt8] { PackageResources.viewer_html }
}
