// Template validation: every value in range, errors named by their JSON path.
import Geometry
import TextEngine

extension CardTemplate {
    /// Checks every value of the template; the error names the first bad one by its path.
    ///
    /// ``CardMeasurer`` and ``init(json:)`` call this, so a template in use is always valid.
    /// - Throws: ``CardModelError/invalidTemplate(path:reason:)``, such as
    ///   `elements[1].reserveLines: must be at most maxLines (2), got 3`.
    public func validate() throws(CardModelError) {
        for (edge, inset) in [
            ("top", insets.top), ("left", insets.left), ("bottom", insets.bottom), ("right", insets.right),
        ] {
            try Check.nonNegative(inset, at: "insets.\(edge)")
        }
        try Check.nonNegative(spacing, at: "spacing")
        for (index, element) in elements.enumerated() {
            try element.validate(at: "elements[\(index)]")
        }
    }
}

extension CardElement {
    func validate(at path: String) throws(CardModelError) {
        switch self {
        case .image(let image): try image.validate(at: path)
        case .label(let label): try label.validate(at: path)
        case .spacer(let spacer): try Check.nonNegative(spacer.height, at: "\(path).height")
        case .row(let row): try row.validate(at: path)
        }
    }
}

extension ImageElement {
    func validate(at path: String) throws(CardModelError) {
        try Check.positive(aspectRatio.width, at: "\(path).aspectRatio", what: "width")
        try Check.positive(aspectRatio.height, at: "\(path).aspectRatio", what: "height")
        if let problem = LengthRange.ratioProblem(width: aspectRatio.width, height: aspectRatio.height) {
            throw .invalidTemplate(path: "\(path).aspectRatio", reason: problem)
        }
        if let minHeight { try Check.nonNegative(minHeight, at: "\(path).minHeight") }
        if let maxHeight { try Check.nonNegative(maxHeight, at: "\(path).maxHeight") }
        if let minHeight, let maxHeight, minHeight > maxHeight {
            throw .invalidTemplate(
                path: "\(path).maxHeight", reason: "must be at least minHeight (\(minHeight)), got \(maxHeight)")
        }
    }
}

extension LabelElement {
    func validate(at path: String) throws(CardModelError) {
        if case .other(let name) = field, name.isEmpty {
            throw .invalidTemplate(path: "\(path).field", reason: "must name a field")
        }
        try Check.positive(style.fontSize, at: "\(path).style.fontSize", maximum: TextStyle.maximumSize)
        try Check.positive(style.lineSpacing, at: "\(path).style.lineSpacing", maximum: TextStyle.maximumLineSpacing)
        guard maxLines >= 0 else {
            throw .invalidTemplate(path: "\(path).maxLines", reason: "must be ≥ 0, got \(maxLines)")
        }
        guard (0...TextMeasurer.maximumReserveLines).contains(reserveLines) else {
            throw .invalidTemplate(
                path: "\(path).reserveLines",
                reason: "must be in 0...\(TextMeasurer.maximumReserveLines), got \(reserveLines)")
        }
        guard maxLines == 0 || reserveLines <= maxLines else {
            throw .invalidTemplate(
                path: "\(path).reserveLines", reason: "must be at most maxLines (\(maxLines)), got \(reserveLines)")
        }
    }
}

extension RowElement {
    func validate(at path: String) throws(CardModelError) {
        try Check.nonNegative(spacing, at: "\(path).spacing")
        guard !children.isEmpty else { throw .invalidTemplate(path: "\(path).children", reason: "a row needs a child") }
        var fractionTotal = 0.0
        for (index, child) in children.enumerated() {
            let childPath = "\(path).children[\(index)]"
            switch child.width {
            case .fixed(let width): try Check.nonNegative(width, at: "\(childPath).width.fixed")
            case .fraction(let fraction):
                guard fraction > 0, fraction <= 1 else {  // also rejects NaN
                    throw .invalidTemplate(
                        path: "\(childPath).width.fraction", reason: "must be in (0, 1], got \(fraction)")
                }
                fractionTotal += fraction
            }
            try child.element.validate(at: "\(childPath).element")
        }
        guard fractionTotal <= 1 + 1e-9 else {
            throw .invalidTemplate(
                path: "\(path).children", reason: "width fractions add up to \(fractionTotal), over 1")
        }
    }
}

/// Range checks that name the value's path; no value may pass ``LengthRange/maximum``.
private enum Check {
    static func nonNegative(_ value: Double, at path: String) throws(CardModelError) {
        guard value.isFinite, value >= 0 else {
            throw .invalidTemplate(path: path, reason: "must be a finite number ≥ 0, got \(value)")
        }
        try notTooLarge(value, at: path)
    }

    static func positive(
        _ value: Double, at path: String, what: String? = nil, maximum: Double = LengthRange.maximum
    ) throws(CardModelError) {
        let subject = what.map { "the \($0) " } ?? ""
        guard value.isFinite, value > 0 else {
            throw .invalidTemplate(path: path, reason: "\(subject)must be a finite number > 0, got \(value)")
        }
        try notTooLarge(value, at: path, subject: subject, maximum: maximum)
    }

    private static func notTooLarge(
        _ value: Double, at path: String, subject: String = "", maximum: Double = LengthRange.maximum
    ) throws(CardModelError) {
        guard value <= maximum else {
            throw .invalidTemplate(path: path, reason: "\(subject)must be at most \(Int(maximum)), got \(value)")
        }
    }
}
