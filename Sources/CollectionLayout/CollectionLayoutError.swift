// The errors the layouts throw for input they cannot lay out.

import Geometry

/// Why a layout, a cell width or a device preset could not be computed.
public enum CollectionLayoutError: Error, Sendable, Equatable {
    /// A width, spacing, inset, height, scale or count is out of range; `field` names it.
    case invalidValue(field: String, reason: String)
    /// An item's size is negative, infinite or not a number.
    case invalidItemSize(section: Int, index: Int, size: Size)
    /// An item is wider than its section's width between the insets, so no row can hold it.
    case itemWiderThanSection(section: Int, index: Int, itemWidth: Double, availableWidth: Double)
    /// No device preset has this name; `validNames` lists the ones that exist.
    case unknownDevicePreset(name: String, validNames: [String])
}

extension CollectionLayoutError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .invalidValue(let field, let reason):
            "\(field): \(reason)"
        case .invalidItemSize(let section, let index, let size):
            "item \(index) of section \(section): size \(size.width)×\(size.height) must be finite and non-negative"
        case .itemWiderThanSection(let section, let index, let itemWidth, let availableWidth):
            "item \(index) of section \(section) is \(itemWidth) wide, "
                + "wider than the \(availableWidth) points between the section's insets"
        case .unknownDevicePreset(let name, let validNames):
            "unknown device '\(name)'; valid names: \(validNames.joined(separator: ", "))"
        }
    }
}
