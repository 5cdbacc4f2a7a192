// A measurement printed for people.
import CatalogLayout
import TextEngine

/// The lines of a measurement as a person reads them.
struct HumanReport {
    let text: String
    let style: TextStyle
    let width: Double
    let measurement: TextMeasurement

    var lines: [String] {
        let scalars = Array(text.unicodeScalars)
        let widthText = width == 0 ? "no width limit" : "width \(format(width)) pt"
        var lines = [
            "\(style.fonts.faces[0].family) \(format(style.size)) pt, \(widthText), \(style.profile.rawValue) profile"
        ]
        for (index, line) in measurement.lines.enumerated() {
            let end = index + 1 < measurement.lines.count ? measurement.lines[index + 1].scalarOffset : scalars.count
            var content = String(String.UnicodeScalarView(scalars[line.scalarOffset..<end]))
            content = content.trimmingTrailingNewlines() + (line.hasEllipsis ? " [+ …]" : "")
            let slack = line.slack.isFinite ? "slack \(format(line.slack))" : ""
            lines.append("  \(index + 1)  @\(line.scalarOffset)  \(format(line.width)) pt  \(slack)  \"\(content)\"")
        }
        lines.append(
            "height \(format(measurement.height)) pt, \(measurement.lineCount) line(s), natural width "
                + "\(format(measurement.naturalWidth)) pt, truncated: \(measurement.isTruncated ? "yes" : "no")")
        if let first = measurement.missingGlyphs.first {
            lines.append(
                "missing glyphs: \(measurement.missingGlyphs.count) character(s) no font has, measured as empty boxes; "
                    + "the first is \(first.codePointNotation)")
        }
        return lines
    }

    private func format(_ value: Double) -> String { SummaryFormat.number(value) }
}

extension String {
    fileprivate func trimmingTrailingNewlines() -> String {
        var result = self
        while let last = result.last, last.isNewline { result.removeLast() }
        return result
    }
}
