// Errors across the C interface: a status code, the field at fault and a message, written
// into the caller's `cardsize_error`.
import CCardsize
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CardModel
import CatalogIO
import CollectionLayout
import TextEngine

/// An error on its way to a `cardsize_error`.
struct InterfaceError: Error {
    var code: cardsize_status
    var field: String
    var message: String
    var needed = 0

    init(_ code: cardsize_status, field: String, _ message: String, needed: Int = 0) {
        self.code = code
        self.field = field
        self.message = message
        self.needed = needed
    }

    static func invalid(_ field: String, _ reason: String) -> InterfaceError {
        InterfaceError(CARDSIZE_ERROR_INVALID_ARGUMENT, field: field, "\(field): \(reason)")
    }

    static func null(_ field: String) -> InterfaceError { invalid(field, "must not be NULL") }

    init(_ error: TextEngineError) {
        switch error {
        case .fontFile, .bundledFonts, .systemFontNotFound:
            self.init(CARDSIZE_ERROR_FONT, field: "fonts", "\(error)")
        case .lineBreaker:
            self.init(CARDSIZE_ERROR_INVALID_ARGUMENT, field: "language", "\(error)")
        case .invalidValue(let field, _):
            self.init(CARDSIZE_ERROR_INVALID_ARGUMENT, field: field, "\(error)")
        }
    }

    init(_ error: CardModelError) {
        switch error {
        case .invalidTemplate, .unreadableTemplate:
            self.init(CARDSIZE_ERROR_TEMPLATE, field: "template", "\(error)")
        case .invalidValue(let field, _):
            self.init(CARDSIZE_ERROR_INVALID_ARGUMENT, field: field, "\(error)")
        case .invalidRecord(_, _, let field, _), .textEngine(_, let field, _):
            self.init(CARDSIZE_ERROR_RECORD, field: field, "\(error)")
        }
    }

    init(_ error: CollectionLayoutError) {
        var field = ""
        if case .invalidValue(let name, _) = error { field = name }
        self.init(CARDSIZE_ERROR_LAYOUT, field: field, "\(error)")
    }

    init(_ record: ErrorRecord) {
        let id = record.id.map { "record '\($0)'" } ?? "a record"
        let line = record.line > 0 ? " (line \(record.line))" : ""
        self.init(CARDSIZE_ERROR_RECORD, field: record.field ?? "", "\(id)\(line): \(record.message)")
    }

    /// Any error thrown by the engine.
    init(any error: any Error) {
        switch error {
        case let error as InterfaceError: self = error
        case let error as TextEngineError: self.init(error)
        case let error as CardModelError: self.init(error)
        case let error as CollectionLayoutError: self.init(error)
        default: self.init(CARDSIZE_ERROR_INTERNAL, field: "", "\(error)")
        }
    }

    /// Writes the error into `target` (when not NULL) and returns its code.
    @discardableResult
    func report(to target: UnsafeMutablePointer<cardsize_error>?) -> cardsize_status {
        target?.pointee.fill(self)
        return code
    }
}

extension cardsize_error {
    /// Sets every field: `CARDSIZE_OK` and empty strings, or the error.
    mutating func fill(_ error: InterfaceError?) {
        guard let error else {
            // Success, once per item of a batch: no strings to copy.
            code = CARDSIZE_OK
            needed = 0
            field.0 = 0
            message.0 = 0
            return
        }
        code = error.code
        needed = error.needed
        Self.copy(error.field, into: &field)
        Self.copy(error.message, into: &message)
    }

    /// Copies `text` into a fixed C array, NUL-terminated, cut between characters (whole
    /// scalars) when it does not fit.
    private static func copy<Storage>(_ text: String, into storage: inout Storage) {
        withUnsafeMutableBytes(of: &storage) { buffer in
            var length = 0
            for scalar in text.unicodeScalars {
                guard length + UTF8.width(scalar) < buffer.count else { break }
                length += UTF8.width(scalar)
            }
            buffer.copyBytes(from: text.utf8.prefix(length))
            buffer[length] = 0
        }
    }
}

/// Runs `body`, turning anything it throws into a status (and the caller's error).
func reporting(_ target: UnsafeMutablePointer<cardsize_error>?, _ body: () throws -> Void) -> cardsize_status {
    do {
        try body()
        target?.pointee.fill(nil)
        return CARDSIZE_OK
    } catch {
        return InterfaceError(any: error).report(to: target)
    }
}

/// Runs `body`, which makes a handle; NULL (and the caller's error) when it throws.
func making(_ target: UnsafeMutablePointer<cardsize_error>?, _ body: () throws -> AnyObject) -> OpaquePointer? {
    do {
        let handle = try body()
        target?.pointee.fill(nil)
        return OpaquePointer(Unmanaged.passRetained(handle).toOpaque())
    } catch {
        InterfaceError(any: error).report(to: target)
        return nil
    }
}

/// The object behind a handle made by ``making(_:_:)``, borrowed for a call.
func object<Object: AnyObject>(_ handle: OpaquePointer?, as type: Object.Type, field: String) throws -> Object {
    guard let handle else { throw InterfaceError.null(field) }
    return Unmanaged<Object>.fromOpaque(UnsafeRawPointer(handle)).takeUnretainedValue()
}

/// Releases a handle made by ``making(_:_:)``; NULL is ignored.
func release(_ handle: OpaquePointer?) {
    guard let handle else { return }
    Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(handle)).release()
}

/// Checks that a C number is finite.
func finite(_ value: Double, _ field: String) throws -> Double {
    guard value.isFinite else { throw InterfaceError.invalid(field, "must be a finite number, got \(value)") }
    return value
}

/// A card width: finite and more than 0.
func cardWidth(_ width: Double) throws -> Double {
    guard width.isFinite, width > 0 else { throw InterfaceError.invalid("width", "must be a finite number > 0, got \(width)") }
    return width
}

/// A thread count: 0 (every core) to 1024.
func threadCount(_ threads: Int) throws -> Int {
    guard (0...1024).contains(threads) else { throw InterfaceError.invalid("threads", "must be in 0...1024, got \(threads)") }
    return threads
}

/// A NUL-terminated UTF-8 C string as a `String`, checked.
func string(_ pointer: UnsafePointer<CChar>?, _ field: String) throws -> String {
    guard let pointer else { throw InterfaceError.null(field) }
    return try utf8(UnsafeRawPointer(pointer), strlen(pointer), field)
}

/// `length` bytes of UTF-8 at `pointer` as a `String`, checked (NULL is allowed when empty).
func utf8(_ pointer: UnsafeRawPointer?, _ length: Int, _ field: String) throws -> String {
    guard length > 0 else { return "" }
    guard let pointer else { throw InterfaceError.null(field) }
    let bytes = UnsafeBufferPointer(start: pointer.assumingMemoryBound(to: UInt8.self), count: length)
    guard let text = String(validating: bytes, as: UTF8.self) else {
        let offset = firstInvalidUTF8Offset(bytes)
        throw InterfaceError(CARDSIZE_ERROR_INVALID_UTF8, field: field, "\(field): not valid UTF-8 (at byte \(offset))")
    }
    return text
}

/// Where UTF-8 decoding of `bytes` first fails.
private func firstInvalidUTF8Offset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var decoder = UTF8()
    var iterator = bytes.makeIterator()
    var offset = 0
    while true {
        switch decoder.decode(&iterator) {
        case .scalarValue(let scalar): offset += UTF8.width(scalar)
        case .emptyInput, .error: return offset
        }
    }
}
