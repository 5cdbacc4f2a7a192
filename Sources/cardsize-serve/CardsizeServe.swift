// `cardsize-serve`: the engine over HTTP (a program of its own, so that the `cardsize`
// command's build stays free of the server's dependencies).
import ArgumentParser
import CardsizeCommands
import CardsizeServer
import Hummingbird
import Logging

@main
struct CardsizeServe: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cardsize-serve",
        abstract: "Serve the engine over HTTP, and a catalog's layout in a browser.",
        discussion: """
            JSON over HTTP with the command line's schemas (POST /v1/text, /v1/cards, \
            /v1/layout); the API is described at /openapi.yaml. Given a catalog and --layout, \
            lays it out as `cardsize layout LAYOUT` does with the same flags (see `cardsize \
            layout LAYOUT --help`) and serves a viewer at / that scrolls the whole collection, \
            asking for the cards in view only. Logs go to stderr; SIGTERM or SIGINT stops the \
            server after the requests in flight are answered.
            Example: cardsize-serve Catalogs/goodbooks-10k.csv --layout waterfall --device iphone-13 --columns 2
            """)

    @Option(help: "The address to listen on.") var host = "127.0.0.1"
    @Option(help: "The port to listen on (0: any free port, printed when listening).") var port = 8080
    @Option(help: "The largest request body, in bytes.") var maxBodyBytes = 8 << 20
    @Option(help: "The most requests (texts) in one request body.") var maxItems = 100_000
    @Option(help: "Seconds a request's measurements may run.") var timeLimit: Double = 10
    @Option(help: "Log level: trace, debug, info, notice, warning, error, critical.") var logLevel = "info"
    @Option(help: "With a catalog: the layout the viewer shows, grid, waterfall, flow or compositional.")
    var layout: CatalogLayoutKind?
    @Argument(parsing: .allUnrecognized, help: "A catalog, then the layout's own flags.")
    var layoutArguments: [String] = []

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be in 0...65535") }
        guard maxBodyBytes > 0, maxItems > 0 else { throw ValidationError("--max-body-bytes and --max-items must be positive") }
        guard timeLimit > 0, timeLimit.isFinite else { throw ValidationError("--time-limit must be a positive number of seconds") }
        guard Logger.Level(rawValue: logLevel) != nil else { throw ValidationError("--log-level: unknown level '\(logLevel)'") }
        if layout == nil, !layoutArguments.isEmpty {
            throw ValidationError("give --layout grid|waterfall|flow|compositional with a catalog (got \(layoutArguments.joined(separator: " ")))")
        }
        if layout != nil, layoutArguments.isEmpty { throw ValidationError("--layout needs a catalog to lay out") }
        if layout != nil, layoutArguments.first == "-" {
            throw ValidationError("the viewer reads its catalog again (its records, other screens): give a file, not -")
        }
    }

    func run() async throws {
        var logger = Logger(label: "cardsize-serve")
        logger.logLevel = Logger.Level(rawValue: logLevel) ?? .info
        var viewer: CatalogViewer?
        if let layout {
            do {
                let clock = ContinuousClock()
                let start = clock.now
                let loaded = try await CatalogViewer(kind: layout, arguments: layoutArguments)
                let summary = try await loaded.layout(on: .asGiven).summary.joined(separator: "; ")
                logger.info("catalog laid out in \(clock.now - start): \(summary)")
                viewer = loaded
            } catch {
                throw ValidationError(layout.message(for: error))
            }
        }
        let service = CardsizeService(
            limits: ServerLimits(
                maximumBodyBytes: maxBodyBytes, maximumItems: maxItems,
                requestTimeLimit: .milliseconds(Int(timeLimit * 1000))),
            viewer: viewer)
        try await service.application(host: host, port: port, logger: logger).runService()
    }
}
