import Testing

@testable import Catalog

@Suite struct SeriesSuffixTests {
    @Test(arguments: [
        ("The Hunger Games (The Hunger Games, #1)", "The Hunger Games", "The Hunger Games, #1"),
        ("The Secret of the Nagas (Shiva Trilogy #2)", "The Secret of the Nagas", "Shiva Trilogy #2"),
        (
            "A Storm of Swords: Steel and Snow (A Song of Ice and Fire, #3: Part 1 of 2)",
            "A Storm of Swords: Steel and Snow", "A Song of Ice and Fire, #3: Part 1 of 2"
        ),
        ("Four (Divergent, #0.1 - 0.4)", "Four", "Divergent, #0.1 - 0.4"),
        ("Book (Series (Omnibus), #2)", "Book", "Series (Omnibus), #2"),
    ])
    func extractsSeries(title: String, clean: String, series: String) {
        let split = SeriesSuffix.split(title)
        #expect(split.title == clean)
        #expect(split.series == series)
    }

    @Test(arguments: [
        "I Am America (And So Can You!)", "The Firm (Penguin Readers, Level 5)", "Dune", "(Series, #1)",
        "Odd (title", "Odd title)",
    ])
    func keepsOtherParentheses(title: String) {
        let split = SeriesSuffix.split(title)
        #expect(split.title == title)
        #expect(split.series == nil)
    }
}
