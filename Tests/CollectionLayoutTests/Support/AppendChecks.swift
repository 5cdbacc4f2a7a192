// The promise every appender makes about what an append changes, checked on each append.
import CollectionLayout
import Testing

extension LayoutAppender {
    /// Appends `items` and checks that the elements before the returned change are exactly
    /// those before the append.
    @discardableResult
    mutating func appendChecked(_ items: Items) throws -> LayoutChange {
        let before = result.elements
        let change = try append(items)
        #expect(change.firstChangedIndex <= before.count)
        #expect(result.elements.prefix(change.firstChangedIndex) == before.prefix(change.firstChangedIndex))
        return change
    }
}
