import Catalog
import Foundation
import TestSupport
import Testing

@Suite struct DuplicateFinderTests {
    @Test func authorsWithTheSameWordsAreCandidatesUnlessAllWereToldApart() throws {
        let catalog = try makeCatalog()
        for name in ["Mark Twain", "Twain, Mark", "J.R.R. Tolkien", "J. R. R. Tolkien", "Ursula K. Le Guin"] {
            _ = try catalog.authors.create(AuthorDraft(name: name))
        }
        // Two namesakes a cataloguer told apart, and a third nobody did.
        _ = try catalog.authors.create(AuthorDraft(name: "John Smith", disambiguation: "poet"))
        _ = try catalog.authors.create(AuthorDraft(name: "John Smith", disambiguation: "economist"))
        _ = try catalog.authors.create(AuthorDraft(name: "Ann Lee", disambiguation: "singer"))
        _ = try catalog.authors.create(AuthorDraft(name: "Lee, Ann", disambiguation: "painter"))
        _ = try catalog.authors.create(AuthorDraft(name: "Émile Zola"))
        _ = try catalog.authors.create(AuthorDraft(name: "Emile Zola", disambiguation: "the novelist"))

        let groups = try DuplicateFinder(catalog).groups(of: .author)

        let reasons = Dictionary(uniqueKeysWithValues: groups.map { (Set($0.members.map(\.name)), $0.reason) })
        #expect(
            reasons == [
                ["Mark Twain", "Twain, Mark"]: .wordOrder, ["J.R.R. Tolkien", "J. R. R. Tolkien"]: .punctuation,
                ["Émile Zola", "Emile Zola"]: .sameName,
            ])
        #expect(groups.allSatisfy { $0.members.allSatisfy { $0.books == 0 } })
    }

    @Test func bandsAreCandidatesWithinOneCountryAndFoundingYear() throws {
        let catalog = try makeCatalog()
        let drafts = [
            BandDraft(name: "Nemesis", country: "US", formedYear: 1990),
            BandDraft(name: "NEMESIS", country: "US"),
            BandDraft(name: "Nemesis", country: "SE", formedYear: 1990),
            BandDraft(name: "Sabbat", country: "GB", formedYear: 1985),
            BandDraft(name: "Sabbat", country: "GB", formedYear: 1993),
            BandDraft(name: "Ravage", country: "DE"), BandDraft(name: "Ravage", country: "DE"),
        ]
        let bands = try drafts.map { try catalog.bands.create($0) }
        // Two bands of one name and country that play different music.
        let thrash = try catalog.genres.create(GenreDraft(name: "Thrash metal"))
        let power = try catalog.genres.create(GenreDraft(name: "Power metal"))
        try catalog.bands.setGenres([thrash.id], of: bands[5].id)
        try catalog.bands.setGenres([power.id], of: bands[6].id)
        // A genre the first Nemesis has, the second has none: still candidates.
        try catalog.bands.setGenres([power.id], of: bands[0].id)

        let groups = try DuplicateFinder(catalog).groups(of: .band)

        #expect(groups.map { Set($0.members.map(\.name)) } == [["NEMESIS", "Nemesis"]])
        #expect(groups.first?.members.map(\.country) == ["US", "US"])
        #expect(groups.first?.reason == .sameName)
    }

    @Test func booksOfOneTitleAreCandidatesWhenTheyShareAnAuthorByName() throws {
        let catalog = try makeCatalog()
        let tolkien = try catalog.authors.create(AuthorDraft(name: "J.R.R. Tolkien"))
        let spaced = try catalog.authors.create(AuthorDraft(name: "J. R. R. Tolkien"))
        let stoker = try catalog.authors.create(AuthorDraft(name: "Bram Stoker"))
        let other = try catalog.authors.create(AuthorDraft(name: "Someone Else"))
        for (title, year, author) in [
            ("The Hobbit", 1937, tolkien), ("The hobbit", 1938, spaced), ("Dracula", 1897, stoker),
            ("Dracula", 2001, other),
        ] {
            let book = try catalog.books.create(BookDraft(title: title, year: year))
            try catalog.books.setCredits([BookCredit(authorID: author.id)], of: book.id)
        }

        let groups = try DuplicateFinder(catalog).groups(of: .book)

        #expect(groups.map { $0.members.map(\.year) } == [[1937, 1938]])
        #expect(groups.first?.members.map(\.authors) == [["J.R.R. Tolkien"], ["J. R. R. Tolkien"]])
        #expect(try DuplicateFinder(catalog).groups(of: .genre).isEmpty)
    }
}
