import Catalog

/// Maps CSV records to book records, generically or with a profile's ``BookRules``.
struct BookRowMapper: CSVRecordMapper {
    private let rules: BookRules
    private let title: MappedField
    private let authors: MappedField
    private let contributors: MappedField
    private let genres: MappedField
    private let isbn: MappedField
    private let year: MappedField
    private let pages: MappedField
    private let language: MappedField
    private let summary: MappedField
    private let sourceKey: MappedField

    init(mapping: ColumnMapping, options: CSVImportOptions) {
        rules = options.profile?.bookRules ?? .generic
        title = mapping.field("title")
        authors = mapping.field("authors")
        contributors = mapping.field("contributors")
        genres = mapping.field("genres")
        isbn = mapping.field("isbn")
        year = mapping.field("year")
        pages = mapping.field("pages")
        language = mapping.field("language")
        summary = mapping.field("summary")
        sourceKey = mapping.field("source_key")
    }

    func map(_ record: CSVRecord) -> ImportRow {
        var row = CSVRowContext(record: record, readsSpreadsheetText: rules.readsSpreadsheetText)
        let titleText = row.name(title)
        if titleText == nil, !row.isRefused(title) { row.report(title, reason: "is missing; every book needs a title") }
        let isbn13 = row.isbn(isbn, policy: rules.invalidISBN, mayBeOtherIdentifier: rules.isbnMayBeOtherIdentifier)
        let yearValue = row.wholeNumber(year, in: FieldValue.years, what: "year")
        let pageCount = row.wholeNumber(pages, in: FieldValue.pageCounts, what: "page count")
        let key = row.text(sourceKey)
        let languageText = row.text(language)
        let summaryText = row.text(summary, .longText)
        let credits = credits(&row)
        let genreRecords = row.list(genres).filter { !rules.ignoredGenres.contains($0.lowercased()) }.map {
            GenreRecord(name: $0)
        }
        return row.result(
            titleText.map { titleText in
                .book(
                    BookRecord(
                        key: key, title: titleText, isbn13: isbn13, year: yearValue, pages: pageCount,
                        language: languageText, summary: summaryText, contributors: credits, genres: genreRecords))
            })
    }

    /// Authors, then contributors, each name once (the first role given wins).
    private func credits(_ row: inout CSVRowContext) -> [BookRecord.Contributor] {
        let authorNames = row.list(authors)
        var credits: [BookRecord.Contributor]
        switch rules.authors {
        case .allAuthors:
            credits = authorNames.map { .init(author: AuthorRecord(name: $0), role: .author) }
        case .firstAuthorThenContributors:
            credits = authorNames.enumerated().map {
                .init(author: AuthorRecord(name: $0.element), role: $0.offset == 0 ? .author : .contributor)
            }
        }
        for entry in row.list(contributors) {
            let (name, role) = rules.rolesInParentheses ? Self.nameAndRole(entry) : (entry, .contributor)
            guard !credits.contains(where: { $0.author.name == name }) else { continue }
            credits.append(.init(author: AuthorRecord(name: name), role: role))
        }
        return credits
    }

    /// `Michael Kramer (Narrator)` → the name and the role in the parentheses; `contributor` without them.
    static func nameAndRole(_ entry: String) -> (name: String, role: ContributorRole) {
        guard entry.hasSuffix(")"), let open = entry.lastIndex(of: "(") else { return (entry, .contributor) }
        let name = FieldValue.name(String(entry[..<open]))
        let role = FieldValue.name(String(entry[entry.index(after: open)..<entry.index(before: entry.endIndex)]))
        guard let name, let role else { return (entry, .contributor) }
        return (name, ContributorRole(rawValue: role))
    }
}
