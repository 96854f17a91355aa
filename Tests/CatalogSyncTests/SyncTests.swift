import Catalog
import CatalogImport
import CatalogSync
import Foundation
import SQLiteCatalog
import SQLiteDB
import TestSupport
import Testing

@Suite struct SyncTests {
    /// Edits, links and deletes of every kind on the server, after a snapshot was taken.
    private func editServer(_ fixture: SyncFixture) throws -> (deletedBook: UUID, deletedAuthor: UUID) {
        let catalog = fixture.catalog
        let books = try catalog.all { try catalog.books.page(after: $0, limit: 50) }
        let authors = try catalog.all { try catalog.authors.page(after: $0, limit: 50) }
        let genres = try catalog.all { try catalog.genres.page(after: $0, limit: 50) }
        let bands = try catalog.all { try catalog.bands.page(after: $0, limit: 50) }
        // A book and its new author in one transaction.
        try fixture.server.transaction(.immediate) {
            let author = try catalog.authors.create(AuthorDraft(name: "Octavia E. Butler"))
            let book = try catalog.books.create(BookDraft(title: "Kindred", isbn13: "9780807083697", year: 1979))
            try catalog.books.setCredits([BookCredit(authorID: author.id)], of: book.id)
            try catalog.books.setGenres([genres[0].id, genres[1].id], of: book.id)
        }
        try catalog.books.update(id: books[1].id, with: BookDraft(title: "Renamed", year: 2001))
        try catalog.books.setCredits([BookCredit(authorID: authors[2].id, role: .translator)], of: books[2].id)
        try catalog.genres.update(id: genres[3].id, with: GenreDraft(name: "Renamed genre", parentID: genres[4].id))
        try catalog.bands.setGenres([genres[5].id], of: bands[0].id)
        // Lists longer than the statements made in advance for them.
        try #require(authors.count >= 10 && genres.count >= 14 && bands.count >= 4)
        try catalog.books.setCredits(authors.prefix(10).map { BookCredit(authorID: $0.id) }, of: books[4].id)
        try catalog.bands.setGenres(genres.dropFirst(5).prefix(9).map(\.id), of: bands[3].id)
        try catalog.bands.update(id: bands[1].id, with: BandDraft(name: "The Renamed", country: "IS"))
        // Deleting an author and a genre changes the books and bands that lose them, and the child genres.
        try catalog.authors.delete(id: authors[0].id)
        try catalog.genres.delete(id: genres[0].id)
        try catalog.books.delete(id: books[3].id)
        try catalog.bands.delete(id: bands[2].id)
        return (books[3].uuid, authors[0].uuid)
    }

    @Test func snapshotThenSyncGivesTheServersCatalog() throws {
        let fixture = try SyncFixture()
        try fixture.importSamples()
        let client = try fixture.snapshot()
        #expect(try TestSupport.canonicalDump(client) == TestSupport.canonicalDump(fixture.server))
        let deleted = try editServer(fixture)
        // Small batches put a book and its author, or a link and its genre, in different transactions.
        let report = try SyncClient(client).sync(from: fixture.feed, batchSize: 3)
        #expect(report.batches > 1)
        #expect(report.toSequence == (try fixture.feed.highWater()))
        #expect(try TestSupport.canonicalDump(client) == TestSupport.canonicalDump(fixture.server))
        #expect(try LibraryCatalog(client).integrityProblems() == [])
        #expect(try LibraryCatalog(client).books.find(uuid: deleted.deletedBook) == nil)
        #expect(try LibraryCatalog(client).authors.find(uuid: deleted.deletedAuthor) == nil)
    }

    /// A sync keeps its statement journals in memory and gives the connection its `temp_store` back, whatever it
    /// was.
    @Test(arguments: [0, 1, 2])
    func aSyncGivesTheConnectionItsTempStoreBack(tempStore: Int) throws {
        let fixture = try SyncFixture()
        try fixture.importSamples()
        let client = try fixture.snapshot()
        _ = try editServer(fixture)
        try client.execute("PRAGMA temp_store = \(tempStore)")
        #expect(try SyncClient(client).sync(from: fixture.feed).changesApplied > 0)
        #expect(try client.fetchOne(Int.self, "PRAGMA temp_store") == tempStore)
        #expect(try TestSupport.canonicalDump(client) == TestSupport.canonicalDump(fixture.server))
    }

