// The card measurer: a template's height for a width, per record.
import BoundedCache
import Geometry
import TextEngine

/// Measures cards of one template: for a record and a width, the smallest height that
/// satisfies the template's rules (what `systemLayoutSizeFitting` gives the book-search card's cell
/// with the width required and the height free), and where each element sits.
///
/// ```swift
/// let measurer = try CardMeasurer(template: .book, fonts: BundledFonts.chain(), displayScale: 3)
/// let record = CardRecord(id: "1", title: "The Hunger Games", author: "Suzanne Collins")
/// let card = try measurer.measure(record: record, width: 127)
/// card.size            // 127 × 240
/// card.titleLineCount  // 2
/// ```
///
/// Where rounding happens, all through `Geometry.PixelGrid` at ``displayScale``:
/// 1. each label's height is rounded up by the text engine (UIKit profile; the Pango
///    profile leaves it fractional);
/// 2. each image's height is rounded up;
/// 3. the card's total (insets, element heights, spacing) is rounded up once.
///
/// Spacers, spacing, insets and frame positions are used as given.
///
/// A measurer is safe to use from many threads at once: it holds only immutable state and
/// a thread-safe `TextMeasurer`. The template is validated and each label's
/// `TextStyle` built once, when the measurer is made.
public final class CardMeasurer: Sendable {
    public let template: CardTemplate
    /// Pixels per point (1, 2, 3): heights round up to its grid.
    public let displayScale: Double
    public let textMeasurer: TextMeasurer
    private let plan: CardPlan
    private let cards: GenerationalCache<CardKey, CardMeasurement>?

    /// - Parameters:
    ///   - template: the card's elements, validated here.
    ///   - fonts: the chain every label is set in, such as `BundledFonts.chain()`.
    ///   - displayScale: pixels per point (1, 2, 3): heights round up to its grid.
    ///   - textMeasurer: the engine to measure with; share one (with a prepared-text cache
    ///     when the same titles are measured at several widths).
    ///   - cardCacheCapacity: how many cards sized without frames to keep, so that a record
    ///     whose fields the template reads (texts, language, and the cover when an image
    ///     uses it) equal an earlier one's, at the same width, is one lookup; 0 for none.
    ///     Results are identical either way.
    /// - Throws: ``CardModelError/invalidTemplate(path:reason:)`` for a bad template value;
    ///   ``CardModelError/invalidValue(field:reason:)`` for a display scale that is not a
    ///   positive finite number. The text engine's own limits (a display scale up to 16, a
    ///   font size up to 10,000) are checked when a label is measured, as
    ///   ``CardModelError/textEngine(element:field:error:)``.
    public init(
        template: CardTemplate = .book, fonts: FontChain, displayScale: Double = 1,
        textMeasurer: TextMeasurer = TextMeasurer(), cardCacheCapacity: Int = 0
    ) throws(CardModelError) {
        if let problem = TextStyle.displayScaleProblem(displayScale) {
            throw .invalidValue(field: "displayScale", reason: problem)
        }
        try template.validate()
        self.template = template
        self.displayScale = displayScale
        self.textMeasurer = textMeasurer
        plan = CardPlan(template: template, fonts: fonts, displayScale: displayScale)
        cards = cardCacheCapacity > 0 ? GenerationalCache(capacity: cardCacheCapacity) : nil
    }

    /// The card cache's counts, or nil when the measurer has none.
    public var cardCacheStatistics: CacheStatistics? { cards?.statistics }

    /// The card for `record` at `width` points.
    /// - Parameters:
    ///   - record: the texts, language and cover the template reads.
    ///   - width: the card's width in points.
    ///   - withFrames: whether to fill ``CardMeasurement/frames``; `false` when only the size
    ///     and the title's figures are wanted (sizing a catalog), which is cheaper.
    /// - Throws: ``CardModelError/invalidValue(field:reason:)`` for a width that is negative
    ///   or not finite; ``CardModelError/invalidRecord(id:element:field:reason:)`` for an
    ///   unusable cover size; ``CardModelError/textEngine(element:field:error:)`` when a
    ///   label cannot be measured.
    /// - Complexity: one text measurement per visible label; one lookup for a card seen
    ///   before, with a card cache and without frames.
    public func measure(record: CardRecord, width: Double, withFrames: Bool = true) throws(CardModelError) -> CardMeasurement {
        try Self.check(width: width)
        guard !withFrames, cards != nil else {
            return try layOut(record, width: width, withFrames: withFrames, keepsLabels: false).measurement
        }
        // The cache is used through the property, not bound to a local: binding it retained
        // and released the cache, a reference count every measuring thread shares, per card.
        // Looked up and kept in two steps: a closure making the card captured a copy of the
        // record, a reference count on each of its strings.
        let key = plan.cardKey(of: record, width: width)
        let lookup = cards!.lookUp(key)
        if let found = lookup.found { return found }
        let measurement = try layOut(record, width: width, withFrames: false, keepsLabels: false).measurement
        cards!.keep(measurement, for: lookup, key: key)
        return measurement
    }

    /// The card for `record` at `width` with each visible label's text, style and text
    /// measurement: what drawing the card needs to show exactly what was measured.
    /// - Throws: as ``measure(record:width:withFrames:)``.
    public func measureWithLabels(record: CardRecord, width: Double) throws(CardModelError) -> MeasuredCard {
        try Self.check(width: width)
        return try layOut(record, width: width, withFrames: true, keepsLabels: true)
    }

    private static func check(width: Double) throws(CardModelError) {
        guard width.isFinite, width >= 0 else {
            throw .invalidValue(field: "width", reason: "must be a finite number ≥ 0, got \(width)")
        }
    }

    private func layOut(
        _ record: CardRecord, width: Double, withFrames: Bool, keepsLabels: Bool
    ) throws(CardModelError) -> MeasuredCard {
        let insets = plan.insets
        var layout = CardLayout(
            textMeasurer: textMeasurer, displayScale: displayScale, recordsFrames: withFrames, keepsLabels: keepsLabels)
        let stacked = try layout.stack(
            plan.elements, of: record, spacing: plan.spacing, at: Point(x: insets.left, y: insets.top),
            width: max(0, width - insets.horizontal))
        let height = PixelGrid.roundUp(insets.top + stacked + insets.bottom, scale: displayScale)
        let measurement = CardMeasurement(
            size: Size(width: width, height: height), titleLineCount: layout.title?.lineCount ?? 0,
            isTitleTruncated: layout.title?.isTruncated ?? false,
            titleMinimumSlack: layout.title?.minimumSlack ?? .infinity, frames: layout.frames,
            missingGlyphCount: layout.missingGlyphCount)
        return MeasuredCard(measurement: measurement, labels: layout.labels ?? [])
    }
}
