import Foundation
import TestSupport
import Testing

/// `catalog import` as a user runs it: exit statuses, messages, the errors file (ImportCrashTests kills it).
@Suite struct ImportCLITests {
    static func fixture(_ name: String) -> String {
        TestSupport.importFixture(name)
    }

    @Test func allRowsImportedExitsZeroAndTwiceIsUnchanged() throws {
        let cli = try CatalogCLI()
        let first = try cli.run("import", Self.fixture("bom_crlf.csv"), "--json")
        #expect(first.status == 0, "\(first.standardError)")
        #expect(try first.json()["inserted"] as? Int == 2)
        let second = try cli.run("import", Self.fixture("bom_crlf.csv"), "--json")
        let summary = try second.json()
        #expect(summary["unchanged"] as? Int == 2)
        #expect(summary["inserted"] as? Int == 0 && summary["updated"] as? Int == 0)
    }

    /// An import large enough to ask for a checkpoint leaves its rows in the catalog file, not in a WAL that the next
    /// command (or the next reader, looking each page up in it) would have to go through.
    @Test func aLargeImportLeavesItsRowsInTheCatalogFileNotInTheWAL() throws {
        let cli = try CatalogCLI()
        let rows = (1...6_000).map { "Checkpointed \($0),Author \($0 % 700),\(1900 + $0 % 100)" }
        let file = cli.path("many.csv")
        let text = (["title,authors,year"] + rows).joined(separator: "\n")
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try cli.run("import", file, "--json")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try result.json()["inserted"] as? Int == 6_000)
        func size(_ path: String) throws -> Int {
            guard FileManager.default.fileExists(atPath: path) else { return 0 }
            return try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
        }
        let wal = try size(cli.database + "-wal")
        let catalog = try size(cli.database)
        #expect(wal == 0, "the import left \(wal) bytes in the WAL beside a catalog file of \(catalog)")
        #expect(catalog > 4_000_000, "the catalog file holds \(catalog) bytes")
    }

    @Test func rejectedRowsExitTwoWithTheirPlaceOnStderrAndInTheErrorsFile() throws {
        let cli = try CatalogCLI()
        let errors = cli.path("errors.csv")
        let result = try cli.run("import", Self.fixture("books_mixed.csv"), "--errors", errors)
        #expect(result.status == 2)
        #expect(result.standardOutput.contains("2 inserted") && result.standardOutput.contains("1 duplicates"))
        #expect(result.standardOutput.contains("2 rejected"))
        #expect(result.standardError.contains("books_mixed.csv:6: column year, value \"19x0\""))
        let lines = try String(contentsOfFile: errors, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 3)
    }

    /// The README's workflow: fix the errors file, import it, later import the corrected original. Every row keeps
    /// the source of its first import, so nothing is imported twice.
    @Test func aFixedErrorsFileKeepsTheFirstSourceSoTheCorrectedOriginalAddsNoCopies() throws {
        let cli = try CatalogCLI()
        let errors = cli.path("errors.csv")
        #expect(try cli.run("import", Self.fixture("books_mixed.csv"), "--errors", errors).status == 2)
        let rejected = try String(contentsOfFile: errors, encoding: .utf8)
        #expect(rejected.split(separator: "\n").allSatisfy { $0.contains(",books_mixed,") || $0.hasPrefix("error_") })

        let fix = { (text: String) in
            text.replacingOccurrences(of: "x1,,Nobody", with: "x1,Nobody's Book,Nobody")
                .replacingOccurrences(of: "Fantasy,,19x0", with: "Fantasy,,1990")
        }
        try fix(rejected).write(toFile: errors, atomically: true, encoding: .utf8)
        let fixed = try cli.run("import", errors, "--json")
        #expect(fixed.status == 0, "\(fixed.standardError)")
        #expect(try fixed.json()["inserted"] as? Int == 2)

        let original = try String(contentsOfFile: Self.fixture("books_mixed.csv"), encoding: .utf8)
        let corrected = cli.path("books_mixed.csv")
        try fix(original).write(toFile: corrected, atomically: true, encoding: .utf8)
        let again = try cli.run("import", corrected, "--json").json()
        #expect(again["inserted"] as? Int == 0 && again["updated"] as? Int == 0, "\(again)")
        #expect(again["unchanged"] as? Int == 5, "\(again)")
        #expect(try cli.run("list", "books", "--json").json()["total"] as? Int == 4)
    }

    @Test func anErrorsFileThatIsTheImportedFileIsRefused() throws {
        let cli = try CatalogCLI()
        let copy = cli.path("books.csv")
        let original = try String(contentsOfFile: Self.fixture("books_mixed.csv"), encoding: .utf8)
        try original.write(toFile: copy, atomically: true, encoding: .utf8)
        let result = try cli.run("import", copy, "--errors", copy)
        #expect(result.status == 64)
        #expect(
            result.standardError
                == "error: --errors \(copy): this is the file being imported; name another file for its rejected rows.\n"
        )
        #expect(try String(contentsOfFile: copy, encoding: .utf8) == original)
    }

    @Test func strictRollsBackTheFile() throws {
        let cli = try CatalogCLI()
        let result = try cli.run("import", Self.fixture("books_mixed.csv"), "--strict")
        #expect(result.status == 2)
        #expect(result.standardError.contains("nothing of the file was imported"))
        try expectNothingWritten(cli)
    }

    @Test func unusableFilesExit65WithWhatToDo() throws {
        let cli = try CatalogCLI()
        let encoding = try cli.run("import", Self.fixture("bands_cp1252.csv"), "--entity", "bands")
        #expect(encoding.status == 65)
        #expect(encoding.standardError.contains("byte offset 47") && encoding.standardError.contains("--encoding"))
        let column = try cli.run("import", Self.fixture("missing_title.csv"))
        #expect(column.status == 65)
        #expect(column.standardError.contains("'title'") && column.standardError.contains("'writer'"))
        let fixed = try cli.run("import", Self.fixture("bands_cp1252.csv"), "--entity", "bands", "--encoding", "cp1252")
        #expect(fixed.status == 0, "\(fixed.standardError)")
        #expect(try cli.run("search", "motorhead").standardOutput.contains("Motörhead"))
    }

    @Test func aDirectoryIsSaidToBeOne() throws {
        let cli = try CatalogCLI()
        for arguments in [[cli.directory.path], [cli.directory.path, "--format", "csv"]] {
            let result = try cli.run(["import"] + arguments)
            #expect(result.status == 1)
            #expect(result.standardError == "error: \(cli.directory.path): cannot open the file: it is a directory.\n")
        }
    }

    @Test func otherFailuresExitOneAndBadOptionsSixtyFour() throws {
        let cli = try CatalogCLI()
        #expect(try cli.run("import", cli.path("absent.csv")).status == 1)
        #expect(try cli.run("import", Self.fixture("bom_crlf.csv"), "--map", "colour=x").status == 64)
        #expect(try cli.run("import", Self.fixture("bom_crlf.csv"), "--profile", "nope").status == 64)
    }

    @Test func dryRunPrintsTheSummaryAndWritesNothing() throws {
        let cli = try CatalogCLI()
        let result = try cli.run("import", Self.fixture("bom_crlf.csv"), "--dry-run")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("dry run") && result.standardOutput.contains("2 inserted"))
        try expectNothingWritten(cli)
    }

    /// No book, no author, and a change log with no change (only the trailer line).
    func expectNothingWritten(_ cli: CatalogCLI) throws {
        #expect(try cli.run("list", "books", "--json").json()["total"] as? Int == 0)
        #expect(try cli.run("list", "authors", "--json").json()["total"] as? Int == 0)
        let changes = try cli.run("changes", "--since", "0").standardOutput.split(separator: "\n")
        #expect(changes.count == 1 && changes[0].contains("\"last_seq\":0"), "\(changes)")
    }

    /// The library says what is wrong; the command line says which flag fixes it, word for word as documented.
    @Test(arguments: [
        (
            ["--entity", "bands"], "bands_cp1252.csv", 65,
            "bands_cp1252.csv: not valid UTF-8: byte 0xF6 at byte offset 47 (line 2). If the file uses another "
                + "encoding, pass it with --encoding latin1 or --encoding cp1252.\n"
        ),
        (
            [], "missing_title.csv", 65,
            "missing_title.csv: no column for the required field 'title'. Columns in the file: 'name', 'writer', "
                + "'published'. Name a column 'title' or pass --map title=COLUMN.\n"
        ),
        (
            ["--map", "title=Heading"], "bom_crlf.csv", 65,
            "bom_crlf.csv: --map title=Heading: the file has no column 'Heading'. Columns in the file: 'title', "
                + "'authors', 'year'.\n"
        ),
        (
            ["--split", "title=;"], "bom_crlf.csv", 64,
            "error: --split title: 'title' holds one value; multi-valued fields: authors, contributors, genres.\n"
        ),
        (["--map", "nonsense"], "bom_crlf.csv", 64, "error: --map nonsense: expected FIELD=VALUE.\n"),
        (["--source", ""], "bom_crlf.csv", 64, "error: --source: a source name must not be empty.\n"),
    ])
    func refusalsNameTheFlagThatFixesThem(options: [String], file: String, status: Int32, message: String) throws {
        let result = try CatalogCLI().run(["import", Self.fixture(file)] + options)
        #expect(result.status == status)
        #expect(result.standardError.hasSuffix(message), "\(result.standardError)")
    }

    @Test func aFileOfUnknownFormatNamesTheFormatFlag() throws {
        let cli = try CatalogCLI()
        let path = cli.path("books.bin")
        try Data("title\nDune\n".utf8).write(to: URL(filePath: path))
        let result = try cli.run("import", path)
        #expect(result.status == 64)
        #expect(
            result.standardError
                == "error: \(path): cannot tell the format from the file name; pass --format json, csv, tsv, "
                + "openlibrary, marc, marcxml or calibre.\n")
    }

    /// The line `catalog import` prints for a file, without its timing.
    func summary(_ result: TestSupport.ProcessResult) -> String {
        result.standardOutput.components(separatedBy: " in ").first ?? ""
    }

    /// The titles of every book, and the names of every author, as `catalog list` prints them.
    func listed(_ cli: CatalogCLI, _ kind: String) throws -> [String] {
        let items = try #require(try cli.run("list", kind, "--json").json()["items"] as? [[String: Any]])
        return items.compactMap { ($0["title"] ?? $0["name"]) as? String }
    }

    @Test func formatOverridesWhatTheFileNameSays() throws {
        let cli = try CatalogCLI()
        let file = cli.path("books.txt")
        try Data("title,authors\nDune,Frank Herbert\nEmma,Jane Austen\n".utf8).write(to: URL(filePath: file))
        // A .txt without /type/ is read as TSV: one column named "title,authors".
        let guessed = try cli.run("import", file)
        #expect(guessed.status == 65)
        #expect(
            guessed.standardError
                == "error: \(file): no column for the required field 'title'. Columns in the file: 'title,authors'. "
                + "Name a column 'title' or pass --map title=COLUMN.\n")
        let given = try cli.run("import", file, "--format", "csv")
        #expect(given.status == 0, "\(given.standardError)")
        #expect(
            summary(given)
                == "\(file) (source 'books'): 2 rows: 2 inserted, 0 updated, 0 unchanged, 0 duplicates, 0 rejected")
        #expect(try listed(cli, "books") == ["Dune", "Emma"])
        #expect(try listed(cli, "authors") == ["Jane Austen", "Frank Herbert"])
    }

    /// `.txt` and `.tsv`: an Open Library dump when the first line starts with `/type/`, else TSV.
    @Test func aTextFileIsAnOpenLibraryDumpOnlyWhenItStartsWithAType() throws {
        let cli = try CatalogCLI()
        let dump = try cli.run("import", Self.fixture("openlibrary_works.txt"))
        #expect(dump.status == 0, "\(dump.standardError)")
        #expect(
            summary(dump)
                == "\(Self.fixture("openlibrary_works.txt")) (source 'openlibrary'): 1 rows: 1 inserted, 0 updated, "
                + "0 unchanged, 0 duplicates, 0 rejected")
        #expect(try listed(cli, "books") == ["Tintin"])
        // The works dump names its author by key: a placeholder name until the authors dump comes.
        #expect(try listed(cli, "authors") == ["OL1A"])

        let tsv = cli.path("shelf.tsv")
        try Data("title\tauthors\tyear\nThe Left Hand of Darkness\tUrsula K. Le Guin\t1969\n".utf8).write(
            to: URL(filePath: tsv))
        let plain = try cli.run("import", tsv)
        #expect(plain.status == 0, "\(plain.standardError)")
        #expect(
            summary(plain)
                == "\(tsv) (source 'shelf'): 1 rows: 1 inserted, 0 updated, 0 unchanged, 0 duplicates, 0 rejected")
        #expect(try listed(cli, "books") == ["The Left Hand of Darkness", "Tintin"])
        #expect(try listed(cli, "authors").contains("Ursula K. Le Guin"))
    }

    /// A pipe (`mkfifo`, a shell's `<(…)`) is read once, from its first byte, and rows reach the catalog as they
    /// are written. A pipe whose name only its first bytes could settle (`.tsv`, `.txt`, `.xml`) asks for `--format`,
    /// and a catalog JSON file, which is read twice, asks to be saved first; neither waits for a writer.
    @Test func aPipeIsImportedFromItsFirstByte() throws {
        let cli = try CatalogCLI()
        let csv = try NamedPipe(path: cli.path("books.csv"))
        let importer = try cli.start(["import", csv.path, "--json"])
        defer { importer.killIfRunning() }
        let titles = (1...40).map { "Piped book number \($0)" }
        try csv.write("title,authors\n" + titles.map { "\($0),Piped Author\n" }.joined())
        csv.close()
        let imported = importer.wait(killingAfter: .seconds(60))
        #expect(!imported.endedBySignal, "the import still waited for its input after a minute")
        #expect(imported.status == 0, "\(imported.standardError)")
        #expect(try imported.json()["inserted"] as? Int == titles.count)
        #expect(try listed(cli, "books").sorted() == titles.sorted())

        for (name, status, message) in [
            ("shelf.tsv", Int32(64), "cannot tell the format from the file name; pass --format"),
            ("catalog.json", 1, "cannot read \(cli.path("catalog.json")): it is a pipe, which can be read once"),
        ] {
            let pipe = try NamedPipe(path: cli.path(name))
            let refused = try cli.start(["import", pipe.path])
            defer { refused.killIfRunning() }
            let result = refused.wait(killingAfter: .seconds(60))
            #expect(!result.endedBySignal, "\(name): the import waited for a writer")
            #expect(result.status == status, "\(name): \(result.standardError)")
            #expect(result.standardError.contains(message), "\(name): \(result.standardError)")
        }
        #expect(try listed(cli, "books").count == titles.count)
    }

    @Test func splitSetsTheSeparatorOfAMultiValuedCell() throws {
        let cli = try CatalogCLI()
        let file = cli.path("omens.csv")
        try Data("title,authors\nGood Omens,Terry Pratchett; Neil Gaiman\n".utf8).write(to: URL(filePath: file))
        let split = try cli.run("import", file, "--split", "authors=;", "--json")
        #expect(split.status == 0, "\(split.standardError)")
        let book = try #require(try cli.run("list", "books", "--json").json()["items"] as? [[String: Any]]).first
        let credits = try cli.run("list", "authors", "--book", try #require(book?["uuid"] as? String), "--json").json()
        let names = (credits["items"] as? [[String: Any]])?.map { "\($0["name"] ?? "") (\($0["role"] ?? ""))" }
        #expect(names == ["Terry Pratchett (author)", "Neil Gaiman (author)"])
    }

    /// The source names who a keyed row belongs to: the same key from another source is another book.
    @Test func sourceNamesTheRowsIdentity() throws {
        let cli = try CatalogCLI()
        let file = cli.path("keyed.csv")
        try Data("title,source_key\nDune,k1\n".utf8).write(to: URL(filePath: file))
        let first = try cli.run("import", file, "--source", "shelf-a")
        #expect(
            summary(first)
                == "\(file) (source 'shelf-a'): 1 rows: 1 inserted, 0 updated, 0 unchanged, 0 duplicates, 0 rejected")
        let again = try cli.run("import", file, "--source", "shelf-a")
        #expect(
            summary(again)
                == "\(file) (source 'shelf-a'): 1 rows: 0 inserted, 0 updated, 1 unchanged, 0 duplicates, 0 rejected")
        let other = try cli.run("import", file, "--source", "shelf-b", "--json").json()
        #expect((other["files"] as? [[String: Any]])?.first?["source"] as? String == "shelf-b")
        #expect(other["inserted"] as? Int == 1)
        #expect(try listed(cli, "books") == ["Dune", "Dune"])
    }

    /// The same book from another source (found by its ISBN) gains that source's identity and is otherwise left as it
    /// is: unchanged, not updated, and its `updated_at` stays.
    @Test(arguments: [
        (
            "dune.json",
            #"{"format": "catalog", "version": 1, "genres": [{"key": "sf", "name": "Science fiction"}], "#
                + #""books": [{"key": "dune", "title": "Dune", "isbn13": "9780441013593", "year": 1965, "#
                + #""genres": ["sf"]}]}"#
        ),
        ("dune.csv", "title,authors,isbn13,year,genres\nDune,Frank Herbert,9780441013593,1965,Science fiction\n"),
    ])
    func theSameBookFromAnotherSourceIsUnchanged(file name: String, contents: String) throws {
        let cli = try CatalogCLI()
        let file = cli.path(name)
        try Data(contents.utf8).write(to: URL(filePath: file))
        let first = try cli.run("import", file, "--json")
        #expect(first.status == 0, "\(first.standardError)")
        let before = try cli.run("list", "books", "--json").standardOutput
        let other = try cli.run("import", file, "--source", "other")
        #expect(other.status == 0, "\(other.standardError)")
        #expect(
            summary(other)
                == "\(file) (source 'other'): \(name.hasSuffix(".json") ? 2 : 1) rows: 0 inserted, 0 updated, "
                + "\(name.hasSuffix(".json") ? 2 : 1) unchanged, 0 duplicates, 0 rejected", "\(other.standardOutput)")
        #expect(try cli.run("list", "books", "--json").standardOutput == before)
        // The new identity was recorded: importing under it again finds the book by its key.
        let again = try cli.run("import", file, "--source", "other", "--json").json()
        #expect(again["unchanged"] as? Int == (name.hasSuffix(".json") ? 2 : 1), "\(again)")
        #expect(try listed(cli, "books") == ["Dune"])
    }

    /// Latin-1 decodes every byte, but cp1252's curly apostrophe (0x92) becomes the control character U+0092,
    /// which a name may not hold: that row is rejected, naming it, and the rest imports.
    @Test func latin1DecodesAFileThatIsNotUTF8() throws {
        let cli = try CatalogCLI()
        let result = try cli.run(
            "import", Self.fixture("bands_cp1252.csv"), "--entity", "bands", "--encoding", "latin1")
        #expect(result.status == 2, "\(result.standardError)")
        #expect(
            result.standardError.contains(
                ":3: column name, value \"Guns N\u{92} Roses\": holds the control character U+0092"))
        #expect(try listed(cli, "bands") == ["Motörhead"])
        #expect(try cli.run("search", "motorhead").standardOutput.contains("Motörhead"))
    }

    /// The goodbooks-10k profile: its source, its ISBN-10s without leading zeros, its author lists.
    @Test func theGoodbooksProfile() throws {
        let cli = try CatalogCLI()
        let result = try cli.run("import", Self.fixture("goodbooks_quirks.csv"), "--profile", "goodbooks")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardOutput.hasPrefix(
                "\(Self.fixture("goodbooks_quirks.csv")) (source 'goodbooks'): 6 rows: 6 inserted, 0 updated, "
                    + "0 unchanged, 0 duplicates, 0 rejected in "))
        #expect(
            result.standardOutput.hasSuffix(
                "1 value left out, e.g. line 5, column isbn, value \"7203116\": is not a valid ISBN-10: checksum "
                    + "fails (check digit 6, expected X)\n"))
        let hits = try #require(try cli.run("search", "sorcerer", "--json").json()["items"] as? [[String: Any]])
        let book = try cli.run("show", "book", try #require(hits.first?["uuid"] as? String), "--json").json()
        #expect(book["title"] as? String == "Harry Potter and the Sorcerer's Stone (Harry Potter, #1)")
        #expect(book["isbn13"] as? String == "9780439554930")
        #expect(book["year"] as? Int == 1997)
        #expect(book["language"] as? String == "eng")
        let credits = (book["authors"] as? [[String: Any]])?.map { "\($0["name"] ?? "") (\($0["role"] ?? ""))" }
        #expect(credits == ["J.K. Rowling (author)", "Mary GrandPré (contributor)"])
    }

    @Test func aQuoteNeverClosedExits65AndImportsNothing() throws {
        let cli = try CatalogCLI()
        let result = try cli.run("import", Self.fixture("unterminated.csv"))
        #expect(result.status == 65)
        #expect(
            result.standardError
                == "error: \(Self.fixture("unterminated.csv")): the quoted field opened on line 3 is never closed; "
                + "check that line for a missing or unescaped quote (write \"\" for a quote inside a quoted field).\n")
        try expectNothingWritten(cli)
    }
}