    /// One file holding the catalog and its users (an app's single database): the copy keeps the catalog, and
    /// neither the rows nor the bytes of a user, their token, scene, history or session.
    @Test func aSnapshotOfOneFileWithUsersHoldsNoneOfTheirRowsOrBytes() throws {
        let fixture = try SyncFixture()
        try fixture.importSamples()
        let secret = "zelda-private-\(UUID().uuidString)"
        let now = "2026-01-01T00:00:00Z"
        try fixture.server.transaction(.immediate) {
            try fixture.server.execute("INSERT INTO users (id, name, created_at) VALUES (7, ?, ?)", [secret, now])
            try fixture.server.execute(
                """
                INSERT INTO access_tokens (id, user_id, hash, scope, created_at) VALUES (5, 7, ?, 'read', ?)
                """, [String(repeating: "a", count: 64), now])
            try fixture.server.execute(
                """
                INSERT INTO web_sessions (token_id, hash, created_at, expires_at, csrf_hash) VALUES (5, ?, ?, ?, ?)
                """, [String(repeating: "b", count: 64), now, now, String(repeating: "c", count: 64)])
            try fixture.server.execute(
                """
                INSERT INTO nav_scenes (id, user_id, scene, format, state, history_first, history_cursor, history_last,
                    created_at, updated_at)
                VALUES (3, 7, 'main', 1, ?, 1, 1, 1, ?, ?)
                """, [secret, now, now])
            try fixture.server.execute(
                "INSERT INTO nav_history (scene_id, position, format, state, recorded_at) VALUES (3, 1, 1, ?, ?)",
                [secret, now])
            try fixture.server.execute(
                """
                INSERT INTO nav_sessions (user_id, name, format, state, created_at, updated_at)
                VALUES (7, 'work', 1, ?, ?, ?)
                """, [secret, now, now])
        }
        for table in DatabaseSchema.userTables {
            #expect(try fixture.server.rowCount(ofTable: table) > 0, "\(table) holds a row on the server")
        }
        let client = try fixture.snapshot()
        for table in DatabaseSchema.userTables {
            #expect(try client.rowCount(ofTable: table) == 0, "\(table) is empty in the copy")
        }
        #expect(try TestSupport.canonicalDump(client) == TestSupport.canonicalDump(fixture.server))
        try client.close()
        let bytes = try Data(contentsOf: fixture.directory.appending(path: "client.sqlite"))
        #expect(bytes.range(of: Data(secret.utf8)) == nil, "the copy's file holds no byte of the user's rows")
    }

    @Test func aClientStartsFromAnEmptyServerAndCatchesUpThroughImports() throws {
        let fixture = try SyncFixture()
        let client = try fixture.snapshot()
        try fixture.importSamples()
        _ = try editServer(fixture)
        try SyncClient(client).sync(from: fixture.feed, batchSize: 7)
        #expect(try TestSupport.canonicalDump(client) == TestSupport.canonicalDump(fixture.server))
    }

