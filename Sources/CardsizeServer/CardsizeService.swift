// The engine over HTTP: the routes, their shared state, the application.
import Hummingbird
import Logging
import TextEngine

/// The HTTP service: JSON over HTTP with the command line's request and result schemas.
///
/// ```swift
/// let service = CardsizeService()
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
    /// Shared by every request: thread-safe, its caches make repeated titles lookups.
    let measurer: TextMeasurer

    public init(limits: ServerLimits = ServerLimits(), viewer: CatalogViewer? = nil) {
        self.limits = limits
        self.viewer = viewer
        measurer = TextMeasurer(cacheCapacity: 1 << 12, measurementCacheCapacity: 1 << 17)
    }

    /// The routes, for an application or for tests (`app.test(.router)`).
    public func router() -> Router<BasicRequestContext> {
        let router = Router()
        router.add(middleware: LogRequestsMiddleware(.info))
        let text = TextEndpoint(measurer: measurer, limits: limits)
        router.post("/v1/text") { request, _ in
            var request = request
            return try await text.respond(to: &request)
        }
        let cards = CardsEndpoint(textMeasurer: measurer, limits: limits)
        router.post("/v1/cards") { request, _ in
            var request = request
            return try await cards.respond(to: &request)
        }
        let layout = LayoutEndpoint(limits: limits, cards: cards)
        router.post("/v1/layout") { request, _ in
            var request = request
            return try await layout.respond(to: &request)
        }
        router.get("/openapi.yaml") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/yaml"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: Resource.openAPIDocument)))
        }
        router.get("/health") { _, _ in "ok\n" }
        if let viewer { ViewerEndpoints(viewer: viewer).add(to: router) }
        return router
    }

    /// The application serving ``router()`` at `host`:`port`.
    public func application(host: String, port: Int, logger: Logger) -> some ApplicationProtocol {
        Application(
            router: router(), configuration: ApplicationConfiguration(address: .hostname(host, port: port)),
            logger: logger)
    }
}

/// The module's resources, compiled into it: the OpenAPI document and the viewer page.
enum Resource {
    static var openAPIDocument: [UInt8] { PackageResources.openapi_yaml }
    static var viewerPage: [UInt8] { PackageResources.viewer_html }
}
