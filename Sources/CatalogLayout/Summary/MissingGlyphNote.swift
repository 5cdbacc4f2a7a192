// The summary line that says how many records had characters no font has.

/// A run's warning about characters measured as `.notdef` boxes; no line when there were none,
/// so summaries of runs without them read as before.
public enum MissingGlyphNote {
    /// `missing glyphs: 3 card(s) with characters no font has (measured as empty boxes)`.
    public static func lines(count: Int, of thing: String) -> [String] {
        guard count > 0 else { return [] }
        return ["missing glyphs: \(count) \(thing)(s) with characters no font has (measured as empty boxes)"]
    }
}
