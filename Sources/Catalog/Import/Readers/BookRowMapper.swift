/// Maps CSV records to ``ImportedBook``s, generically or with a profile's ``BookRules``.
struct BookRowMapper: CSVRecordMapper {
    private let mapping: ColumnMapping
    private let rules: BookRules

    init(mapping: ColumnMapping, options: CSVImportOptions) {
        self.mapping = mapping
        self.rules = options.profile?.bookRules ?? .generic
    }

    func map(_ record: CSVRecord) -> ImportRow<ImportedBook> {
        var row = CSVRowContext(record: record, mapping: mapping)
        let title = row.name("title")
        if title == nil { row.report("title", reason: "is missing; every book needs a title") }
        let isbn13 = row.isbn("isbn", policy: rules.invalidISBN)
        let year = row.wholeNumber("year", in: FieldValue.years, what: "year")
        let pages = row.wholeNumber("pages", in: FieldValue.pageCounts, what: "page count")
        return row.result(
            title.map { title in
                let (clean, series) = rules.extractsSeriesSuffix ? SeriesSuffix.split(title) : (title, nil)
                return ImportedBook(
                    title: clean, sourceKey: row.text("source_key"), credits: credits(row), genres: row.list("genres"),
                    isbn13: isbn13, year: year, pages: pages, language: row.text("language"),
                    summary: row.text("summary"), series: series)
            })
    }

    /// Authors, then contributors, each name once (the first role given wins).
    private func credits(_ row: CSVRowContext) -> [Credit] {
        let authors = row.list("authors")
        var credits: [Credit]
        switch rules.authors {
        case .allAuthors:
            credits = authors.map { Credit(name: $0, role: .author) }
        case .firstAuthorThenContributors:
            credits = authors.enumerated().map {
                Credit(name: $0.element, role: $0.offset == 0 ? .author : .contributor)
            }
        }
        var seen = Set(authors)
        for name in row.list("contributors") where seen.insert(name).inserted {
            credits.append(Credit(name: name, role: .contributor))
        }
        return credits
    }
}
