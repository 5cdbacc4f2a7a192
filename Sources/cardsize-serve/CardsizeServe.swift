// `cardsize-serve`: the engine over HTTP (a program of its own, so that the `cardsize`
// command's build stays free of the server's dependencies).
import ArgumentParser
import CardsizeServer
import CatalogLayout
import CatalogPreview
import CMallocTuning
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Hummingbird
import LayoutFlags
import Logging
import NIOCore

@main
struct CardsizeServe: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cardsize-serve",
        abstract: "Serve the engine over HTTP, and a catalog's layout in a browser.",
        discussion: """
            JSON over HTTP with the command line's schemas (POST /v1/text, /v1/cards, \
            /v1/layout); the API is described at /openapi.yaml. Given a catalog and --layout, \
            lays it out as `cardsize layout LAYOUT` does, taking the same flags (see `cardsize \
            layout LAYOUT --help`) and serves a viewer at / that scrolls the whole collection, \
            asking for the cards in view only. Logs go to stderr; SIGTERM or SIGINT stops the \
            server after the requests in flight are answered.
            Example: cardsize-serve Catalogs/goodbooks-10k.csv --layout waterfall --device iphone-13 --columns 2
            """)

    @Option(help: "The address to listen on.") var host = "127.0.0.1"
    @Option(help: "The port to listen on (0: any free port, printed when listening).") var port = 8080
    @Option(help: "The largest request body, in bytes.") var maxBodyBytes = 8 << 20
    @Option(help: "The most requests (texts) in one request body.") var maxItems = 100_000
    @Option(help: "Seconds a request may take from its arrival to its answer (past it: 503).", transform: OptionCheck.decimal)
    var timeLimit: Double = 10
    @Option(
        help: "Seconds a connection may take to send a whole request, headers and body (past it: closed).",
        transform: OptionCheck.decimal)
    var readTimeLimit: Double = 10
    @Option(help: "A font file (PATH or PATH.ttc#N) requests may name by its file name or family; repeatable.")
    var font: [String] = []
    @Option(help: "A folder whose .ttf, .otf, .ttc and .otc fonts requests may name; repeatable.")
    var fontDir: [String] = []
    @Option(help: "Log level: trace, debug, info, notice, warning, error, critical.") var logLevel = "info"
    @Option(help: "With a catalog: the layout the viewer shows, grid, waterfall, tag-flow or compositional.")
    var layout: CatalogLayoutKind?
    @Flag(help: VersionReport.flagHelp)
    var version = false
    @Argument(parsing: .allUnrecognized, help: "A catalog, then the layout's own flags.")
    var layoutArguments: [String] = []

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be in 0...65535") }
        guard maxBodyBytes > 0, maxItems > 0 else { throw ValidationError("--max-body-bytes and --max-items must be positive") }
        for (name, seconds) in [("--time-limit", timeLimit), ("--read-time-limit", readTimeLimit)] where !(seconds > 0 && seconds <= 86_400) {
            throw ValidationError("\(name) must be a number of seconds greater than 0 up to 86400")
        }
        guard Logger.Level(rawValue: logLevel) != nil else { throw ValidationError("--log-level: unknown level '\(logLevel)'") }
        if layout == nil, !layoutArguments.isEmpty {
            throw ValidationError("give --layout grid|waterfall|tag-flow|compositional with a catalog (got \(layoutArguments.joined(separator: " ")))")
        }
        if layout != nil, layoutArguments.isEmpty { throw ValidationError("--layout needs a catalog to lay out") }
        if layout != nil, layoutArguments.first == "-" {
            throw ValidationError("the viewer reads its catalog again (its records, other screens): give a file, not -")
        }
    }

    func run() async throws {
        if version { return print(VersionReport.text(program: "cardsize-serve")) }
        // Fixed thresholds: glibc's dynamic ones rise after the first large block is freed
        // (a long text's buffers), and the arenas then keep every later large buffer, so a
        // long-running server's memory would climb with its traffic rather than level off.
        _ = cardsize_fix_malloc_thresholds(128 << 10, 256 << 10)
        var logger = Logger(label: "cardsize-serve")
        logger.logLevel = Logger.Level(rawValue: logLevel) ?? .info
        var viewer: CatalogViewer?
        if let layout {
            do {
                let clock = ContinuousClock()
                let start = clock.now
                let (request, catalog) = try layout.parse(layoutArguments)
                let loaded = try await CatalogViewer(
                    request: request,
                    catalog: CatalogFileRecords(path: catalog.catalog, format: catalog.catalogFormat, mapping: catalog.mapping))
                let summary = try await loaded.layout(on: .asGiven).summary.joined(separator: "; ")
                logger.info("catalog laid out in \(clock.now - start): \(summary)")
                viewer = loaded
            } catch let error as LayoutRequestError {
                throw error.validationError
            } catch {
                throw ValidationError(layout.message(for: error))
            }
        }
        let fonts: ServerFonts
        do {
            fonts = try ServerFonts(files: font, directories: fontDir)
        } catch {
            throw ValidationError("fonts: \(error)")
        }
        let service = try CardsizeService(
            limits: ServerLimits(
                maximumBodyBytes: maxBodyBytes, maximumItems: maxItems, requestTimeLimit: .seconds(timeLimit),
                requestReadTimeLimit: .seconds(readTimeLimit)),
            viewer: viewer, fonts: fonts)
        let application = service.application(host: host, port: port, logger: logger) { host, port in
            // On stdout, for whoever started the server on port 0 and must learn its port.
            var line = "listening on http://\(host.contains(":") ? "[\(host)]" : host):\(port)\n"
            // Unbuffered, one write under PIPE_BUF: a pipe reader sees the whole line at once.
            line.withUTF8 { _ = write(STDOUT_FILENO, $0.baseAddress, $0.count) }
        }
        do {
            try await application.runService()
        } catch let error as IOError {
            throw ListenError(host: host, port: port, error: error)
        }
    }
}

/// The address could not be listened on: the port is taken, or the host is not this
/// machine's; a message rather than the socket call's, and exit status 1.
struct ListenError: Error, CustomStringConvertible {
    let host: String
    let port: Int
    let error: IOError

    var description: String {
        let reason = switch error.errnoCode {
        case EADDRINUSE: "the port is in use"
        case EACCES: "permission denied (a port under 1024 needs privileges)"
        case EADDRNOTAVAIL: "the address is not one of this machine's"
        default: String(cString: strerror(error.errnoCode))
        }
        return "cannot listen on \(host):\(port): \(reason)"
    }
}
