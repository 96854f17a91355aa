import TerminalKit
import Testing

@Suite struct TextStylerTests {
    @Test func plainLeavesTextAloneAndANSIWrapsIt() {
        #expect(TextStyler.plain.selected("Dune") == "Dune")
        #expect(TextStyler.plain.bold("Dune") + TextStyler.plain.dim("!") == "Dune!")
        #expect(TextStyler.ansi.selected("Dune") == "\u{1B}[7mDune\u{1B}[27m")
        #expect(TextStyler.ansi.bold("Dune") == "\u{1B}[1mDune\u{1B}[22m")
        #expect(TextStyler.ansi.dim("Dune") == "\u{1B}[2mDune\u{1B}[22m")
    }
}
