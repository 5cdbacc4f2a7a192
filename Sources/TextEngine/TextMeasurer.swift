// The text engine's facade: itemize, shape, find breaks, then break lines at a width.
import BoundedCache

/// Measures multi-line labels: HarfBuzz shapes the text with the style's fonts, ICU finds
/// the line-break opportunities, and lines are filled greedily at the requested width.
///
/// ```swift
/// let measurer = TextMeasurer()
/// let style = try TextStyle(fonts: BundledFonts.chain(), size: 15)
/// let title = try measurer.measure("The Hunger Games", style: style, width: 120, maxLines: 2)
/// print(title.lineCount, title.height)
/// ```
///
/// The work is split as the fastest engines split it: ``prepare(_:style:)`` shapes a text
/// once (the costly part), and ``measure(_:width:maxLines:reserveLines:ellipsize:)``
/// breaks the prepared text at any width with arithmetic only.
///
/// A measurer is safe to use from many threads at once: each call borrows its own HarfBuzz
/// buffer and ICU iterators; fonts are shared read-only.
public final class TextMeasurer: Sendable {
    /// The longest text accepted, in UTF-8 bytes; longer ones are an error, not a stall.
    public static let maximumTextBytes = 1 << 18
    /// The most lines a label may reserve.
    public static let maximumReserveLines = 100_000

    private let contexts = ScratchPool { ShapingContext() }
    private let usesFastPaths: Bool
    private let preparedTexts: GenerationalCache<PreparedTextKey, PreparedText>?
    private let measurements: GenerationalCache<MeasurementKey, TextMeasurement>?

    /// - Parameters:
    ///   - cacheCapacity: how many prepared texts to keep, so that a text measured again in
    ///     the same style is only re-broken (several times cheaper); 0 for no cache.
    ///   - measurementCacheCapacity: how many measurements to keep, so that a text measured
    ///     again in the same style, at the same width and with the same limits, is only
    ///     looked up (a catalog repeats its titles); 0 for none. A measurement keeps its
    ///     lines only, far less than a prepared text's per-cluster records.
    ///
    ///   - fastPaths: whether preparing a text may reuse the shaping of words and runs seen
    ///     before (each thread keeps its own); `false` shapes every run whole, which is
    ///     slower and gives the same results (the reference the fast paths are tested against).
    ///
    /// Results are identical with or without caches: an entry is the very value computed
    /// for the same text (byte for byte) and arguments.
    public init(cacheCapacity: Int = 0, measurementCacheCapacity: Int = 0, fastPaths: Bool = true) {
        usesFastPaths = fastPaths
        preparedTexts = cacheCapacity > 0 ? GenerationalCache(capacity: cacheCapacity) : nil
        measurements = measurementCacheCapacity > 0 ? GenerationalCache(capacity: measurementCacheCapacity) : nil
    }

    /// How a cache of the measurer's has done so far.
    public typealias CacheStatistics = BoundedCache.CacheStatistics

    /// The prepared-text cache's counts, or nil when the measurer has no such cache.
    public var cacheStatistics: CacheStatistics? { preparedTexts?.statistics }

    /// The measurement cache's counts, or nil when the measurer has no such cache.
    public var measurementCacheStatistics: CacheStatistics? { measurements?.statistics }

    /// Shapes and analyses `text` once for `style`.
    /// - Throws: ``TextEngineError/invalidValue(field:reason:)`` for a bad style value or a
    ///   text over ``maximumTextBytes``; ``TextEngineError/lineBreaker(locale:reason:)``.
    /// - Complexity: O(n) in the text's length.
    public func prepare(_ text: String, style: TextStyle) throws(TextEngineError) -> PreparedText {
        try prepare(text, style: style, policy: style.policy)
    }

    /// ``prepare(_:style:)`` with the style's policy worked out already.
    private func prepare(_ text: String, style: TextStyle, policy: ProfilePolicy) throws(TextEngineError) -> PreparedText {
        // A key only for a cache to look it up in: made and passed on, it was hashed, and
        // copied (its text and language retained and released), for nothing.
        guard preparedTexts != nil, Self.isCacheable(text) else { return try prepareUncached(text, style: style, policy: policy) }
        return try prepareCached(text, style: style, key: PreparedTextKey(text: text, style: style), policy: policy)
    }

