// The text measurer of the C interface: a style, a measurer, one text or many.
import BundledFonts
import CCardsize
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Parallel
import TextEngine

/// What a `cardsize_text_measurer` handle holds: immutable, shared by every thread.
final class TextMeasurerHandle: Sendable {
    let measurer: TextMeasurer
    let style: TextStyle

    init(style: TextStyle, cacheCapacity: Int) throws {
        measurer = TextMeasurer(measurementCacheCapacity: cacheCapacity)
        self.style = style
        // Preparing a text checks the style (sizes, the language's line breaker) now,
        // rather than at the first measurement.
        _ = try measurer.prepare("", style: style)
    }

    func measure(_ text: String, _ box: TextBox) throws -> TextMeasurement {
        try measurer.measure(
            text, style: style, width: box.width, maxLines: box.maxLines, reserveLines: box.reserveLines,
            ellipsize: box.ellipsize)
    }
}

/// A `cardsize_text_box`, checked.
struct TextBox {
    var width: Double
    var maxLines: Int
    var reserveLines: Int
    var ellipsize: Bool

    init(_ box: UnsafePointer<cardsize_text_box>?) throws {
        guard let box = box?.pointee else { throw InterfaceError.null("box") }
        guard box.width >= 0, !box.width.isNaN else {
            throw InterfaceError.invalid("width", "must be a number ≥ 0 (0 for no wrapping), got \(box.width)")
        }
        width = box.width == 0 ? .infinity : box.width
        guard box.max_lines >= 0 else { throw InterfaceError.invalid("max_lines", "must be ≥ 0, got \(box.max_lines)") }
        maxLines = Int(box.max_lines)
        guard (0...TextMeasurer.maximumReserveLines).contains(Int(box.reserve_lines)) else {
            throw InterfaceError.invalid(
                "reserve_lines", "must be in 0...\(TextMeasurer.maximumReserveLines), got \(box.reserve_lines)")
        }
        reserveLines = Int(box.reserve_lines)
        ellipsize = box.ellipsize != 0
    }
}

extension TextStyle {
    /// The style a `cardsize_text_style` describes, its fonts loaded.
    init(_ style: UnsafePointer<cardsize_text_style>?) throws {
        guard let style = style?.pointee else { throw InterfaceError.null("style") }
        let fonts: FontChain
        if style.font_file_count == 0 {
            fonts = try BundledFonts.chain()
        } else {
            guard let files = style.font_files else { throw InterfaceError.null("font_files") }
            let references = try (0..<style.font_file_count).map { index in
                FontFaceReference(parsing: try string(files[index], "font_files[\(index)]"))
            }
            fonts = try FontChain(references: references)
        }
        let language = try style.language.map { try string($0, "language") } ?? "en"
        guard !language.isEmpty else { throw InterfaceError.invalid("language", "must not be empty") }
        let profile: MetricsProfile =
            switch style.profile {
            case CARDSIZE_PROFILE_UIKIT: .uikit
            case CARDSIZE_PROFILE_PANGO: .pango
            case CARDSIZE_PROFILE_BROWSER: .browser
            default: throw InterfaceError.invalid("profile", "unknown value \(style.profile.rawValue)")
            }
        let lineBreak: LineBreakStrictness =
            switch style.line_break {
            case CARDSIZE_LINE_BREAK_STRICT: .strict
            case CARDSIZE_LINE_BREAK_NORMAL: .normal
            case CARDSIZE_LINE_BREAK_LOOSE: .loose
            case CARDSIZE_LINE_BREAK_PHRASE: .phrase
            case CARDSIZE_LINE_BREAK_AUTO: .auto
            case CARDSIZE_LINE_BREAK_ANYWHERE: .anywhere
            case CARDSIZE_LINE_BREAK_PROFILE_DEFAULT: profile.defaultLineBreak
            default: throw InterfaceError.invalid("line_break", "unknown value \(style.line_break.rawValue)")
            }
        let css = try CSSText(
            lineHeight: style.line_height.map { try string($0, "line_height") },
            whiteSpace: style.white_space.map { try string($0, "white_space") },
            wordBreak: style.word_break.map { try string($0, "word_break") },
            overflowWrap: style.overflow_wrap.map { try string($0, "overflow_wrap") },
            letterSpacing: style.letter_spacing.map { try string($0, "letter_spacing") })
        self.init(
            fonts: fonts, size: style.size, displayScale: style.scale, language: language,
            lineSpacing: style.line_spacing, lineBreak: lineBreak, profile: profile, css: css)
    }
}

