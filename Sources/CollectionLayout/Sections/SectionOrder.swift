// Streamed layouts take sections in order: the check and the section range they share.

/// The sections a streamed layout must open before items go to `section`.
enum SectionOrder {
    /// The sections after `open` (the open one, `nil` for none) up to `section`, in order;
    /// throws when `section` is before the open one.
    static func sectionsToOpen(upTo section: Int, after open: Int?) throws(CollectionLayoutError) -> Range<Int> {
        let open = open ?? -1
        guard section >= open else {
            throw .invalidValue(
                field: "section", reason: "items come in section order: section \(section) after section \(open)")
        }
        return (open + 1)..<(section + 1)
    }
}