    /// ``prepare(_:style:)`` through the prepared-text cache, which the measurer has.
    private func prepareCached(
        _ text: String, style: TextStyle, key: PreparedTextKey, policy: ProfilePolicy
    ) throws(TextEngineError) -> PreparedText {
        // Looked up and kept in two steps: a closure capturing the style copied it. The cache
        // is used through the property, not bound to a local: binding it retained and
        // released the cache, a reference count every thread shares, per text.
        let lookup = preparedTexts!.lookUp(key)
        if let found = lookup.found { return found }
        let prepared = try prepareUncached(text, style: style, policy: policy)
        preparedTexts!.keep(prepared, for: lookup, key: key)
        return prepared
    }

    private func prepareUncached(
        _ text: String, style: TextStyle, policy: ProfilePolicy
    ) throws(TextEngineError) -> PreparedText {
        try style.validate()
        guard text.utf8.count <= Self.maximumTextBytes else {
            throw .invalidValue(
                field: "text", reason: "\(text.utf8.count) bytes is over the limit of \(Self.maximumTextBytes)")
        }
        return try contexts.withItem { (context) throws(TextEngineError) in
            // The profile's answers, worked out once for the text, handed to each stage.
            let coverage = context.fontCoverage(for: style, policy: policy)
            let sized = coverage.fonts
            let shapesLinesAlone = policy.lineEndShaping != .paragraph
            // Worked on as a local: passing the context's property to each stage copied it,
            // a retain and a release of each of its arrays per stage.
            var analysis = TextAnalysis()
            swap(&analysis, &context.analysis)
            defer { swap(&analysis, &context.analysis) }
            // The text as lines are made of it: CSS turns tabs (and line feeds, where they are
            // not forced breaks) into spaces, character for character.
            let whiteSpace = policy.whiteSpace
            let spaces = whiteSpace.collapsesSpaces ? WhiteSpaceCollapsing.Findings(text) : nil
            let laidOut = spaces?.mayTurnToSpace == true
                ? WhiteSpaceCollapsing.spaced(text, newlinesAreSpaces: whiteSpace.newlinesAreSpaces) : text
            Itemizer(fonts: sized, policy: policy, coverage: usesFastPaths ? coverage : nil)
                .itemize(laidOut, plainFastPath: usesFastPaths, into: &analysis)
            BreakOpportunities.find(
                in: analysis, breaker: try context.breaker(for: style),
                insidePhrase: try context.insidePhraseBreaker(for: style), rules: policy.breakRules,
                everyCluster: style.lineBreak == .anywhere, wraps: whiteSpace.wraps,
                plainFastPath: usesFastPaths,
                scratch: &context.utf16, into: &context.boundaries)
            // Swapped in and out, like the analysis: assigning it back copied its arrays'
            // references, a retain and a release of each per text.
            var segments: SegmentAdvanceCache? = nil
            if usesFastPaths { swap(&segments, &context.segments) }
            defer { if usesFastPaths { swap(&segments, &context.segments) } }
            let shaper = Shaper(fonts: sized.fonts, language: context.harfBuzzLanguage(for: style))
            let lineEnds = shaper.shape(
                analysis, buffer: context.buffer, segments: &segments, into: &context.scalarAdvances,
                lineEndsAt: shapesLinesAlone ? context.boundaries : nil)
            if let spaces, spaces.mayTurnToSpace || spaces.mayCollapse {
                WhiteSpaceCollapsing.collapse(analysis.scalars, advances: &context.scalarAdvances)
            }
            let lineEndCollapses = policy.collapsesFullwidthPunctuation
                ? HanKerning.apply(to: analysis, fonts: sized.hanKerning, advances: &context.scalarAdvances) : [:]
            if policy.letterSpacing != 0 {
                WhiteSpaceCollapsing.space(
                    analysis, by: policy.letterSpacing, collapsesSpaces: whiteSpace.collapsesSpaces,
                    advances: &context.scalarAdvances)
            }
            return PreparedText(
                text: text, style: style, policy: policy, analysis: analysis, scalarAdvances: context.scalarAdvances,
                boundaries: context.boundaries, sizedFonts: sized, lineEndAdjustments: lineEnds,
                lineEndCollapses: lineEndCollapses, keepsRuns: shapesLinesAlone)
        }
    }

