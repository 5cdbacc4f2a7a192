// The card plan: a validated template with its text styles, paths and names resolved once.
import Geometry
import TextEngine

/// What ``CardMeasurer`` walks for every record: the template's elements with each label's
/// ``TextStyle`` built once (fonts, size, display scale, default language) and each
/// element's path and name spelled out, so measuring a card formats no strings.
struct CardPlan: Sendable {
    let insets: EdgeInsets
    let spacing: Double
    let elements: [PlannedElement]

    /// Plans a template already validated.
    init(template: CardTemplate, fonts: FontChain, displayScale: Double) {
        var planner = Planner(fonts: fonts, displayScale: displayScale)
        insets = template.insets
        spacing = template.spacing
        elements = template.elements.enumerated().map { index, element in
            planner.plan(element, path: "elements[\(index)]")
        }
    }
}

/// One element of a plan.
struct PlannedElement: Sendable {
    enum Content: Sendable {
        case image(ImageElement)
        /// `isTitle`: the template's first label bound to the title, which the measurement
        /// reports on.
        case label(LabelElement, TextStyle, isTitle: Bool)
        case spacer(height: Double)
        case row(RowElement, children: [PlannedElement])
    }

    let path: String
    let name: String
    let content: Content
}

/// Builds planned elements depth first, marking the first title label.
private struct Planner {
    let fonts: FontChain
    let displayScale: Double
    var titleAssigned = false

    mutating func plan(_ element: CardElement, path: String) -> PlannedElement {
        PlannedElement(path: path, name: element.name, content: content(of: element, path: path))
    }

    private mutating func content(of element: CardElement, path: String) -> PlannedElement.Content {
        switch element {
        case .image(let image):
            return .image(image)
        case .label(let label):
            let isTitle = label.field == .title && !titleAssigned
            titleAssigned = titleAssigned || isTitle
            return .label(label, textStyle(label.style), isTitle: isTitle)
        case .spacer(let spacer):
            return .spacer(height: spacer.height)
        case .row(let row):
            let children = row.children.enumerated().map { index, child in
                plan(child.element, path: "\(path).children[\(index)].element")
            }
            return .row(row, children: children)
        }
    }

    private func textStyle(_ style: LabelStyle) -> TextStyle {
        TextStyle(
            fonts: fonts, size: style.fontSize, displayScale: displayScale, language: style.language ?? "en",
            lineSpacing: style.lineSpacing, lineBreak: style.lineBreak, profile: style.profile)
    }
}
