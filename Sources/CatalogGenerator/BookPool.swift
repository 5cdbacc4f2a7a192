// One language's real books, ranked by popularity, drawn Zipf-like.

/// The books of one language in popularity order, with the law that draws them.
struct BookPool {
    /// The books, most popular first; a book's position is its rank.
    let books: [SourceCatalogs.Book]
    private let popularity: PopularityDistribution

    /// Ranks `books` in the order given.
    init(rankedBooks books: [SourceCatalogs.Book]) {
        self.books = books
        popularity = PopularityDistribution(rankCount: books.count)
    }

    /// Ranks `books` in a shuffled order (Fisher–Yates with `random`), for a catalog whose
    /// own order says nothing about popularity.
    init(shuffling books: [SourceCatalogs.Book], using random: inout SplitMix64) {
        var shuffled = books
        for position in stride(from: shuffled.count - 1, to: 0, by: -1) {
            shuffled.swapAt(position, random.index(below: position + 1))
        }
        self.init(rankedBooks: shuffled)
    }

    /// The rank of a book drawn by popularity.
    func drawRank(using random: inout SplitMix64) -> Int {
        popularity.rank(using: &random)
    }
}
