import Foundation
import TestSupport
import Testing

/// `catalog show KIND UUID --json`: the keys the README lists for each kind, and related lists cut at 100 with
/// counts that say how many there are.
@Suite struct ShowCLITests {
    /// One catalog for the whole suite, only read: the sample data, and a genre, an author and a band crowded
    /// past the 100 a related list shows.
    static let shared = Result { () throws -> CatalogCLI in
        let cli = try CatalogCLI("show")
        try cli.importSamples()
        let crowded = cli.path("crowded.json")
        try Data(crowdedCatalog(books: 103, bands: 102).utf8).write(to: URL(filePath: crowded))
        let imported = try cli.run("import", crowded)
        guard imported.status == 0 else { throw ImportFailed(output: imported.standardError) }
        return cli
    }

    struct ImportFailed: Error {
        let output: String
    }

    /// Genre "Crowded" with `books` books and `bands` bands; every book by "Prolific Writer" and a co-author of
    /// its own.
    static func crowdedCatalog(books: Int, bands: Int) -> String {
        let authors =
            [#"{"key": "prolific", "name": "Prolific Writer"}"#]
            + (0..<books).map { #"{"key": "co\#($0)", "name": "Co Writer \#($0)"}"# }
        let bookItems = (0..<books).map {
            #"{"key": "b\#($0)", "title": "Crowded book \#($0)", "authors": ["prolific", "co\#($0)"], "#
                + #""genres": ["crowded"]}"#
        }
        let bandItems = (0..<bands).map {
            #"{"key": "band\#($0)", "name": "Crowded band \#($0)", "genres": ["crowded"]}"#
        }
        return """
            {"format": "catalog", "version": 1, "source": "crowded",
             "genres": [{"key": "crowded", "name": "Crowded"}],
             "authors": [\(authors.joined(separator: ","))],
             "books": [\(bookItems.joined(separator: ",\n"))],
             "bands": [\(bandItems.joined(separator: ",\n"))]}
            """
    }

    var cli: CatalogCLI {
        get throws { try Self.shared.get() }
    }

    /// The uuid of the first search hit of `kind` named or titled `name`.
    func uuid(of kind: String, _ name: String) throws -> String {
        let hits = try #require(try cli.run("search", name, "--json").json()["items"] as? [[String: Any]])
        let hit = try #require(
            hits.first { $0["kind"] as? String == kind && ($0["name"] ?? $0["title"]) as? String == name })
        return try #require(hit["uuid"] as? String)
    }

    func show(_ kind: String, _ uuid: String) throws -> [String: Any] {
        let result = try cli.run("show", kind, uuid, "--json")
        #expect(result.status == 0, "\(result.standardError)")
        return try result.json()
    }

    static let bookItemKeys: Set = ["uuid", "title", "sortTitle", "year", "language"]
    static let authorItemKeys: Set = ["uuid", "name", "sortName", "disambiguation"]
    static let genreItemKeys: Set = ["uuid", "name"]
    static let bandItemKeys: Set = [
        "uuid", "name", "sortName", "country", "formedYear", "endedYear", "status", "disambiguation",
    ]
    static let timestamps: Set = ["createdAt", "updatedAt"]
    /// What a detail shows of every entity: its facts and its related lists.
    static let screen: Set = ["facts", "related"]

    /// The `facts` of a shown entity as label and value pairs.
    func facts(_ shown: [String: Any]) throws -> [String] {
        try #require(shown["facts"] as? [[String: String]]).map { "\($0["label"] ?? "?") \($0["value"] ?? "?")" }
    }

    /// The `related` lists of a shown entity: name, heading, kind, count and path, as one line each.
    func related(_ shown: [String: Any]) throws -> [String] {
        try #require(shown["related"] as? [[String: Any]]).map { list in
            let count = list["count"] as? Int
            return ["name", "heading", "kind"].map { list[$0] as? String ?? "?" }.joined(separator: " ")
                + " \(count.map(String.init) ?? "?") \(list["path"] as? String ?? "null")"
        }
    }

