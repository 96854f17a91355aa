import Catalog
import TestSupport
import Testing

@testable import CatalogImport

@Suite struct OpenLibraryDumpReaderTests {
    private func read(_ path: String) throws -> (OpenLibraryDumpReader, [ImportRow]) {
        let reader = try OpenLibraryDumpReader(path: path)
        var rows: [ImportRow] = []
        while let row = try reader.next() { rows.append(row) }
        return (reader, rows)
    }

    private func work(_ row: ImportRow) -> BookRecord? {
        row.book
    }

    @Test func variantsFixture() throws {
        let (reader, rows) = try read(Fixture.path("openlibrary_variants.tsv"))
        #expect(rows.count == 8)
        #expect(reader.skippedCount == 1)

        #expect(
            work(rows[0])
                == Fixture.book(
                    title: "Object Author", key: "/works/OL1W",
                    credits: [Fixture.credit("OL1A", key: "/authors/OL1A", placeholder: true)],
                    genres: ["Cartoonists", "Biography"], summary: "An object description."))

        let second = try #require(work(rows[1]))
        #expect(second.credits == [Fixture.credit("OL2A", key: "/authors/OL2A", placeholder: true)])
        #expect(second.summary == "A plain string description.")

        let third = try #require(work(rows[2]))
        #expect(third.title.hasSuffix(": a subtitle"))
        #expect(third.year == 1995)
        #expect(
            third.credits.map(\.sourceKey) == [
                "/authors/OL3A", "/authors/OL4A", "/authors/OL5A", "/authors/OL6A", "/authors/OL7A",
            ])
        #expect(third.credits.map(\.role.rawValue) == ["author", "illustrator", "translator", "author", "author"])
        if case .accepted(let accepted) = rows[2] {
            #expect(accepted.warnings.map(\.column) == ["authors"])
        }

        #expect(
            rows[3].rejected?.issues.first
                == RowIssue(
                    line: 4, column: "json", value: "{\"title\": \"Broken JSON\", \"authors\": [",
                    reason: "is not valid JSON"))
        #expect(rows[3].rejected?.rawValues.count == 5)
        #expect(rows[4].rejected?.issues.first?.reason.hasPrefix("has 3 tab-separated columns") == true)
        #expect(rows[5].rejected?.issues.first?.column == "title")
        #expect(
            rows[6].accepted == .author(AuthorRecord(key: "/authors/OL1A", name: "Hergé")))
        #expect(rows[7].rejected == nil)
        #expect(work(rows[7])?.title == "Spaced Title")
        #expect(work(rows[7])?.genres == [])
        if case .accepted(let last) = rows[7] { #expect(last.line == 10) }
    }

    @Test(arguments: [
        ("/authors/OL1A", "/authors/OL1A"), ("/a/OL2A", "/authors/OL2A"), ("OL3A", "/authors/OL3A"),
        (" /authors/OL4A ", "/authors/OL4A"),
    ])
    func authorKeysNormalize(text: String, key: String) {
        #expect(OpenLibraryJSON.authorKey(text) == key)
    }

    /// Found by the openlibrary-reader fuzz target: the warning for an author entry without a key showed the
    /// entry as a Swift dictionary description, in an order that changed between reads of the same line.
    @Test func anEntryWithoutAnAuthorKeyIsShownAsSortedJSON() throws {
        let line =
            #"/type/work\#t/works/OL1W\#t1\#tx\#t{"title": "T", "authors": [{"type": "/type/author_role", "#
            + #""author": {"kex": "/authors/OL3A"}, "role": "x/y"}]}"#
        let rows = try Fixture.rows(OpenLibraryDumpReader(input: Fixture.memory(Array(line.utf8))))
        guard case .accepted(let accepted) = rows.first else {
            Issue.record("the line was not accepted: \(rows)")
            return
        }
        #expect(
            accepted.warnings.map(\.value) == [
                #"{"author":{"kex":"/authors/OL3A"},"role":"x/y","type":"/type/author_role"}"#
            ])
    }

    /// A subject is one value of a list: a refused one is left out with a warning naming it, and the work is kept.
    /// A refused title still rejects the work, which needs one.
    @Test func aRefusedSubjectIsLeftOutWithAWarning() throws {
        let text =
            #"/type/work\#t/works/OL1W\#t1\#tx\#t{"title": "Kept", "subjects": ["Good", "Bad\u0098", "Also good"]}"#
            + "\n" + #"/type/work\#t/works/OL2W\#t1\#tx\#t{"title": "Bad\u0098Title", "subjects": ["Good"]}"#
        let rows = try Fixture.rows(OpenLibraryDumpReader(input: Fixture.memory(Array(text.utf8))))
        #expect(rows.count == 2)
        let kept = try #require(rows.first?.book)
        #expect(kept.genres.map(\.name) == ["Good", "Also good"])
        guard case .accepted(let accepted) = rows.first else { return }
        #expect(accepted.warnings.count == 1)
        let warning = try #require(accepted.warnings.first)
        #expect(warning.line == 1)
        #expect(warning.column == "subjects")
        #expect(warning.value == "Bad\u{98}")
        #expect(warning.reason.contains("control character U+0098"))
        #expect(warning.reason.contains("left out"))
        #expect(rows[1].rejected?.issues.map(\.column) == ["title"])
    }

    @Test func rejectsNonAuthorKeys() {
        #expect(OpenLibraryJSON.authorKey("/works/OL1W") == nil)
        #expect(OpenLibraryJSON.authorKey("") == nil)
    }

    @Test func sharedWorksSample() throws {
        let path = try TestSupport.sharedData("openlibrary/works_sample.tsv")
        let (reader, rows) = try read(path)
        let works = rows.compactMap(work)
        #expect(rows.count == 1_970)
        // Line 327 has the subject "Erna\u{98}hrung" ("Ernährung" mis-encoded): a control character in a name. That
        // one subject is left out with a warning; the work is kept.
        #expect(works.count == 1_970)
        let warned = rows.compactMap { if case .accepted(let row) = $0, !row.warnings.isEmpty { row } else { nil } }
        #expect(warned.map(\.line) == [327])
        let warning = try #require(warned.first?.warnings.first)
        #expect(warning.line == 327)
        #expect(warning.column == "subjects")
        #expect(warning.value == "Erna\u{98}hrung")
        #expect(warning.reason.contains("control character U+0098"))
        let genres = try #require(rows.first { $0.book?.key == "/works/OL10123047W" }?.book?.genres)
        #expect(!genres.isEmpty)
        #expect(!genres.contains { $0.name.contains("\u{98}") })
        #expect(reader.skippedCount == 0)
        #expect(Set(works.compactMap(\.key)).count == 1_970)
        #expect(works.allSatisfy { $0.credits.allSatisfy { $0.sourceKey?.hasPrefix("/authors/OL") == true } })
        #expect(works.filter { $0.summary != nil }.count == 57)
        #expect(works.filter { !$0.genres.isEmpty }.count == 828)
        #expect(reader.progress.bytesRead == reader.progress.totalBytes)
    }
}
