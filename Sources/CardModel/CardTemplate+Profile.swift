// A template's labels measured under another metrics profile.
import TextEngine

extension CardTemplate {
    /// The template with every label, in rows too, measured under `profile` (their CSS
    /// properties kept): the command line's `--profile`.
    public func measured(under profile: MetricsProfile) -> CardTemplate {
        var template = self
        template.elements = elements.map { $0.measured(under: profile) }
        return template
    }
}

extension CardElement {
    fileprivate func measured(under profile: MetricsProfile) -> CardElement {
        switch self {
        case .label(var label):
            label.style.profile = profile
            return .label(label)
        case .row(var row):
            row.children = row.children.map { RowChild(width: $0.width, $0.element.measured(under: profile)) }
            return .row(row)
        case .image, .spacer:
            return self
        }
    }
}
