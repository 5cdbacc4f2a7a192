// POST /v1/text: the `cardsize text --jsonl` schema over HTTP.
import Hummingbird
import JSON
import TextBatch
import TextEngine

/// Measures one request object of the `text --jsonl` schema, or an array of them, and answers
/// the result object(s) the command line writes for them, byte for byte.
///
/// One object with an error (a missing field, a bad value, a member outside the schema,
/// which its error result names in `field`) is answered 400 with its error result; in an array, each bad request gets its error result in place (200), as the command
/// line's lines do. A body that is not JSON, or neither an object nor an array, is 400.
///
/// A request's `fonts` names fonts the server has (``ServerFonts``), not files: the command
/// line's paths are the operator's to choose, never a client's.
struct TextEndpoint: Sendable {
    let measurer: TextMeasurer
    let fonts: ServerFonts
    let limits: ServerLimits
    /// Measures the requests that name no fonts (the bundled chain), shared by all.
    private let bundled: BatchMeasurer

    init(measurer: TextMeasurer, fonts: ServerFonts, limits: ServerLimits) {
        self.measurer = measurer
        self.fonts = fonts
        self.limits = limits
        bundled = BatchMeasurer(measurer: measurer)
    }

    func respond(to request: inout Request) async throws -> Response {
        let deadline = limits.deadline()
        let body = try await request.bodyBytes(limit: limits.maximumBodyBytes)
        return try await measuring { try answer(to: body, deadline: deadline) }
    }

    private func answer(to body: [UInt8], deadline: ContinuousClock.Instant) throws -> Response {
        let value: JSONValue
        do {
            value = try JSONParser.value(of: body)
        } catch {
            throw ErrorBody(.badRequest, "the body is not valid JSON: \(error)")
        }
        switch value {
        case .object:
            try ItemBudget(limits: limits, count: 1, what: "requests", deadline: deadline).checkTime(before: 0)
            let result = result(for: value)
            var bytes: [UInt8] = []
            result.appendJSON(to: &bytes)
            return jsonResponse(bytes, status: result.error == nil ? .ok : .badRequest)
        case .array(let requests):
            let budget = try ItemBudget(limits: limits, count: requests.count, what: "requests", deadline: deadline)
            var bytes: [UInt8] = [UInt8(ascii: "[")]
            for (index, request) in requests.enumerated() {
                try budget.checkTime(before: index)
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                result(for: request).appendJSON(to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
            return jsonResponse(bytes)
        default:
            throw ErrorBody(.badRequest, "the body must be a request object or an array of them")
        }
    }

    /// The result for one request object, its fonts the server's faces of those names.
    private func result(for value: JSONValue) -> TextResult {
        var request: TextRequest
        do {
            request = try TextRequest(value: value)
        } catch {
            return TextResult(error)
        }
        guard let names = request.fonts else { return bundled.result(for: request) }
        let chain: FontChain
        do {
            chain = try fonts.chain(named: names)
        } catch {
            return TextResult(id: request.id, error: error.message, field: error.field)
        }
        request.fonts = nil
        return BatchMeasurer(defaultFonts: chain, measurer: measurer).result(for: request)
    }
}
