// Itemization breaks text into grapheme clusters and into runs of one font, script and
// direction, each of which HarfBuzz can shape on its own.

/// What a cluster is, for line breaking and font selection.
struct ClusterFlags: OptionSet, Sendable {
    let rawValue: UInt8
    /// White space: hangs past the line end when a line breaks after it.
    static let whitespace = ClusterFlags(rawValue: 1)
    /// A line or paragraph separator (LF, CR, CRLF, VT, FF, NEL, LS, PS): not shaped.
    static let separator = ClusterFlags(rawValue: 2)
    /// Has no visible character (spaces, controls, format characters): it does not choose a
    /// font but takes its neighbour's, as Pango does, so a space never switches fonts.
    static let fontNeutral = ClusterFlags(rawValue: 4)
}

/// A run of scalars shaped with one font, script and direction.
struct ShapingRun {
    var scalarRange: Range<Int>
    var font: Int
    var script: UInt32
    var rightToLeft: Bool
}

/// A text split into grapheme clusters and shaping runs.
struct TextAnalysis {
    /// The text's Unicode scalars.
    var scalars: [UInt32] = []
    /// For each scalar, the index of its cluster.
    var scalarClusters: [Int32] = []
    /// The scalar offset where each cluster starts, then the scalar count.
    var clusterScalarOffsets: [Int32] = []
    var clusterFlags: [ClusterFlags] = []
    /// Per cluster, the index of its font in the chain.
    var clusterFonts: [UInt8] = []
    var runs: [ShapingRun] = []

    init(capacity: Int) {
        scalars.reserveCapacity(capacity)
        scalarClusters.reserveCapacity(capacity)
        clusterScalarOffsets.reserveCapacity(capacity + 1)
        clusterFlags.reserveCapacity(capacity)
        clusterFonts.reserveCapacity(capacity)
    }

    var clusterCount: Int { clusterFlags.count }
}

/// Splits a text into clusters and shaping runs.
struct Itemizer {
    let fonts: SizedFontChain

    /// `text`'s clusters and runs.
    func itemize(_ text: String) -> TextAnalysis {
        var analysis = TextAnalysis(capacity: text.utf8.count)
        analysis.scalars.append(contentsOf: text.unicodeScalars.lazy.map(\.value))
        Self.findClusters(of: text, scalarCount: analysis.scalars.count, into: &analysis.clusterScalarOffsets)
        for cluster in 0..<(analysis.clusterScalarOffsets.count - 1) {
            let scalars = analysis.scalars[Int(analysis.clusterScalarOffsets[cluster])..<Int(analysis.clusterScalarOffsets[cluster + 1])]
            var flags: ClusterFlags = [.whitespace, .fontNeutral]
            for scalar in scalars {
                analysis.scalarClusters.append(Int32(cluster))
                flags.formIntersection(Self.flags(of: scalar))
                if Self.isSeparator(scalar) { flags.insert(.separator) }
            }
            analysis.clusterFlags.append(flags)
            analysis.clusterFonts.append(flags.contains(.fontNeutral) ? UInt8.max : fonts.firstFont(covering: scalars))
        }
        resolveNeutralFonts(&analysis)
        splitRuns(&analysis)
        return analysis
    }

    /// The scalar offset where each grapheme cluster starts, then the scalar count. An
    /// all-ASCII text (most Latin titles) needs no grapheme analysis: every scalar is a
    /// cluster but for CR LF.
    private static func findClusters(of text: String, scalarCount: Int, into offsets: inout [Int32]) {
        if text.utf8.count == scalarCount {
            var previous: UInt8 = 0
            for (index, byte) in text.utf8.enumerated() {
                if !(previous == 0x0D && byte == 0x0A) { offsets.append(Int32(index)) }
                previous = byte
            }
        } else {
            var offset: Int32 = 0
            for character in text {
                offsets.append(offset)
                offset += Int32(character.unicodeScalars.count)
            }
        }
        offsets.append(Int32(scalarCount))
    }

