// The card measurer of the C interface: a template, records in, card sizes out.
import BundledFonts
import CCardsize
import CardModel
import CatalogIO
import CatalogLayout
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Geometry
import TextEngine

/// What a `cardsize_card_measurer` handle holds: immutable, shared by every thread.
final class CardMeasurerHandle: Sendable {
    let measurer: CardMeasurer
    let cards: CatalogCardMaker

    init(_ options: cardsize_card_options) throws {
        let source = try string(options.template_name_or_json, "template_name_or_json")
        let template = try CardTemplate.builtIn[source] ?? CardTemplate(json: Data(source.utf8))
        let scale = try finite(options.scale, "scale")
        if let problem = TextStyle.displayScaleProblem(scale) { throw InterfaceError.invalid("scale", problem) }
        guard options.cache_capacity <= 1 << 26 else {
            throw InterfaceError.invalid("cache_capacity", "must be at most \(1 << 26), got \(options.cache_capacity)")
        }
        let language = try options.language.map { try string($0, "language") } ?? "auto"
        var coverSizes: CoverSizes?
        if let path = options.cover_sizes_path {
            let path = try string(path, "cover_sizes_path")
            do {
                coverSizes = try CoverSizes(path: path)
            } catch {
                throw InterfaceError(CARDSIZE_ERROR_RECORD, field: "cover_sizes_path", "cover_sizes_path: \(error)")
            }
        }
        // The caches of the command line's card measurer: same results, repeats looked up
        // (cards and label measurements; no prepared texts, as there).
        let capacity = options.cache_capacity
        measurer = try CardMeasurer(
            template: template, fonts: BundledFonts.chain(), displayScale: scale,
            textMeasurer: TextMeasurer(measurementCacheCapacity: capacity), cardCacheCapacity: capacity)
        cards = CatalogCardMaker(language: CardLanguage(argument: language), coverSizes: coverSizes)
    }

    /// The card `record` describes, checked field by field.
    func card(_ record: cardsize_record, index: Int) throws -> CardRecord {
        /// A field of the record, "missing field" when NULL (as a catalog's error record says).
        func field(_ pointer: UnsafePointer<CChar>?, _ name: String) throws -> String {
            guard pointer != nil else { throw InterfaceError.invalid(name, "missing field") }
            return try string(pointer, name)
        }
        let id = try field(record.id, "id")
        guard !id.isEmpty else { throw InterfaceError.invalid("id", "must not be empty") }
        do {
            var imageSize: Size?
            if record.image_width != 0 || record.image_height != 0 {
                let width = try finite(record.image_width, "image_width")
                let height = try finite(record.image_height, "image_height")
                guard width > 0, height > 0 else {
                    throw InterfaceError.invalid("image_width", "a cover size must be positive, got \(width) × \(height)")
                }
                imageSize = Size(width: width, height: height)
            }
            return cards.card(
                id: id, title: try field(record.title, "title"), author: try field(record.author, "author"),
                imageSize: imageSize)
        } catch var error as InterfaceError {
            error.message = "record '\(id)': \(error.message)"
            throw error
        }
    }
}

extension cardsize_card_size {
    init(_ measurement: CardMeasurement) {
        self.init(
            width: measurement.size.width, height: measurement.size.height,
            title_lines: Int32(clamping: measurement.titleLineCount), title_truncated: measurement.isTitleTruncated ? 1 : 0,
            title_slack: measurement.titleMinimumSlack)
    }
}

@_cdecl("cardsize_card_options_init")
public func cardsize_card_options_init(_ options: UnsafeMutablePointer<cardsize_card_options>?, _ kind: cardsize_layout_kind) {
    let request = CatalogLayoutRequest(kind: (try? CatalogLayoutKind(kind)) ?? .grid)
    options?.pointee = cardsize_card_options(
        template_name_or_json: builtInTemplateNames[request.template]!.pointer, scale: request.screen.scale, language: nil,
        cover_sizes_path: nil, cache_capacity: 1 << 17)
}

