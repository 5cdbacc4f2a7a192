// The CSV syntax CSVReader documents, read the plain way: the whole input at once.

/// A second, deliberately simple reading of the syntax ``CatalogIO/CSVReader`` documents
/// (RFC 4180, LF or CRLF row ends, a CR that ends the input dropped, empty rows skipped, a
/// leading UTF-8 byte order mark skipped), with no streaming, no chunks and no error
/// recovery: what the streaming reader must agree with on every well-formed input.
struct ReferenceCSV {
    struct Record: Equatable {
        var fields: [[UInt8]]
        /// The line the row starts on and the line its last byte is on, 1-based.
        var line: Int
        var lastLine: Int
    }

    /// The records of `bytes`, header first, or nil when the input is malformed anywhere.
    static func records(of bytes: [UInt8]) -> [Record]? {
        let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ","), lineFeed = UInt8(ascii: "\n")
        let carriageReturn = UInt8(ascii: "\r")
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var line = 1
        var records: [Record] = []
        while index < bytes.count {
            var row = Record(fields: [], line: line, lastLine: line)
            var hasQuotedField = false
            rowLoop: while true {
                var field: [UInt8] = []
                if index < bytes.count, bytes[index] == quote {
                    hasQuotedField = true
                    index += 1
                    while true {
                        guard index < bytes.count else { return nil }  // still open at the end
                        let byte = bytes[index]
                        if byte == quote {
                            if index + 1 < bytes.count, bytes[index + 1] == quote {
                                field.append(quote)
                                index += 2
                                continue
                            }
                            index += 1
                            break
                        }
                        if byte == lineFeed { line += 1 }
                        field.append(byte)
                        index += 1
                    }
                    row.fields.append(field)
                    guard index < bytes.count else { break rowLoop }
                    switch bytes[index] {
                    case comma:
                        index += 1
                        continue rowLoop
                    case lineFeed:
                        index += 1
                    case carriageReturn where index + 1 == bytes.count:
                        index += 1
                    case carriageReturn where bytes[index + 1] == lineFeed:
                        index += 2
                    default:
                        return nil  // text after the closing quote
                    }
                    break rowLoop
                }
                while index < bytes.count, bytes[index] != comma, bytes[index] != lineFeed {
                    if bytes[index] == quote { return nil }
                    field.append(bytes[index])
                    index += 1
                }
                if index == bytes.count || bytes[index] == lineFeed, field.last == carriageReturn {
                    field.removeLast()
                }
                row.fields.append(field)
                if index < bytes.count, bytes[index] == comma {
                    index += 1
                    continue rowLoop
                }
                if index < bytes.count { index += 1 }  // the line feed
                break rowLoop
            }
            row.lastLine = line
            if hasQuotedField || row.fields != [[]] { records.append(row) }
            line += 1
        }
        return records
    }
}
