// Why a catalog cannot be generated: a bad request or an unusable source catalog.

/// A problem that stops ``CatalogGenerator`` before it writes anything.
public enum CatalogGeneratorError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A mode name other than `unique` and `realistic`.
    case unknownMode(String)
    /// A record count below 0 or above ``CatalogGenerator/maximumRecordCount``.
    case recordCountOutOfRange(Int)
    /// A source catalog that is not in the catalogs folder.
    case missingSource(path: String)
    /// A source catalog that cannot be read, or lacks what the generator needs from it.
    case unusableSource(path: String, reason: String)

    public var description: String {
        switch self {
        case .unknownMode(let name):
            "unknown mode '\(name)': expected "
                + CatalogGenerator.Mode.allCases.map(\.rawValue).joined(separator: " or ")
        case .recordCountOutOfRange(let count):
            "cannot generate \(count) records: the count must be 0 to \(CatalogGenerator.maximumRecordCount)"
        case .missingSource(let path):
            "source catalog not found: '\(path)' (the catalogs folder must hold "
                + SourceCatalogs.fileNames.dropLast().joined(separator: ", ") + " and "
                + SourceCatalogs.fileNames.last! + ")"
        case .unusableSource(let path, let reason):
            "source catalog '\(path)': \(reason)"
        }
    }
}