/// The built-in templates' names, in static storage: the defaults' names.
private let builtInTemplateNames = Dictionary(uniqueKeysWithValues: CardTemplate.builtIn.keys.map { ($0, StaticCString($0)) })

@_cdecl("cardsize_card_measurer_create")
public func cardsize_card_measurer_create(
    _ options: UnsafePointer<cardsize_card_options>?, _ error: UnsafeMutablePointer<cardsize_error>?
) -> OpaquePointer? {
    making(error) {
        guard let options else { throw InterfaceError.null("options") }
        return try CardMeasurerHandle(options.pointee)
    }
}

@_cdecl("cardsize_card_measurer_destroy")
public func cardsize_card_measurer_destroy(_ measurer: OpaquePointer?) {
    release(measurer)
}

@_cdecl("cardsize_measure_cards")
public func cardsize_measure_cards(
    _ measurer: OpaquePointer?, _ records: UnsafePointer<cardsize_record>?, _ count: Int, _ width: Double,
    _ threads: Int, _ sizes: UnsafeMutablePointer<cardsize_card_size>?, _ statuses: UnsafeMutablePointer<cardsize_status>?,
    _ errors: UnsafeMutablePointer<cardsize_error>?, _ error: UnsafeMutablePointer<cardsize_error>?
) -> cardsize_status {
    reporting(error) {
        let handle = try object(measurer, as: CardMeasurerHandle.self, field: "measurer")
        let width = try cardWidth(width)
        guard count > 0 else { return }
        guard let records else { throw InterfaceError.null("records") }
        guard let sizes else { throw InterfaceError.null("sizes") }
        guard let statuses else { throw InterfaceError.null("statuses") }
        let shared = CardBuffers(records: records, sizes: sizes)
        try eachItem(count: count, threads: threads, statuses: statuses, errors: errors, what: "records") { index in
            shared.sizes[index] = cardsize_card_size()
            let card = try handle.card(shared.records[index], index: index)
            do {
                shared.sizes[index] = cardsize_card_size(
                    try handle.measurer.measure(record: card, width: width, withFrames: false))
            } catch {
                var failure = InterfaceError(any: error)
                failure.message = "record '\(card.id)': \(failure.message)"
                throw failure
            }
        }
    }
}

/// The caller's arrays of a card batch, written at distinct indices by several threads.
private struct CardBuffers: @unchecked Sendable {
    let records: UnsafePointer<cardsize_record>
    let sizes: UnsafeMutablePointer<cardsize_card_size>
}

@_cdecl("cardsize_measure_catalog")
public func cardsize_measure_catalog(
    _ measurer: OpaquePointer?, _ path: UnsafePointer<CChar>?, _ width: Double, _ threads: Int,
    _ callback: cardsize_card_callback?, _ context: UnsafeMutableRawPointer?,
    _ error: UnsafeMutablePointer<cardsize_error>?
) -> cardsize_status {
    reporting(error) {
        let handle = try object(measurer, as: CardMeasurerHandle.self, field: "measurer")
        let path = try string(path, "path")
        let width = try cardWidth(width)
        let threads = try threadCount(threads)
        guard let callback else { throw InterfaceError.null("callback") }
        let reader: CatalogReader
        do {
            reader = try CatalogReader(path: path)
        } catch {
            throw InterfaceError(CARDSIZE_ERROR_RECORD, field: "path", "path: \(error)")
        }
        var run = CatalogCardRun(
            reader: reader, cards: handle.cards, measurer: handle.measurer, widths: CardWidths(uniform: width),
            threads: threads == 0 ? nil : threads)
        var index = 0
        try run.run { outcomes in
            for outcome in outcomes {
                var failure = cardsize_error()
                var size = cardsize_card_size()
                let id: String
                switch outcome {
                case .card(let cardID, _, let measurement):
                    id = cardID
                    size = cardsize_card_size(measurement)
                    failure.fill(nil)
                case .failure(let record):
                    id = record.id ?? ""
                    failure.fill(InterfaceError(record))
                }
                id.withCString { callback(context, index, $0, &size, &failure) }
                index += 1
            }
        }
    }
}
