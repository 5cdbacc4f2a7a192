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
    var scalars = ScratchBuffer<UInt32>()
    /// Each scalar's own script (ISO 15924 tag), before common characters are resolved.
    var scalarScripts = ScratchBuffer<UInt32>()
    /// Each scalar's script with common and inherited ones resolved to the script before
    /// them (the first real one at the start); not kept for plain ASCII, one run.
    var resolvedScripts = ScratchBuffer<UInt32>()
    /// For each scalar, the index of its cluster.
    var scalarClusters = ScratchBuffer<Int32>()
    /// The scalar offset where each cluster starts, then the scalar count.
    var clusterScalarOffsets = ScratchBuffer<Int32>()
    var clusterFlags = ScratchBuffer<ClusterFlags>()
    /// Per cluster, the index of its font in the chain.
    var clusterFonts = ScratchBuffer<UInt8>()
    var runs: [ShapingRun] = []
    /// No scalar of the text is above it: a stage that looks for characters above some
    /// value skips a text without any, rather than read it again.
    var largestScalar: UInt32 = 0

    var clusterCount: Int { clusterFlags.count }
}

/// Splits a text into clusters and shaping runs.
struct Itemizer {
    let fonts: SizedFontChain
    /// Which font a space between two fonts takes (``resolveNeutralFonts(_:scripts:)``) and
    /// which scripts split runs.
    let policy: ProfilePolicy
    /// The thread's memory of each character's font, for the fast paths; nil to search the
    /// chain for every character.
    var coverage: FontCoverageMemo? = nil

    /// `text`'s clusters and runs, in `analysis`, whose storage is reused. With
    /// `plainFastPath`, a text of printable ASCII that the primary font covers is itemized
    /// by ``itemizePlainASCII(_:into:)``, with the same result.
    func itemize(_ text: String, plainFastPath: Bool = false, into analysis: inout TextAnalysis) {
        if plainFastPath, text.utf8.withContiguousStorageIfAvailable({ itemizePlainASCII($0, into: &analysis) }) == true {
            return
        }
        // The scalars and their scripts written in place, as for plain ASCII: appending
        // checked each array's uniqueness and capacity per character.
        var everyScalarOwnCluster = true
        var largestScalar: UInt32 = 0
        let count = Self.decodeScalars(of: text, into: &analysis.scalars)
        analysis.scalarScripts.overwrite(count: count, with: 0) { scripts in
            for index in 0..<count {
                let scalar = analysis.scalars[index]
                scripts[index] = HarfBuzzUnicode.script(of: scalar)
                everyScalarOwnCluster = everyScalarOwnCluster && Self.isAlwaysOwnCluster(scalar)
                largestScalar = max(largestScalar, scalar)
            }
        }
        analysis.largestScalar = largestScalar
        analysis.runs.removeAll(keepingCapacity: true)
        if everyScalarOwnCluster {
            // Most Latin and Japanese titles: no grapheme analysis, every scalar a cluster.
            analysis.scalarClusters.overwrite(count: count, with: 0) { clusters in
                analysis.clusterScalarOffsets.overwrite(count: count + 1, with: Int32(count)) { offsets in
                    analysis.clusterFlags.overwrite(count: count, with: []) { flags in
                        analysis.clusterFonts.overwrite(count: count, with: 0) { fonts in
                            for index in 0..<count {
                                clusters[index] = Int32(index)
                                offsets[index] = Int32(index)
                                (flags[index], fonts[index]) = singleScalarCluster(analysis.scalars[index])
                            }
                        }
                    }
                }
            }
        } else {
            analysis.scalarClusters.removeAll()
            analysis.clusterFlags.removeAll()
            analysis.clusterFonts.removeAll()
            Self.findGraphemeClusters(of: text, scalarCount: count, into: &analysis.clusterScalarOffsets)
            for cluster in 0..<(analysis.clusterScalarOffsets.count - 1) {
                let start = Int(analysis.clusterScalarOffsets[cluster])
                let end = Int(analysis.clusterScalarOffsets[cluster + 1])
                if end == start + 1 {  // most clusters are one scalar: no slices, no loops
                    let (flags, font) = singleScalarCluster(analysis.scalars[start])
                    analysis.scalarClusters.append(Int32(cluster))
                    analysis.clusterFlags.append(flags)
                    analysis.clusterFonts.append(font)
                    continue
                }
                let scalars = analysis.scalars[start..<end]
                var flags: ClusterFlags = [.whitespace, .fontNeutral]
                for scalar in scalars {
                    analysis.scalarClusters.append(Int32(cluster))
                    let scalarFlags = Self.flags(of: scalar)
                    flags.formIntersection(scalarFlags)
                    if Self.isSeparator(scalar) { flags.insert(.separator) }
                }
                analysis.clusterFlags.append(flags)
                analysis.clusterFonts.append(flags.contains(.fontNeutral) ? UInt8.max : fonts.firstFont(covering: scalars))
            }
        }
        // Swapped out while the stages below take the analysis inout.
        var scripts = ScratchBuffer<UInt32>()
        swap(&scripts, &analysis.resolvedScripts)
        defer { swap(&scripts, &analysis.resolvedScripts) }
        Self.resolveScripts(analysis.scalarScripts, kanaAsHiragana: policy.kanaIsOneScript, into: &scripts)
        scripts.withUnsafeBufferPointer { scripts in
            resolveNeutralFonts(&analysis, scripts: scripts)
            splitRuns(&analysis, scripts: scripts)
        }
    }

