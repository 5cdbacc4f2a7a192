// POST /v1/text answers what `cardsize text --jsonl` writes, in-process through the router.
import CardsizeServer
import Foundation
import Hummingbird
import JSON
import Locked
import TextBatch
import Testing

@Suite struct TextEndpointTests {
    let requests = [
        #"{"id":1,"text":"The Hunger Games (The Hunger Games, #1)","size":15,"width":127,"max_lines":2}"#,
        #"{"id":"ja","text":"吾輩は猫である。名前はまだ無い。","size":15,"width":100,"language":"ja","profile":"pango"}"#,
        #"{"id":3.50,"text":"Dune","size":-1}"#,
        #"{"text":"no size"}"#,
    ]

    /// What the command line's batch measurer writes for each request line.
    func expected(_ line: String) -> String {
        BatchMeasurer().result(forLine: Array(line.utf8)).json
    }

    func post(_ body: String, limits: ServerLimits = ServerLimits(), _ check: @escaping @Sendable (TestResponse) throws -> Void)
        async throws
    {
        try await RouterClient.test(try CardsizeService(limits: limits).router()) { client in
            try await client.execute(
                uri: "/v1/text", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: body), testCallback: check)
        }
    }

    @Test func oneRequestGetsTheCommandLinesResult() async throws {
        let expected = expected(requests[0])
        try await post(requests[0]) { response in
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json")
            #expect(String(buffer: response.body) == expected)
        }
    }

    @Test func anArrayGetsOneResultPerRequestWithErrorsInPlace() async throws {
        let expected = "[" + requests.map(expected).joined(separator: ",") + "]"
        try await post("[" + requests.joined(separator: ",") + "]") { response in
            #expect(response.status == .ok)
            #expect(String(buffer: response.body) == expected)
        }
        // The id is echoed as written, and the bad ones name their field.
        #expect(expected.contains(#""id":3.50"#))
        #expect(expected.contains(#""error":"size: "#))
        #expect(expected.hasSuffix(#",{"error":"size: missing"}]"#))
    }

    @Test func oneBadRequestIs400WithItsErrorResult() async throws {
        let expected = expected(requests[2])
        try await post(requests[2]) { response in
            #expect(response.status == .badRequest)
            #expect(String(buffer: response.body) == expected)
        }
    }

    /// A member outside the schema is a 400 naming it in `error` and `field`, the command
    /// line's error result for the line; in an array, that request's error result in place.
    @Test func unknownFieldsAre400NamingTheField() async throws {
        let cases = [
            (#"{"id":7,"text":"Dune","size":15,"lang":"ja"}"#, "lang", "lang: unknown field; did you mean language?"),
            (#"{"text":"Dune","size":15,"device":"iphone-11"}"#, "device", "device: unknown field"),
        ]
        for (body, field, message) in cases {
            let expected = expected(body)
            try await post(body) { response in
                #expect(response.status == .badRequest, "\(body)")
                #expect(String(buffer: response.body) == expected)
                let object = try JSONParser.value(of: Array(String(buffer: response.body).utf8))
                #expect(object == .object(["error": .string(message), "field": .string(field)]).merging(id: body))
            }
            try await post("[" + requests[0] + "," + body + "]") { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == "[" + self.expected(requests[0]) + "," + expected + "]")
            }
        }
    }

    @Test func bodiesThatAreNotRequestsAre400() async throws {
        for body in ["not json", "42", #""text""#, "{\"text\": \"a\", \"size\": 15"] {
            try await post(body) { response in
                #expect(response.status == .badRequest, "\(body)")
                let object = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
                #expect((object?["error"] as? String)?.isEmpty == false)
            }
        }
    }

    @Test func limitsAreAnsweredWithTheirStatus() async throws {
        let small = ServerLimits(maximumBodyBytes: 64, maximumItems: 2)
        try await post("[" + String(repeating: #"{"text":"x","size":15},"#, count: 10) + "{}]", limits: small) { response in
            #expect(response.status == .contentTooLarge)
            #expect(String(buffer: response.body).contains("over the limit of 64 bytes"))
        }
        let fewItems = ServerLimits(maximumItems: 2)
        try await post("[" + Array(repeating: requests[0], count: 3).joined(separator: ",") + "]", limits: fewItems) {
            response in
            #expect(response.status == .contentTooLarge)
            #expect(String(buffer: response.body).contains("3 requests are over the limit of 2"))
        }
        let noTime = ServerLimits(requestTimeLimit: .zero)
        try await post("[" + requests[0] + "]", limits: noTime) { response in
            #expect(response.status == .serviceUnavailable)
            #expect(String(buffer: response.body).contains("time limit"))
        }
    }

    @Test func theOpenAPIDocumentIsServed() async throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/CardsizeServer/Resources/openapi.yaml")
        let document = try String(contentsOf: file, encoding: .utf8)
        try await RouterClient.test(try CardsizeService().router()) { client in
            try await client.execute(uri: "/openapi.yaml", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == document)
                #expect(document.contains("/v1/text:"))
            }
        }
    }

    /// The document's text request is the reader's schema: its properties are the request's
    /// fields, and it is closed as the reader is.
    @Test func theOpenAPITextRequestIsTheReadersSchema() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/CardsizeServer/Resources/openapi.yaml")
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
        let start = try #require(lines.firstIndex(of: "    TextRequest:"))
        let schema = lines[(start + 1)...].prefix { $0.hasPrefix("      ") }
        // The members of `properties:`, indented by eight spaces.
        let properties = schema.filter { $0.hasPrefix("        ") && !$0.hasPrefix("         ") }
            .map { String($0.dropFirst(8).prefix { $0 != ":" }) }
        #expect(properties.count == TextRequest.Field.allCases.count)
        #expect(Set(properties) == Set(TextRequest.Field.allCases.map(\.rawValue)))
        #expect(schema.contains("      unevaluatedProperties: false"))
    }
}

