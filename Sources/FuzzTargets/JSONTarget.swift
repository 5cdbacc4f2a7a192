// The strict JSON parser: what it accepts it writes back and reads again unchanged.
import JSON

/// ``JSON/JSONParser`` on any bytes: an accepted input is valid UTF-8; the value written
/// back (``JSON/JSONValue/appendJSON(to:)``) reads again as the same value and writes as
/// the same bytes; ``JSON/JSONParser/members(ofObject:)`` agrees with the value; a rejected
/// input's error points inside it.
struct JSONTarget: FuzzTarget {
    static let name = "json"

    func check(_ input: [UInt8]) throws(InvariantViolation) {
        let value: JSONValue
        do {
            value = try JSONParser.value(of: input)
        } catch {
            try require((0...input.count).contains(error.offset), "error offset \(error.offset) outside \(input.count) bytes")
            try require((try? JSONParser.members(ofObject: input)) == nil, "members(ofObject:) accepted what value(of:) refused")
            return
        }
        try require(String(validating: input, as: UTF8.self) != nil, "accepted invalid UTF-8")
        var written: [UInt8] = []
        value.appendJSON(to: &written)
        let reread: JSONValue
        do {
            reread = try JSONParser.value(of: written)
        } catch {
            throw InvariantViolation("its own output \(String(decoding: written, as: UTF8.self)) does not parse: \(error)")
        }
        try require(reread == value, "written and read again, \(value) became \(reread)")
        var rewritten: [UInt8] = []
        reread.appendJSON(to: &rewritten)
        try require(rewritten == written, "written twice, the bytes differ")
        let members: [(key: String, value: JSONValue)]?
        do {
            members = try JSONParser.members(ofObject: input)
        } catch {
            throw InvariantViolation("members(ofObject:) refused what value(of:) accepted: \(error)")
        }
        switch value {
        case .object(let object):
            guard let members else { throw InvariantViolation("members(ofObject:) missed an object") }
            try require(members.count == object.count, "\(members.count) members for an object of \(object.count)")
            for member in members {
                try require(object[member.key] == member.value, "member \(member.key) differs")
            }
        default:
            try require(members == nil, "members(ofObject:) found members in a non-object")
        }
    }
}
