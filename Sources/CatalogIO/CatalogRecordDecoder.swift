// Checks shared by every catalog format: mapped values to a CatalogRecord or a CatalogError.
import Geometry
import JSON

/// A mapped field that could not be read: which one (if any) and why.
struct FieldFailure: Error {
    let field: String?
    let message: String
}

/// Builds catalog records from mapped values, whatever format they came from.
public struct CatalogRecordDecoder: Sendable {
    public let mapping: ColumnMapping

    public init(mapping: ColumnMapping) {
        self.mapping = mapping
    }

    /// The record a JSON object's members hold, as a JSON Lines catalog's line reads: the
    /// mapped keys' strings or numbers (`12` reads as `"12"`), `null` as empty; the error
    /// names the record's `line` (its position, for records not from a file).
    public func record(
        members: [(key: String, value: JSONValue)], line: Int, recordNumber: Int
    ) -> Result<CatalogRecord, CatalogError> {
        decode(line: line, recordNumber: recordNumber) { key throws(FieldFailure) in
            guard let value = members.first(where: { $0.key == key })?.value else {
                throw FieldFailure(field: key, message: "missing field")
            }
            switch value {
            case .string(let text): return text
            case .number(let number): return number.literal
            case .null: return ""
            case .bool, .array, .object: throw FieldFailure(field: key, message: "not a string or number")
            }
        }
    }

    /// Decodes one record, checking `rowProblem` first, then the id (present, not empty),
    /// title, author, image size and other columns, and reporting the first failure.
    ///
    /// - Parameters:
    ///   - rowProblem: a failure of the record as a whole, found by the format's reader.
    ///   - value: the text of a mapped column, or a failure (missing, not UTF-8...).
    func decode(
        line: Int, lastLine: Int? = nil, recordNumber: Int, rowProblem: FieldFailure? = nil,
        value: (String) throws(FieldFailure) -> String
    ) -> Result<CatalogRecord, CatalogError> {
        let id = Result { () throws(FieldFailure) in try value(mapping.id) }
        do throws(FieldFailure) {
            if let rowProblem { throw rowProblem }
            let idText = try id.get()
            guard !idText.isEmpty else {
                throw FieldFailure(field: mapping.id, message: "empty id")
            }
            return .success(
                CatalogRecord(
                    id: idText, title: try value(mapping.title), author: try value(mapping.author),
                    imageSize: try imageSize(value: value),
                    otherFields: try otherFields(value: value),
                    line: line, lastLine: lastLine ?? line, recordNumber: recordNumber))
        } catch {
            let knownID = (try? id.get()).flatMap { $0.isEmpty ? nil : $0 }
            return .failure(
                CatalogError(
                    line: line, recordNumber: recordNumber, field: error.field,
                    message: error.message, recordID: knownID))
        }
    }

    /// The image size, `nil` when unmapped or both cells are empty.
    private func imageSize(value: (String) throws(FieldFailure) -> String) throws(FieldFailure)
        -> (width: Double, height: Double)?
    {
        guard let columns = mapping.imageSize else { return nil }
        let width = try value(columns.width)
        let height = try value(columns.height)
        if width.isEmpty && height.isEmpty { return nil }
        let size = (
            width: try coverSide(width, column: columns.width), height: try coverSide(height, column: columns.height)
        )
        if let problem = LengthRange.ratioProblem(width: size.width, height: size.height) {
            throw FieldFailure(field: columns.height, message: "the cover size \(problem)")
        }
        return size
    }

    /// A cover's width or height: a length greater than 0 (``LengthRange``), so that the
    /// card heights and layout sums made from it stay finite.
    private func coverSide(_ text: String, column: String) throws(FieldFailure) -> Double {
        guard let number = DecimalNumber.value(of: text) else {
            throw FieldFailure(field: column, message: "'\(text)' is not a decimal number")
        }
        if let problem = LengthRange.problem(with: number, positive: true) {
            throw FieldFailure(field: column, message: problem)
        }
        return number
    }

    private func otherFields(value: (String) throws(FieldFailure) -> String) throws(FieldFailure)
        -> [String: String]
    {
        var fields: [String: String] = [:]
        for column in mapping.otherColumns {
            fields[column] = try value(column)
        }
        return fields
    }
}