    /// The search index is brought up to date at the end of each batch (its triggers are off during the batch):
    /// new, renamed and deleted entities, and a new row that takes the id of a row deleted in the same batch.
    @Test(arguments: [3, 1000]) func theSearchIndexFollowsTheSync(batchSize: Int) throws {
        let fixture = try SyncFixture()
        try fixture.importSamples()
        let client = try fixture.snapshot()
        // The client deletes its newest book and inserts new ones in one batch: SQLite gives a new one its id.
        let newest = try #require(try client.fetchOne(Int64.self, "SELECT max(id) FROM books"))
        let newestUUID = try #require(try LibraryCatalog(client).books.find(id: newest)).uuid
        _ = try editServer(fixture)
        let catalog = fixture.catalog
        try fixture.server.transaction(.immediate) {
            if try catalog.books.find(uuid: newestUUID) != nil { try catalog.books.delete(id: newest) }
            _ = try catalog.books.create(BookDraft(title: "Parable of the Sower", year: 1993))
        }
        let author = try #require(try catalog.authors.page(after: nil, limit: 1).items.first)
        try catalog.authors.update(id: author.id, with: AuthorDraft(name: "Ursula Kroeber"))

        try SyncClient(client).sync(from: fixture.feed, batchSize: batchSize)
        #expect(try LibraryCatalog(client).integrityProblems() == [])
        #expect(try LibraryCatalog(client).search("parable").map(\.name) == ["Parable of the Sower"])
        if batchSize == 1000 {
            #expect(try LibraryCatalog(client).books.find(id: newest).map(\.uuid) != newestUUID)
            #expect(try LibraryCatalog(client).books.find(id: newest) != nil)
        }
        #expect(try LibraryCatalog(client).search("kroeber").map(\.name) == ["Ursula Kroeber"])
        #expect(
            try LibraryCatalog(client).search("renamed").map(\.name).sorted() == [
                "Renamed", "Renamed genre", "The Renamed",
            ])
        let triggers = "SELECT count(*) FROM sqlite_schema WHERE type = 'trigger' AND name LIKE '%_index_%'"
        #expect(try client.fetchOne(Int.self, triggers) == 8)
    }

    @Test func applyingABatchTwiceChangesNothing() throws {
        let fixture = try SyncFixture()
        let client = try fixture.snapshot()
        try fixture.importSamples()
        let state = try #require(try SyncClient(client).state())
        let batch = try fixture.feed.changes(since: state.lastSequence)
        #expect(try SyncClient(client).apply(batch, from: fixture.feed) > 0)
        let dump = try TestSupport.canonicalDump(client)
        let after = try #require(try SyncClient(client).state())
        #expect(try SyncClient(client).apply(batch, from: fixture.feed) == 0)
        #expect(try TestSupport.canonicalDump(client) == dump)
        #expect(try SyncClient(client).state() == after)
        #expect(try ChangeFeed(client).highWater() == after.localSequence)
    }

    @Test func anInterruptedSyncResumesFromTheRecordedSequence() throws {
        let fixture = try SyncFixture()
        let client = try fixture.snapshot()
        try fixture.importSamples()
        _ = try editServer(fixture)
        let first = try SyncClient(client).sync(from: fixture.feed, batchSize: 10, maxBatches: 2)
        #expect(first.hasMore)
        #expect(try SyncClient(client).state()?.lastSequence == first.toSequence)
        // A batch that fails half-way (a title the schema refuses) leaves nothing behind.
        let before = try TestSupport.canonicalDump(client)
        var broken = try fixture.feed.changes(since: first.toSequence, limit: 1000)
        let index = try #require(broken.changes.lastIndex { $0.kind == .book && $0.entity != nil })
        let title = try #require(CatalogTables.books.payloadPosition(ofKey: "title"))
        broken.changes[index].entity?.values[title] = .text("")
        #expect(throws: DatabaseError.self) { try SyncClient(client).apply(broken, from: fixture.feed) }
        #expect(try TestSupport.canonicalDump(client) == before)
        #expect(try SyncClient(client).state()?.lastSequence == first.toSequence)
        let rest = try SyncClient(client).sync(from: fixture.feed, batchSize: 10)
        #expect(rest.fromSequence == first.toSequence)
        #expect(try TestSupport.canonicalDump(client) == TestSupport.canonicalDump(fixture.server))
    }

    @Test func aClientBehindThePrunedHorizonIsToldToTakeASnapshot() throws {
        let fixture = try SyncFixture()
        try fixture.importSamples()
        let client = try fixture.snapshot()
        try fixture.catalog.genres.create(GenreDraft(name: "Cyberpunk"))
        try fixture.catalog.genres.create(GenreDraft(name: "Solarpunk"))
        try fixture.feed.prune(before: try fixture.feed.highWater())
        let before = try TestSupport.canonicalDump(client)
        #expect {
            try SyncClient(client).sync(from: fixture.feed)
        } throws: { error in
            guard case SyncError.behindPrunedHorizon = error else { return false }
            return "\(error)".hasSuffix("the client needs a fresh snapshot")
        }
        #expect(try TestSupport.canonicalDump(client) == before)
        // A fresh snapshot follows the feed again.
        let fresh = try fixture.snapshot("fresh.sqlite")
        try fixture.catalog.genres.create(GenreDraft(name: "Steampunk"))
        try SyncClient(fresh).sync(from: fixture.feed)
        #expect(try TestSupport.canonicalDump(fresh) == TestSupport.canonicalDump(fixture.server))
    }

    @Test func aClientUpToTheHorizonStillSyncs() throws {
        let fixture = try SyncFixture()
        try fixture.importSamples()
        let client = try fixture.snapshot()
        try fixture.catalog.genres.create(GenreDraft(name: "Cyberpunk"))
        try fixture.feed.prune(before: try SyncClient(client).state().map { $0.lastSequence + 1 } ?? 0)
        try SyncClient(client).sync(from: fixture.feed)
        #expect(try TestSupport.canonicalDump(client) == TestSupport.canonicalDump(fixture.server))
    }

    @Test func aDatabaseThatWasNeverSnapshottedIsRefused() throws {
        let fixture = try SyncFixture()
        try fixture.importSamples()
        let other = try DatabaseSchema.open(path: fixture.directory.appending(path: "other.sqlite").path)
        _ = try LibraryCatalog(other).importer.importJSON(
            contentsOf: TestSupport.sampleData.appending(path: "library.json"))
        let before = try TestSupport.canonicalDump(other)
        #expect {
            try SyncClient(other).sync(from: fixture.feed)
        } throws: { error in
            guard case SyncError.notASnapshot = error else { return false }
            return true
        }
        #expect(try TestSupport.canonicalDump(other) == before)
    }

    /// Writes of every kind on the client (an insert, an update, a delete that cascades) wait for upload: a sync
    /// from a source that takes none refuses, counting every entity the client changed, says to sync from the
    /// server, applies nothing and leaves the sync state where it was, however often it is asked.
    @Test func localWritesOnTheClientAreRefusedNotMerged() throws {
        let fixture = try SyncFixture()
        try fixture.importSamples()
        let client = try fixture.snapshot()
        let state = try #require(try SyncClient(client).state())
        let local = LibraryCatalog(client)
        let books = try local.all { try local.books.page(after: $0, limit: 50) }
        let authors = try local.all { try local.authors.page(after: $0, limit: 50) }
        try local.books.create(BookDraft(title: "Written on the client"))
        try local.books.update(id: books[0].id, with: BookDraft(title: "Retitled on the client"))
        try local.authors.delete(id: authors[0].id)
        try fixture.catalog.books.create(BookDraft(title: "Written on the server"))
        let logged = try ChangeFeed(client).highWater() - state.localSequence
        #expect(logged >= 3, "the client's writes were not all logged")
        let before = try TestSupport.canonicalDump(client)
        for _ in 1...2 {
            #expect {
                try SyncClient(client).sync(from: fixture.feed)
            } throws: { error in
                guard case SyncError.notUploaded(count: Int(logged)) = error else { return false }
                return "\(error)".hasSuffix("which uploads them first")
            }
            #expect(try TestSupport.canonicalDump(client) == before)
            #expect(try SyncClient(client).state() == state)
        }
    }

    /// Refused whether or not the server has moved on, so a client learns at its next sync, not at the server's.
    @Test func localWritesAreRefusedWhenTheServerHasNothingNew() throws {
        let fixture = try SyncFixture()
        try fixture.importSamples()
        let client = try fixture.snapshot()
        try LibraryCatalog(client).books.create(BookDraft(title: "Written on the client"))
        #expect {
            try SyncClient(client).sync(from: fixture.feed)
        } throws: { error in
            guard case SyncError.notUploaded(count: 1) = error else { return false }
            return true
        }
    }

    @Test func aClientOfAnotherServerIsRefused() throws {
        let fixture = try SyncFixture()
        let other = try SyncFixture()
        // The other server has changes the client has not: applied, they would show.
        try other.importSamples()
        let client = try fixture.snapshot()
        let (before, state) = (try TestSupport.canonicalDump(client), try SyncClient(client).state())
        #expect {
            try SyncClient(client).sync(from: other.feed)
        } throws: { error in
            guard case SyncError.wrongServer = error else { return false }
            return true
        }
        #expect(try TestSupport.canonicalDump(client) == before)
        #expect(try SyncClient(client).state() == state)
    }

    @Test func uniqueNamesThatMoveBetweenEntitiesAcrossBatchesSettle() throws {
        let fixture = try SyncFixture()
        let genres = fixture.catalog.genres
        let pop = try genres.create(GenreDraft(name: "Pop"))
        let rock = try genres.create(GenreDraft(name: "Rock"))
        let first = try fixture.catalog.books.create(BookDraft(title: "One", isbn13: "9780807083697"))
        let second = try fixture.catalog.books.create(BookDraft(title: "Two"))
        let client = try fixture.snapshot()
        let fromFile = try fixture.snapshot("file-client.sqlite")
        let sequence = try fixture.feed.highWater()
        // Rock is touched first, then Pop frees its name and Rock takes it: Rock's payload (name "Pop") comes in
        // a batch before Pop's rename. The same with an ISBN moving from one book to another.
        try genres.update(id: rock.id, with: GenreDraft(name: "Rock", parentID: nil))
        try fixture.catalog.books.update(id: second.id, with: BookDraft(title: "Two!"))
        try genres.update(id: pop.id, with: GenreDraft(name: "Pop music"))
        try genres.update(id: rock.id, with: GenreDraft(name: "Pop"))
        try fixture.catalog.books.update(id: first.id, with: BookDraft(title: "One"))
        try fixture.catalog.books.update(id: second.id, with: BookDraft(title: "Two!", isbn13: "9780807083697"))
        try SyncClient(client).sync(from: fixture.feed, batchSize: 1)
        #expect(try TestSupport.canonicalDump(client) == TestSupport.canonicalDump(fixture.server))
        // The same through a changes file, whose lookups read an entity's last line again.
        let file = try ChangeFile(contentsOf: try fixture.writeChanges(since: sequence))
        try SyncClient(fromFile).sync(from: file, batchSize: 1)
        #expect(try TestSupport.canonicalDump(fromFile) == TestSupport.canonicalDump(fixture.server))
    }

    @Test func changesWrittenAsJSONLinesSyncAClient() throws {
        let fixture = try SyncFixture()
        try fixture.importSamples()
        let client = try fixture.snapshot()
        _ = try editServer(fixture)
        let since = try #require(try SyncClient(client).state()).lastSequence
        var text = ""
        let trailer = try fixture.feed.writeJSONLines(since: since) { text += $0 }
        #expect(trailer.lastSequence == (try fixture.feed.highWater()))
        let file = try ChangeFile(lines: text.split(separator: "\n").map { Data($0.utf8) })
        try SyncClient(client).sync(from: file, batchSize: 5)
        #expect(try TestSupport.canonicalDump(client) == TestSupport.canonicalDump(fixture.server))
        // The same file again: nothing to do.
        #expect(try SyncClient(client).sync(from: file).changesApplied == 0)
        // A file cut short has no trailer and is refused.
        let cut = text.split(separator: "\n").dropLast().map { Data($0.utf8) }
        #expect(throws: SyncError.self) { try ChangeFile(lines: cut) }
    }

    /// A changes file is read a batch of lines at a time from disk, in chunks of 1 MiB: lines across chunk
    /// boundaries, blank lines and a last line without its newline all read as written.
    @Test func aChangesFileOnDiskSyncsWhateverItsLineLengths() throws {
        let fixture = try SyncFixture()
        let client = try fixture.snapshot()
        try fixture.importSamples()
        _ = try editServer(fixture)
        var text = ""
        try fixture.feed.writeJSONLines(since: 0) { text += $0 }
        // JSON allows spaces between tokens: every tenth line up to ~0.6 MiB long, a few megabytes in all.
        let lines = text.split(separator: "\n").enumerated().map { index, line in
            "{" + String(repeating: " ", count: index % 10 == 0 ? index * 7919 % 600_000 : 0) + line.dropFirst()
        }
        try #require(lines.count > 100)
        let url = fixture.directory.appending(path: "padded.jsonl")
        try Data((lines.dropLast().joined(separator: "\n") + "\n\n\n" + lines.last!).utf8).write(to: url)
        try SyncClient(client).sync(from: ChangeFile(contentsOf: url), batchSize: 7)
        #expect(try TestSupport.canonicalDump(client) == TestSupport.canonicalDump(fixture.server))

        // A damaged line is reported by its number in the file, blank lines counted.
        let damaged = lines.prefix(50) + ["", "{\"seq\": oops}"] + lines.dropFirst(50)
        try Data(damaged.joined(separator: "\n").utf8).write(to: url)
        do {
            _ = try ChangeFile(contentsOf: url)
            Issue.record("a damaged line was accepted")
        } catch let error as SyncError {
            guard case .malformedChanges(_, line: 52, _) = error else {
                Issue.record("\(error)")
                return
            }
        }
    }

    /// A changes file is opened once and read again batch by batch: when it no longer holds what it held, the
    /// sync stops with nothing of that batch applied, and syncing again from the file as it is now works.
    @Test func aChangesFileThatChangesAfterItWasOpenedIsRefused() throws {
        let fixture = try SyncFixture()
        let client = try fixture.snapshot()
        try fixture.importSamples()
        let url = try fixture.writeChanges(since: 0)
        let original = try Data(contentsOf: url)
        for rewrite in [Data(), Data(repeating: UInt8(ascii: " "), count: original.count)] {
            let file = try ChangeFile(contentsOf: url)
            try rewrite.write(to: url)
            do {
                try SyncClient(client).sync(from: file, batchSize: 10)
                Issue.record("a sync read a file that changed")
            } catch let error as SyncError {
                guard case .malformedChanges(_, let line, let reason) = error else {
                    Issue.record("\(error)")
                    continue
                }
                #expect(line == 1)
                #expect(reason.contains("run the sync again"), "\(reason)")
            }
            #expect(try SyncClient(client).state()?.lastSequence == 0)
            try original.write(to: url)
        }
        try SyncClient(client).sync(from: ChangeFile(contentsOf: url), batchSize: 10)
        #expect(try TestSupport.canonicalDump(client) == TestSupport.canonicalDump(fixture.server))
    }

    @Test func linksAreReportedAsUpdatesOfTheirOwner() throws {
        let fixture = try SyncFixture()
        let catalog = fixture.catalog
        let author = try catalog.authors.create(AuthorDraft(name: "Ursula K. Le Guin"))
        let book = try catalog.books.create(BookDraft(title: "The Dispossessed", year: 1974))
        try catalog.books.setCredits([BookCredit(authorID: author.id)], of: book.id)
        let since = try fixture.feed.highWater()
        try catalog.authors.delete(id: author.id)
        let changes = try fixture.feed.changes(since: since).changes
        // The book's row was the newest in the log, so it moved forward keeping its 'insert'.
        let reported = changes.map { "\($0.operation.rawValue) \($0.kind.rawValue)" }
        #expect(Set(reported) == ["delete author", "insert book"])
        let updated = try #require(changes.first { $0.kind == .book })
        #expect(try #require(updated.entity).links("authors") == [])
        // Refreshing the copied sort columns (a new year) reports the book once, not its links.
        let before = try fixture.feed.highWater()
        try catalog.books.update(id: book.id, with: BookDraft(title: "The Dispossessed", year: 1975))
        #expect(try fixture.feed.changes(since: before).changes.map(\.uuid) == [book.uuid.uuidString.lowercased()])
    }

    @Test func changesWrittenByTheSQLiteShellAreCaptured() throws {
        let shell = try TestSupport.installedTool("sqlite3")
        let fixture = try SyncFixture()
        try fixture.importSamples()
        let client = try fixture.snapshot()
        let script = """
            PRAGMA foreign_keys = ON;
            INSERT INTO authors (name, sort_name, name_key, sort_key) VALUES ('Shell Writer', 'Writer, Shell',
                'shell writer', 'writer, shell');
            INSERT INTO books (title, sort_title, sort_key) VALUES ('Shell Book', 'Shell Book', 'shell book');
            INSERT INTO book_authors (book_id, author_id, position)
                SELECT (SELECT max(id) FROM books), (SELECT max(id) FROM authors), 0;
            UPDATE books SET title = 'Shell Book, Revised' WHERE title = 'Shell Book';
            DELETE FROM bands WHERE id = (SELECT min(id) FROM bands);
            DELETE FROM authors WHERE id = (SELECT min(id) FROM authors);
            """
        let process = Process()
        process.executableURL = URL(filePath: shell)
        process.arguments = [fixture.directory.appending(path: "server.sqlite").path, script]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let since = try #require(try SyncClient(client).state()).lastSequence
        let kinds = Set(try fixture.feed.changes(since: since).changes.map(\.kind))
        #expect(kinds == [.author, .book, .band])
        try SyncClient(client).sync(from: fixture.feed)
        #expect(try TestSupport.canonicalDump(client) == TestSupport.canonicalDump(fixture.server))
    }

    /// The sqlite3 shell runs with foreign keys off unless told otherwise, so ON DELETE CASCADE and SET NULL never
    /// fire there: deleting an entity must take its link rows (and a genre's children's parent) with it all the same,
    /// so the server keeps no orphan links and the feed reports every owner that lost one.
    @Test func deletesInTheSQLiteShellWithForeignKeysOffLeaveNoOrphanLinks() throws {
        let shell = try TestSupport.installedTool("sqlite3")
        let fixture = try SyncFixture()
        try fixture.importSamples()
        let client = try fixture.snapshot()
        let orphans = """
            SELECT 'book_genres' FROM book_genres WHERE genre_id NOT IN (SELECT id FROM genres)
                OR book_id NOT IN (SELECT id FROM books)
            UNION ALL SELECT 'band_genres' FROM band_genres WHERE genre_id NOT IN (SELECT id FROM genres)
                OR band_id NOT IN (SELECT id FROM bands)
            UNION ALL SELECT 'book_authors' FROM book_authors WHERE author_id NOT IN (SELECT id FROM authors)
                OR book_id NOT IN (SELECT id FROM books)
            UNION ALL SELECT 'genres.parent_id' FROM genres WHERE parent_id NOT IN (SELECT id FROM genres)
            """
        let parent = try #require(
            try fixture.server.fetchOne(Int64.self, "SELECT min(parent_id) FROM genres WHERE parent_id IS NOT NULL"))
        let script = """
            PRAGMA foreign_keys;
            DELETE FROM genres WHERE id = (SELECT min(genre_id) FROM book_genres);
            DELETE FROM genres WHERE id = (SELECT min(genre_id) FROM band_genres);
            DELETE FROM genres WHERE id = \(parent);
            DELETE FROM authors WHERE id = (SELECT min(author_id) FROM book_authors);
            DELETE FROM books WHERE id = (SELECT min(book_id) FROM book_genres);
            DELETE FROM bands WHERE id = (SELECT min(band_id) FROM band_genres);
            """
        let result = try TestSupport.run(shell, [fixture.directory.appending(path: "server.sqlite").path, script])
        try #require(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "0\n", "the shell ran with foreign keys on: \(result.standardOutput)")
        #expect(try fixture.server.fetchAll(String.self, orphans) == [])

        let since = try #require(try SyncClient(client).state()).lastSequence
        let reported = try fixture.feed.changes(since: since).changes
        #expect(Set(reported.filter { $0.operation != .delete }.map(\.kind)) == [.book, .band, .genre])
        try SyncClient(client).sync(from: fixture.feed)
        #expect(try client.fetchAll(String.self, orphans) == [])
        #expect(try TestSupport.canonicalDump(client) == TestSupport.canonicalDump(fixture.server))
    }
}

