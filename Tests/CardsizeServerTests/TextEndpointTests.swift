// POST /v1/text answers what `cardsize text --jsonl` writes, in-process through the router.
import CardsizeServer
import Foundation
import HummingbirdTesting
import Hummingbird
import TextBatch
import Testing

@Suite struct TextEndpointTests {
    let requests = [
        #"{"id":1,"text":"The Hunger Games (The Hunger Games, #1)","size":15,"width":127,"max_lines":2}"#,
        #"{"id":"ja","text":"吾輩は猫である。名前はまだ無い。","size":15,"width":100,"lang":"ja","profile":"pango"}"#,
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
        let app = Application(router: CardsizeService(limits: limits).router())
        try await app.test(.router) { client in
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
        #expect(expected.contains(#""error":"text"#) || expected.contains(#""error":"size"#))
    }

    @Test func oneBadRequestIs400WithItsErrorResult() async throws {
        let expected = expected(requests[2])
        try await post(requests[2]) { response in
            #expect(response.status == .badRequest)
            #expect(String(buffer: response.body) == expected)
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
        let app = Application(router: CardsizeService().router())
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/CardsizeServer/Resources/openapi.yaml")
        let document = try String(contentsOf: file, encoding: .utf8)
        try await app.test(.router) { client in
            try await client.execute(uri: "/openapi.yaml", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == document)
                #expect(document.contains("/v1/text:"))
            }
        }
    }
}
