// A catalog laid out once per screen and kept, for the viewer's rect queries and pictures.
import CatalogLayout
import CatalogPreview
import CollectionLayout
import Geometry
import NIOPosix

/// The screen the viewer is asked to show a layout on: the one the server was started with,
/// a device preset, or a width.
public enum ViewerScreen: Hashable, Sendable {
    case asGiven
    case device(DevicePreset)
    /// A collection this many points wide (at the request's scale and page height).
    case width(Double)

    /// `given`, a device preset's name, or a width in points; `nil` for anything else.
    public init?(name: String) {
        if name == "given" {
            self = .asGiven
        } else if let device = DevicePreset.all.first(where: { $0.name == name }) {
            self = .device(device)
        } else if let width = DecimalNumber.value(of: name), width > 0, width <= 100_000 {
            self = .width(width)
        } else {
            return nil
        }
    }

    /// What ``init(name:)`` reads back.
    public var name: String {
        switch self {
        case .asGiven: "given"
        case .device(let device): device.name
        case .width(let width): SummaryFormat.number(width)
        }
    }

    /// `request` on this screen: a device's whole screen, or the request's with another width.
    public func applied(to request: CatalogLayoutRequest) -> CatalogLayoutRequest {
        var request = request
        switch self {
        case .asGiven: break
        case .device(let device): request.screen = LayoutScreen(device: device)
        case .width(let width):
            request.screen.width = width
            request.screen.device = nil
        }
        return request
    }
}

/// The catalog the server was started with, laid out as its request says, once per screen
/// asked for (the two most recent are kept).
///
/// Every record is kept compactly (``CatalogRecordStore``) as the first layout reads it,
/// shared by every screen's layout, so that any part of a million-card catalog is drawn
/// without reading the file again. Layouts run on NIO's
/// blocking thread pool, not on the threads that answer requests, and a screen asked for
/// by several requests at once is laid out once.
public actor CatalogViewer {
    public let request: CatalogLayoutRequest
    public let catalog: CatalogFileRecords
    private var records: CatalogRecordStore?
    private var layouts: [ViewerScreen: Task<CatalogLayoutPicture, any Error>] = [:]
    /// Screens in the order they were last asked for, the most recent last.
    private var recent: [ViewerScreen] = []
    private static let keptLayouts = 2

    /// Lays the catalog out on the request's screen, so that a bad option or an unreadable
    /// catalog stops the server at its start rather than at its first request.
    public init(request: CatalogLayoutRequest, catalog: CatalogFileRecords) async throws {
        self.request = request
        self.catalog = catalog
        _ = try await layout(on: .asGiven)
    }

    /// The layout on `screen`, made now if it is not kept.
    public func layout(on screen: ViewerScreen) async throws -> CatalogLayoutPicture {
        recent.removeAll { $0 == screen }
        recent.append(screen)
        if let task = layouts[screen] { return try await task.value }
        let (request, catalog, kept) = (screen.applied(to: request), catalog, records)
        let task = Task {
            try await NIOThreadPool.singleton.runIfActive {
                var layout = try CatalogLayoutPicture(request: request, catalog: catalog, keepingRecords: kept == nil)
                if let kept { layout.page = layout.page.reading(from: kept) }
                return layout
            }
        }
        layouts[screen] = task
        while recent.count > Self.keptLayouts { layouts[recent.removeFirst()] = nil }
        do {
            let layout = try await task.value
            if records == nil { records = layout.page.records as? CatalogRecordStore }
            return layout
        } catch {
            layouts[screen] = nil
            throw error
        }
    }
}