/// The refusals no ordinary sync meets: changes that start after the client, a local row the server cannot
/// explain, a prune point past the end of the log. Each says why, and nothing is applied or deleted.
@Suite struct SyncRefusalTests {
    @Test func changesThatStartAfterTheClientAreAGap() throws {
        let fixture = try SyncFixture()
        try fixture.importSamples()
        let client = try fixture.snapshot()
        let at = try #require(try SyncClient(client).state()).lastSequence
        try fixture.catalog.genres.create(GenreDraft(name: "Cyberpunk"))
        let skipped = try fixture.feed.highWater()
        try fixture.catalog.genres.create(GenreDraft(name: "Solarpunk"))
        let file = try ChangeFile(contentsOf: try fixture.writeChanges(since: skipped))
        let before = try TestSupport.canonicalDump(client)
        #expect(throws: SyncError.gap(clientAt: at, changesSince: skipped)) {
            try SyncClient(client).sync(from: file)
        }
        #expect(
            SyncError.gap(clientAt: at, changesSince: skipped).description
                == "the changes start after \(skipped) but the client is at \(at); export the changes after \(at)")
        #expect(try TestSupport.canonicalDump(client) == before)
        #expect(try SyncClient(client).state()?.lastSequence == at)
    }

    @Test func anIncomingISBNHeldByALocalRowTheServerDoesNotExplainIsAConflict() throws {
        let fixture = try SyncFixture()
        let client = try fixture.snapshot()
        // A local book whose write the client's log does not show (local_seq moved past it, as a restored
        // backup of an older client might leave it): sync cannot tell it from the server's rows.
        let local = try LibraryCatalog(client).books.create(BookDraft(title: "Local copy", isbn13: "9780807083697"))
        try client.execute(
            "UPDATE sync_state SET local_seq = (SELECT seq FROM sqlite_sequence WHERE name = 'change_log')")
        try client.execute("DELETE FROM upload_queue")
        let incoming = try fixture.catalog.books.create(BookDraft(title: "Kindred", isbn13: "9780807083697"))
        let before = try TestSupport.canonicalDump(client)
        let state = try SyncClient(client).state()
        let expected = SyncError.conflict(
            kind: .book, uuid: incoming.uuid.uuidString.lowercased(), with: local.uuid.uuidString.lowercased(),
            reason: "both have ISBN 9780807083697")
        #expect(throws: expected) { try SyncClient(client).sync(from: fixture.feed) }
        #expect(
            expected.description
                == "book \(incoming.uuid.uuidString.lowercased()) conflicts with local book "
                + "\(local.uuid.uuidString.lowercased()): both have ISBN 9780807083697; nothing applied: take a "
                + "fresh snapshot")
        #expect(try TestSupport.canonicalDump(client) == before)
        #expect(try SyncClient(client).state() == state)
    }

    @Test func aPrunePointPastTheEndOfTheLogIsRefused() throws {
        let fixture = try SyncFixture()
        try fixture.importSamples()
        let highWater = try fixture.feed.highWater()
        let logged = try fixture.server.fetchOne(Int.self, "SELECT count(*) FROM change_log")
        #expect(throws: SyncError.invalidPrunePoint(highWater + 2, highWater: highWater)) {
            try fixture.feed.prune(before: highWater + 2)
        }
        #expect(
            SyncError.invalidPrunePoint(highWater + 2, highWater: highWater).description
                == "cannot prune before \(highWater + 2): the log ends at \(highWater); give at most \(highWater + 1)")
        #expect(try fixture.server.fetchOne(Int.self, "SELECT count(*) FROM change_log") == logged)
        #expect(try fixture.feed.prunedBefore() == 0)
        // One past the end is the furthest point: everything goes.
        #expect(try fixture.feed.prune(before: highWater + 1) == logged)
        #expect(try fixture.feed.prunedBefore() == highWater + 1)
    }

    /// A database that keeps its users in the catalog file (``DatabaseSchema/open(path:configuration:)``, as
    /// `catalog-bench` and a library user's app make it): its snapshot keeps the tables, emptied, and not one byte
    /// of the rows that were in them.
    @Test func aSnapshotOfAOneFileDatabaseEmptiesItsUserTablesAndOverwritesTheirBytes() throws {
        let fixture = try SyncFixture()
        try fixture.importSamples()
        let server = fixture.server
        let stamp = "2026-01-01T00:00:00Z"
        let (tokenHash, sessionHash, csrfHash) = (
            String(repeating: "ab", count: 32), String(repeating: "cd", count: 32), String(repeating: "ef", count: 32)
        )
        try server.execute("INSERT INTO users (id, name, created_at) VALUES (1, 'zq-private-reader', ?)", [stamp])
        try server.execute(
            """
            INSERT INTO nav_scenes (id, user_id, scene, format, state, history_first, history_cursor, history_last,
                created_at, updated_at)
            VALUES (1, 1, 'zq-private-scene', 1, 'zq-private-state', 0, 0, 0, ?, ?)
            """, [stamp, stamp])
        try server.execute(
            "INSERT INTO nav_history (scene_id, position, format, state, recorded_at) VALUES (1, 0, 1, 'zq-private-past', ?)",
            [stamp])
        try server.execute(
            """
            INSERT INTO nav_sessions (user_id, name, format, state, created_at, updated_at)
            VALUES (1, 'zq-private-session', 1, 'zq-private-saved', ?, ?)
            """, [stamp, stamp])
        try server.execute(
            "INSERT INTO access_tokens (id, user_id, hash, scope, created_at) VALUES (1, 1, ?, 'read', ?)",
            [tokenHash, stamp])
        try server.execute(
            """
            INSERT INTO web_sessions (token_id, hash, csrf_hash, created_at, expires_at)
            VALUES (1, ?, ?, ?, ?)
            """, [sessionHash, csrfHash, stamp, stamp])
        for table in DatabaseSchema.userTables {
            #expect(try server.rowCount(ofTable: table) == 1, "\(table)")
        }

        let client = try fixture.snapshot()
        for table in DatabaseSchema.userTables {
            #expect(try client.tableExists(table) && client.rowCount(ofTable: table) == 0, "\(table)")
        }
        #expect(try TestSupport.canonicalDump(client) == TestSupport.canonicalDump(server))
        try client.close()
        let bytes = try Data(contentsOf: fixture.directory.appending(path: "client.sqlite"))
        for secret in ["zq-private-", tokenHash, sessionHash, csrfHash] {
            #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(secret) is in the snapshot's bytes")
        }
    }
}
