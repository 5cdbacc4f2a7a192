// Shared fixtures for the card model's tests: the package root, one text measurer, card
// measurers by template and scale, and catalog records.
import BundledFonts
import CardModel
import CatalogIO
import Foundation
import TextEngine

enum TestSupport {
    /// The package root: this file is `Tests/CardModelTests/TestSupport.swift`.
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// One engine for every test (thread-safe), caching prepared titles across templates.
    static let textMeasurer = TextMeasurer(cacheCapacity: 8192)

    static func measurer(_ template: CardTemplate = .book, scale: Double = 1) throws -> CardMeasurer {
        try CardMeasurer(
            template: template, fonts: BundledFonts.chain(), displayScale: scale, textMeasurer: textMeasurer)
    }

    static func record(_ title: String, author: String = "Frank Herbert", language: String? = nil) -> CardRecord {
        CardRecord(id: "test", title: title, author: author, language: language)
    }

    /// The first `count` records of `Catalogs/NAME`, read with CatalogIO, in `language`.
    static func catalogRecords(_ name: String, count: Int = 2000, language: String? = nil) throws -> [CardRecord] {
        let path = repositoryRoot.appendingPathComponent("Catalogs/\(name)").path
        return try CatalogReader(path: path).prefix(count).map { result in
            let record = try result.get()
            return CardRecord(id: record.id, title: record.title, author: record.author, language: language)
        }
    }

    /// `Templates/NAME` as bytes.
    static func templateData(_ name: String) throws -> Data {
        try Data(contentsOf: repositoryRoot.appendingPathComponent("Templates/\(name)"))
    }
}

/// Heights worked out by hand from DejaVu Sans's `hhea` table (ascender 1901, descender
/// −483, 2048 units per em; no line gap), the bundled primary font, whose line height the
/// UIKit profile uses for every line, Japanese ones included.
enum DejaVuLine {
    /// (1901 + 483) / 2048 × 15.
    static let at15 = 17.4609375
    /// (1901 + 483) / 2048 × 13.
    static let at13 = 15.1328125
    /// (1901 + 483) / 2048 × 12.
    static let at12 = 13.96875
}

/// Whether two heights agree to well under a pixel at any scale (thirds are not exact).
func same(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }
