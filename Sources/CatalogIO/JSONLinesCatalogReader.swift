// Catalog records from JSON Lines: one JSON object per line, keys named by the mapping.
import Foundation

/// Decodes each non-blank line of a JSON Lines input into a ``CatalogRecord`` or a
/// ``CatalogError``.
///
/// Each line holds one JSON object; the mapping's names are its keys. A mapped value may be a
/// string or a number (an id of `12` reads as `"12"`, `2.5` as `"2.5"`); `null` reads as an
/// empty value; a missing key, or a boolean, array or object value, fails the record. A line
/// that is not valid JSON (including invalid UTF-8) or not an object fails as a whole. Blank
/// lines (only spaces, tabs or CR) are skipped without producing a record.
struct JSONLinesCatalogReader: IteratorProtocol {
    private var lines: BoundedLineReader
    private let decoder: CatalogRecordDecoder
    private let jsonDecoder = JSONDecoder()
    private var recordsRead = 0

    init(handle: FileHandle, mapping: ColumnMapping, maximumLineBytes: Int) {
        lines = BoundedLineReader(handle: handle, maximumLineBytes: maximumLineBytes)
        decoder = CatalogRecordDecoder(mapping: mapping)
        jsonDecoder.userInfo[.mappedKeys] = mapping.mappedColumns
    }

    mutating func next() -> Result<CatalogRecord, CatalogError>? {
        while let line = lines.next() {
            switch line {
            case .success(let line) where line.bytes.allSatisfy(Self.isBlank):
                continue
            case .success(let line):
                recordsRead += 1
                return decode(line)
            case .failure(let failure):
                recordsRead += 1
                return .failure(lineError(line: failure.number, message: failure.message))
            }
        }
        return nil
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == ASCII.space || byte == ASCII.tab || byte == ASCII.carriageReturn
    }

    private func decode(_ line: InputLine) -> Result<CatalogRecord, CatalogError> {
        let object: JSONLineObject
        do {
            object = try jsonDecoder.decode(JSONLineObject.self, from: Data(line.bytes))
        } catch DecodingError.typeMismatch(_, let context) where context.codingPath.isEmpty {
            return .failure(lineError(line: line.number, message: "not a JSON object"))
        } catch {
            return .failure(lineError(line: line.number, message: "not valid JSON"))
        }
        return decoder.decode(line: line.number, recordNumber: recordsRead) {
            key throws(FieldFailure) in try object.text(for: key)
        }
    }

    private func lineError(line: Int, message: String) -> CatalogError {
        CatalogError(
            line: line, recordNumber: recordsRead, field: nil, message: message, recordID: nil)
    }
}

extension CodingUserInfoKey {
    /// The keys a ``JSONLineObject`` decodes (`[String]`); other keys are skipped.
    fileprivate static let mappedKeys = CodingUserInfoKey(rawValue: "CatalogIO.mappedKeys")!
}

/// The mapped keys present in one JSON Lines object, with their values.
private struct JSONLineObject: Decodable {
    private var values: [String: JSONScalarText] = [:]

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        for key in decoder.userInfo[.mappedKeys] as? [String] ?? [] {
            let codingKey = JSONKey(stringValue: key)
            if container.contains(codingKey) {
                values[key] = try container.decode(JSONScalarText.self, forKey: codingKey)
            }
        }
    }

    func text(for key: String) throws(FieldFailure) -> String {
        guard let value = values[key] else {
            throw FieldFailure(field: key, message: "missing field")
        }
        guard let text = value.text else {
            throw FieldFailure(field: key, message: "not a string or number")
        }
        return text
    }
}

/// A JSON value as catalog text: strings as they are, integers in decimal, other numbers in
/// Swift's shortest form, `null` as empty; `nil` for booleans, arrays and objects.
private struct JSONScalarText: Decodable {
    let text: String?

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            text = ""
        } else if let string = try? container.decode(String.self) {
            text = string
        } else if let integer = try? container.decode(Int64.self) {
            text = String(integer)
        } else if let number = try? container.decode(Double.self) {
            text = number.description
        } else {
            text = nil
        }
    }
}

/// Any object key.
private struct JSONKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
