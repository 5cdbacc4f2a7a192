// The kinds of element a collection layout places: items and their sections' supplementaries.

/// What a laid-out element is: an item, or a section's header or footer.
public enum ElementKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// A cell holding one item of the input.
    case item
    /// A section's header, above the section's inset and items.
    case header
    /// A section's footer, below the section's items and inset.
    case footer
}
