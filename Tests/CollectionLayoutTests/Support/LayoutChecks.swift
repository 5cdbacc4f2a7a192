// Checks of layout results that do not depend on how the layout computed them.

import CollectionLayout
import Geometry

/// Layout-independent questions about a ``LayoutResult``, for the property tests.
enum LayoutChecks {
    /// Slack for floating-point noise in justified positions.
    static let tolerance = 1e-6

    /// The item frames of one section, in item order.
    static func itemFrames(_ result: LayoutResult, section: Int) -> [Rect] {
        result.elements.filter { $0.kind == .item && $0.section == section }.map(\.frame)
    }

    /// The first pair of item frames that share more than `tolerance` of area, if any.
    ///
    /// Sorts by top edge and compares each frame only with those starting above its bottom,
    /// so banded layouts cost O(n log n) rather than O(n²).
    static func firstOverlap(_ frames: [Rect]) -> (Rect, Rect)? {
        let sorted = frames.sorted { $0.minY < $1.minY }
        for (i, a) in sorted.enumerated() {
            var j = i + 1
            while j < sorted.count, sorted[j].minY < a.maxY - tolerance {
                if overlaps(a, sorted[j]) { return (a, sorted[j]) }
                j += 1
            }
        }
        return nil
    }

    /// Whether two frames share interior area beyond floating-point noise.
    static func overlaps(_ a: Rect, _ b: Rect) -> Bool {
        a.minX < b.maxX - tolerance && b.minX < a.maxX - tolerance
            && a.minY < b.maxY - tolerance && b.minY < a.maxY - tolerance
    }

    /// A section's item frames cut into rows: a row ends where the next frame starts to the
    /// left of the previous one's right edge (valid for items of positive width).
    static func rows(_ frames: [Rect]) -> [[Rect]] {
        var rows: [[Rect]] = []
        for frame in frames {
            if let previous = rows.last?.last, frame.minX >= previous.maxX - tolerance {
                rows[rows.count - 1].append(frame)
            } else {
                rows.append([frame])
            }
        }
        return rows
    }

    /// Whether `a` and `b` are equal within `tolerance`.
    static func close(_ a: Double, _ b: Double) -> Bool {
        abs(a - b) <= tolerance
    }
}
