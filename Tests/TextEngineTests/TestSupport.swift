// Shared helpers for the text engine's tests: the package root, the bundled fonts and
// cached styles, so that each test states only what it checks.
import BundledFonts
import Foundation
import Testing

@testable import TextEngine

extension Tag {
    /// A suite that checks the engine against a reference text stack run beside it (Pango's
    /// harness): skipped, saying why, where the reference is not built.
    @Tag static var oracle: Self
}

enum TestSupport {
    /// The package root: this file is `Tests/TextEngineTests/TestSupport.swift`.
    static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // TextEngineTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // the package root

    /// `Fonts/` at the package root.
    static let fontsDirectory = repositoryRoot.appendingPathComponent("Fonts")

    /// A file of `Fonts/`, as a path string.
    static func fontPath(_ file: String) -> String {
        fontsDirectory.appendingPathComponent(file).path
    }

    static let dejaVuPath = fontPath("DejaVuSans.ttf")
    static let notoCJKPath = fontPath("NotoSansCJK-Regular.ttc")
    static let symbolaPath = fontPath("Symbola_hint.ttf")

    /// The bundled chain (DejaVu Sans, Noto Sans CJK JP, Symbola), loaded once per process.
    static func bundledChain() throws -> FontChain {
        try BundledFonts.chain()
    }

    private static let cachedDejaVuOnly = Result { () throws(TextEngineError) in
        try FontChain(references: [FontFaceReference(path: dejaVuPath)])
    }
    private static let cachedJapanesePrimary = Result { () throws(TextEngineError) in
        try FontChain(references: [
            FontFaceReference(path: notoCJKPath, faceIndex: 0),
            FontFaceReference(path: dejaVuPath),
            FontFaceReference(path: symbolaPath),
        ])
    }

    /// DejaVu Sans alone.
    static func dejaVuOnlyChain() throws -> FontChain { try cachedDejaVuOnly.get() }

    /// Noto Sans CJK JP first, then DejaVu Sans and Symbola.
    static func japanesePrimaryChain() throws -> FontChain { try cachedJapanesePrimary.get() }

    /// A style on the bundled chain.
    static func style(
        size: Double = 16, displayScale: Double = 1, language: String = "en",
        lineBreak: LineBreakStrictness = .strict, profile: MetricsProfile = .uikit
    ) throws -> TextStyle {
        TextStyle(
            fonts: try bundledChain(), size: size, displayScale: displayScale, language: language,
            lineBreak: lineBreak, profile: profile)
    }

    /// One measurer shared by the tests (it is documented as thread-safe).
    static let measurer = TextMeasurer()

    /// The text each line of a measurement shows (from its scalar offset to the next line's).
    static func lineTexts(_ text: String, _ measurement: TextMeasurement) -> [String] {
        let scalars = Array(text.unicodeScalars)
        let starts = measurement.lines.map(\.scalarOffset)
        return starts.indices.map { index in
            let end = index + 1 < starts.count ? starts[index + 1] : scalars.count
            var line = String.UnicodeScalarView()
            line.append(contentsOf: scalars[starts[index]..<end])
            return String(line)
        }
    }

    /// The UTF-16 offsets where ICU allows a break in `text` (after offset 0, with the end).
    static func breaks(_ text: String, locale: String) throws -> [Int] {
        let breaker = try ICULineBreaker(locale: locale)
        let utf16 = Array(text.utf16)
        var offsets: [Int] = []
        utf16.withUnsafeBufferPointer { buffer in
            breaker.forEachBreak(in: buffer) { offset, _ in offsets.append(offset) }
        }
        return offsets
    }
}
