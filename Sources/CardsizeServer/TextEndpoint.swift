// POST /v1/text: the `cardsize text --jsonl` schema over HTTP.
import Hummingbird
import JSON
import TextBatch
import TextEngine

/// Measures one request object of the `text --jsonl` schema, or an array of them, and answers
/// the result object(s) the command line writes for them, byte for byte.
///
/// One object with an error (a missing field, a bad value) is answered 400 with its error
/// result; in an array, each bad request gets its error result in place (200), as the command
/// line's lines do. A body that is not JSON, or neither an object nor an array, is 400.
struct TextEndpoint: Sendable {
    let measurer: TextMeasurer
    let limits: ServerLimits

    func respond(to request: inout Request) async throws -> Response {
        let body = try await request.bodyBytes(limit: limits.maximumBodyBytes)
        let value: JSONValue
        do {
            value = try JSONParser.value(of: body)
        } catch {
            throw ErrorBody(.badRequest, "the body is not valid JSON: \(error)")
        }
        let batch = BatchMeasurer(measurer: measurer)
        switch value {
        case .object:
            let result = batch.result(forValue: value)
            var bytes: [UInt8] = []
            result.appendJSON(to: &bytes)
            return jsonResponse(bytes, status: result.error == nil ? .ok : .badRequest)
        case .array(let requests):
            let budget = try ItemBudget(limits: limits, count: requests.count, what: "requests")
            var bytes: [UInt8] = [UInt8(ascii: "[")]
            for (index, request) in requests.enumerated() {
                try budget.checkTime(before: index)
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                batch.result(forValue: request).appendJSON(to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
            return jsonResponse(bytes)
        default:
            throw ErrorBody(.badRequest, "the body must be a request object or an array of them")
        }
    }
}
