// What a fuzzer checks: one input's bytes in, a broken property out as an error.

/// A piece of the product fed arbitrary bytes, with the properties that must hold for every
/// input: no crash (the sanitizers and Swift's own checks catch those), and the invariants
/// ``check(_:)`` tests, each a statement a user relies on ("every record yields a record or
/// an error", "the fast path equals the full one").
///
/// The same check runs under libFuzzer (`scripts/fuzz.sh`, which builds `cardsize-fuzz`
/// with `-sanitize=fuzzer`) and in the test suite, which replays the committed seed corpora
/// and every input a fuzzer once failed on (`Fuzz/`).
public protocol FuzzTarget {
    /// The name on the command line and the corpus folder's name, such as `csv-catalog`.
    static var name: String { get }
    /// Throws when the product breaks a promise on `input`.
    func check(_ input: [UInt8]) throws(InvariantViolation)
}

/// A promise the product broke on one input, in words.
public struct InvariantViolation: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}

/// Throws `message` unless `condition` holds.
@inline(__always)
func require(_ condition: Bool, _ message: @autoclosure () -> String) throws(InvariantViolation) {
    if !condition { throw InvariantViolation(message()) }
}

/// The fuzz targets by name.
public enum FuzzTargets {
    /// Every target's name, in the order the fuzz script runs them.
    public static let names = [
        CSVCatalogTarget.name, JSONLinesCatalogTarget.name, JSONTarget.name, JSONNumberTarget.name, TextRequestTarget.name,
        CardTemplateTarget.name, SectionOverridesTarget.name, FontFileTarget.name, TextEngineTarget.name,
    ]

    /// Makes the target called `name` (loading the fonts it needs), or nil for an unknown name.
    public static func make(_ name: String) throws -> (any FuzzTarget)? {
        switch name {
        case CSVCatalogTarget.name: CSVCatalogTarget()
        case JSONLinesCatalogTarget.name: JSONLinesCatalogTarget()
        case JSONTarget.name: JSONTarget()
        case JSONNumberTarget.name: JSONNumberTarget()
        case TextRequestTarget.name: try TextRequestTarget()
        case CardTemplateTarget.name: try CardTemplateTarget()
        case SectionOverridesTarget.name: SectionOverridesTarget()
        case FontFileTarget.name: FontFileTarget()
        case TextEngineTarget.name: try TextEngineTarget()
        default: nil
        }
    }
}
