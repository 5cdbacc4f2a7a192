// Device presets: the screen widths and display scales of common iPhones and iPads, by name.

/// A device's portrait screen size in points and its display scale, under a name that is
/// easy to type on a command line (`iphone-13`, `ipad-pro-12.9`).
///
/// ```swift
/// let device = try DevicePreset.named("iphone-se-2")
/// let grid = try GridColumns.fillingRow(
///     minimumCellWidth: 100, collectionWidth: device.widthInPoints,
///     insets: EdgeInsets(left: 5, right: 5), interitemSpacing: 5)
/// ```
public struct DevicePreset: Sendable, Hashable {
    /// The command-line name: lowercase, words joined by `-`.
    public var name: String
    /// The devices it stands for, as people call them.
    public var title: String
    /// The portrait screen width in points.
    public var widthInPoints: Double
    /// Pixels per point (2 or 3).
    public var displayScale: Double
    /// The portrait screen height in points: one screenful, a page of a preview.
    public var heightInPoints: Double

    public init(name: String, title: String, widthInPoints: Double, displayScale: Double, heightInPoints: Double) {
        self.name = name
        self.title = title
        self.widthInPoints = widthInPoints
        self.displayScale = displayScale
        self.heightInPoints = heightInPoints
    }

    public static let iPhoneSE = DevicePreset(
        name: "iphone-se", title: "iPhone SE (1st generation)", widthInPoints: 320, displayScale: 2, heightInPoints: 568)
    public static let iPhoneSE2 = DevicePreset(
        name: "iphone-se-2", title: "iPhone SE (2nd/3rd generation), iPhone 8", widthInPoints: 375, displayScale: 2,
        heightInPoints: 667)
    public static let iPhone13 = DevicePreset(
        name: "iphone-13", title: "iPhone 12/13/14", widthInPoints: 390, displayScale: 3, heightInPoints: 844)
    /// Seed 004's width: three 127 pt cards between 8 pt insets.
    public static let iPhone11 = DevicePreset(
        name: "iphone-11", title: "iPhone 11, iPhone XR", widthInPoints: 414, displayScale: 2, heightInPoints: 896)
    public static let iPhone12ProMax = DevicePreset(
        name: "iphone-12-pro-max", title: "iPhone 12 Pro Max, 13 Pro Max, 14 Plus", widthInPoints: 428, displayScale: 3,
        heightInPoints: 926)
    public static let iPhone15ProMax = DevicePreset(
        name: "iphone-15-pro-max", title: "iPhone 15 Pro Max", widthInPoints: 430, displayScale: 3, heightInPoints: 932)
    public static let iPadMini = DevicePreset(
        name: "ipad-mini", title: "iPad mini (6th generation)", widthInPoints: 744, displayScale: 2, heightInPoints: 1133)
    public static let iPad10 = DevicePreset(
        name: "ipad-10", title: "iPad (10th generation)", widthInPoints: 820, displayScale: 2, heightInPoints: 1180)
    public static let iPadPro12_9 = DevicePreset(
        name: "ipad-pro-12.9", title: "iPad Pro 12.9-inch", widthInPoints: 1024, displayScale: 2, heightInPoints: 1366)

    /// Every preset, phones then tablets, narrowest first.
    public static let all: [DevicePreset] = [
        .iPhoneSE, .iPhoneSE2, .iPhone13, .iPhone11, .iPhone12ProMax, .iPhone15ProMax, .iPadMini, .iPad10, .iPadPro12_9,
    ]

    /// The preset called `name`, ignoring case.
    ///
    /// Throws ``CollectionLayoutError/unknownDevicePreset(name:validNames:)`` listing every
    /// valid name when none matches.
    ///
    /// - Complexity: O(p) for the p presets.
    public static func named(_ name: String) throws(CollectionLayoutError) -> DevicePreset {
        let wanted = name.lowercased()
        guard let preset = all.first(where: { $0.name == wanted }) else {
            throw .unknownDevicePreset(name: name, validNames: all.map(\.name))
        }
        return preset
    }
}