    /// Breaks a prepared text into lines at `width` points.
    /// - Parameters:
    ///   - prepared: the text and style, shaped once by ``prepare(_:style:)``.
    ///   - width: the line width; `.infinity` for no wrapping.
    ///   - maxLines: the most lines to show, 0 for no limit.
    ///   - reserveLines: the label is at least this many lines tall, even when the text is
    ///     shorter (the seed's `"Label\n"` trick).
    ///   - ellipsize: whether a truncated last line ends in "…" (tail truncation).
    /// - Complexity: O(n) in the text's clusters, with no shaping.
    public func measure(
        _ prepared: PreparedText, width: Double, maxLines: Int = 0, reserveLines: Int = 0, ellipsize: Bool = true
    ) throws(TextEngineError) -> TextMeasurement {
        let available = try Self.available(
            width: width, maxLines: maxLines, reserveLines: reserveLines, policy: prepared.policy)
        return measure(
            prepared, width: width, available: available, maxLines: maxLines, reserveLines: reserveLines,
            ellipsize: ellipsize)
    }

    private func measure(
        _ prepared: PreparedText, width: Double, available: Int64, maxLines: Int, reserveLines: Int, ellipsize: Bool
    ) -> TextMeasurement {
        TextMeasurement(
            lines: LineBreaker(text: prepared, available: available, reshaper: reshaper(for: prepared)),
            maxLines: maxLines, ellipsize: ellipsize, width: width, reserveLines: reserveLines)
    }

    /// For a profile whose lines are shaped alone, what shapes the parts of a word broken
    /// between characters on their own, with a buffer of this measurer's pool; it must not outlive the measurer.
    func reshaper(for prepared: PreparedText) -> LineReshaper? {
        guard !prepared.shapingRuns.isEmpty else { return nil }
        return LineReshaper(text: prepared, buffers: .pool(.passUnretained(contexts)))
    }

    /// Checks the arguments of a measurement; returns the width in font units.
    private static func available(
        width: Double, maxLines: Int, reserveLines: Int, policy: ProfilePolicy
    ) throws(TextEngineError) -> Int64 {
        guard width >= 0 else {  // also rejects NaN
            throw .invalidValue(field: "width", reason: "must be a non-negative number, got \(width)")
        }
        guard maxLines >= 0 else { throw .invalidValue(field: "maxLines", reason: "must be ≥ 0, got \(maxLines)") }
        guard (0...Self.maximumReserveLines).contains(reserveLines) else {
            throw .invalidValue(
                field: "reserveLines", reason: "must be in 0...\(Self.maximumReserveLines), got \(reserveLines)")
        }
        // Widths past any screen (2^40 px) are no limit; this keeps font units in range.
        return width >= 0x1p40 ? Int64.max / 4 : policy.available(width)
    }

