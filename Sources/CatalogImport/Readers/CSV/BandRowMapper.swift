import Catalog

/// Maps CSV records to band records.
///
/// `aliases` is read (so a file with the column maps without `--map`) but not stored: the catalog has no
/// place for other names of a band yet.
struct BandRowMapper: CSVRecordMapper {
    private let name: MappedField
    private let country: MappedField
    private let formedYear: MappedField
    private let endedYear: MappedField
    private let status: MappedField
    private let genres: MappedField
    private let sourceKey: MappedField

    init(mapping: ColumnMapping, options: CSVImportOptions) {
        name = mapping.field("name")
        country = mapping.field("country")
        formedYear = mapping.field("formed_year")
        endedYear = mapping.field("ended_year")
        status = mapping.field("status")
        genres = mapping.field("genres")
        sourceKey = mapping.field("source_key")
    }

    func map(_ record: CSVRecord) -> ImportRow {
        var row = CSVRowContext(record: record)
        let nameText = row.name(name)
        if nameText == nil, !row.isRefused(name) { row.report(name, reason: "is missing; every band needs a name") }
        let formed = row.wholeNumber(formedYear, in: FieldValue.years, what: "year")
        let ended = row.wholeNumber(endedYear, in: FieldValue.years, what: "year")
        if let formed, let ended, ended < formed {
            row.report(endedYear, reason: "is before the formed year \(formed)")
        }
        let countryCode = row.countryCode(country)
        let bandStatus = row.bandStatus(status)
        let key = row.text(sourceKey)
        let genreRecords = row.list(genres).map { GenreRecord(name: $0) }
        return row.result(
            nameText.map {
                .band(
                    BandRecord(
                        key: key, name: $0, country: countryCode, formedYear: formed, endedYear: ended,
                        status: bandStatus, genres: genreRecords))
            })
    }
}

extension CSVRowContext {
    /// An assigned ISO 3166-1 alpha-2 code, upper-cased; any other text ("United Kingdom", "XX") is left out with a
    /// warning, since the rest of the row is still a good band.
    fileprivate mutating func countryCode(_ field: MappedField) -> String? {
        guard let text = name(field) else { return nil }
        guard let code = CountryCode.assigned(text) else {
            report(field, reason: "is \(CountryCode.requirement); left out", policy: .dropWithWarning)
            return nil
        }
        return code
    }

    /// A band status; any other word is left out with a warning.
    fileprivate mutating func bandStatus(_ field: MappedField) -> Band.Status? {
        guard let text = name(field) else { return nil }
        guard let status = Band.Status(rawValue: text.lowercased()) else {
            let names = Band.Status.allCases.map(\.rawValue).joined(separator: ", ")
            report(field, reason: "is not a band status (\(names)); left out", policy: .dropWithWarning)
            return nil
        }
        return status
    }
}
