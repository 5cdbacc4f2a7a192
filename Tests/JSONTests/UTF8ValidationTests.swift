// The hand-written UTF-8 check against the standard library's, on random bytes that favour
// the edges of Unicode's table 3-7.
import CatalogGenerator
import JSON
import Testing

@Suite struct UTF8ValidationTests {
    @Test func agreesWithTheStandardLibraryOnRandomBytes() {
        var random = SplitMix64(seed: 23)
        let edges: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF]
        var invalid = 0
        for _ in 0..<100_000 {
            let bytes = (0..<(random.next() % 9)).map { _ in edges[Int(random.next() % UInt64(edges.count))] }
            let expected = String(validating: bytes, as: UTF8.self) != nil
            #expect(bytes.withUnsafeBufferPointer(UTF8Validation.isValid) == expected, "\(bytes)")
            if !expected { invalid += 1 }
        }
        #expect(invalid > 10_000 && invalid < 95_000)  // both verdicts well exercised
    }

    /// Mostly ASCII, up to 40 bytes: the eight-bytes-at-a-time path meets a non-ASCII byte at
    /// every offset within and after its words.
    @Test func agreesWithTheStandardLibraryOnMostlyASCIIText() {
        var random = SplitMix64(seed: 29)
        let edges: [UInt8] = [0x80, 0xBF, 0xC2, 0xDF, 0xE0, 0xE3, 0xED, 0xEF, 0xF0, 0xF4, 0xFF]
        var invalid = 0
        for _ in 0..<50_000 {
            let bytes = (0..<(random.next() % 41)).map { _ in
                random.next() % 10 == 0 ? edges[Int(random.next() % UInt64(edges.count))] : UInt8(random.next() % 0x80)
            }
            let expected = String(validating: bytes, as: UTF8.self) != nil
            #expect(bytes.withUnsafeBufferPointer(UTF8Validation.isValid) == expected, "\(bytes)")
            if !expected { invalid += 1 }
        }
        #expect(invalid > 5_000 && invalid < 45_000)
    }
}
