import Catalog
import TestSupport
import Testing

@Suite struct SortNameTests {
    @Test(arguments: [
        ("J. R. R. Tolkien", "Tolkien, J. R. R."),
        ("Ursula K. Le Guin", "Le Guin, Ursula K."),
        ("Martin Luther King Jr.", "King, Martin Luther, Jr."),
        ("Martin Luther King, Jr.", "King, Martin Luther, Jr."),
        ("Homer", "Homer"),
        ("Plato", "Plato"),
        ("Jane Austen", "Austen, Jane"),
        ("Leonardo da Vinci", "da Vinci, Leonardo"),
        ("Ludwig van Beethoven", "van Beethoven, Ludwig"),
        ("Tolkien, J. R. R.", "Tolkien, J. R. R."),
        ("  Jane   Austen ", "Austen, Jane"),
        ("Charlotte Brontë", "Brontë, Charlotte"),
        ("紫式部", "紫式部"),
        ("John Smith III", "Smith, John, III"),
    ])
    func personSortName(name: String, expected: String) {
        #expect(SortName.forPerson(name) == expected)
    }

    @Test(arguments: [
        ("The Hobbit", "Hobbit, The"),
        ("The Beatles", "Beatles, The"),
        ("A Tale of Two Cities", "Tale of Two Cities, A"),
        ("An Essay on Man", "Essay on Man, An"),
        ("the cure", "cure, the"),
        ("The", "The"),
        ("Theater of Tragedy", "Theater of Tragedy"),
        ("A-ha", "A-ha"),
        ("Motörhead", "Motörhead"),
        ("Les Misérables", "Les Misérables"),
    ])
    func titleSortName(title: String, expected: String) {
        #expect(SortName.forTitle(title) == expected)
    }

    @Test func derivedSortNamesAreStoredAndOverridable() throws {
        let catalog = try makeCatalog()
        let hobbit = try catalog.books.create(BookDraft(title: "The Hobbit"))
        #expect(hobbit.sortTitle == "Hobbit, The")
        let goethe = try catalog.authors.create(
            AuthorDraft(name: "Johann Wolfgang von Goethe", sortName: "Goethe, Johann Wolfgang von"))
        #expect(goethe.sortName == "Goethe, Johann Wolfgang von")
        let beatles = try catalog.bands.create(BandDraft(name: "The Beatles"))
        #expect(beatles.sortName == "Beatles, The")
    }

    @Test func listsFollowSortNames() throws {
        let catalog = try makeCatalog()
        for title in ["The Hobbit", "Emma", "A Tale of Two Cities", "Dracula"] {
            try catalog.books.create(BookDraft(title: title))
        }
        let titles = try catalog.books.page(after: nil, limit: 10).items.map(\.title)
        #expect(titles == ["Dracula", "Emma", "The Hobbit", "A Tale of Two Cities"])
    }
}
