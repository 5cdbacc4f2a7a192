// `cardsize layout`: frames for every record's card or tag in a collection layout. Each
// command reads its flags into the layout library's request and prints what the library lays out.
import ArgumentParser
import CatalogLayout
import LayoutFlags

struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout", abstract: "Lay out every record's card and write the frames.",
        subcommands: [
            KindLayoutCommand<GridLayoutFlags>.self, KindLayoutCommand<WaterfallLayoutFlags>.self,
            KindLayoutCommand<TagFlowLayoutFlags>.self, KindLayoutCommand<CompositionalLayoutFlags>.self,
        ])
}

/// `cardsize layout KIND`: the kind's flags read into its request, and the frames the library
/// lays out for it written.
struct KindLayoutCommand<Flags: LayoutKindFlags>: ParsableCommand {
    static var configuration: CommandConfiguration { Flags.kind.command }

    @OptionGroup var flags: Flags
    @OptionGroup var output: LayoutOutputOptions

    func run() throws { try output.layOut(try flags.request(), catalog: flags.catalog) }
}

extension CatalogLayoutKind {
    /// The name and help of `cardsize layout KIND`.
    fileprivate var command: CommandConfiguration {
        switch self {
        case .grid:
            CommandConfiguration(
                commandName: "grid",
                abstract: "Cards in rows as UICollectionViewFlowLayout places them.",
                discussion: """
                    Rows fill greedily; a row is as tall as its tallest card; full rows are justified, \
                    the last keeps the minimum spacing. One output record per input record, in input \
                    order: {id, kind: item, section, x, y, width, height}, or an error record; header \
                    and footer records when they have a height; and last {kind: content, width, height}, \
                    the content size.
                    """)
        case .waterfall:
            CommandConfiguration(
                commandName: "waterfall",
                abstract: "Cards in columns, each into the shortest (CHTCollectionViewWaterfallLayout).",
                discussion: """
                    Each card is measured at the column width, so its height follows its title (the \
                    default template is book-hug) and its cover (--image-size or --cover-sizes with a \
                    template whose image uses the record's cover). --cht-compatible instead scales each \
                    record's cover size to the column width as CHT does. CHT's defaults: 2 columns, \
                    gaps of 10, no insets. Output as for layout grid.
                    """)
        case .tagFlow:
            CommandConfiguration(
                commandName: "tag-flow",
                abstract: "Tags sized by their text, in rows with exact spacing (left-aligned by default).",
                discussion: """
                    Each record becomes a tag: the text of --field on one line, its natural width plus \
                    padding (at most --max-tag-width; a longer text is cut with an ellipsis), as tall as \
                    a line plus padding. Rows are laid out in one pass. Output as for layout grid.
                    """)
        case .compositional:
            CommandConfiguration(
                commandName: "compositional",
                abstract: "Records in compositional-layout panels: an Instagram-style search grid, or self-sized cards.",
                discussion: """
                    insta: sections cycle leadingLarge (3 items), spread (6), trailingLarge (3), spread \
                    (6); every section is as tall as 0.4 × the container height; the last section takes \
                    what is left. cards: rows of --columns cards whose height is estimated and then \
                    self-sized with the card model at the cell width (a row is as tall as its tallest \
                    card). Output as for layout grid.
                    """)
        }
    }
}
