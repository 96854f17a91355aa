import Catalog
import Testing

@testable import CatalogImport

@Suite struct StringNormalizationTests {
    @Test(arguments: [
        ("William  Gibson", "William Gibson"),
        ("  Robert           Jackson ", "Robert Jackson"),
        ("a\tb\r\nc", "a b c"),
        ("clean", "clean"),
        ("", ""),
        ("   ", ""),
        ("Mary\u{A0}\u{A0}GrandPré", "Mary GrandPré"),  // no-break spaces take the Unicode path
        ("\u{3000}東京\u{3000} 大学", "東京 大学"),
    ])
    func collapsesWhitespace(text: String, expected: String) {
        #expect(text.collapsingWhitespace() == expected)
    }

    @Test(arguments: [
        ("  a  b  ", "a  b"), ("x", "x"), (" \n ", ""), ("\u{A0}Motörhead\u{A0}", "Motörhead"),
        ("Line one\nLine two\n", "Line one\nLine two"),
    ])
    func trimsWhitespace(text: String, expected: String) {
        #expect(text.trimmingWhitespace() == expected)
    }

    @Test(arguments: [
        ("a|b||c", "|", ["a", "b", "", "c"]),
        ("Terry Pratchett, Neil Gaiman", ", ", ["Terry Pratchett", "Neil Gaiman"]),
        ("Rock :: Pop", " :: ", ["Rock", "Pop"]),
        ("é|ü", "|", ["é", "ü"]),
        ("none", "|", ["none"]),
    ])
    func splitsOnSeparator(text: String, separator: String, expected: [String]) {
        #expect(text.splitting(on: separator).map(String.init) == expected)
    }
}