    func keys(_ value: Any?) throws -> Set<String> {
        Set(try #require(value as? [String: Any]).keys)
    }

    func keysOfItems(_ value: Any?) throws -> [Set<String>] {
        try #require(value as? [[String: Any]]).map { Set($0.keys) }
    }

    @Test func aBookHasItsCreditsAndGenres() throws {
        let book = try show("book", try uuid(of: "book", "Adventures of Huckleberry Finn"))
        #expect(
            Set(book.keys)
                == Self.bookItemKeys.union(Self.timestamps).union(Self.screen).union([
                    "isbn13", "pages", "summary", "authors", "genres",
                ]))
        let credits = try #require(book["authors"] as? [[String: Any]])
        #expect(credits.map { $0["name"] as? String } == ["Mark Twain", "E. W. Kemble"])
        #expect(credits.map { $0["role"] as? String } == ["author", "illustrator"])
        #expect(credits.map { $0["position"] as? Int } == [0, 1])
        #expect(try keysOfItems(book["authors"]).allSatisfy { $0 == Self.authorItemKeys.union(["role", "position"]) })
        #expect(try keysOfItems(book["genres"]).allSatisfy { $0 == Self.genreItemKeys })
        #expect((book["genres"] as? [Any])?.isEmpty == false)
        let shown = try #require(book["uuid"] as? String)
        #expect(
            try facts(book).map { String($0.prefix(while: { $0 != " " })) } == [
                "Year", "Language", "Summary",
            ])
        #expect(try facts(book).first == "Year 1884")
        #expect(
            try related(book) == [
                "authors Authors author 2 /v1/authors?book=\(shown)",
                "genres Genres genre \((book["genres"] as? [Any])?.count ?? 0) null",
            ])
    }

    @Test func anAuthorHasBooksAndCoauthorsWithCounts() throws {
        let author = try show("author", try uuid(of: "author", "Mark Twain"))
        #expect(
            Set(author.keys)
                == Self.authorItemKeys.union(Self.timestamps).union(Self.screen).union([
                    "books", "bookCount", "coauthors", "coauthorCount",
                ]))
        #expect(try keysOfItems(author["books"]).allSatisfy { $0 == Self.bookItemKeys })
        #expect(try keysOfItems(author["coauthors"]).allSatisfy { $0 == Self.authorItemKeys })
        #expect((author["books"] as? [Any])?.count == author["bookCount"] as? Int)
        #expect((author["coauthors"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["E. W. Kemble"])
        #expect(author["coauthorCount"] as? Int == 1)
        let shown = try #require(author["uuid"] as? String)
        #expect(try facts(author) == ["Sort name Twain, Mark"])
        #expect(
            try related(author) == [
                "books Books book \(author["bookCount"] as? Int ?? 0) /v1/books?author=\(shown)",
                "coauthors Co-authors author 1 /v1/authors?author=\(shown)",
            ])
    }

    @Test func aGenreHasItsParentBooksAndBands() throws {
        let genre = try show("genre", try uuid(of: "genre", "Heavy metal"))
        #expect(
            Set(genre.keys)
                == Self.genreItemKeys.union(Self.timestamps).union(Self.screen).union([
                    "parent", "books", "bookCount", "bands", "bandCount",
                ]))
        #expect(try keysOfItems(genre["bands"]).allSatisfy { $0 == Self.bandItemKeys })
        #expect((genre["bands"] as? [Any])?.count == genre["bandCount"] as? Int)
        #expect((genre["bandCount"] as? Int ?? 0) > 0)
        #expect(try keys(genre["parent"]) == Self.genreItemKeys)
        #expect((genre["parent"] as? [String: Any])?["name"] as? String == "Rock")
        let shown = try #require(genre["uuid"] as? String)
        #expect(try facts(genre) == ["Part of Rock"])
        #expect(
            try related(genre) == [
                "bands Bands band \(genre["bandCount"] as? Int ?? 0) /v1/bands?genre=\(shown)",
                "books Books book \(genre["bookCount"] as? Int ?? 0) /v1/books?genre=\(shown)",
            ])
        #expect(try show("genre", try uuid(of: "genre", "Fiction"))["parent"] is NSNull)
    }

    @Test func aBandHasItsGenres() throws {
        let band = try show("band", try uuid(of: "band", "Motörhead"))
        #expect(Set(band.keys) == Self.bandItemKeys.union(Self.timestamps).union(Self.screen).union(["genres"]))
        #expect(try facts(band) == ["Country GB", "Years 1975–2015", "Status disbanded"])
        let shown = try #require(band["uuid"] as? String)
        #expect(try related(band) == ["genres Genres genre 2 /v1/genres?band=\(shown)"])
        #expect(band["country"] as? String == "GB")
        #expect(band["formedYear"] as? Int == 1975)
        #expect(band["endedYear"] as? Int == 2015)
        #expect(band["status"] as? String == "disbanded")
        #expect(
            (band["genres"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["Heavy metal", "Hard rock"])
        #expect(try keysOfItems(band["genres"]).allSatisfy { $0 == Self.genreItemKeys })
    }

    @Test func relatedListsStopAt100AndTheCountsSayHowManyThereAre() throws {
        let genre = try show("genre", try uuid(of: "genre", "Crowded"))
        #expect((genre["books"] as? [Any])?.count == 100)
        #expect(genre["bookCount"] as? Int == 103)
        #expect((genre["bands"] as? [Any])?.count == 100)
        #expect(genre["bandCount"] as? Int == 102)
        // The first 100 in the list's order: what `catalog list books --genre` prints first.
        let listed = try cli.run(
            "list", "books", "--genre", try #require(genre["uuid"] as? String), "--limit", "100", "--json")
        let firstPage = try #require(try listed.json()["items"] as? [[String: Any]]).map { $0["uuid"] as? String }
        #expect((genre["books"] as? [[String: Any]])?.map { $0["uuid"] as? String } == firstPage)

        let author = try show("author", try uuid(of: "author", "Prolific Writer"))
        #expect((author["books"] as? [Any])?.count == 100)
        #expect(author["bookCount"] as? Int == 103)
        #expect((author["coauthors"] as? [Any])?.count == 100)
        #expect(author["coauthorCount"] as? Int == 103)

        // The text form lists the same 100.
        let text = try cli.run("show", "genre", try #require(genre["uuid"] as? String)).standardOutput
        #expect(text.components(separatedBy: "Crowded book ").count - 1 == 100)
    }
}
