import Catalog
import Testing

@testable import CatalogImport

@Suite struct ISBNTests {
    @Test(arguments: [
        ("0306406152", "9780306406157"),  // classic ISBN-10
        ("0-306-40615-2", "9780306406157"),  // hyphens
        ("0 306 40615 2", "9780306406157"),  // spaces
        ("ISBN: 0-306-40615-2", "9780306406157"),  // prefix
        ("080442957X", "9780804429573"),  // X check digit
        ("080442957x", "9780804429573"),  // lowercase x
        ("80442957X", "9780804429573"),  // X with a lost leading zero
        ("439023483", "9780439023481"),  // lost one leading zero (goodbooks: The Hunger Games)
        ("61120081", "9780061120084"),  // lost two (goodbooks: To Kill a Mockingbird)
        ("9780306406157", "9780306406157"),  // ISBN-13
        ("978-0-306-40615-7", "9780306406157"),
        ("9791032305690", "9791032305690"),  // 979 prefix
    ])
    func normalizesValidISBNs(text: String, isbn13: String) throws {
        #expect(try ISBN.normalize(text).get() == isbn13)
    }

    @Test(arguments: [
        ("0306406153", "checksum fails (check digit 3, expected 2)"),
        ("7203116", "checksum fails"),  // goodbooks' Dead and Alive: padded, still wrong
        ("9780306406158", "checksum fails (check digit 8, expected 7)"),
        ("1234567890123", "must start with 978 or 979"),
        ("X123456789", "contains 'X'"),
        ("97803064061X7", "contains 'X'"),
        ("12345", "has 5 characters"),
        ("123456789012", "has 12 characters"),
        ("9.78043902348e+12", "contains '.'"),
        ("abc", "contains 'A'"),
    ])
    func rejectsInvalidISBNsWithAReason(text: String, reason: String) {
        guard case .failure(let error) = ISBN.normalize(text) else {
            Issue.record("\(text) was accepted")
            return
        }
        #expect(error.reason.contains(reason), "\(error.reason)")
    }
}
