/// Maps CSV records to ``ImportedBand``s.
struct BandRowMapper: CSVRecordMapper {
    private let name: MappedField
    private let country: MappedField
    private let formedYear: MappedField
    private let endedYear: MappedField
    private let status: MappedField
    private let genres: MappedField
    private let aliases: MappedField
    private let sourceKey: MappedField

    init(mapping: ColumnMapping, options: CSVImportOptions) {
        name = mapping.field("name")
        country = mapping.field("country")
        formedYear = mapping.field("formed_year")
        endedYear = mapping.field("ended_year")
        status = mapping.field("status")
        genres = mapping.field("genres")
        aliases = mapping.field("aliases")
        sourceKey = mapping.field("source_key")
    }

    func map(_ record: CSVRecord) -> ImportRow<ImportedBand> {
        var row = CSVRowContext(record: record)
        let nameText = row.name(name)
        if nameText == nil { row.report(name, reason: "is missing; every band needs a name") }
        let formed = row.wholeNumber(formedYear, in: FieldValue.years, what: "year")
        let ended = row.wholeNumber(endedYear, in: FieldValue.years, what: "year")
        if let formed, let ended, ended < formed {
            row.report(endedYear, reason: "is before the formed year \(formed)")
        }
        return row.result(
            nameText.map {
                ImportedBand(
                    name: $0, sourceKey: row.text(sourceKey), country: row.name(country), formedYear: formed,
                    endedYear: ended, status: row.name(status), genres: row.list(genres), aliases: row.list(aliases))
            })
    }
}
