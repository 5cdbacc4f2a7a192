// A catalog laid out once per screen and kept, for the viewer's rect queries and pictures.
import CardsizeCommands
import CatalogPreview
import NIOPosix

/// The catalog the server was started with, laid out as `cardsize layout KIND ARGUMENTS`
/// lays it out, once per screen asked for (the two most recent are kept).
///
/// Every record is read once more after the first layout and kept compactly
/// (``CatalogRecordStore``), shared by every screen's layout, so that any part of a
/// million-card catalog is drawn without reading the file again. Layouts run on NIO's
/// blocking thread pool, not on the threads that answer requests, and a screen asked for
/// by several requests at once is laid out once.
public actor CatalogViewer {
    public let kind: CatalogLayoutKind
    public let arguments: [String]
    private var records: CatalogRecordStore?
    private var layouts: [LayoutScreen: Task<CommandLineLayout, any Error>] = [:]
    /// Screens in the order they were last asked for, the most recent last.
    private var recent: [LayoutScreen] = []
    private static let keptLayouts = 2

    /// Lays the catalog out on the screen its flags give, so that a bad flag or an unreadable
    /// catalog stops the server at its start rather than at its first request.
    public init(kind: CatalogLayoutKind, arguments: [String]) async throws {
        self.kind = kind
        self.arguments = arguments
        _ = try await layout(on: .asGiven)
    }

    /// The layout on `screen`, made now if it is not kept.
    public func layout(on screen: LayoutScreen) async throws -> CommandLineLayout {
        recent.removeAll { $0 == screen }
        recent.append(screen)
        if let task = layouts[screen] { return try await task.value }
        let (kind, arguments, kept) = (kind, screen.arguments(arguments, kind: kind), records)
        let task = Task {
            try await NIOThreadPool.singleton.runIfActive {
                var layout = try CommandLineLayout(kind: kind, arguments: arguments)
                layout.page = layout.page.reading(from: try kept ?? layout.catalogFile.readAll())
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
