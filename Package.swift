// swift-tools-version: 6.1
// cardsize: offline text measurement and self-sizing card layout on HarfBuzz, FreeType,
// fontconfig and ICU.
import PackageDescription

let package = Package(
    name: "cardsize",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "TextEngine", targets: ["TextEngine"]),
        .library(name: "TextBatch", targets: ["TextBatch"]),
        .library(name: "CatalogIO", targets: ["CatalogIO"]),
        .executable(name: "cardsize", targets: ["cardsize"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // Thin system-library targets: a module map and a header each, found with pkg-config.
        .systemLibrary(
            name: "CFreeType", pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(
            name: "CHarfBuzz", pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(
            name: "CFontconfig", pkgConfig: "fontconfig",
            providers: [.apt(["libfontconfig1-dev"])]),
        .systemLibrary(
            name: "CICUSystem", pkgConfig: "icu-uc",
            providers: [.apt(["libicu-dev"])]),
        // ICU renames every entry point by macro (ubrk_open -> ubrk_open_72), which Swift
        // cannot see; these few C functions give Swift stable names.
        .target(name: "CICU", dependencies: ["CICUSystem"]),

        .target(
            name: "TextEngine",
            dependencies: ["CFreeType", "CHarfBuzz", "CFontconfig", "CICU"]),
        // The JSONL request/result schema shared with the Pango reference harness.
        .target(name: "TextBatch", dependencies: ["TextEngine"]),
        // Streaming CSV and JSONL catalog readers, column mapping, error records.
        .target(name: "CatalogIO"),
        .executableTarget(
            name: "cardsize",
            dependencies: [
                "TextEngine", "TextBatch", "CatalogIO",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // The text benchmark against Pango (scripts/benchmark.sh); not part of the library.
        .executableTarget(
            name: "text-benchmark",
            dependencies: [
                "TextEngine", "CatalogIO",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Benchmarks/TextBenchmark"),
        .testTarget(
            name: "TextEngineTests",
            dependencies: ["TextEngine", "TextBatch", "CatalogIO"],
            exclude: ["KNOWN-DIFFERENCES-linebreak.md"]),
        .testTarget(
            name: "CatalogIOTests",
            dependencies: ["CatalogIO"]),
        .testTarget(
            name: "cardsizeTests",
            dependencies: ["TextBatch"]),
    ]
)
