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

    @Test func rejectsNonAuthorKeys() {
        #expect(OpenLibraryJSON.authorKey("/works/OL1W") == nil)
        #expect(OpenLibraryJSON.authorKey("") == nil)
    }

    @Test func sharedWorksSample() throws {
        let path = try TestSupport.sharedData("openlibrary/works_sample.tsv")
        let (reader, rows) = try read(path)
        let works = rows.compactMap(work)
        #expect(rows.count == 1_970)
        // Line 327 has the subject "Erna\u{98}hrung" ("Ernährung" mis-encoded): a control character in a name.
        #expect(works.count == 1_969)
        let rejections = rows.compactMap { if case .rejected(let rejection) = $0 { rejection } else { nil } }
        #expect(rejections.map(\.line) == [327])
        #expect(rejections.first?.issues.first?.column == "subjects")
        #expect(rejections.first?.reason.contains("control character U+0098") == true)
        #expect(reader.skippedCount == 0)
        #expect(Set(works.compactMap(\.key)).count == 1_969)
        #expect(works.allSatisfy { $0.credits.allSatisfy { $0.sourceKey?.hasPrefix("/authors/OL") == true } })
        #expect(works.filter { $0.summary != nil }.count == 57)
        #expect(works.filter { !$0.genres.isEmpty }.count == 827)
        #expect(reader.progress.bytesRead == reader.progress.totalBytes)
    }
}