    /// A text of printable ASCII (U+0020–U+007E) whose every character the primary font
    /// has: each byte is a scalar and a cluster of its own, drawn with the primary font,
    /// and the whole text is one run, of the Latin script if it has a letter (the script
    /// common characters resolve to) and of Common if not. Returns false, touching nothing,
    /// for any other text.
    private func itemizePlainASCII(_ bytes: UnsafeBufferPointer<UInt8>, into analysis: inout TextAnalysis) -> Bool {
        guard !bytes.isEmpty else { return false }
        for byte in bytes where !fonts.primaryHas(printableASCII: byte) { return false }
        let count = bytes.count
        var hasLetter = false
        // One pass, each array written through its buffer: appending element by element
        // checked uniqueness and capacity six times per character.
        analysis.scalars.overwrite(count: count, with: 0) { scalars in
            analysis.scalarScripts.overwrite(count: count, with: 0) { scripts in
                analysis.scalarClusters.overwrite(count: count, with: 0) { clusters in
                    analysis.clusterScalarOffsets.overwrite(count: count + 1, with: Int32(count)) { offsets in
                        analysis.clusterFlags.overwrite(count: count, with: []) { flags in
                            Self.asciiFlags.withUnsafeBufferPointer { asciiFlags in
                                for index in 0..<count {
                                    let byte = bytes[index]
                                    let script = HarfBuzzUnicode.script(ofASCII: byte)
                                    hasLetter = hasLetter || script == HarfBuzzUnicode.latin
                                    scalars[index] = UInt32(byte)
                                    scripts[index] = script
                                    clusters[index] = Int32(index)
                                    offsets[index] = Int32(index)
                                    flags[index] = asciiFlags[Int(byte)]
                                }
                            }
                        }
                    }
                }
            }
        }
        analysis.clusterFonts.overwrite(count: count, with: 0) { _ in }
        analysis.largestScalar = 0x7F
        analysis.runs.removeAll(keepingCapacity: true)
        analysis.runs.append(
            ShapingRun(
                scalarRange: 0..<count, font: 0, script: hasLetter ? HarfBuzzUnicode.latin : HarfBuzzUnicode.common,
                rightToLeft: false))
        return true
    }

    private func firstFont(covering scalar: UInt32) -> UInt8 {
        coverage?.firstFont(covering: scalar) ?? fonts.firstFont(covering: scalar)
    }

