// `cardsize-serve`: the engine over HTTP (a program of its own, so that the `cardsize`
// command's build stays free of the server's dependencies).
import ArgumentParser
import CardsizeServer
import Hummingbird
import Logging

@main
struct CardsizeServe: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cardsize-serve",
        abstract: "Serve the engine over HTTP: POST /v1/text, GET /openapi.yaml.",
        discussion: """
            JSON over HTTP with the command line's schemas; the API is described at \
            /openapi.yaml. Logs go to stderr; SIGTERM or SIGINT stops the server after the \
            requests in flight are answered.
            """)

    @Option(help: "The address to listen on.") var host = "127.0.0.1"
    @Option(help: "The port to listen on (0: any free port, printed when listening).") var port = 8080
    @Option(help: "The largest request body, in bytes.") var maxBodyBytes = 8 << 20
    @Option(help: "The most requests (texts) in one request body.") var maxItems = 100_000
    @Option(help: "Seconds a request's measurements may run.") var timeLimit: Double = 10
    @Option(help: "Log level: trace, debug, info, notice, warning, error, critical.") var logLevel = "info"

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be in 0...65535") }
        guard maxBodyBytes > 0, maxItems > 0 else { throw ValidationError("--max-body-bytes and --max-items must be positive") }
        guard timeLimit > 0, timeLimit.isFinite else { throw ValidationError("--time-limit must be a positive number of seconds") }
        guard Logger.Level(rawValue: logLevel) != nil else { throw ValidationError("--log-level: unknown level '\(logLevel)'") }
    }

    func run() async throws {
        var logger = Logger(label: "cardsize-serve")
        logger.logLevel = Logger.Level(rawValue: logLevel) ?? .info
        let service = CardsizeService(
            limits: ServerLimits(
                maximumBodyBytes: maxBodyBytes, maximumItems: maxItems,
                requestTimeLimit: .milliseconds(Int(timeLimit * 1000))))
        try await service.application(host: host, port: port, logger: logger).runService()
    }
}