    /// Font-neutral clusters (spaces, controls) take a neighbour's font, as Pango 1.50 does:
    /// between two fonts, the one earlier in the chain (Pango moves trailing spaces to the
    /// next item when its font is "less fallback"); at a paragraph's start, the next font;
    /// at its end, the previous one. Separators end paragraphs.
    private func resolveNeutralFonts(_ analysis: inout TextAnalysis) {
        let count = analysis.clusterCount
        let flags = analysis.clusterFlags
        let isSeparator = { (cluster: Int) in flags[cluster].contains(.separator) }
        var index = 0
        while index < count {
            if analysis.clusterFonts[index] != UInt8.max {
                index += 1
            } else if isSeparator(index) {
                analysis.clusterFonts[index] = index > 0 ? analysis.clusterFonts[index - 1] : 0
                index += 1
            } else {
                var end = index
                while end < count, analysis.clusterFonts[end] == UInt8.max, !isSeparator(end) { end += 1 }
                let before = index > 0 && !isSeparator(index - 1) ? analysis.clusterFonts[index - 1] : nil
                let after = end < count && !isSeparator(end) ? analysis.clusterFonts[end] : nil
                let font = min(before ?? UInt8.max, after ?? UInt8.max)
                for cluster in index..<end { analysis.clusterFonts[cluster] = font == UInt8.max ? 0 : font }
                index = end
            }
        }
    }

    /// Runs break where the font, the script or the direction changes, and around
    /// separators, which are not shaped. Common and inherited characters (spaces,
    /// punctuation, digits, combining marks) join the script of the text around them.
    private func splitRuns(_ analysis: inout TextAnalysis) {
        let scripts = resolvedScripts(analysis.scalars)
        var runStart = 0
        let scalarCount = analysis.scalars.count
        for index in 0...scalarCount {
            let ends: Bool
            if index == scalarCount {
                ends = true
            } else {
                let cluster = Int(analysis.scalarClusters[index])
                let previous = index > 0 ? Int(analysis.scalarClusters[index - 1]) : cluster
                ends = index > runStart && (
                    analysis.clusterFlags[cluster].contains(.separator)
                        || analysis.clusterFlags[previous].contains(.separator)
                        || analysis.clusterFonts[cluster] != analysis.clusterFonts[previous]
                        || scripts[index] != scripts[index - 1])
            }
            guard ends, index > runStart else { continue }
            let cluster = Int(analysis.scalarClusters[runStart])
            if !analysis.clusterFlags[cluster].contains(.separator) {
                analysis.runs.append(
                    ShapingRun(
                        scalarRange: runStart..<index, font: Int(analysis.clusterFonts[cluster]),
                        script: scripts[runStart],
                        rightToLeft: HarfBuzzUnicode.isRightToLeft(script: scripts[runStart])))
            }
            runStart = index
        }
    }

    private func resolvedScripts(_ scalars: [UInt32]) -> [UInt32] {
        var scripts = scalars.map(HarfBuzzUnicode.script(of:))
        let isReal = { (script: UInt32) -> Bool in
            script != HarfBuzzUnicode.common && script != HarfBuzzUnicode.inherited
                && script != HarfBuzzUnicode.unknown
        }
        var current = scripts.first(where: isReal) ?? HarfBuzzUnicode.common
        for index in scripts.indices {
            if isReal(scripts[index]) { current = scripts[index] } else { scripts[index] = current }
        }
        return scripts
    }

    private static func flags(of value: UInt32) -> ClusterFlags {
        if value < 0x80 {
            var flags: ClusterFlags = []
            if value == 0x20 || (0x09...0x0D).contains(value) { flags.insert(.whitespace) }
            if value <= 0x20 || value == 0x7F { flags.insert(.fontNeutral) }
            return flags
        }
        let properties = Unicode.Scalar(value)!.properties
        var flags: ClusterFlags = properties.isWhitespace ? .whitespace : []
        switch properties.generalCategory {
        case .control, .format, .surrogate, .spaceSeparator, .lineSeparator, .paragraphSeparator:
            flags.insert(.fontNeutral)
        default:
            break
        }
        return flags
    }

    private static func isSeparator(_ value: UInt32) -> Bool {
        switch value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }
}
