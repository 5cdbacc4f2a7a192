// Card layout: one record stacked through a plan, element by element, into frames.
import Geometry
import TextEngine

/// Lays out one record: places each visible element of a plan, top to bottom, and keeps
/// their frames and the title's measurement.
///
/// Rounding: a label's height is the text engine's (rounded up to the pixel grid in the
/// UIKit profile); an image's height is rounded up here; spacers, spacing and positions are
/// used as given. The card's total is rounded once more by ``CardMeasurer``.
///
/// Not copyable: a copy of the layout (its frames, its title's measurement) was made per
/// card where none was needed. The record is handed to each call rather than kept, for the
/// same reason: keeping it copied its strings.
struct CardLayout: ~Copyable {
    /// The measurer of the ``CardMeasurer`` laying the card out, unretained: a layout lives
    /// only within that measurer's call, and retaining the measurer for each card touched a
    /// reference count that every measuring thread shares.
    unowned(unsafe) let textMeasurer: TextMeasurer
    let displayScale: Double
    /// Whether to keep each element's frame; sizing a catalog needs only the heights, and
    /// frames cost an allocation and their strings' reference counts per card.
    let recordsFrames: Bool
    private(set) var frames: [ElementFrame] = []
    private(set) var title: TextMeasurement?
    /// The characters of the visible labels no font has, summed.
    private(set) var missingGlyphCount = 0
    /// Each visible label as measured, kept only when asked (for drawing), nil otherwise.
    private(set) var labels: [MeasuredLabel]?

    /// - Parameter keepsLabels: keep each visible label as measured (for drawing); implies
    ///   `recordsFrames`, since a label carries its frame.
    init(textMeasurer: TextMeasurer, displayScale: Double, recordsFrames: Bool, keepsLabels: Bool = false) {
        self.textMeasurer = textMeasurer
        self.displayScale = displayScale
        self.recordsFrames = recordsFrames || keepsLabels
        labels = keepsLabels ? [] : nil
    }

    /// Places `elements` of `record` top to bottom from `origin`, `spacing` apart when both
    /// neighbours are visible, each `width` wide; returns the stack's height.
    mutating func stack(
        _ elements: [PlannedElement], of record: CardRecord, spacing: Double, at origin: Point, width: Double
    ) throws(CardModelError) -> Double {
        var bottom = origin.y
        var placedAny = false
        for element in elements {
            let top = placedAny ? bottom + spacing : bottom
            guard let height = try place(element, of: record, at: Point(x: origin.x, y: top), width: width) else {
                continue
            }
            bottom = top + height
            placedAny = true
        }
        return bottom - origin.y
    }

    /// Places one element with its top-left corner at `origin`; returns its height, or
    /// `nil` when it is hidden (and then records no frame).
    private mutating func place(
        _ element: PlannedElement, of record: CardRecord, at origin: Point, width: Double
    ) throws(CardModelError) -> Double? {
        switch element.content {
        case .image(let image):
            if image.hidesWhenEmpty, record.imageSize == nil { return nil }
            let height = try imageHeight(image, of: record, width: width, path: element.path)
            append(element, .image, Rect(origin: origin, size: Size(width: width, height: height)))
            return height
        case .label(let label):
            let text = record.value(of: label.element.field)
            if label.element.hidesWhenEmpty, Self.isBlank(text) { return nil }
            // The plan's own style, not a copy of it, unless the record's language differs.
            guard let language = record.language, !language.isEmpty, language != label.style.language else {
                return try place(label, text, style: label.style, element, at: origin, width: width)
            }
            var style = label.style
            style.language = language
            return try place(label, text, style: style, element, at: origin, width: width)
        case .spacer(let height):
            append(element, .spacer, Rect(origin: origin, size: Size(width: width, height: height)))
            return height
        case .row(let row, let children):
            return try placeRow(row, children: children, element, of: record, at: origin, width: width)
        }
    }

