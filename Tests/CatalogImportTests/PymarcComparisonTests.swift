import Catalog
import Foundation
import TestSupport
import Testing

@testable import CatalogImport

/// The MARC fixtures read by pymarc, the reference MARC reader, and mapped by `Scripts/import_marc.py` (the README's
/// mapping written in Python, apart from the Swift code): titles, credits, ISBNs and years must match the records
/// the catalog imports, record for record. Skipped when no Python can import pymarc (`.ci/run` installs it in a
/// virtual environment and names it in `CATALOG_PYTHON`).
@Suite struct PymarcComparisonTests {
    /// What both sides must agree on, per record.
    struct Compared: Equatable, CustomStringConvertible {
        var key: String?
        var title: String?
        var credits: [String]
        var isbn13: String?
        var year: Int?

        var description: String {
            "\(key ?? "-") '\(title ?? "-")' \(credits) \(isbn13 ?? "-") \(year.map(String.init) ?? "-")"
        }
    }

    @Test(arguments: ["books.mrc", "marc8.mrc", "books.xml", "prefixed.xml"])
    func theCatalogReadsWhatPymarcReads(file: String) throws {
        let python = try TestSupport.python(with: "pymarc")
        let script = TestSupport.packageRoot.appending(path: "Scripts/import_marc.py").path
        let result = try TestSupport.run(python, [script, "--json", ISO2709ReaderTests.path(file)])
        #expect(result.status == 0, "\(result.standardError)")
        let expected = try result.standardOutput.split(separator: "\n").map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return Compared(
                key: object["key"] as? String, title: object["title"] as? String,
                credits: object["credits"] as? [String] ?? [], isbn13: object["isbn13"] as? String,
                year: object["year"] as? Int)
        }
        let rows = file.hasSuffix(".xml") ? try MARCXMLReaderTests.rows(file) : try ISO2709ReaderTests.rows(file)
        let actual = rows.map { row in
            Compared(
                key: row.book?.key, title: row.book?.title, credits: row.book?.credits.map(\.name) ?? [],
                isbn13: row.book?.isbn13, year: row.book?.year)
        }
        #expect(actual.count == expected.count)
        for (index, (mine, theirs)) in zip(actual, expected).enumerated() {
            #expect(mine == theirs, "record \(index + 1) of \(file)")
        }
    }
}
