/// Maps CSV records to ``ImportedBand``s.
struct BandRowMapper: CSVRecordMapper {
    private let mapping: ColumnMapping

    init(mapping: ColumnMapping, options: CSVImportOptions) {
        self.mapping = mapping
    }

    func map(_ record: CSVRecord) -> ImportRow<ImportedBand> {
        var row = CSVRowContext(record: record, mapping: mapping)
        let name = row.name("name")
        if name == nil { row.report("name", reason: "is missing; every band needs a name") }
        let formed = row.wholeNumber("formed_year", in: FieldValue.years, what: "year")
        let ended = row.wholeNumber("ended_year", in: FieldValue.years, what: "year")
        if let formed, let ended, ended < formed {
            row.report("ended_year", reason: "is before the formed year \(formed)")
        }
        return row.result(
            name.map {
                ImportedBand(
                    name: $0, sourceKey: row.text("source_key"), country: row.name("country"), formedYear: formed,
                    endedYear: ended, status: row.name("status"), genres: row.list("genres"),
                    aliases: row.list("aliases"))
            })
    }
}