    /// A row's children left to right in their columns; the row is as tall as its tallest
    /// visible child, and hidden when none is.
    private mutating func placeRow(
        _ row: RowElement, children: [PlannedElement], _ element: PlannedElement, of record: CardRecord,
        at origin: Point, width: Double
    ) throws(CardModelError) -> Double? {
        let rowFrameIndex = frames.count
        append(element, .row, Rect(origin: origin, size: Size(width: width, height: 0)))
        var x = origin.x
        var tallest: Double?
        for (child, childWidth) in zip(children, row.childWidths(rowWidth: width)) {
            if let height = try place(child, of: record, at: Point(x: x, y: origin.y), width: childWidth) {
                tallest = max(tallest ?? 0, height)
            }
            x += childWidth + row.spacing
        }
        guard recordsFrames else { return tallest }
        guard let tallest else {
            frames.removeLast()  // no child placed a frame, so the row's is the last
            return nil
        }
        frames[rowFrameIndex].frame.size.height = tallest
        return tallest
    }

    /// The image's height at `width`: by the record's cover or the element's ratio, clamped,
    /// rounded up to the pixel grid.
    private func imageHeight(
        _ image: ImageElement, of record: CardRecord, width: Double, path: String
    ) throws(CardModelError) -> Double {
        var ratio = image.aspectRatio
        if image.sizing == .recordCover, let cover = record.imageSize {
            guard cover.width.isFinite, cover.height.isFinite, cover.width > 0, cover.height > 0 else {
                throw .invalidRecord(
                    id: record.id, element: path, field: "imageSize",
                    reason: "must be positive and finite, got \(cover.width)×\(cover.height)")
            }
            // Sides that are each fine can still make a height past any double (1e-300 × 1e300).
            if let problem = LengthRange.ratioProblem(width: cover.width, height: cover.height) {
                throw .invalidRecord(id: record.id, element: path, field: "imageSize", reason: "the cover size \(problem)")
            }
            ratio = AspectRatio(width: cover.width, height: cover.height)
        }
        var height = ratio.height(forWidth: width)
        if let minHeight = image.minHeight { height = max(height, minHeight) }
        if let maxHeight = image.maxHeight { height = min(height, maxHeight) }
        return PixelGrid.roundUp(height, scale: displayScale)
    }

    /// Whether every character of `text` is whitespace. A character starting with a
    /// printable ASCII character other than the space is not, so text starting with one is
    /// decided without finding its first character (a walk of grapheme breaking and
    /// Unicode properties).
    static func isBlank(_ text: String) -> Bool {
        if let first = text.utf8.first, (0x21...0x7E).contains(first) { return false }
        return text.allSatisfy(\.isWhitespace)
    }

    /// Places a label's `text`, measured in `style`; returns its height.
    private mutating func place(
        _ label: PlannedLabel, _ text: String, style: TextStyle, _ element: PlannedElement, at origin: Point,
        width: Double
    ) throws(CardModelError) -> Double {
        let measured = try measure(text, label.element, style, width: width, path: element.path)
        if label.isTitle { title = measured }
        missingGlyphCount += measured.missingGlyphs.count
        let frame = Rect(origin: origin, size: Size(width: width, height: measured.height))
        append(element, .label, frame, lineCount: measured.lineCount)
        labels?.append(
            MeasuredLabel(frame: frames[frames.count - 1], element: label.element, text: text, style: style, measurement: measured))
        return measured.height
    }

    /// The label's text measured by the engine.
    private func measure(
        _ text: String, _ label: LabelElement, _ style: TextStyle, width: Double, path: String
    ) throws(CardModelError) -> TextMeasurement {
        do {
            return try textMeasurer.measure(
                text, style: style, width: width, maxLines: label.maxLines, reserveLines: label.reserveLines,
                ellipsize: label.truncation == .tail)
        } catch {
            throw .textEngine(element: path, field: label.field.name, error: error)
        }
    }

    private mutating func append(_ element: PlannedElement, _ kind: CardElementKind, _ frame: Rect, lineCount: Int? = nil) {
        guard recordsFrames else { return }
        let placed = ElementFrame(path: element.path, name: element.name, kind: kind, frame: frame, lineCount: lineCount)
        frames.append(placed)
    }
}
