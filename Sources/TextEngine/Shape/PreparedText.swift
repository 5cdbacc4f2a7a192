// The prepared text: a text shaped once for a style, ready to be broken at any width.

/// A text shaped and analysed once for a style; breaking it into lines at a width is then
/// arithmetic on these arrays, so one title can be laid out at many widths cheaply.
///
/// Make one with ``TextMeasurer/prepare(_:style:)``; lay it out with
/// ``TextMeasurer/measure(_:width:maxLines:reserveLines:ellipsize:)``. Immutable, so it
/// may be shared between threads and kept in caches; a class, so that the line breaker's
/// many references to it cost one reference count, not one per array.
public final class PreparedText: Sendable {
    public let text: String
    public let style: TextStyle
    /// The number of Unicode scalars in `text`.
    public var scalarCount: Int { Int(clusterScalarOffsets.last ?? 0) }
    var clusterCount: Int { clusterFlags.count }

    /// The scalar offset where each grapheme cluster starts, then `scalarCount`.
    let clusterScalarOffsets: [Int32]
    /// Element `i`: the width of clusters `0..<i` in font units (1/1024 px).
    let advancePrefix: [Int64]
    let clusterFlags: [ClusterFlags]
    /// Per cluster, the index of its font in the style's chain.
    let clusterFonts: [UInt8]
    /// Per cluster boundary `0...clusterCount`, the break opportunity there.
    let boundaries: [Boundary]
    /// The sized fonts' vertical metrics and the ellipsis, shared by all texts of a size.
    let sizedFonts: SizedFontChain

    init(
        text: String, style: TextStyle, clusterScalarOffsets: [Int32], advancePrefix: [Int64],
        clusterFlags: [ClusterFlags], clusterFonts: [UInt8], boundaries: [Boundary], sizedFonts: SizedFontChain
    ) {
        self.text = text
        self.style = style
        self.clusterScalarOffsets = clusterScalarOffsets
        self.advancePrefix = advancePrefix
        self.clusterFlags = clusterFlags
        self.clusterFonts = clusterFonts
        self.boundaries = boundaries
        self.sizedFonts = sizedFonts
    }

    /// The width of clusters `range` in font units.
    func width(of range: Range<Int>) -> Int64 {
        advancePrefix[range.upperBound] - advancePrefix[range.lowerBound]
    }

    /// `end` moved back over the white space that hangs past the end of a line: all of it
    /// in the UIKit profile; in the Pango profile a separator and one white-space cluster
    /// (Pango's `zero_line_final_space`).
    func contentEnd(from start: Int, to end: Int) -> Int {
        var end = end
        switch style.profile {
        case .uikit:
            while end > start, clusterFlags[end - 1].contains(.whitespace) { end -= 1 }
        case .pango:
            if end > start, clusterFlags[end - 1].contains(.separator) { end -= 1 }
            if end > start, clusterFlags[end - 1].contains(.whitespace) { end -= 1 }
        }
        return end
    }
}