    /// Writes the text's scalars into `scalars`; returns their count. The text's UTF-8 is
    /// decoded by hand (a `String`'s UTF-8 is always valid): iterating its scalar view,
    /// and counting it first, cost a tenth of a Japanese title's preparation.
    private static func decodeScalars(of text: String, into scalars: inout ScratchBuffer<UInt32>) -> Int {
        let decoded = text.utf8.withContiguousStorageIfAvailable { bytes -> Int in
            let count = bytes.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }  // lead bytes
            scalars.overwrite(count: count, with: 0) { scalars in
                var byte = 0
                for index in 0..<count {
                    let lead = UInt32(bytes[byte])
                    let continuation = { (offset: Int) in UInt32(bytes[byte + offset] & 0x3F) }
                    switch lead {
                    case ..<0x80:
                        scalars[index] = lead
                        byte += 1
                    case ..<0xE0:
                        scalars[index] = (lead & 0x1F) << 6 | continuation(1)
                        byte += 2
                    case ..<0xF0:
                        scalars[index] = (lead & 0x0F) << 12 | continuation(1) << 6 | continuation(2)
                        byte += 3
                    default:
                        scalars[index] = (lead & 0x07) << 18 | continuation(1) << 12 | continuation(2) << 6 | continuation(3)
                        byte += 4
                    }
                }
            }
            return count
        }
        if let decoded { return decoded }
        scalars.removeAll()
        scalars.append(contentsOf: text.unicodeScalars.lazy.map(\.value))
        return scalars.count
    }

    /// The flags and font of a cluster of one scalar; a font-neutral one's font is
    /// `UInt8.max` until ``resolveNeutralFonts(_:scripts:)``.
    private func singleScalarCluster(_ scalar: UInt32) -> (ClusterFlags, UInt8) {
        var flags = Self.flags(of: scalar)
        if Self.isSeparator(scalar) { flags.insert(.separator) }
        return (flags, flags.contains(.fontNeutral) ? UInt8.max : firstFont(covering: scalar))
    }

    /// The scalar offset where each grapheme cluster starts, then the scalar count.
    private static func findGraphemeClusters(of text: String, scalarCount: Int, into offsets: inout ScratchBuffer<Int32>) {
        offsets.removeAll()
        var offset: Int32 = 0
        for character in text {
            offsets.append(offset)
            offset += Int32(character.unicodeScalars.count)
        }
        offsets.append(Int32(scalarCount))
    }

    /// Characters that form a grapheme cluster of their own whatever surrounds them: printable
    /// ASCII, Latin-1 and Latin Extended, and the CJK, kana and full-width blocks without
    /// their combining marks (U+302A–302F, U+3099–309A).
    private static func isAlwaysOwnCluster(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x20...0x7E, 0xA0...0x2FF, 0x3000...0x3029, 0x3030...0x3098, 0x309B...0x9FFF, 0xFF01...0xFFEF: true
        default: false
        }
    }

    /// Font-neutral clusters (spaces, controls) take a neighbour's font: at a paragraph's
    /// start the next font, at its end the previous one (separators end paragraphs). Between
    /// two fonts, Pango 1.50 keeps them in the item before them and moves them to the next
    /// only when its font comes earlier in the chain and no script run ends before it
    /// (`itemize_state_add_character`: the move happens inside one run; Common characters
    /// belong to the script run before them): `の info` sets `の␠` in the Japanese font,
    /// `info マ` sets `info␠` in the Latin one (``ProfilePolicy/NeutralFontRule/pangoScriptRun``).
    /// The `uikit` profile takes the font earlier in the chain in either case, which CoreText's cascade could not be checked against here.
    private func resolveNeutralFonts(_ analysis: inout TextAnalysis, scripts: UnsafeBufferPointer<UInt32>) {
        let count = analysis.clusterCount
        let flags = analysis.clusterFlags
        let isSeparator = { (cluster: Int) in flags[cluster].contains(.separator) }
        if policy.neutralFont == .firstFontWithGlyph {
            // Fonts chosen character by character, spaces too; separators, which are not
            // shaped, still take their neighbour's below.
            for cluster in 0..<count where analysis.clusterFonts[cluster] == UInt8.max && !isSeparator(cluster) {
                let scalars = Int(analysis.clusterScalarOffsets[cluster])..<Int(analysis.clusterScalarOffsets[cluster + 1])
                analysis.clusterFonts[cluster] = fonts.firstFont(covering: analysis.scalars[scalars])
            }
        }
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
                let font: UInt8
                switch (before, after) {
                case (let before?, let after?) where after < before:
                    let scriptBefore = scripts[Int(analysis.clusterScalarOffsets[index]) - 1]
                    let scriptAfter = scripts[Int(analysis.clusterScalarOffsets[end])]
                    font = policy.neutralFont == .pangoScriptRun && scriptBefore != scriptAfter ? before : after
                case (let before?, _): font = before
                case (nil, let after?): font = after
                case (nil, nil): font = 0
                }
                for cluster in index..<end { analysis.clusterFonts[cluster] = font }
                index = end
            }
        }
    }

    /// Runs break where the font, the script or the direction changes, and around
    /// separators, which are not shaped. Common and inherited characters (spaces,
    /// punctuation, digits, combining marks) join the script of the text around them.
    private func splitRuns(_ analysis: inout TextAnalysis, scripts: UnsafeBufferPointer<UInt32>) {
        // Read through buffers and appended to a local array: through the subscripts, each
        // read checked its index, four per scalar.
        var runs: [ShapingRun] = []
        swap(&runs, &analysis.runs)
        defer { swap(&runs, &analysis.runs) }
        let scalarCount = analysis.scalars.count
        analysis.scalarClusters.withUnsafeBufferPointer { scalarClusters in
            analysis.clusterFlags.withUnsafeBufferPointer { flags in
                analysis.clusterFonts.withUnsafeBufferPointer { fonts in
                    var runStart = 0
                    for index in 0...scalarCount {
                        let ends: Bool
                        if index == scalarCount {
                            ends = true
                        } else {
                            let cluster = Int(scalarClusters[index])
                            let previous = index > 0 ? Int(scalarClusters[index - 1]) : cluster
                            ends = index > runStart && (
                                flags[cluster].contains(.separator) || flags[previous].contains(.separator)
                                    || fonts[cluster] != fonts[previous] || scripts[index] != scripts[index - 1])
                        }
                        guard ends, index > runStart else { continue }
                        let cluster = Int(scalarClusters[runStart])
                        if !flags[cluster].contains(.separator) {
                            runs.append(
                                ShapingRun(
                                    scalarRange: runStart..<index, font: Int(fonts[cluster]), script: scripts[runStart],
                                    rightToLeft: HarfBuzzUnicode.isRightToLeft(script: scripts[runStart])))
                        }
                        runStart = index
                    }
                }
            }
        }
    }

    private static func resolveScripts(
        _ scalarScripts: ScratchBuffer<UInt32>, kanaAsHiragana: Bool, into resolved: inout ScratchBuffer<UInt32>
    ) {
        let isReal = { (script: UInt32) -> Bool in
            script != HarfBuzzUnicode.common && script != HarfBuzzUnicode.inherited
                && script != HarfBuzzUnicode.unknown
        }
        scalarScripts.withUnsafeBufferPointer { own in
            resolved.overwrite(count: own.count, with: 0) { resolved in
                var current = own.first(where: isReal) ?? HarfBuzzUnicode.common
                for index in own.indices {
                    if isReal(own[index]) { current = own[index] }
                    resolved[index] = current
                }
                // Katakana shaped as Hiragana (OpenType has one script, 'kana', for both), so
                // that a change between them does not split a run.
                if kanaAsHiragana {
                    for index in own.indices where resolved[index] == HarfBuzzUnicode.katakana {
                        resolved[index] = HarfBuzzUnicode.hiragana
                    }
                }
            }
        }
    }

    /// A scalar's flags from one table lookup (ASCII) or one general-category lookup. White
    /// space is the Unicode White_Space set: the space separators, line and paragraph
    /// separators, and the controls TAB to CR and NEL.
    static func flags(of value: UInt32) -> ClusterFlags {
        if value < 0x80 { return asciiFlags[Int(value)] }
        // Japanese text's bulk without a property lookup: CJK punctuation, kana, the unified
        // ideographs and the full-width forms hold no space, control or format character
        // (U+3000, the ideographic space, is looked up).
        if (0x3001...0x30FF).contains(value) || (0x4E00...0x9FFF).contains(value) || (0xFF01...0xFFEF).contains(value) {
            return []
        }
        return flags(ofCategory: Unicode.Scalar(value)!.properties.generalCategory, value)
    }

    /// ``flags(of:)`` from the scalar's general category.
    static func flags(ofCategory category: Unicode.GeneralCategory, _ value: UInt32) -> ClusterFlags {
        switch category {
        case .spaceSeparator, .lineSeparator, .paragraphSeparator:
            return [.whitespace, .fontNeutral]
        case .control:
            return value == 0x85 ? [.whitespace, .fontNeutral] : .fontNeutral
        case .format, .surrogate:
            return .fontNeutral
        default:
            return []
        }
    }

    private static let asciiFlags: [ClusterFlags] = (0..<0x80).map { (value: UInt32) -> ClusterFlags in
        var flags: ClusterFlags = []
        if value == 0x20 || (0x09...0x0D).contains(value) { flags.insert(.whitespace) }
        if value <= 0x20 || value == 0x7F { flags.insert(.fontNeutral) }
        return flags
    }

    private static func isSeparator(_ value: UInt32) -> Bool {
        switch value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }
}
