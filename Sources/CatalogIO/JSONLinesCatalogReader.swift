// Catalog records from JSON Lines: one JSON object per line, keys named by the mapping.
import JSON

/// Decodes each non-blank line of a JSON Lines input into a ``CatalogRecord`` or a
/// ``CatalogError``.
///
/// Each line holds one JSON object; the mapping's names are its keys. A mapped value may be a
/// string or a number, read as written (an id of `12` reads as `"12"`, `2.50` as `"2.50"`,
/// `12345678901234567890123` unchanged); `null` reads as an empty value; a missing key, or a
/// boolean, array or object value, fails the record. A line that is not strict JSON
/// (``JSONParser``), not valid UTF-8 or not an object fails as a whole, and so does a line
/// over the length limit, whatever it holds (it is not kept to be looked at). Blank lines
/// (only spaces, tabs or CR) are skipped without producing a record.
struct JSONLinesCatalogReader: IteratorProtocol {
    private var lines: BoundedLineReader
    private let decoder: CatalogRecordDecoder
    private var recordsRead = 0

    init(input: InputFile, mapping: ColumnMapping, maximumLineBytes: Int) {
        lines = BoundedLineReader(input: input, maximumLineBytes: maximumLineBytes)
        decoder = CatalogRecordDecoder(mapping: mapping)
    }

    var isWaitingForInput: Bool { lines.isWaitingForInput }

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
        let members: [(key: String, value: JSONValue)]
        do {
            guard let object = try JSONParser.members(ofObject: line.bytes) else {
                return .failure(lineError(line: line.number, message: "not a JSON object"))
            }
            members = object
        } catch {
            let valid = String(validating: line.bytes, as: UTF8.self) != nil
            return .failure(lineError(line: line.number, message: valid ? "not valid JSON: \(error)" : "not valid UTF-8"))
        }
        return decoder.record(members: members, line: line.number, recordNumber: recordsRead)
    }

    private func lineError(line: Int, message: String) -> CatalogError {
        CatalogError(
            line: line, recordNumber: recordsRead, field: nil, message: message, recordID: nil)
    }
}
