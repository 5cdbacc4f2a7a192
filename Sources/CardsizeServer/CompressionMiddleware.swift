// Answers compressed with gzip for clients that accept it: a viewer tile is 60 KB of SVG.
import CZlib
import Hummingbird
import NIOCore

/// Compresses an answer's body with gzip when the request accepts it (`Accept-Encoding:
/// gzip`) and the body is text (JSON, SVG, HTML, YAML) of at least ``minimumBytes``; says so
/// with `Content-Encoding` and `Vary`.
struct CompressionMiddleware: RouterMiddleware {
    /// Smaller bodies gain less than the header costs.
    static let minimumBytes = 1024

    func handle(_ request: Request, context: BasicRequestContext, next: (Request, BasicRequestContext) async throws -> Response)
        async throws -> Response
    {
        var response = try await next(request, context)
        guard Self.acceptsGzip(request.headers[.acceptEncoding]), let type = response.headers[.contentType],
            ["json", "svg", "html", "yaml"].contains(where: type.contains),
            let length = response.body.contentLength, length >= Self.minimumBytes
        else { return response }
        let collected = CollectedBody()
        try await response.body.write(collected)
        guard let compressed = Gzip.compress(Array(collected.buffer.readableBytesView)) else { return response }
        response.headers[.contentEncoding] = "gzip"
        response.headers[.vary] = "Accept-Encoding"
        response.headers[.contentLength] = String(compressed.count)
        response.body = ResponseBody(byteBuffer: ByteBuffer(bytes: compressed))
        return response
    }

    /// Whether an `Accept-Encoding` value names gzip with a weight above 0.
    static func acceptsGzip(_ header: String?) -> Bool {
        guard let header else { return false }
        return header.split(separator: ",").contains { coding in
            // Each part without the spaces and tabs HTTP allows around it (OWS).
            let isSpace = { (character: Character) in character == " " || character == "\t" }
            let parts = coding.split(separator: ";").map {
                String($0.drop(while: isSpace).reversed().drop(while: isSpace).reversed()).lowercased()
            }
            return parts.first == "gzip" && !parts.dropFirst().contains { $0.hasPrefix("q=") && Double($0.dropFirst(2)) == 0 }
        }
    }
}

/// A response body gathered into one buffer.
private final class CollectedBody: ResponseBodyWriter, @unchecked Sendable {
    var buffer = ByteBuffer()  // written by one task, then read by it

    func write(_ part: ByteBuffer) async throws { buffer.writeImmutableBuffer(part) }
    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}

/// gzip (RFC 1952) through zlib.
enum Gzip {
    /// `bytes` as one gzip member, or nil should zlib fail.
    static func compress(_ bytes: [UInt8]) -> [UInt8]? {
        var stream = z_stream()
        // Window bits 15 + 16: the gzip wrapper rather than zlib's.
        guard deflateInit2_(&stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                            Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))))
        var input = bytes
        let status = input.withUnsafeMutableBufferPointer { input in
            output.withUnsafeMutableBufferPointer { output in
                stream.next_in = input.baseAddress
                stream.avail_in = uInt(input.count)
                stream.next_out = output.baseAddress
                stream.avail_out = uInt(output.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { return nil }
        output.removeSubrange(Int(stream.total_out)...)
        return output
    }
}
