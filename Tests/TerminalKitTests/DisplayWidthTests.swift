import TerminalKit
import Testing

@Suite struct DisplayWidthTests {
    @Test(arguments: [
        ("Dune", 4),
        ("", 0),
        ("Motörhead", 9),
        ("e\u{301}", 1),
        ("ノルウェイの森", 14),
        ("삼국지", 6),
        ("📚", 2),
        ("👩‍👩‍👧‍👦", 2),
        ("❤️", 2),
        ("🇳🇴 Norway", 9),
        ("Ｆｕｌｌ", 8),
        ("a\u{200B}b", 2),
    ])
    func measuresCells(text: String, width: Int) {
        #expect(text.displayWidth == width)
    }

    @Test(arguments: [
        ("The Lord of the Rings", 10, "The Lord …"),
        ("Dune", 10, "Dune"),
        ("Dune", 4, "Dune"),
        ("ノルウェイの森", 7, "ノルウ…"),
        ("ノルウェイの森", 8, "ノルウ…"),
        ("📚📚📚", 4, "📚…"),
        ("abc", 0, ""),
        ("abc", 1, "…"),
    ])
    func truncatesByCellsNotCharacters(text: String, width: Int, expected: String) {
        let truncated = text.truncated(toDisplayWidth: width)
        #expect(truncated == expected)
        #expect(truncated.displayWidth <= width)
    }

    @Test func padsToExactWidth() {
        #expect("ノルウェイの森".padded(toDisplayWidth: 8) == "ノルウ… ")
        #expect("ab".padded(toDisplayWidth: 4) == "ab  ")
        #expect("ノルウェイの森".padded(toDisplayWidth: 8).displayWidth == 8)
    }
}
