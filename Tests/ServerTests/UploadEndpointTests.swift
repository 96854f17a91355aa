import Catalog
import Foundation
import TestSupport
import Testing

/// `POST /v1/changes`, `GET /v1/conflicts` and `POST /v1/conflicts/{id}/resolve`: a client's offline changes applied
/// over HTTP, answered, applied once, their clashes listed and settled.
@Suite struct UploadEndpointTests {
    /// The body of an upload from client `client-a` of one update of `path`'s `name`.
    static func rename(_ uuid: String, id: String, base: Int64, from old: String, to new: String) -> String {
        """
        {"client": "client-a", "changes": [{"id": "\(id)", "kind": "author", "uuid": "\(uuid)", "op": "update",
         "base": \(base), "fields": {"name": {"base": "\(old)", "mine": "\(new)"}}}]}
        """
    }

    static func answers(_ response: HTTPTestClient.Answer) throws -> [[String: Any]] {
        let object = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
        return try #require(object["answers"] as? [[String: Any]])
    }

    @Test func anUploadIsAppliedAnsweredOnceAndItsConflictSettled() throws {
        let served = try InProcessCatalog()
        defer { served.stop() }
        served.token = try served.createToken(user: "alice", scope: "edit")
        let created = try served.send("POST", "/v1/authors", #"{"name": "Ada Newcomer"}"#)
        let path = try #require(created.header("location"))
        let uuid = String(path.split(separator: "/").last ?? "")
        let base = try #require(
            Int64(created.header("etag")?.trimmingCharacters(in: CharacterSet(charactersIn: "\"W/")) ?? ""))

        let body = Self.rename(uuid, id: "change-1", base: base, from: "Ada Newcomer", to: "Ada Offline")
        let applied = try served.send("POST", "/v1/changes", body)
        #expect(applied.status == 200, "\(applied.text)")
        #expect(try Self.answers(applied).first?["result"] as? String == "applied")
        #expect(try EditEndpointTests.object(try served.get(path))["name"] as? String == "Ada Offline")
        // The same change again (its answer was lost): the same answer, nothing applied twice.
        try #require(try served.send("PATCH", path, #"{"name": "Ada Server"}"#, ifMatch: "*").status == 200)
        let again = try served.send("POST", "/v1/changes", body)
        #expect(again.text == applied.text)
        #expect(try EditEndpointTests.object(try served.get(path))["name"] as? String == "Ada Server")
        let history = try #require(
            try JSONSerialization.jsonObject(with: try served.get(path + "/history").body) as? [[String: Any]])
        #expect(
            history.compactMap { $0["actor"] as? String }.filter { $0.hasSuffix("from client client-a") }.count == 1)

        // Both sides renamed her from the same base: the server's name stands, the client's is kept.
        let clash = try served.send(
            "POST", "/v1/changes", Self.rename(uuid, id: "change-2", base: base, from: "Ada Newcomer", to: "Ada Mine"))
        let answer = try #require(try Self.answers(clash).first)
        #expect(answer["result"] as? String == "conflict")
        let listed = try #require(
            try JSONSerialization.jsonObject(with: try served.get("/v1/conflicts").body) as? [[String: Any]])
        #expect(listed.count == 1)
        #expect(listed.first?["mine"] as? String == "Ada Mine" && listed.first?["theirs"] as? String == "Ada Server")
        let id = try #require(listed.first?["id"] as? Int)
        #expect(try served.send("POST", "/v1/conflicts/\(id)/resolve", #"{"take": "mine"}"#).status == 204)
        #expect(try EditEndpointTests.object(try served.get(path))["name"] as? String == "Ada Mine")
        #expect(try served.send("POST", "/v1/conflicts/\(id)/resolve", #"{"take": "theirs"}"#).status == 409)
        #expect(try served.send("POST", "/v1/conflicts/999/resolve", #"{"take": "mine"}"#).status == 404)
        #expect(
            (try JSONSerialization.jsonObject(with: try served.get("/v1/conflicts").body) as? [Any])?.isEmpty == true)
    }

    @Test func aMalformedOrOversizedUploadOrOneWithoutEditScopeIsRefused() throws {
        let served = try InProcessCatalog()
        defer { served.stop() }
        served.token = try served.createToken(user: "alice", scope: "edit")
        let missing = try served.send("POST", "/v1/changes", #"{"client": "a", "changes": [{"id": "x"}]}"#)
        #expect(missing.status == 400)
        #expect(missing.text.contains("changes[0]"), "\(missing.text)")
        let change = #"{"id": "x", "kind": "author", "uuid": "u", "op": "update", "base": 0}"#
        // One more than the 1,000 a request may carry.
        let many = Array(repeating: change, count: 1001).joined(separator: ",")
        let oversized = try served.send("POST", "/v1/changes", #"{"client": "a", "changes": [\#(many)]}"#)
        #expect(oversized.status == 413, "\(oversized.text)")
        served.token = try served.createToken(user: "bob", scope: "read")
        #expect(try served.send("POST", "/v1/changes", #"{"client": "a", "changes": []}"#).status == 403)
        #expect(try served.get("/v1/conflicts").status == 200)
    }
}
