// SVG text: numbers written the same way on every machine, and XML-escaped attribute values.

/// A number as SVG writes it: rounded to `decimals` places, without trailing zeros, with
/// no exponent and no locale; `-0` is written `0`.
struct SVGNumber: CustomStringConvertible {
    let value: Double
    let decimals: Int

    init(_ value: Double, decimals: Int = 3) {
        self.value = value
        self.decimals = decimals
    }

    var description: String {
        var power: Int64 = 1
        for _ in 0..<decimals { power *= 10 }
        let scaled = (value * Double(power)).rounded()
        guard scaled.isFinite, abs(scaled) < 9e15 else { return "0" }
        let units = Int64(scaled)
        let magnitude = units.magnitude
        var text = String(magnitude / UInt64(power))
        let fraction = magnitude % UInt64(power)
        if fraction > 0 {
            let digits = String(fraction)
            let padded = String(repeating: "0", count: decimals - digits.count) + digits
            text += "." + padded.reversed().drop { $0 == "0" }.reversed()
        }
        return units < 0 ? "-" + text : text
    }
}

/// XML attribute escaping.
enum XML {
    /// `text` safe inside a double-quoted attribute: markup characters and white-space
    /// controls as character references, characters XML 1.0 does not allow as U+FFFD.
    static func escaped(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x26: escaped += "&amp;"
            case 0x3C: escaped += "&lt;"
            case 0x3E: escaped += "&gt;"
            case 0x22: escaped += "&quot;"
            case 0x09, 0x0A, 0x0D: escaped += "&#\(scalar.value);"
            case 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: escaped.unicodeScalars.append(scalar)
            default: escaped += "\u{FFFD}"
            }
        }
        return escaped
    }
}
