import Catalog
import CatalogStore
import Foundation
import Synchronization
import TestSupport
import Testing

/// Editing over HTTP: `POST /v1/{kind}s`, `PATCH` and `DELETE /v1/{kind}s/{uuid}`, `…/merge` and `…/history`, and
/// the `ETag` and redirect of `GET /v1/{kind}s/{uuid}`.
@Suite struct EditEndpointTests {
    @Test func aNewEntryIsAnswered201WithItsLocationAndETag() throws {
        let served = try InProcessCatalog()
        defer { served.stop() }
        let created = try served.send("POST", "/v1/books", Self.hobbitAgain)
        #expect(created.status == 201, "\(created.text)")
        let location = try #require(created.header("location"))
        #expect(location.hasPrefix("/v1/books/"))
        let tag = try #require(created.header("etag"))
        #expect(tag.hasPrefix("\"") && !tag.hasPrefix("W/"))
        // The body is the entry's GET body, and its ETag the GET's.
        let shown = try served.get(location)
        #expect(shown.status == 200)
        #expect(shown.text == created.text)
        #expect(shown.header("etag") == tag)
        let book = try Self.object(created)
        #expect(book["title"] as? String == "The Hobbit, again")
        #expect(book["year"] as? Int == 1938)
        let authors = try #require(book["authors"] as? [[String: Any]])
        #expect(authors.map { $0["name"] as? String } == ["J. R. R. Tolkien", "Ada Newcomer"])
        #expect(authors.map { $0["role"] as? String } == ["author", "illustrator"])
        #expect((book["genres"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Fantasy"])
    }

