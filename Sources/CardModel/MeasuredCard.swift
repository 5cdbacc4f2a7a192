// A card as measured with its labels' texts and measurements: what drawing it needs.
import TextEngine

/// A card's measurement with each visible label as it was measured, from
/// ``CardMeasurer/measureWithLabels(record:width:)``.
public struct MeasuredCard: Hashable, Sendable {
    public var measurement: CardMeasurement
    /// The visible labels in stack order.
    public var labels: [MeasuredLabel]
}

/// A visible label of a measured card: its frame, and the text, style and text
/// measurement behind it, so that a drawing shows exactly what was measured.
public struct MeasuredLabel: Hashable, Sendable {
    public var frame: ElementFrame
    /// The template's label it shows: its line limit, reserved lines and truncation.
    public var element: LabelElement
    public var text: String
    /// The style it was measured in, the record's language applied.
    public var style: TextStyle
    public var measurement: TextMeasurement
}
