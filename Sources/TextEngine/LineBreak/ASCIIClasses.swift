// Printable ASCII split into classes of characters a set of rules cannot tell apart: the
// plain-text tables are indexed by class, not by character.

/// The classes of printable ASCII (U+0020–U+007E) under some key: characters with equal
/// keys are one class. Characters left out are `unplain`.
struct ASCIIClasses: Sendable {
    /// The class of each ASCII byte, or ``unplain``.
    let ofByte: [UInt8]
    /// One character of each class, the first in ASCII order.
    let representatives: [UInt8]
    static let unplain = UInt8.max

    var count: Int { representatives.count }

    init<Key: Hashable>(excluding isExcluded: (UInt8) -> Bool = { _ in false }, key: (UInt8) -> Key) {
        var ofByte = [UInt8](repeating: Self.unplain, count: 128)
        var representatives: [UInt8] = []
        var classOfKey: [Key: UInt8] = [:]
        for byte in UInt8(0x20)...0x7E where !isExcluded(byte) {
            let key = key(byte)
            if let known = classOfKey[key] {
                ofByte[Int(byte)] = known
            } else {
                classOfKey[key] = UInt8(representatives.count)
                ofByte[Int(byte)] = UInt8(representatives.count)
                representatives.append(byte)
            }
        }
        self.ofByte = ofByte
        self.representatives = representatives
    }
}
