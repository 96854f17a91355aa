import Catalog
import CatalogStore
import Foundation
import TestSupport
import Testing

/// `POST /v1/{kind}s/{uuid}/undo`: `catalog undo` over HTTP, and its refusals as problems.
@Suite struct UndoEndpointTests {
    @Test func anUndoTakesTheLastEditBackAndAnswersTheEntry() throws {
        let served = try InProcessCatalog()
        defer { served.stop() }
        served.token = try served.createToken(user: "alice", scope: "edit")
        let created = try served.send("POST", "/v1/authors", #"{"name": "Ada Newcomer"}"#)
        let path = try #require(created.header("location"))
        let patched = try served.send("PATCH", path, #"{"name": "Ada Renamed"}"#, ifMatch: created.header("etag"))
        #expect(patched.status == 200)
        let undone = try served.send("POST", path + "/undo", "")
        #expect(undone.status == 200, "\(undone.text)")
        #expect(try EditEndpointTests.object(undone)["name"] as? String == "Ada Newcomer")
        let shown = try served.get(path)
        #expect(shown.text == undone.text)
        #expect(undone.header("etag") == shown.header("etag"))
        let history = try #require(
            try JSONSerialization.jsonObject(with: try served.get(path + "/history").body) as? [[String: Any]])
        #expect(history.map { $0["action"] as? String } == ["create", "update", "undo"])
        #expect(history.map { $0["undone"] as? Bool } == [false, true, false])
        #expect((history.last?["actor"] as? String)?.hasPrefix("alice (token ") == true)
    }

    @Test func anUndoOfADeleteBringsTheEntryBackAndOfACreateRemovesIt() throws {
        let served = try InProcessCatalog()
        defer { served.stop() }
        let created = try served.send("POST", "/v1/genres", #"{"name": "Solarpunk"}"#)
        let path = try #require(created.header("location"))
        #expect(try served.send("DELETE", path, "", ifMatch: created.header("etag")).status == 204)
        let back = try served.send("POST", path + "/undo", "")
        #expect(back.status == 200, "\(back.text)")
        #expect(try EditEndpointTests.object(back)["name"] as? String == "Solarpunk")
        #expect(try served.get(path).status == 200)

        let new = try #require(try served.send("POST", "/v1/genres", #"{"name": "Hopepunk"}"#).header("location"))
        let removed = try served.send("POST", new + "/undo", "")
        #expect(removed.status == 204, "\(removed.text)")
        #expect(removed.body.isEmpty)
        #expect(try served.get(new).status == 404)
    }

    @Test func anUndoOfAMergeThroughTheMergedUUIDBringsItBack() throws {
        let served = try InProcessCatalog()
        defer { served.stop() }
        let survivor = try #require(
            try served.send("POST", "/v1/authors", #"{"name": "Mark Twain"}"#).header("location"))
        let merged = try #require(
            try served.send("POST", "/v1/authors", #"{"name": "Twain, Mark"}"#).header("location"))
        let into = String(survivor.split(separator: "/").last ?? "")
        #expect(try served.send("POST", merged + "/merge", #"{"into": "\#(into)"}"#).status == 200)
        #expect(try served.get(merged).status == 308)
        let undone = try served.send("POST", merged + "/undo", "")
        #expect(undone.status == 200, "\(undone.text)")
        #expect(try EditEndpointTests.object(undone)["name"] as? String == "Twain, Mark")
        #expect(try served.get(merged).status == 200)
    }

    @Test func nothingToUndoOrAChangeSinceIs409SayingWhatToDo() throws {
        let served = try InProcessCatalog()
        defer { served.stop() }
        let path = "/v1/authors/\(try served.firstUUID("authors"))"
        let nothing = try served.send("POST", path + "/undo", "")
        #expect(nothing.status == 409, "\(nothing.text)")
        #expect(nothing.header("content-type") == "application/problem+json")
        #expect(try problemCode(nothing) == "nothing-to-undo")
        #expect(try Self.detail(nothing).contains("/history"))

        let book = try #require(try served.send("POST", "/v1/books", EditEndpointTests.hobbitAgain).header("location"))
        let author = try Self.newAuthor(of: book, served)
        // The book's create made the author; renamed since, undoing the create would take the rename with it.
        let tag = try served.get(author).header("etag")
        let renamed = try served.send("PATCH", author, #"{"name": "Ada Renamed"}"#, ifMatch: tag)
        #expect(renamed.status == 200, "\(renamed.text)")
        let changed = try served.send("POST", book + "/undo", "")
        #expect(changed.status == 409, "\(changed.text)")
        #expect(try problemCode(changed) == "changed-since")
        #expect(try Self.detail(changed).contains("Ada Renamed"))
        #expect(try served.get(book).status == 200)

        #expect(try served.send("POST", "/v1/books/\(UUID().uuidString)/undo", "").status == 404)
    }

    @Test func anUndoNeedsAnEditToken() throws {
        let served = try InProcessCatalog()
        defer { served.stop() }
        let created = try served.send("POST", "/v1/genres", #"{"name": "Solarpunk"}"#)
        let path = try #require(created.header("location"))
        served.token = try served.createToken(user: "reader", scope: "read")
        let refused = try served.send("POST", path + "/undo", "")
        #expect(refused.status == 403)
        #expect(try problemCode(refused) == "insufficient-scope")
        #expect(try served.get(path).status == 200)
    }

    /// The path of the book's credited author that its create made (the sample has no "Ada Newcomer").
    private static func newAuthor(of book: String, _ served: InProcessCatalog) throws -> String {
        let authors = try #require(try EditEndpointTests.object(try served.get(book))["authors"] as? [[String: Any]])
        let uuid = try #require(authors.first { $0["name"] as? String == "Ada Newcomer" }?["uuid"] as? String)
        return "/v1/authors/\(uuid)"
    }

    private static func detail(_ answer: HTTPTestClient.Answer) throws -> String {
        try EditEndpointTests.object(answer)["detail"] as? String ?? ""
    }
}