    /// Prepares and measures `text` in one call; with a measurement cache, a repeat of the
    /// same text, style, width and limits is a lookup.
    public func measure(
        _ text: String, style: TextStyle, width: Double, maxLines: Int = 0, reserveLines: Int = 0,
        ellipsize: Bool = true
    ) throws(TextEngineError) -> TextMeasurement {
        // Worked out once, for the width and for preparing: a browser style's policy is built
        // from its CSS properties.
        let policy = style.policy
        let available = try Self.available(
            width: width, maxLines: maxLines, reserveLines: reserveLines, policy: policy)
        // Without a measurement cache, no key: as in `prepare(_:style:)`, a key made for no
        // cache hashed the text and copied it and the style (retaining them) for nothing.
        guard measurements != nil, Self.isCacheable(text) else {
            return measure(
                try prepare(text, style: style, policy: policy), width: width, available: available, maxLines: maxLines,
                reserveLines: reserveLines, ellipsize: ellipsize)
        }
        // Holding the prepared text's key rather than a copy of it (a copy retained the text
        // and the language). No closure capturing the style: it copied the style, touching
        // its font chain's reference count, which every thread's measurements share, twice
        // per text. The cache is used through the property, as in `prepare`.
        let key = MeasurementKey(
            text: PreparedTextKey(text: text, style: style), available: available, maxLines: maxLines,
            reserveLines: reserveLines, ellipsize: ellipsize)
        let lookup = measurements!.lookUp(key)
        if let found = lookup.found { return found }
        // As in `prepare(_:style:)`: the key passed on only to a cache.
        let prepared = preparedTexts == nil
            ? try prepareUncached(text, style: style, policy: policy)
            : try prepareCached(text, style: style, key: key.text, policy: policy)
        let measurement = measure(
            prepared, width: width, available: available, maxLines: maxLines, reserveLines: reserveLines,
            ellipsize: ellipsize)
        if measurement.lines.count <= Self.maximumCachedLines { measurements!.keep(measurement, for: lookup, key: key) }
        return measurement
    }

    /// The caches are for titles and labels, which repeat, and count entries, not bytes: a
    /// text of 256 KiB at a tiny width is megabytes prepared and measured, and a server
    /// client sending such texts at ever new widths filled the caches' count with them
    /// (docs/server.md, the soak). So a text over
    /// ``maximumCachedTextBytes`` is neither looked up nor kept, nor a measurement of more
    /// than ``maximumCachedLines`` lines. What is measured never changes, only whether it is
    /// measured again.
    static let maximumCachedTextBytes = 1024
    static let maximumCachedLines = 16

    private static func isCacheable(_ text: String) -> Bool { text.utf8.count <= maximumCachedTextBytes }
}

extension TextMeasurement {
    /// The lines `lineBreaker` breaks its text into, in font units, as the public result in
    /// points.
    init(lines lineBreaker: LineBreaker, maxLines: Int, ellipsize: Bool, width: Double, reserveLines: Int) {
        let prepared = lineBreaker.text
        let metrics = LineHeights(text: prepared)
        var lines: [Line] = []
        // Room for a title's lines at once: growing from one line to two allocated twice.
        lines.reserveCapacity(maxLines > 0 ? min(maxLines, 8) : 4)
        // Each line's height in its record, without an array of heights besides.
        let isTruncated = lineBreaker.forEachLine(maxLines: maxLines, ellipsize: ellipsize) { line in
            lines.append(
                Line(
                    scalarOffset: prepared.scalarOffset(of: line.start),
                    width: prepared.policy.reportedWidth(max(0, line.width)),
                    height: metrics.height(of: line),
                    slack: width >= 0x1p40 ? .infinity : prepared.policy.units.pixels(max(0, line.slack)),
                    hasEllipsis: line.hasEllipsis))
        }
        self.init(
            lines: lines, height: metrics.labelHeight(of: lines, reserveLines: reserveLines),
            naturalWidth: prepared.policy.reportedWidth(prepared.naturalWidth),
            isTruncated: isTruncated, missingGlyphs: prepared.missingGlyphs)
    }
}

extension PreparedText {
    /// The width of the widest paragraph on one line, in font units.
    var naturalWidth: Int64 {
        // One paragraph: its width, and never below zero (a font's negative kerning can take
        // a text's width there), as the walk over paragraphs from zero gives.
        guard hasSeparator else { return max(0, width(of: 0..<contentEnd(from: 0, to: clusterCount))) }
        var widest: Int64 = 0
        var paragraphStart = 0
        for cluster in 0...clusterCount where cluster == clusterCount || flags(of: cluster).contains(.separator) {
            widest = max(widest, width(of: paragraphStart..<contentEnd(from: paragraphStart, to: cluster)))
            paragraphStart = cluster + 1
        }
        return widest
    }
}
