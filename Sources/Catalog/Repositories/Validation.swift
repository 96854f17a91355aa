package import SQLiteDB

/// Checks and normalizes the fields of drafts before they are written.
package enum Validation {
    /// A cleaned, non-empty name or title.
    package static func name(_ text: String, field: String) throws -> String {
        let cleaned = TextNormalization.clean(text)
        // A visible ASCII character survives folding: the fold is only computed when there is none.
        let hasVisibleASCII = cleaned.utf8.contains { (0x21...0x7E).contains($0) }
        guard !cleaned.isEmpty, hasVisibleASCII || FoldKey.of(cleaned).isEmpty == false else {
            throw CatalogError.invalidValue(field: field, value: text, reason: "it must not be empty")
        }
        return cleaned
    }

    /// An explicit sort name if one was given, else `derived`.
    package static func sortName(_ explicit: String?, field: String, derived: () -> String) throws -> String {
        guard let explicit, !TextNormalization.clean(explicit).isEmpty else { return derived() }
        return try name(explicit, field: field)
    }

    /// A name, its sort name (explicit, else `derived` from the name) and the folds of both: the `name`,
    /// `sort_name`, `name_key` and `sort_key` values of an author or a band, in that order.
    ///
    /// - Parameter kind: how a refused field is named: "author" gives "author name", "author sort name".
    package static func sortedName(
        _ text: String, sortName explicit: String?, kind: String, derived: (String) -> String
    ) throws -> StatementArguments {
        let name = try name(text, field: "\(kind) name")
        let sortName = try sortName(explicit, field: "\(kind) sort name") { derived(name) }
        return [name, sortName, FoldKey.of(name), FoldKey.of(sortName)]
    }

    /// An ISBN-13 with its hyphens and spaces removed.
    package static func isbn13(_ text: String?) throws -> String? {
        guard let text = TextNormalization.cleanOrNil(text) else { return nil }
        let digits = text.filter { $0 != "-" && $0 != " " }
        guard digits.count == 13, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else {
            throw CatalogError.invalidValue(field: "isbn13", value: text, reason: "an ISBN-13 has 13 digits")
        }
        return digits
    }

    /// A year within -9999…9999.
    package static func year(_ year: Int?, field: String) throws -> Int? {
        guard let year else { return nil }
        guard (-9999...9999).contains(year) else {
            throw CatalogError.invalidValue(field: field, value: "\(year)", reason: "a year is -9999…9999")
        }
        return year
    }

    /// A page count above 0.
    package static func pages(_ pages: Int?) throws -> Int? {
        guard let pages else { return nil }
        guard pages > 0 else {
            throw CatalogError.invalidValue(field: "pages", value: "\(pages)", reason: "a page count is above 0")
        }
        return pages
    }

    /// An assigned ISO 3166-1 alpha-2 code, upper-cased (see ``CountryCode``).
    package static func country(_ text: String?) throws -> String? {
        guard let text = TextNormalization.cleanOrNil(text) else { return nil }
        guard let code = CountryCode.assigned(text) else {
            throw CatalogError.invalidValue(field: "country", value: text, reason: CountryCode.requirement)
        }
        return code
    }
}
