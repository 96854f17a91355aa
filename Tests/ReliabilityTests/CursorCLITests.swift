import Foundation
import TestSupport
import Testing

/// A crafted `--after` cursor is refused, never a crash (the fuzz regression `crash-text-length-overflow`,
/// end to end).
@Suite struct CursorCLITests {
    @Test func aCursorWithAHugeTextLengthIsRefused() throws {
        let directory = try TestSupport.temporaryDirectory("cursor")
        let path = directory.appending(path: "catalog.sqlite").path
        let cursor = Data("books|t9223372036854775807:x".utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
        let result = try CatalogCLI.run(["--db", path, "list", "books", "--after", cursor])
        #expect(result.status == 64, "\(result.standardError)")
        #expect(
            result.standardError.hasPrefix("error: --after: invalid cursor: '\(cursor.prefix(40))' is damaged\n"),
            "\(result.standardError)")
    }
}
