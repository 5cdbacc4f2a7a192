// The card plan: a validated template with its text styles, paths and names resolved once.
import BoundedCache
import Geometry
import TextEngine

/// What ``CardMeasurer`` walks for every record: the template's elements with each label's
/// ``TextStyle`` built once (fonts, size, display scale, default language) and each
/// element's path and name spelled out, so measuring a card formats no strings.
struct CardPlan: Sendable {
    let insets: EdgeInsets
    let spacing: Double
    let elements: [PlannedElement]
    /// What of a record the card depends on, besides the width: which texts, and whether
    /// its cover (an image sized by it or hidden without it).
    private let readsTitle: Bool
    private let readsAuthor: Bool
    private let otherFields: [String]
    private let readsCover: Bool

    /// Plans a template already validated.
    init(template: CardTemplate, fonts: FontChain, displayScale: Double) {
        var planner = Planner(fonts: fonts, displayScale: displayScale)
        insets = template.insets
        spacing = template.spacing
        elements = template.elements.enumerated().map { index, element in
            planner.plan(element, path: "elements[\(index)]")
        }
        var fields: [CardField] = []
        var readsCover = false
        for element in elements { element.collectReads(fields: &fields, cover: &readsCover) }
        readsTitle = fields.contains(.title)
        readsAuthor = fields.contains(.author)
        otherFields = fields.compactMap { if case .other(let name) = $0 { name } else { nil } }
        self.readsCover = readsCover
    }

    /// The key of `record`'s card at `width`: everything of the record the card depends on.
    func cardKey(of record: CardRecord, width: Double) -> CardKey {
        CardKey(
            title: ByteString(readsTitle ? record.title : ""), author: ByteString(readsAuthor ? record.author : ""),
            others: otherFields.map { ByteString(record.otherFields[$0] ?? "") }, language: ByteString(record.language ?? ""),
            width: width, cover: readsCover ? record.imageSize : nil)
    }
}

/// What a card sized without frames depends on (see ``CardPlan/cardKey(of:width:)``).
struct CardKey: CacheKey {
    var title: ByteString
    var author: ByteString
    var others: [ByteString]
    /// Empty for none (a record's missing and empty languages are one: neither overrides
    /// the label's). Not optional: comparing optionals copied both, a reference count on
    /// each, per cache probe.
    var language: ByteString
    var width: Double
    var cover: Size?

    /// Field by field, each text compared where it lies: the synthesized `==` copied each
    /// text out of both keys, a reference count on each per cache probe.
    static func == (lhs: CardKey, rhs: CardKey) -> Bool {
        lhs.width == rhs.width && lhs.cover == rhs.cover && lhs.title == rhs.title && lhs.author == rhs.author
            && lhs.language == rhs.language && lhs.others == rhs.others
    }

    func hash(into hasher: inout Hasher) { hasher.combine(cacheHash) }

    /// One mix of the fields' own hashes, without `Hasher` (combining each field through
    /// `Hasher` cost as much as the rest of a cache hit).
    var cacheHash: UInt64 {
        var mix = title.bytesHash &+ author.bytesHash &* 0x9E37_79B9_7F4A_7C15
        for other in others { mix = (mix ^ other.bytesHash) &* 0xFF51_AFD7_ED55_8CCD }
        mix ^= language.bytesHash &* 31
        mix ^= (width + 0).bitPattern &* 0xC4CE_B9FE_1A85_EC53  // + 0: -0 and 0 are one width
        if let cover { mix ^= (cover.width.bitPattern &+ cover.height.bitPattern.byteSwapped) &* 7 }
        return mix
    }
}

extension PlannedElement {
    /// Adds the fields this element and its children read, and whether they read the cover.
    fileprivate func collectReads(fields: inout [CardField], cover: inout Bool) {
        switch content {
        case .image(let image):
            cover = cover || image.sizing == .recordCover || image.hidesWhenEmpty
        case .label(let label):
            if !fields.contains(label.element.field) { fields.append(label.element.field) }
        case .spacer:
            break
        case .row(_, let children):
            for child in children { child.collectReads(fields: &fields, cover: &cover) }
        }
    }
}

/// One element of a plan. A class, shared by every card the plan lays out: handing a card
/// an element is one reference count, where a value's copy retained each of its strings
/// and its style's font chain.
final class PlannedElement: Sendable {
    enum Content: Sendable {
        case image(ImageElement)
        case label(PlannedLabel)
        case spacer(height: Double)
        case row(RowElement, children: [PlannedElement])
    }

    let path: String
    let name: String
    let content: Content

    init(path: String, name: String, content: Content) {
        self.path = path
        self.name = name
        self.content = content
    }
}

/// A label of a plan with its text style; a class for the reason ``PlannedElement`` is.
final class PlannedLabel: Sendable {
    let element: LabelElement
    let style: TextStyle
    /// Whether this is the template's first label bound to the title, which the measurement
    /// reports on.
    let isTitle: Bool

    init(_ element: LabelElement, style: TextStyle, isTitle: Bool) {
        self.element = element
        self.style = style
        self.isTitle = isTitle
    }
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
            return .label(PlannedLabel(label, style: textStyle(label.style), isTitle: isTitle))
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
            lineSpacing: style.lineSpacing, lineBreak: style.lineBreak, profile: style.profile, css: style.css)
    }
}
