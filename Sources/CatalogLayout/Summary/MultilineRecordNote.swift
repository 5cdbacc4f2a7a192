// The summary's warning when records were read over several lines.

public enum MultilineRecordNote {
    /// Legal CSV, and also what a stray `"` does, silently joining the lines after it into
    /// one record: nothing when no record ran over several lines.
    public static func lines(count: Int, firstLine: Int?) -> [String] {
        guard count > 0, let firstLine else { return [] }
        return [
            "warning: \(count) record(s) read over several lines (a quoted field with line breaks), "
                + "the first at line \(firstLine); a stray \" joins the lines after it into one record"
        ]
    }
}
