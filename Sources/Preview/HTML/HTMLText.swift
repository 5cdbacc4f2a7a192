// HTML text: numbers as CSS reads them back exactly, escaped text and attribute values.

/// A length or number as CSS and `parseFloat` read it back to the same double: whole
/// numbers without a fraction, others in Swift's shortest round-trip form; `-0` is `0`.
struct CSSNumber: CustomStringConvertible {
    let value: Double

    init(_ value: Double) { self.value = value }

    var description: String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}

enum HTML {
    /// `text` as the content of an element: markup characters as character references, and
    /// the characters HTML's parser would not keep as they are (it turns a carriage return
    /// into a line feed and drops U+0000) as references that it keeps (U+0000 cannot be
    /// kept: it becomes U+FFFD). Other controls stay as they are, as the parser keeps them.
    static func text(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            if let reference = textReferences[scalar] { escaped += reference } else { escaped.unicodeScalars.append(scalar) }
        }
        return escaped
    }

    private static let textReferences: [Unicode.Scalar: String] = [
        "&": "&amp;", "<": "&lt;", ">": "&gt;", "\r": "&#13;", "\0": "&#xFFFD;",
    ]

    /// `text` inside a double-quoted attribute value: XML's escaping, which HTML reads alike.
    static func attribute(_ text: String) -> String { XML.escaped(text) }
}