extension cardsize_text_metrics {
    init(_ measurement: TextMeasurement) {
        self.init(
            height: measurement.height, width: measurement.width, natural_width: measurement.naturalWidth,
            minimum_slack: measurement.minimumSlack, line_count: Int32(clamping: measurement.lineCount),
            truncated: measurement.isTruncated ? 1 : 0,
            missing_glyphs: Int32(clamping: measurement.missingGlyphs.count))
    }
}

@_cdecl("cardsize_version")
public func cardsize_version() -> UnsafePointer<CChar> {
    versionText.pointer
}

/// The version string, in static storage for the life of the process.
private let versionText = StaticCString("\(CARDSIZE_API_VERSION_MAJOR).\(CARDSIZE_API_VERSION_MINOR)")

/// A C string allocated once and never freed (the version's contract).
final class StaticCString: Sendable {
    nonisolated(unsafe) let pointer: UnsafePointer<CChar>
    init(_ text: String) { pointer = UnsafePointer(strdup(text)!) }
}

@_cdecl("cardsize_text_style_init")
public func cardsize_text_style_init(_ style: UnsafeMutablePointer<cardsize_text_style>?) {
    style?.pointee = cardsize_text_style(
        font_files: nil, font_file_count: 0, size: TextStyle.standardSize, scale: 1, language: nil, line_spacing: 1,
        line_break: CARDSIZE_LINE_BREAK_PROFILE_DEFAULT, profile: CARDSIZE_PROFILE_UIKIT, line_height: nil,
        white_space: nil, word_break: nil, overflow_wrap: nil, letter_spacing: nil)
}

@_cdecl("cardsize_text_box_init")
public func cardsize_text_box_init(_ box: UnsafeMutablePointer<cardsize_text_box>?) {
    box?.pointee = cardsize_text_box(width: 0, max_lines: 0, reserve_lines: 0, ellipsize: 1)
}

@_cdecl("cardsize_text_measurer_create")
public func cardsize_text_measurer_create(
    _ style: UnsafePointer<cardsize_text_style>?, _ cacheCapacity: Int, _ error: UnsafeMutablePointer<cardsize_error>?
) -> OpaquePointer? {
    making(error) {
        guard cacheCapacity <= 1 << 26 else {
            throw InterfaceError.invalid("cache_capacity", "must be at most \(1 << 26), got \(cacheCapacity)")
        }
        return try TextMeasurerHandle(style: TextStyle(style), cacheCapacity: cacheCapacity)
    }
}

@_cdecl("cardsize_text_measurer_destroy")
public func cardsize_text_measurer_destroy(_ measurer: OpaquePointer?) {
    release(measurer)
}

@_cdecl("cardsize_measure_text")
public func cardsize_measure_text(
    _ measurer: OpaquePointer?, _ text: UnsafePointer<CChar>?, _ length: Int, _ box: UnsafePointer<cardsize_text_box>?,
    _ metrics: UnsafeMutablePointer<cardsize_text_metrics>?, _ error: UnsafeMutablePointer<cardsize_error>?
) -> cardsize_status {
    reporting(error) {
        let handle = try object(measurer, as: TextMeasurerHandle.self, field: "measurer")
        guard let metrics else { throw InterfaceError.null("metrics") }
        let measurement = try handle.measure(utf8(text, length, "text"), TextBox(box))
        metrics.pointee = cardsize_text_metrics(measurement)
    }
}

@_cdecl("cardsize_measure_text_lines")
public func cardsize_measure_text_lines(
    _ measurer: OpaquePointer?, _ text: UnsafePointer<CChar>?, _ length: Int, _ box: UnsafePointer<cardsize_text_box>?,
    _ lines: UnsafeMutablePointer<cardsize_text_line>?, _ capacity: Int, _ lineCount: UnsafeMutablePointer<Int>?,
    _ error: UnsafeMutablePointer<cardsize_error>?
) -> cardsize_status {
    reporting(error) {
        let handle = try object(measurer, as: TextMeasurerHandle.self, field: "measurer")
        guard let lineCount else { throw InterfaceError.null("line_count") }
        let measurement = try handle.measure(utf8(text, length, "text"), TextBox(box))
        let measured = measurement.lines.map {
            cardsize_text_line(
                start: Int64($0.scalarOffset), width: $0.width, height: $0.height, slack: $0.slack,
                has_ellipsis: $0.hasEllipsis ? 1 : 0)
        }
        try copy(measured, into: lines, capacity: capacity, count: lineCount, field: "lines")
    }
}

