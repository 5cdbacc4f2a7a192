// The prepared text: a text shaped once for a style, ready to be broken at any width.

/// A text shaped and analysed once for a style; breaking it into lines at a width is then
/// arithmetic on one array of per-cluster records, so one title can be laid out at many
/// widths cheaply.
///
/// Make one with ``TextMeasurer/prepare(_:style:)``; lay it out with
/// ``TextMeasurer/measure(_:width:maxLines:reserveLines:ellipsize:)``. Immutable, so it
/// may be shared between threads and kept in caches.
public final class PreparedText: @unchecked Sendable {  // its records are written only while it is made
    public let text: String
    /// The style the text was prepared in, made when asked for from the values below and the
    /// sized fonts' chain: kept whole, it retained its font chain, a reference count that
    /// every thread preparing texts in that chain wrote back and forth, twice per text.
    public var style: TextStyle {
        TextStyle(
            fonts: sizedFonts.chain, size: size, displayScale: displayScale, language: language,
            lineSpacing: lineSpacing, lineBreak: lineBreak, profile: profile, css: css)
    }
    let size: Double
    let displayScale: Double
    let language: String
    let lineSpacing: Double
    let lineBreak: LineBreakStrictness
    let profile: MetricsProfile
    let css: CSSText
    /// The profile's answers at the decisions line breaking and heights make.
    let policy: ProfilePolicy
    /// One record per grapheme cluster, then one for the end of the text, in memory the text
    /// allocates and frees, read through ``record(_:)``: as an array made for each text, its
    /// allocation would go through the standard library's unspecialized generic code, which
    /// looks up the array's storage type each time.
    private let records: UnsafeMutableBufferPointer<ClusterRecord>
    /// The sized fonts' vertical metrics and the ellipsis, shared by the texts of a size that
    /// one thread prepares, and the chain they come from.
    let sizedFonts: SizedFontChain
    /// The characters no font of the chain has.
    let missingGlyphs: MissingGlyphs
    /// In the Pango profile, the change in a cluster's advance when a line ends right after
    /// it at a break opportunity, by cluster: the kerning with the next cluster that Pango's
    /// measurement of the line shaped alone drops (`Shaper.addLineEndAdjustments`). Empty in
    /// the UIKit profile, whose lines keep the whole paragraph's shaping.
    let lineEndAdjustments: [Int32: Int32]
    /// What each fullwidth closing bracket collapses at the end of a line that would not fit
    /// otherwise, by cluster (the browser profile's; negative, font units).
    let lineEndCollapses: [Int32: Int32]
    /// In the Pango profile, the text's scalars and shaping runs, to shape the part of a word
    /// broken between characters on its own (``LineReshaper``); empty otherwise.
    let shapingScalars: ScratchBuffer<UInt32>
    let shapingRuns: [ShapingRun]
    /// One bit per font of the chain that draws a cluster other than a paragraph separator
    /// (bit 0: the primary font), and whether the text has a separator at all: what lets a
    /// line's fonts, the natural width and the end of a clamped text's paragraph be known
    /// without walking the clusters.
    let contentFonts: UInt64
    let hasSeparator: Bool

    /// What the line breaker needs to know about one cluster, packed in 16 bytes so that a
    /// text is one allocation and a line walk touches contiguous memory.
    struct ClusterRecord {
        /// The width of all clusters before this one, in font units (1/1024 px).
        var advancePrefix: Int64
        /// Where the cluster starts, in Unicode scalars.
        var scalarOffset: Int32
        /// The break opportunity before the cluster.
        var boundary: Boundary
        var flags: ClusterFlags
        /// The index of its font in the style's chain.
        var font: UInt8
    }

    init(
        text: String, style: TextStyle, policy: ProfilePolicy, records: UnsafeMutableBufferPointer<ClusterRecord>,
        sizedFonts: SizedFontChain,
        missingGlyphs: MissingGlyphs, lineEndAdjustments: [Int32: Int32], lineEndCollapses: [Int32: Int32],
        shapingScalars: ScratchBuffer<UInt32>,
        shapingRuns: [ShapingRun], contentFonts: UInt64, hasSeparator: Bool
    ) {
        self.text = text
        size = style.size
        displayScale = style.displayScale
        language = style.language
        lineSpacing = style.lineSpacing
        lineBreak = style.lineBreak
        profile = style.profile
        css = style.css
        self.policy = policy
        self.records = records
        self.sizedFonts = sizedFonts
        self.missingGlyphs = missingGlyphs
        self.lineEndAdjustments = lineEndAdjustments
        self.lineEndCollapses = lineEndCollapses
        self.shapingScalars = shapingScalars
        self.shapingRuns = shapingRuns
        self.contentFonts = contentFonts
        self.hasSeparator = hasSeparator
    }

    deinit { records.deallocate() }

    /// The record of cluster `cluster` in `0...clusterCount` (the last one the text's end).
    @inline(__always) func record(_ cluster: Int) -> ClusterRecord {
        precondition(cluster >= 0 && cluster < records.count, "cluster index out of range")
        return records[cluster]
    }

    /// The number of Unicode scalars in `text`.
    public var scalarCount: Int { scalarOffset(of: clusterCount) }
    var clusterCount: Int { records.count - 1 }

    /// Where cluster `cluster` in `0...clusterCount` starts, in Unicode scalars.
    func scalarOffset(of cluster: Int) -> Int { Int(record(cluster).scalarOffset) }

    /// The width of clusters `range` in font units.
    func width(of range: Range<Int>) -> Int64 {
        record(range.upperBound).advancePrefix - record(range.lowerBound).advancePrefix
    }

