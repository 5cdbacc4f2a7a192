// Which font of a chain draws a character, remembered per thread.

/// The first font of a sized chain that has each character of the Basic Multilingual
/// Plane, looked up in the fonts' character maps on first sight and then read from a table:
/// a Japanese title would otherwise search the chain (two cmap lookups) for every kanji.
/// Used by one thread at a time (it belongs to a ``ShapingContext``).
final class FontCoverageMemo {
    let fonts: SizedFontChain
    /// Per BMP character, its first font's index, or `UInt8.max` before it was looked up.
    /// Raw memory, not an array: an array property of a class is checked for exclusive
    /// access on every read, once per character of every Japanese title.
    private let firstFonts = UnsafeMutablePointer<UInt8>.allocate(capacity: 0x1_0000)

    init(fonts: SizedFontChain) {
        self.fonts = fonts
        firstFonts.initialize(repeating: .max, count: 0x1_0000)
    }

    deinit { firstFonts.deallocate() }

    /// ``SizedFontChain/firstFont(covering:)-(UInt32)``, remembered.
    func firstFont(covering scalar: UInt32) -> UInt8 {
        guard scalar < 0x1_0000 else { return fonts.firstFont(covering: scalar) }
        let remembered = firstFonts[Int(scalar)]
        if remembered != .max { return remembered }
        let font = fonts.firstFont(covering: scalar)
        firstFonts[Int(scalar)] = font
        return font
    }
}
