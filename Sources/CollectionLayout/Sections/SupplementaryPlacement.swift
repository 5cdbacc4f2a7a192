// Headers and footers that span the collection, shared by the row-based layouts.
import Geometry

extension [LayoutElement] {
    /// Appends a full-width header or footer of `section` at `top` unless `height` is 0;
    /// returns the y below it.
    mutating func appendSupplementary(
        _ kind: ElementKind, section: Int, height: Double, at top: Double, width: Double
    ) -> Double {
        guard height > 0 else { return top }
        append(LayoutElement(kind: kind, section: section, index: 0, frame: Rect(x: 0, y: top, width: width, height: height)))
        return top + height
    }
}
