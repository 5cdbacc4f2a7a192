// The built-in book cards: the book-search grid's cell, reserved or hugging.
import Geometry

/// The book card's values, in one place.
///
/// The seed fixes the structure (a 7:10 cover, a title of at most 2 lines that always
/// reserves 2, a 1-line author, the container pinned to the cell's edges, so insets 0) but
/// not the fonts or gaps, which live in its xib. These are iOS defaults for a secondary
/// grid cell: the title at 15 pt (the system "subheadline" size, so two lines fit a
/// 127 pt column), the author at 13 pt ("footnote", a step down, as a subtitle), and 4 pt
/// between the elements (half Interface Builder's standard 8 pt, which groups a caption with
/// its cover).
enum BookCard {
    static let coverRatio = AspectRatio.bookCover
    static let insets = EdgeInsets.zero
    static let spacing = 4.0
    static let titleFontSize = 15.0
    static let titleMaxLines = 2
    static let authorFontSize = 13.0
}

extension CardTemplate {
    /// Seed 004's book card: a 7:10 cover, a title of at most 2 lines that always reserves
    /// 2, and a 1-line author that always reserves 1.
    ///
    /// Every card of a width has the same height, whatever its title or author: that is the
    /// point of the seed's `"Label\n"` trick, and the author reserves its line for the same
    /// reason (an empty `UILabel` would be 0 tall and shorten the card).
    public static let book = bookCard(hugging: false)

    /// The book card hugging its content, for waterfalls: the title is as tall as its 1 or
    /// 2 lines, and an empty author is left out with the spacing before it.
    public static let bookHugging = bookCard(hugging: true)

    /// The built-in templates by the names the command line, the C interface and the server
    /// take: `book` and `book-hug`.
    public static let builtIn: [String: CardTemplate] = ["book": .book, "book-hug": .bookHugging]

    private static func bookCard(hugging: Bool) -> CardTemplate {
        CardTemplate(insets: BookCard.insets, spacing: BookCard.spacing) {
            ImageElement(aspectRatio: BookCard.coverRatio, name: "cover")
            LabelElement(
                field: .title, style: LabelStyle(fontSize: BookCard.titleFontSize), maxLines: BookCard.titleMaxLines,
                reserveLines: hugging ? 0 : BookCard.titleMaxLines)
            LabelElement(
                field: .author, style: LabelStyle(fontSize: BookCard.authorFontSize), maxLines: 1,
                reserveLines: hugging ? 0 : 1, hidesWhenEmpty: hugging)
        }
    }
}
