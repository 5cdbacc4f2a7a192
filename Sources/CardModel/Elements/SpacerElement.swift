// The spacer element: a fixed gap.

/// A fixed height with nothing in it; the template's spacing still applies on both sides,
/// as for a spacer view in a `UIStackView`.
public struct SpacerElement: Hashable, Sendable {
    public var height: Double
    /// The name its frame reports; `spacer` when `nil`.
    public var name: String?

    public init(height: Double, name: String? = nil) {
        self.height = height
        self.name = name
    }
}