    /// What a line from `start` breaking at `boundary` adds for the hyphen Pango inserts
    /// there, if it inserts one (``PangoHyphenation``): the hyphen's advance, less the
    /// hyphenation point it replaces.
    func hyphenWidth(at boundary: Int, lineStart start: Int) -> Int64 {
        guard boundary < clusterCount, self.boundary(at: boundary).contains(.hyphenates) else { return 0 }
        let hyphen = sizedFonts.hyphenAdvances[Int(font(of: boundary - 1))]
        guard self.boundary(at: boundary).contains(.hyphenReplacesPreceding), boundary - 1 >= start else { return hyphen }
        return hyphen - width(of: (boundary - 1)..<boundary)
    }

    /// The width of a line's content `start..<contentEnd` when the line breaks at
    /// `contentEnd` itself (no white space hangs): with ``lineEndAdjustments``' change for
    /// its last cluster.
    func lineContentWidth(_ start: Int, _ contentEnd: Int, breakingAt boundary: Int) -> Int64 {
        let width = width(of: start..<contentEnd)
        guard !lineEndAdjustments.isEmpty, contentEnd == boundary, contentEnd > start,
            let change = lineEndAdjustments[Int32(contentEnd - 1)]
        else { return width }
        return width + Int64(change)
    }

    /// What a line whose content ends at `contentEnd` may save when a closing bracket there
    /// collapses (``lineEndCollapses``; 0 or less).
    func lineEndCollapse(_ contentEnd: Int) -> Int64 {
        guard contentEnd > 0, !lineEndCollapses.isEmpty else { return 0 }
        return Int64(lineEndCollapses[Int32(contentEnd - 1)] ?? 0)
    }

    func boundary(at cluster: Int) -> Boundary { record(cluster).boundary }
    func flags(of cluster: Int) -> ClusterFlags { record(cluster).flags }
    func font(of cluster: Int) -> UInt8 { record(cluster).font }

    /// `end` moved back over the white space that hangs past the end of a line, as the
    /// policy's ``ProfilePolicy/HangingWhiteSpace`` says.
    func contentEnd(from start: Int, to end: Int) -> Int {
        var end = end
        switch policy.hangingWhiteSpace {
        case .all:
            while end > start, flags(of: end - 1).contains(.whitespace) { end -= 1 }
        case .separatorAndOneSpace:
            if end > start, flags(of: end - 1).contains(.separator) { end -= 1 }
            if end > start, flags(of: end - 1).contains(.whitespace) { end -= 1 }
        }
        return end
    }
}

extension PreparedText {
    /// Packs the analysis, the per-scalar advances and the boundaries into cluster records.
    convenience init(
        text: String, style: TextStyle, policy: ProfilePolicy, analysis: borrowing TextAnalysis,
        scalarAdvances: ScratchBuffer<Int32>,
        boundaries: ScratchBuffer<Boundary>,
        sizedFonts: SizedFontChain, lineEndAdjustments: [Int32: Int32] = [:],
        lineEndCollapses: [Int32: Int32] = [:], keepsRuns: Bool = false
    ) {
        let clusterCount = analysis.clusterCount
        var contentFonts: UInt64 = 0
        var hasSeparator = false
        // Read and written through buffers: element by element, each read checked its index
        // and each append the array's capacity, a tenth of preparing a title.
        let records = analysis.clusterFlags.withUnsafeBufferPointer { flags in
            analysis.clusterFonts.withUnsafeBufferPointer { fonts in
                analysis.clusterScalarOffsets.withUnsafeBufferPointer { offsets in
                    boundaries.withUnsafeBufferPointer { boundaries in
                        scalarAdvances.withUnsafeBufferPointer { advances in
                            precondition(
                                fonts.count == clusterCount && offsets.count == clusterCount + 1
                                    && boundaries.count == clusterCount + 1
                                    && advances.count == Int(offsets[clusterCount]))
                            let records = UnsafeMutableBufferPointer<ClusterRecord>.allocate(capacity: clusterCount + 1)
                            var total: Int64 = 0
                            var scalar = 0
                            for cluster in 0..<clusterCount {
                                records.initializeElement(
                                    at: cluster,
                                    to: ClusterRecord(
                                        advancePrefix: total, scalarOffset: Int32(scalar),
                                        boundary: boundaries[cluster], flags: flags[cluster], font: fonts[cluster]))
                                if flags[cluster].contains(.separator) {
                                    hasSeparator = true
                                } else {
                                    contentFonts |= 1 << fonts[cluster]
                                }
                                let end = Int(offsets[cluster + 1])
                                while scalar < end {
                                    total += Int64(advances[scalar])
                                    scalar += 1
                                }
                            }
                            records.initializeElement(
                                at: clusterCount,
                                to: ClusterRecord(
                                    advancePrefix: total, scalarOffset: Int32(scalar),
                                    boundary: boundaries[clusterCount], flags: [], font: 0))
                            return records
                        }
                    }
                }
            }
        }
        self.init(
            text: text, style: style, policy: policy, records: records, sizedFonts: sizedFonts,
            missingGlyphs: MissingGlyphs(analysis: analysis, fonts: sizedFonts), lineEndAdjustments: lineEndAdjustments,
            lineEndCollapses: lineEndCollapses,
            // Copies of a borrowed analysis's arrays, sharing their storage.
            shapingScalars: keepsRuns ? analysis.scalars : ScratchBuffer(),
            shapingRuns: keepsRuns ? Array(analysis.runs) : [], contentFonts: contentFonts, hasSeparator: hasSeparator)
    }
}
