// Errors answered as JSON: the error objects the command line writes.
import Hummingbird
import JSON
import NIOCore

/// An error answered with a status and a JSON body `{"error": message}` (and `field` when
/// one is at fault), as `cardsize` writes its error records.
struct ErrorBody: Error, HTTPResponseError {
    var status: HTTPResponse.Status
    var message: String
    var field: String?

    init(_ status: HTTPResponse.Status, _ message: String, field: String? = nil) {
        self.status = status
        self.message = message
        self.field = field
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        var bytes: [UInt8] = []
        bytes.append(contentsOf: #"{"error":"#.utf8)
        JSONBytes.appendString(message, to: &bytes)
        if let field {
            bytes.append(contentsOf: #","field":"#.utf8)
            JSONBytes.appendString(field, to: &bytes)
        }
        bytes.append(UInt8(ascii: "}"))
        return jsonResponse(bytes, status: status)
    }
}

extension Request {
    /// The body, at most `limit` bytes (413 past it).
    mutating func bodyBytes(limit: Int) async throws -> [UInt8] {
        do {
            let buffer = try await collectBody(upTo: limit)
            return Array(buffer.readableBytesView)
        } catch is NIOTooManyBytesError {
            throw ErrorBody(.contentTooLarge, "the request body is over the limit of \(limit) bytes")
        }
    }
}

/// A JSON response from bytes already formatted.
func jsonResponse(_ bytes: [UInt8], status: HTTPResponse.Status = .ok) -> Response {
    Response(
        status: status, headers: [.contentType: "application/json"],
        body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
}