/// Copies `elements` into a caller's buffer, or reports how many it needs.
func copy<Element>(
    _ elements: [Element], into buffer: UnsafeMutablePointer<Element>?, capacity: Int,
    count: UnsafeMutablePointer<Int>, field: String
) throws {
    count.pointee = elements.count
    guard elements.count <= capacity else {
        throw InterfaceError(
            CARDSIZE_ERROR_BUFFER_TOO_SMALL, field: field,
            "\(field): \(elements.count) elements do not fit in a buffer of \(capacity)", needed: elements.count)
    }
    guard !elements.isEmpty else { return }
    guard let buffer else { throw InterfaceError.null(field) }
    buffer.update(from: elements, count: elements.count)
}

@_cdecl("cardsize_measure_texts")
public func cardsize_measure_texts(
    _ measurer: OpaquePointer?, _ texts: UnsafePointer<UnsafePointer<CChar>?>?, _ lengths: UnsafePointer<Int>?,
    _ count: Int, _ box: UnsafePointer<cardsize_text_box>?, _ threads: Int,
    _ metrics: UnsafeMutablePointer<cardsize_text_metrics>?, _ statuses: UnsafeMutablePointer<cardsize_status>?,
    _ errors: UnsafeMutablePointer<cardsize_error>?, _ error: UnsafeMutablePointer<cardsize_error>?
) -> cardsize_status {
    reporting(error) {
        let handle = try object(measurer, as: TextMeasurerHandle.self, field: "measurer")
        let box = try TextBox(box)
        guard count > 0 else { return }
        guard let texts else { throw InterfaceError.null("texts") }
        guard let lengths else { throw InterfaceError.null("lengths") }
        guard let metrics else { throw InterfaceError.null("metrics") }
        guard let statuses else { throw InterfaceError.null("statuses") }
        let shared = TextBuffers(texts: texts, lengths: lengths, metrics: metrics)
        try eachItem(count: count, threads: threads, statuses: statuses, errors: errors, what: "texts") { index in
            shared.metrics[index] = cardsize_text_metrics()
            let text = try utf8(shared.texts[index], shared.lengths[index], "texts[\(index)]")
            shared.metrics[index] = cardsize_text_metrics(try handle.measure(text, box))
        }
    }
}

/// The caller's arrays of a text batch, written at distinct indices by several threads.
private struct TextBuffers: @unchecked Sendable {
    let texts: UnsafePointer<UnsafePointer<CChar>?>
    let lengths: UnsafePointer<Int>
    let metrics: UnsafeMutablePointer<cardsize_text_metrics>
}

/// Runs `body` for every item of a batch on up to `threads` threads, recording each item's
/// status (and error, when the caller gave an array for them); throws the first failure,
/// named by its index, as the call's error.
func eachItem(
    count: Int, threads: Int, statuses: UnsafeMutablePointer<cardsize_status>,
    errors: UnsafeMutablePointer<cardsize_error>?, what: String, _ body: @Sendable (Int) throws -> Void
) throws {
    let failures = UnsafeMutableBufferPointer<InterfaceError?>.allocate(capacity: count)
    failures.initialize(repeating: nil)
    defer { failures.deinitialize().deallocate() }
    let shared = ItemOutcomes(statuses: statuses, errors: errors, failures: failures)
    try inParallel(count: count, threads: threads) { index in
        var failure: InterfaceError?
        do { try body(index) } catch { failure = InterfaceError(any: error) }
        shared.statuses[index] = failure?.code ?? CARDSIZE_OK
        shared.errors?[index].fill(failure)
        shared.failures[index] = failure
    }
    if let index = failures.firstIndex(where: { $0 != nil }), var first = failures[index] {
        first.message = "\(what)[\(index)]: \(first.message)"
        throw first
    }
}

/// Where a batch's items record their outcomes, each at its own index.
private struct ItemOutcomes: @unchecked Sendable {
    let statuses: UnsafeMutablePointer<cardsize_status>
    let errors: UnsafeMutablePointer<cardsize_error>?
    let failures: UnsafeMutableBufferPointer<InterfaceError?>
}

/// Calls `body` for every index in `0..<count`, on up to `threads` threads (0: every core).
func inParallel(count: Int, threads: Int, _ body: @Sendable (Int) -> Void) throws {
    let threads = try threadCount(threads)
    Parallel.forEachIndex(count: count, threads: threads == 0 ? nil : threads, body)
}