    @Test func aGetOfAnUnchangedEntryNamedByIfNoneMatchIs304() throws {
        let served = try InProcessCatalog()
        defer { served.stop() }
        let path = "/v1/authors/\(try served.firstUUID("authors"))"
        let tag = try #require(try served.get(path).header("etag"))
        let unchanged = try served.get(path, headers: ["If-None-Match": tag])
        #expect(unchanged.status == 304)
        #expect(unchanged.header("etag") == tag)
        _ = try served.send("PATCH", path, #"{"disambiguation": "changed"}"#, ifMatch: tag)
        let changed = try served.get(path, headers: ["If-None-Match": tag])
        #expect(changed.status == 200)
        #expect(changed.header("etag") != tag)
    }

    @Test func aPatchChangesOnlyWhatItNamesAndAnswersTheNewRevision() throws {
        let served = try InProcessCatalog()
        defer { served.stop() }
        let path = try served.send("POST", "/v1/books", Self.hobbitAgain).header("location") ?? ""
        let before = try served.get(path)
        let patched = try served.send(
            "PATCH", path, #"{"year": 1951, "summary": null, "genres": ["Adventure", "Fantasy"]}"#,
            ifMatch: before.header("etag"))
        #expect(patched.status == 200, "\(patched.text)")
        #expect(patched.header("etag") != before.header("etag"))
        #expect(patched.header("etag") == (try served.get(path).header("etag")))
        let book = try Self.object(patched)
        #expect(book["year"] as? Int == 1951)
        #expect(book["summary"] is NSNull)
        #expect(book["title"] as? String == "The Hobbit, again")
        #expect((book["authors"] as? [Any])?.count == 2)
        #expect((book["genres"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Adventure", "Fantasy"])
    }

    @Test func aPatchOrDeleteWithoutIfMatchIs428AndChangesNothing() throws {
        let served = try InProcessCatalog()
        defer { served.stop() }
        let path = "/v1/authors/\(try served.firstUUID("authors"))"
        let before = try served.get(path).text
        for (method, body) in [("PATCH", #"{"name": "Nobody"}"#), ("DELETE", "")] {
            let refused = try served.send(method, path, body)
            #expect(refused.status == 428, "\(method)")
            #expect(try problemCode(refused) == "precondition-required")
        }
        #expect(try served.get(path).text == before)
    }

    @Test func aStaleIfMatchIs412WithTheEntryAsItIsAndChangesNothing() throws {
        let served = try InProcessCatalog()
        defer { served.stop() }
        let path = "/v1/authors/\(try served.firstUUID("authors"))"
        let old = try served.get(path).header("etag")
        let other = try served.send("PATCH", path, #"{"disambiguation": "first"}"#, ifMatch: old)
        #expect(other.status == 200)
        let current = try served.get(path)
        for (method, body) in [("PATCH", #"{"disambiguation": "second"}"#), ("DELETE", "")] {
            let refused = try served.send(method, path, body, ifMatch: old)
            #expect(refused.status == 412, "\(method): \(refused.text)")
            #expect(try problemCode(refused) == "stale-revision")
            #expect(refused.header("etag") == current.header("etag"))
            let problem = try Self.object(refused)
            #expect("\"\(problem["revision"] as? Int ?? -1)\"" == current.header("etag"))
            #expect((problem["entity"] as? [String: Any])?["disambiguation"] as? String == "first")
        }
        #expect(try served.get(path).text == current.text)
    }

    @Test func aDeleteIs204AndTheEntryIsGone() throws {
        let served = try InProcessCatalog()
        defer { served.stop() }
        let created = try served.send("POST", "/v1/genres", #"{"name": "Solarpunk"}"#)
        let path = try #require(created.header("location"))
        let deleted = try served.send("DELETE", path, "", ifMatch: created.header("etag"))
        #expect(deleted.status == 204, "\(deleted.text)")
        #expect(deleted.body.isEmpty)
        #expect(try served.get(path).status == 404)
    }

    @Test func aMergeAnswersTheSurvivorAndTheMergedUUIDRedirectsToIt() throws {
        let served = try InProcessCatalog()
        defer { served.stop() }
        let survivor = try served.send("POST", "/v1/authors", #"{"name": "Mark Twain"}"#)
        let merged = try served.send("POST", "/v1/authors", #"{"name": "Twain, Mark", "disambiguation": "pen name"}"#)
        let survivorPath = try #require(survivor.header("location"))
        let mergedPath = try #require(merged.header("location"))
        let survivorUUID = String(survivorPath.split(separator: "/").last ?? "")
        let answer = try served.send(
            "POST", mergedPath + "/merge", #"{"into": "\#(survivorUUID)", "keep": {"disambiguation": "merged"}}"#)
        #expect(answer.status == 200, "\(answer.text)")
        let kept = try Self.object(answer)
        #expect(kept["uuid"] as? String == survivorUUID)
        #expect(kept["name"] as? String == "Mark Twain")
        #expect(kept["disambiguation"] as? String == "pen name")
        #expect(answer.header("etag") == (try served.get(survivorPath).header("etag")))
        let moved = try served.get(mergedPath)
        #expect(moved.status == 308)
        #expect(moved.header("location") == survivorPath)
        // An edit of the merged uuid names the survivor rather than editing nothing.
        let refused = try served.send("PATCH", mergedPath, #"{"name": "x"}"#, ifMatch: "*")
        #expect(refused.status == 409)
        #expect(try problemCode(refused) == "merged")
    }

    @Test func historyAnswersWhatTheCommandPrintsAndNamesTheTokensUser() throws {
        let served = try InProcessCatalog()
        defer { served.stop() }
        served.token = try served.createToken(user: "alice", scope: "edit")
        let created = try served.send("POST", "/v1/authors", #"{"name": "Ada Newcomer"}"#)
        let path = try #require(created.header("location"))
        _ = try served.send("PATCH", path, #"{"disambiguation": "mathematician"}"#, ifMatch: created.header("etag"))
        served.token = try served.createToken(user: "reader", scope: "read")
        let history = try served.get(path + "/history")
        #expect(history.status == 200, "\(history.text)")
        let uuid = String(path.split(separator: "/").last ?? "")
        #expect(history.text == (try served.cli.run("history", "author", uuid, "--json").standardOutput))
        let records = try #require(try JSONSerialization.jsonObject(with: history.body) as? [[String: Any]])
        #expect(records.map { $0["action"] as? String } == ["create", "update"])
        #expect(records.allSatisfy { ($0["actor"] as? String)?.hasPrefix("alice (token ") == true })
        #expect(try served.get("/v1/authors/\(UUID().uuidString)/history").status == 404)
    }

    /// A list is replaced whole however long it is: a related list shows 100 entries, an edit takes them all.
    @Test func aPatchReplacesAListLongerThanADetailShows() throws {
        let served = try InProcessCatalog()
        defer { served.stop() }
        let names = (1...150).map { String(format: "\"Contributor %03d\"", $0) }
        let created = try served.send(
            "POST", "/v1/books", #"{"title": "A Long Anthology", "authors": [\#(names.joined(separator: ", "))]}"#)
        #expect(created.status == 201, "\(created.text)")
        let path = try #require(created.header("location"))
        let uuid = String(path.split(separator: "/").last ?? "")
        #expect(try Self.credited(uuid, served) == 150)
        let replaced = try served.send(
            "PATCH", path, #"{"authors": ["Sole Editor"]}"#, ifMatch: created.header("etag"))
        #expect(replaced.status == 200, "\(replaced.text)")
        #expect(try Self.credited(uuid, served) == 1)
        let reversed = try served.send(
            "PATCH", path, #"{"authors": [\#(names.reversed().joined(separator: ", "))]}"#,
            ifMatch: replaced.header("etag"))
        #expect(reversed.status == 200, "\(reversed.text)")
        #expect(try Self.credited(uuid, served) == 150)
    }

    /// `If-Match: *` edits the entry as it is when the edit writes, even when another edit lands between the
    /// request's read of the entry and its write.
    @Test func aPatchOrDeleteWithIfMatchAnyIsNotRefusedByAnEditInBetween() throws {
        let target = EditTarget()
        let served = try InProcessCatalog(storage: { storage, _ in
            InterleavingStore(inner: storage) { editor in
                guard let uuid = target.uuid.withLock({ $0 }) else { return }
                try editor.update(.genre, uuid: uuid, EntityEdit(fields: ["name": "In between"]))
            }
        })
        defer { served.stop() }
        let created = try served.send("POST", "/v1/genres", #"{"name": "Solarpunk"}"#)
        let path = try #require(created.header("location"))
        let uuid = try #require(UUID(uuidString: String(path.split(separator: "/").last ?? "")))
        target.uuid.withLock { $0 = uuid }
        let patched = try served.send("PATCH", path, #"{"name": "Hopepunk"}"#, ifMatch: "*")
        #expect(patched.status == 200, "\(patched.text)")
        #expect(try Self.object(patched)["name"] as? String == "Hopepunk")
        let deleted = try served.send("DELETE", path, "", ifMatch: "*")
        #expect(deleted.status == 204, "\(deleted.text)")
    }

    /// A history is a read: it is answered while an edit holds the catalog's one writer.
    @Test func historyIsAnsweredWhileAnEditHoldsTheWriter() throws {
        let gate = WriterGate()
        let served = try InProcessCatalog(storage: { storage, _ in HeldWriterStore(inner: storage, gate: gate) })
        defer {
            gate.release()
            served.stop()
        }
        let path = "/v1/authors/\(try served.firstUUID("authors"))"
        let etag = try served.get(path).header("etag")
        let edit = try served.start(
            "PATCH", path, headers: ["If-Match": etag ?? "*"], body: Data(#"{"disambiguation": "held"}"#.utf8))
        gate.waitUntilHeld()
        let history = try served.start("GET", path + "/history").wait(upTo: .seconds(30))
        #expect(history.status == 200, "\(history.text)")
        gate.release()
        #expect(try edit.wait().status == 200)
    }

    @Test func refusedValuesAre422NamingEachField() throws {
        let served = try InProcessCatalog()
        defer { served.stop() }
        for (body, fields) in [
            (#"{"title": true, "pages": [1], "year": 1900}"#, ["title", "pages"]),
            (#"{"title": "A", "year": "next spring"}"#, ["year"]),
            (#"{"title": "A", "isbn13": "9780000000000"}"#, ["isbn13"]),
            (#"{"title": "A", "colour": "red"}"#, ["colour"]),
            (#"{"title": "A", "authors": "Mark Twain"}"#, ["authors"]),
            (#"{"year": 1900}"#, ["title"]),
        ] {
            let refused = try served.send("POST", "/v1/books", body)
            #expect(refused.status == 422, "\(body): \(refused.text)")
            #expect(try problemCode(refused) == "invalid-edit")
            let errors = try #require(try Self.object(refused)["errors"] as? [[String: Any]])
            #expect(errors.map { $0["field"] as? String } == fields, "\(body)")
            #expect(errors.allSatisfy { !($0["message"] as? String ?? "").isEmpty })
        }
    }

    @Test func editsNeedAnEditTokenAndHistoryAReadOne() throws {
        let served = try InProcessCatalog()
        defer { served.stop() }
        let path = "/v1/authors/\(try served.firstUUID("authors"))"
        for scope in ["read", "nav"] {
            served.token = try served.createToken(user: "\(scope)er", scope: scope)
            for (method, target) in [
                ("POST", "/v1/authors"), ("PATCH", path), ("DELETE", path), ("POST", path + "/merge"),
            ] {
                let refused = try served.send(method, target, #"{"name": "x"}"#, ifMatch: "*")
                #expect(refused.status == 403, "\(scope): \(method) \(target)")
                #expect(try problemCode(refused) == "insufficient-scope")
                #expect(refused.header("www-authenticate")?.contains(#"scope="edit""#) == true)
            }
            #expect(try served.get(path + "/history").status == 200)
        }
        served.token = try served.createToken(user: "editor", scope: "edit")
        #expect(try served.send("POST", "/v1/authors", #"{"name": "By An Editor"}"#).status == 201)
    }

    @Test func anEditWakesALongPollOfTheChangeFeed() throws {
        let served = try InProcessCatalog()
        defer { served.stop() }
        let last = try served.lastSequence()
        let pending = try served.start("GET", "/v1/changes?since=\(last)&wait=60")
        _ = try served.send("POST", "/v1/authors", #"{"name": "Woken By An Edit"}"#)
        let answer = try pending.wait(upTo: .seconds(50))
        #expect(answer.status == 200)
        #expect(answer.text.contains("Woken By An Edit"), "\(answer.text)")
    }

    @Test func aStoreThatCannotEditAnswers501() throws {
        let served = try InProcessCatalog(storage: { storage, _ in NonEditingStore(inner: storage) })
        defer { served.stop() }
        let refused = try served.send("POST", "/v1/authors", #"{"name": "Nobody"}"#)
        #expect(refused.status == 501)
        #expect(try problemCode(refused) == "unsupported")
        #expect(refused.text.contains("PostgreSQL"))
    }

    /// `GET /v1/editing` names the fields and lists an edit of each kind takes: each is one the library takes.
    @Test func theFieldsTheEditingDescriptionNamesAreTheOnesAnEditTakes() throws {
        let served = try InProcessCatalog()
        defer { served.stop() }
        let described = try Self.object(try served.get("/v1/editing"))
        let kinds = try #require(described["kinds"] as? [[String: Any]])
        #expect(kinds.compactMap { $0["kind"] as? String } == ["book", "author", "genre", "band"])
        for kind in kinds {
            let name = try #require(kind["kind"] as? String)
            let path = try #require(kind["path"] as? String)
            let keys = (kind["fields"] as? [[String: Any]] ?? []).compactMap { $0["key"] as? String }
            let lists = (kind["lists"] as? [[String: Any]] ?? []).compactMap { $0["key"] as? String }
            var body = Dictionary(uniqueKeysWithValues: keys.map { ($0, NSNull() as Any) })
            body[keys[0]] = "Every field of a \(name)"
            for list in lists { body[list] = [String]() }
            let created = try served.request(
                "POST", path, body: try JSONSerialization.data(withJSONObject: body))
            #expect(created.status == 201, "\(name): \(created.text)")
        }
    }

    /// A book of the sample's author, with a new one, in a genre of the sample.
    static let hobbitAgain = """
        {"title": "The Hobbit, again", "year": 1938, "summary": "Again.",
         "authors": ["J. R. R. Tolkien", {"author": "Ada Newcomer", "role": "illustrator"}], "genres": ["Fantasy"]}
        """

    /// How many credits the book has, by the list of its authors (every page of it).
    static func credited(_ book: String, _ served: InProcessCatalog) throws -> Int {
        let listed = try served.cli.run("list", "authors", "--book", book, "--limit", "1000", "--json").json()
        return (listed["items"] as? [Any])?.count ?? -1
    }

    static func object(_ answer: HTTPTestClient.Answer) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])
    }
}

/// A store that cannot edit, as PostgreSQL's cannot yet.
private struct NonEditingStore: ForwardingStorage {
    let inner: any CatalogStore

    func editing<T>(as actor: String, _ body: (CatalogEditor) throws -> T) throws -> T {
        throw StoreError.unsupported(.editing, database: "PostgreSQL")
    }
}

/// The entry the edit in between changes, once the test knows it.
private final class EditTarget: Sendable {
    let uuid = Mutex<UUID?>(nil)
}

/// A store that makes `between` (another writer's edit) before each edit: it lands between the request's read of the
/// entry and its edit.
private struct InterleavingStore: ForwardingStorage {
    let inner: any CatalogStore
    let between: @Sendable (CatalogEditor) throws -> Void

    func editing<T>(as actor: String, _ body: (CatalogEditor) throws -> T) throws -> T {
        try inner.editing(as: "another writer", between)
        return try inner.editing(as: actor, body)
    }
}

/// Holds the first edit inside the catalog's writer until released.
private final class WriterGate: Sendable {
    private let held = DispatchSemaphore(value: 0)
    private let released = DispatchSemaphore(value: 0)
    private let first = Mutex(true)

    /// Called inside the writer: the first call waits for ``release()``.
    func hold() {
        guard
            first.withLock({ isFirst in
                defer { isFirst = false }
                return isFirst
            })
        else { return }
        held.signal()
        released.wait()
    }

    func waitUntilHeld() { held.wait() }

    /// Lets the held edit go on (again and again: a test releases it on every path out).
    func release() { released.signal() }
}

/// A store whose first edit holds the writer (an immediate transaction's lock) until its gate is released.
private struct HeldWriterStore: ForwardingStorage {
    let inner: any CatalogStore
    let gate: WriterGate

    func editing<T>(as actor: String, _ body: (CatalogEditor) throws -> T) throws -> T {
        try inner.editing(as: actor) { editor in
            gate.hold()
            return try body(editor)
        }
    }
}

extension CatalogEndpoint {
    /// Sends `body` (JSON) with `If-Match` when given.
    func send(_ method: String, _ path: String, _ body: String, ifMatch: String? = nil) throws
        -> HTTPTestClient.Answer
    {
        try request(method, path, headers: ifMatch.map { ["If-Match": $0] } ?? [:], body: Data(body.utf8))
    }
}
