// A record's number as three base-4,096 digits, scrambled so neighbours look unrelated.

/// A seeded bijection of record numbers onto three 12-bit digits: different record numbers
/// always give different digits, so titles that spell the digits with a ``CodeVocabulary``
/// are unique by construction, with nothing remembered between records.
///
/// The number is scrambled on 36 bits by steps that are each invertible (adding a key,
/// multiplying by an odd constant, xor-shifting right), so consecutive records get unrelated
/// words. Good for up to 2^36 (about 68.7 billion) records.
struct UniqueTitleCode {
    static let bitsPerDigit = 12
    static let digitCount = 3
    static let capacity = 1 << (bitsPerDigit * digitCount)
    private static let mask = UInt64(capacity - 1)

    private let offsetKey: UInt64
    private let xorKey: UInt64

    init(seed: UInt64) {
        var keys = SplitMix64(seed: seed ^ 0x7469_746C_6563_6F64)  // "titlecod"
        offsetKey = keys.next() & Self.mask
        xorKey = keys.next() & Self.mask
    }

    /// The three digits (each `0..<4096`, most significant first) of record `number`.
    func digits(of number: Int) -> (Int, Int, Int) {
        precondition(number >= 0 && number < Self.capacity, "record number beyond the code's capacity")
        var code = (UInt64(number) &+ offsetKey) & Self.mask
        code = (code &* 0x9E37_79B9_7F4A_7C15) & Self.mask
        code ^= code >> 17
        code = (code &* 0xD6E8_FEB8_6659_FD93) & Self.mask
        code ^= code >> 13
        code ^= xorKey
        let digitMask = UInt64(CodeVocabulary.size - 1)
        return (Int(code >> 24), Int((code >> 12) & digitMask), Int(code & digitMask))
    }
}