/// POST /v1/cards and /v1/layout in-process: limits and the fields they name.
@Suite struct CardsAndLayoutEndpointTests {
    func post(_ uri: String, _ body: String, limits: ServerLimits = ServerLimits(),
              _ check: @escaping @Sendable (TestResponse) throws -> Void) async throws {
        try await RouterClient.test(try CardsizeService(limits: limits).router()) { client in
            try await client.execute(uri: uri, method: .post, body: ByteBuffer(string: body), testCallback: check)
        }
    }

    let records = #"[{"id":"1","title":"Dune","author":"Frank Herbert"},{"id":2,"title":"吾輩は猫である","author":"夏目漱石"}]"#

    @Test func cardsAreTheRowsOfCardsizeMeasure() async throws {
        try await post("/v1/cards", #"{"records":\#(records),"item_width":127}"#) { response in
            #expect(response.status == .ok)
            let rows = String(buffer: response.body)
            #expect(rows.hasPrefix(#"[{"id":"1","width":127,"height":240,"title_lines":1,"truncated":false,"slack":"#))
            #expect(rows.contains(#"{"id":"2","width":127,"height":240,"title_lines":1,"#))
        }
        try await post("/v1/cards", #"{"records":\#(records),"kind":"tag-flow"}"#) { response in
            #expect(response.status == .badRequest)
            #expect(String(buffer: response.body).contains(#""field":"item_width""#))
        }
        try await post("/v1/cards", #"{"records":"none","item_width":127}"#) { response in
            #expect(response.status == .badRequest)
            #expect(String(buffer: response.body).contains(#""field":"records""#))
        }
    }

