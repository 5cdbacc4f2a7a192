// Streamed layouts take sections in order: the checks and section openings they share.

/// The sections a streamed layout must open before items go to `section`.
enum SectionOrder {
    /// Calls `begin` for each section after `open` (the open one, `nil` for none) up to
    /// `section`, in order; throws when `section` is before the open one.
    static func openSections(
        upTo section: Int, after open: Int?, _ begin: (Int) throws(CollectionLayoutError) -> Void
    ) throws(CollectionLayoutError) {
        let open = open ?? -1
        guard section >= open else {
            throw .invalidValue(
                field: "section", reason: "items come in section order: section \(section) after section \(open)")
        }
        for next in (open + 1)..<(section + 1) { try begin(next) }
    }
}
