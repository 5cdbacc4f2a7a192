// Device presets: the published sizes and scales, and lookup by command-line name.

import CollectionLayout
import Testing

@Suite struct DevicePresetTests {
    @Test(arguments: [
        ("iphone-se", 320.0, 568.0, 2.0), ("iphone-se-2", 375, 667, 2), ("iphone-13", 390, 844, 3), ("iphone-11", 414, 896, 2),
        ("iphone-12-pro-max", 428, 926, 3), ("iphone-15-pro-max", 430, 932, 3), ("ipad-mini", 744, 1133, 2),
        ("ipad-10", 820, 1180, 2), ("ipad-pro-12.9", 1024, 1366, 2),
    ])
    func presetsHaveThePublishedSizeAndScale(name: String, width: Double, height: Double, scale: Double) throws {
        let preset = try DevicePreset.named(name)
        #expect(preset.name == name)
        #expect(preset.widthInPoints == width)
        #expect(preset.heightInPoints == height)
        #expect(preset.displayScale == scale)
    }

    @Test func everyPresetIsListedOnceUnderACommandLineName() {
        let names = DevicePreset.all.map(\.name)
        #expect(names.count == 9)
        #expect(Set(names).count == names.count)
        #expect(names.allSatisfy { $0.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" || $0 == "." } })
    }

    @Test func lookupIgnoresCase() throws {
        #expect(try DevicePreset.named("iPhone-SE-2") == .iPhoneSE2)
    }

    @Test func anUnknownNameListsTheValidOnes() {
        #expect(throws: CollectionLayoutError.unknownDevicePreset(
            name: "iphone-99", validNames: DevicePreset.all.map(\.name))) {
            try DevicePreset.named("iphone-99")
        }
        let error = CollectionLayoutError.unknownDevicePreset(name: "x", validNames: ["iphone-se", "ipad-10"])
        let message = error.description
        #expect(message == "unknown device 'x'; valid names: iphone-se, ipad-10")
    }
}
