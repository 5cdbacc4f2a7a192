// The Unicode bidi algorithm (UAX #9) through ICU's ubidi, for drawing mixed-direction lines.
import CICU

/// Embedding levels and visual order from ICU's implementation of the bidi algorithm.
enum ICUBidi {
    /// Each Unicode scalar's embedding level in `text`: even is left-to-right, odd is
    /// right-to-left (digits inside right-to-left text are one level up, so they read left
    /// to right). Each paragraph's direction comes from its first strong character; nil
    /// when ICU fails.
    static func levels(of text: String) -> [UInt8]? {
        let utf16 = Array(text.utf16)
        var unitLevels = [UInt8](repeating: 0, count: utf16.count)
        let status = cardsize_bidi_levels(utf16, Int32(utf16.count), &unitLevels)
        guard status <= 0 else { return nil }
        var levels: [UInt8] = []
        levels.reserveCapacity(utf16.count)
        var unit = 0
        for scalar in text.unicodeScalars {
            levels.append(unitLevels[unit])
            unit += scalar.utf16.count
        }
        return levels
    }

    /// The visual order, left to right, of items at `levels` (rule L2: each run at a level
    /// and above is reversed, from the highest level down to the lowest odd one): indices
    /// into `levels`.
    static func visualOrder(levels: [UInt8]) -> [Int] {
        var order = [Int32](repeating: 0, count: levels.count)
        cardsize_bidi_visual_order(levels, Int32(levels.count), &order)
        return order.map(Int.init)
    }
}