    /// Records laid out are their cards (the heights `/v1/cards` gives at the layout's item
    /// width) laid out as those heights are; a bad record has no frame but its error row.
    @Test func recordsAreLaidOutAsTheirCardsHeights() async throws {
        let records = #"[{"id":"1","title":"Dune","author":"Frank Herbert"},{"title":"no id"},"#
            + #"{"id":3,"title":"The Hunger Games (The Hunger Games, #1)","author":"Suzanne Collins"},"#
            + #"{"id":4,"title":"吾輩は猫である","author":"夏目漱石"}]"#
        let layout = #""kind":"waterfall","width":390,"columns":2,"template":"book-hug""#
        let sizes = Locked<[String]>([])
        try await post("/v1/cards", #"{"records":\#(records),\#(layout)}"#) { response in
            guard case .array(let rows) = try JSONParser.value(of: Array(response.body.readableBytesView)) else { return }
            let heights = rows.compactMap { row -> String? in
                guard case .object(let members) = row, case .number(let height)? = members["height"] else { return nil }
                return height.description
            }
            sizes.withLock { $0 = heights }
        }
        let heights = sizes.withLock { $0 }
        #expect(heights.count == 3)
        let expected = Locked("")
        try await post("/v1/layout", #"{"heights":[\#(heights.joined(separator: ","))],\#(layout)}"#) { response in
            expected.withLock { $0 = String(buffer: response.body) }
        }
        try await post("/v1/layout", #"{"records":\#(records),\#(layout)}"#) { response in
            #expect(response.status == .ok)
            let body = String(buffer: response.body)
            // The same frames, each item numbered by its record's position (the second failed).
            let renumbered = expected.withLock { $0 }.replacingOccurrences(of: #""index":2"#, with: #""index":3"#)
                .replacingOccurrences(of: #""index":1"#, with: #""index":2"#).dropLast()
            #expect(body.hasPrefix(renumbered + #","errors":[{"#), "\(body)")
            #expect(body.contains(#""field":"id""#))
        }
    }

    @Test func limitsAreAnsweredWithTheirStatus() async throws {
        try await post("/v1/cards", #"{"records":\#(records),"item_width":127}"#, limits: ServerLimits(maximumItems: 1)) { response in
            #expect(response.status == .contentTooLarge)
        }
        try await post("/v1/cards", #"{"records":\#(records),"item_width":127}"#, limits: ServerLimits(requestTimeLimit: .zero)) {
            response in
            #expect(response.status == .serviceUnavailable)
        }
        try await post("/v1/layout", #"{"heights":[1,2,3]}"#, limits: ServerLimits(maximumItems: 2)) { response in
            #expect(response.status == .contentTooLarge)
        }
    }

    @Test func layoutNamesTheFieldAtFault() async throws {
        for (body, field) in [(#"{"heights":[1,null]}"#, "heights[1]"), (#"{"kind":"spiral"}"#, "kind"),
                              (#"{"insets":[1,2]}"#, "insets"), (#"{"columns":1.5}"#, "columns"),
                              // Checked even when unused, and a bad template object is a 400, not a 500.
                              (#"{"template":{}}"#, "template"), (#"{"template":false}"#, "template"),
                              (#"{"heights":[1e308]}"#, "heights[0]"), (#"{"scale":17}"#, "scale"),
                              (#"{"widths":[true]}"#, "widths[0]"), (#"{"device":"watch"}"#, "device"),
                              // A field the request does not have is named, not ignored.
                              (#"{"heights":[1],"screen":"iphone-11"}"#, "screen")] {
            try await post("/v1/layout", body) { response in
                #expect(response.status == .badRequest, "\(body)")
                #expect(String(buffer: response.body).contains(#""field":"\#(field)""#), "\(body)")
            }
        }
    }
}

extension JSONValue {
    /// This object with the id of the request `body`, when it has one.
    fileprivate func merging(id body: String) -> JSONValue {
        guard case .object(var members) = self, case .object(let request)? = try? JSONParser.value(of: Array(body.utf8)),
            let id = request["id"]
        else { return self }
        members["id"] = id
        return .object(members)
    }
}
