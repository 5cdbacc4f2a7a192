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
        .library(name: "JSON", targets: ["JSON"]),
        .library(name: "CatalogGenerator", targets: ["CatalogGenerator"]),
        .library(name: "Geometry", targets: ["Geometry"]),
        .library(name: "CardModel", targets: ["CardModel"]),
        .library(name: "CollectionLayout", targets: ["CollectionLayout"]),
        .library(name: "CatalogLayout", targets: ["CatalogLayout"]),
        .library(name: "Preview", targets: ["Preview"]),
        .library(name: "CatalogPreview", targets: ["CatalogPreview"]),
        .executable(name: "cardsize", targets: ["cardsize"]),
        // The C interface, include/cardsize.h, as libcardsize.so (scripts/build-library.sh).
        .library(name: "cardsize-c", type: .dynamic, targets: ["CardsizeC"]),
        .library(name: "CardsizeServer", targets: ["CardsizeServer"]),
        // The HTTP server, its own program so that `cardsize` builds without Hummingbird.
        .executable(name: "cardsize-serve", targets: ["cardsize-serve"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // No traits: the default FullFoundation would link Foundation, and its ICU data, into
        // cardsize-serve for URL-encoded forms' dates; ConfigurationSupport goes unused.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
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
        // The C interface's header, include/cardsize.h: Swift implements what C callers see.
        .systemLibrary(name: "CCardsize", path: "include"),
        .systemLibrary(
            name: "CZlib", pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]),
        // ICU renames every entry point by macro (ubrk_open -> ubrk_open_72), which Swift
        // cannot see; these few C functions give Swift stable names.
        .target(name: "CICU", dependencies: ["CICUSystem"]),
        // FreeType's error messages by code: Debian's FreeType leaves FT_Error_String empty.
        .target(name: "CFreeTypeErrors", dependencies: ["CFreeType"]),

        // Points, rectangles, insets and pixel-grid rounding, shared by every stage.
        .target(name: "Geometry"),
        // A value behind a lock ThreadSanitizer sees, for the few places threads share state.
        .target(name: "Locked"),
        // A batch's items worked on by several threads, results in the items' order.
        .target(name: "Parallel"),
        // Where the shipped folders (fonts, source catalogs) are: an install, a wheel, the source tree.
        .target(name: "BundledFiles", dependencies: ["CLoadedImage"]),
        // dladdr, which glibc declares only to C built with _GNU_SOURCE.
        .target(name: "CLoadedImage"),
        // mallopt, from malloc.h, which Swift's Glibc module does not export.
        .target(name: "CMallocTuning"),
        // A bounded, thread-safe cache and byte-compared string keys: the engine's and the
        // card model's deduplication.
        .target(name: "BoundedCache", dependencies: ["Locked"]),
        .target(
            name: "TextEngine",
            dependencies: [
                "Geometry", "BoundedCache", "Locked", "CFreeType", "CFreeTypeErrors", "CHarfBuzz", "CFontconfig", "CICU",
            ]),
        // The fonts shipped in Fonts/, found where the package is installed: the engine's
        // callers hand their chain to it (the engine does not know the install layout).
        .target(name: "BundledFonts", dependencies: ["TextEngine", "BundledFiles"]),
        // Card templates and their height for a width (constraint-lite self-sizing).
        .target(name: "CardModel", dependencies: ["Geometry", "BoundedCache", "TextEngine", "JSON"]),
        // Grid, flow, waterfall and compositional layouts of sized items.
        .target(name: "CollectionLayout", dependencies: ["Geometry"]),
        // Pictures of laid-out cards drawn with the engine's glyphs: SVG, and PNG through
        // FreeType's rasteriser and zlib.
        .target(name: "Preview", dependencies: ["Geometry", "TextEngine", "CardModel", "CFreeType", "CZlib"]),
        // A part of a laid-out catalog drawn: the records in a viewport read back and painted.
        .target(
            name: "CatalogPreview",
            dependencies: [
                "Preview", "CatalogLayout", "CatalogIO", "CardModel", "CollectionLayout", "Geometry", "TextEngine",
                "BoundedCache", "Locked",
            ]),
        // The JSONL request/result schema shared with the Pango reference harness; a catalog's
        // titles measured with one style.
        .target(name: "TextBatch", dependencies: ["TextEngine", "BundledFonts", "JSON", "CatalogIO", "Locked", "Parallel"]),
        // Streaming CSV and JSONL catalog readers, column mapping, output writers, error records.
        .target(
            name: "CatalogIO",
            dependencies: ["Geometry", "JSON", "Locked", .product(name: "SystemPackage", package: "swift-system")]),
        // Strict JSON read from bytes (numbers kept as written) and written to bytes.
        .target(name: "JSON"),
        // Deterministic catalogs of any size made from the bundled real ones (SplitMix64).
        .target(name: "CatalogGenerator", dependencies: ["BundledFiles", "CatalogIO", "JSON"]),
        // Catalogs measured and laid out: records in, card sizes and placed elements out, in
        // input order, streamed, on every core; the output records' schemas.
        .target(
            name: "CatalogLayout",
            dependencies: [
                "CatalogIO", "CardModel", "CollectionLayout", "Geometry", "JSON", "Locked", "Parallel", "TextEngine", "BundledFonts",
            ]),
        // The layout flags `cardsize` and `cardsize-serve` both take (ArgumentParser option
        // groups), read into the layout library's requests: neither program depends on the
        // other's commands.
        .target(
            name: "LayoutFlags",
            dependencies: [
                "CatalogLayout", "CatalogIO", "CardModel", "CollectionLayout", "Geometry", "TextEngine", "BundledFonts",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // The C interface (include/cardsize.h) over the libraries: handles, plain structs,
        // errors naming the field. Linked as libcardsize.so with the soname the header's users
        // link against.
        .target(
            name: "CardsizeC",
            dependencies: [
                "CCardsize", "TextEngine", "BundledFonts", "CardModel", "CatalogIO", "CatalogLayout", "CollectionLayout",
                "Geometry", "Parallel",
            ],
            linkerSettings: [
                // The soname users link against, versioned with the header's major version
                // (scripts/install.sh adds the libcardsize.so link); only the header's
                // functions exported.
                .unsafeFlags(["-Xlinker", "-soname=libcardsize.so.2", "-Xlinker", "--version-script=include/cardsize.map"])
            ]),
        // The engine over HTTP (Hummingbird): routes, limits, the OpenAPI document.
        .target(
            name: "CardsizeServer",
            dependencies: [
                "TextBatch", "TextEngine", "BundledFonts", "JSON", "CardModel", "CatalogIO", "CatalogLayout", "CollectionLayout",
                "Geometry", "CatalogPreview", "Preview", "Locked", "CZlib",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            // Compiled into the code, so that the program needs no resource bundle beside it.
            resources: [.embedInCode("Resources/openapi.yaml"), .embedInCode("Resources/viewer.html")]),
        .executableTarget(
            name: "cardsize-serve",
            dependencies: [
                "CardsizeServer", "LayoutFlags", "CatalogLayout", "CatalogIO", "CollectionLayout", "TextEngine", "CMallocTuning",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // Properties checked on arbitrary input, for libFuzzer (Fuzz/) and for the tests that
        // replay its corpora.
        .target(
            name: "FuzzTargets",
            dependencies: [
                "CatalogIO", "CatalogLayout", "CollectionLayout", "JSON", "TextBatch", "TextEngine", "BundledFonts", "CardModel",
                "Geometry",
            ]),
        // libFuzzer's entry point over the targets (scripts/fuzz.sh builds it with
        // -sanitize=fuzzer); built plainly, it replays input files through a target.
        .executableTarget(
            name: "cardsize-fuzz",
            dependencies: ["FuzzTargets"],
            path: "Fuzz/Driver"),
        // The command line's commands: flags parsed, the libraries called, results printed.
        .target(
            name: "CardsizeCommands",
            dependencies: [
                "LayoutFlags", "TextEngine", "BundledFonts", "TextBatch", "CatalogIO", "CatalogGenerator", "CatalogLayout", "CardModel", "CollectionLayout",
                "Preview", "CatalogPreview", "JSON",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .executableTarget(name: "cardsize", dependencies: ["CardsizeCommands"]),
        // The text benchmark against Pango (scripts/benchmark.sh); not part of the library.
        .executableTarget(
            name: "text-benchmark",
            dependencies: [
                "TextEngine", "BundledFonts", "CatalogIO", "CatalogGenerator",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Benchmarks/TextBenchmark"),
        // The layouts at a million items, rect queries, appends (scripts/benchmark.sh).
        .executableTarget(
            name: "layout-benchmark",
            dependencies: ["CollectionLayout", "Geometry", "CatalogGenerator"],
            path: "Benchmarks/LayoutBenchmark"),
        // The command line end to end on generated catalogs, as child processes
        // (scripts/benchmark.sh): time, CPU, peak memory, allocations, same bytes per thread count.
        .executableTarget(
            name: "end-to-end-benchmark",
            dependencies: [.product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Benchmarks/EndToEnd"),
        .testTarget(
            name: "TextEngineTests",
            dependencies: ["TextEngine", "BundledFonts", "TextBatch", "CatalogIO", "CatalogGenerator", "Geometry", "CHarfBuzz"],
            exclude: ["KNOWN-DIFFERENCES-linebreak.md"]),
        .testTarget(
            name: "BoundedCacheTests",
            dependencies: ["BoundedCache"]),
        .testTarget(
            name: "CatalogIOTests",
            dependencies: ["CatalogIO", "CatalogGenerator", .product(name: "SystemPackage", package: "swift-system")]),
        .testTarget(
            name: "ParallelTests",
            dependencies: ["Parallel"]),
        .testTarget(
            name: "JSONTests",
            dependencies: ["JSON", "CatalogGenerator"]),
        .testTarget(
            name: "CatalogGeneratorTests",
            dependencies: ["CatalogGenerator", "CatalogIO"]),
        .testTarget(
            name: "CatalogLayoutTests",
            dependencies: ["CatalogLayout", "CatalogGenerator", "CatalogIO", "CardModel", "CollectionLayout", "Geometry", "TextEngine", "BundledFonts"]),
        .testTarget(
            name: "TextBatchTests",
            dependencies: ["TextBatch", "BundledFonts", "CatalogGenerator", "CatalogIO"]),
        .testTarget(
            name: "GeometryTests",
            dependencies: ["Geometry"]),
        .testTarget(
            name: "CardModelTests",
            dependencies: ["CardModel", "TextEngine", "BundledFonts", "CatalogIO", "CollectionLayout"]),
        .testTarget(
            name: "CollectionLayoutTests",
            dependencies: ["CollectionLayout", "Geometry", "CatalogGenerator"]),
        .testTarget(
            name: "PreviewTests",
            dependencies: [
                "Preview", "CardModel", "TextEngine", "BundledFonts", "CollectionLayout", "CatalogIO", "CatalogLayout", "Geometry",
            ]),
        .testTarget(
            name: "CatalogPreviewTests",
            dependencies: [
                "CatalogPreview", "Preview", "CatalogLayout", "CatalogIO", "CardModel", "CollectionLayout", "Geometry",
                "TextEngine", "BundledFonts",
            ]),
        .testTarget(
            name: "FuzzTargetsTests",
            dependencies: ["FuzzTargets"]),
        .testTarget(
            name: "CardsizeServerTests",
            dependencies: [
                "CardsizeServer", "LayoutFlags", "CatalogLayout", "CatalogIO", "TextBatch", "TextEngine", "BundledFonts", "JSON",
                "Locked",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
            ]),
        .testTarget(
            name: "LockedTests",
            dependencies: ["Locked"]),
        .testTarget(
            name: "BundledFontsTests",
            dependencies: ["BundledFonts", "TextEngine"]),
        .testTarget(
            name: "LayoutFlagsTests",
            dependencies: [
                "LayoutFlags", "CatalogLayout", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .testTarget(
            name: "BundledFilesTests",
            dependencies: ["BundledFiles"]),
        .testTarget(
            name: "CardsizeCommandsTests",
            dependencies: [
                "CardsizeCommands", "LayoutFlags", "CatalogLayout", "CollectionLayout", "Geometry",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // The C interface called from Swift; Tests/CInterface calls it from C, through the built library.
        .testTarget(
            name: "CardsizeCTests",
            dependencies: ["CardsizeC", "CCardsize", "CatalogIO"]),
        .testTarget(
            name: "cardsizeTests",
            dependencies: ["TextBatch", "CatalogIO", "Preview"]),
    ]
)
