// Numbers as people write them: options, query parameters, catalog cells, template ratios.

/// A number written in decimal: `127`, `-12.5`, `1.5e-3`. `Double("0x10")` is 16 (Swift reads
/// hexadecimal, `inf` and `nan` too), which nobody typing a width in points means.
public enum DecimalNumber {
    /// The value of `text` when it is an optional minus sign, digits, optionally a point and
    /// digits, and optionally an exponent (`e` or `E`, a sign, digits); nil otherwise. A value
    /// past `Double`'s range is infinite, for the caller's range check to refuse by name.
    public static func value(of text: some StringProtocol) -> Double? {
        var rest = Substring(text)
        if rest.hasPrefix("-") { rest = rest.dropFirst() }
        func digits() -> Bool {
            let count = rest.prefix { ("0"..."9").contains($0) }.count
            rest = rest.dropFirst(count)
            return count > 0
        }
        guard digits() else { return nil }
        if rest.hasPrefix(".") {
            rest = rest.dropFirst()
            guard digits() else { return nil }
        }
        if rest.hasPrefix("e") || rest.hasPrefix("E") {
            rest = rest.dropFirst()
            if rest.hasPrefix("-") || rest.hasPrefix("+") { rest = rest.dropFirst() }
            guard digits() else { return nil }
        }
        guard rest.isEmpty else { return nil }
        return Double(text)
    }
}
