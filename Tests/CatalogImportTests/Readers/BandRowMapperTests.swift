import Catalog
import Testing

@testable import CatalogImport

@Suite struct BandRowMapperTests {
    @Test func cp1252ReadsMotorhead() throws {
        var options = CSVImportOptions(entity: .bands)
        options.encoding = .cp1252
        let reader = try CSVImportReader<BandRowMapper>(path: Fixture.path("bands_cp1252.csv"), options: options)
        let rows = try Fixture.rows(reader)
        let bands = rows.compactMap(\.band)
        #expect(
            bands == [
                Fixture.band(
                    name: "Motörhead", formedYear: 1975, endedYear: 2015,
                    genres: ["Heavy Metal", "Speed Metal"]),
                Fixture.band(name: "Guns N’ Roses", formedYear: 1985, genres: ["Hard Rock"]),
            ])
        // Country names are not ISO codes: left out with a warning, the band still imported.
        guard case .accepted(let first) = rows[0] else {
            Issue.record("the first band was rejected: \(rows[0])")
            return
        }
        #expect(first.warnings.map(\.value) == ["United Kingdom"])
    }

    /// Two letters that no country has (`XX`, `ZZ`) are left out with a warning like any other text that is not an
    /// ISO 3166-1 code; an assigned code is kept, upper-cased.
    @Test func onlyAssignedCountryCodesAreKept() throws {
        let text = "name,country\nAlpha,XX\nBeta,zz\nGamma,GB\nDelta,de\nEpsilon,US\n"
        let rows = try Fixture.rows(
            CSVImportReader<BandRowMapper>(
                input: Fixture.memory(Array(text.utf8)), options: CSVImportOptions(entity: .bands)))
        #expect(rows.compactMap(\.band).map(\.country) == [nil, nil, "GB", "DE", "US"])
        let warnings = rows.flatMap { row -> [RowIssue] in
            guard case .accepted(let accepted) = row else { return [] }
            return accepted.warnings
        }
        #expect(warnings.map(\.line) == [2, 3])
        #expect(warnings.map(\.column) == ["country", "country"])
        #expect(warnings.map(\.value) == ["XX", "zz"])
        #expect(warnings.allSatisfy { $0.reason.contains("ISO 3166-1 alpha-2") }, "\(warnings)")
    }

    @Test func sameFileAsUTF8FailsAtTheFirstBadByte() {
        let path = Fixture.path("bands_cp1252.csv")
        #expect(throws: ReaderError.invalidUTF8(path: path, byteOffset: 47, line: 2, byte: 0xF6)) {
            _ = try Fixture.rows(CSVImportReader<BandRowMapper>(path: path, options: .init(entity: .bands)))
        }
    }

    @Test func tabSeparatedWithMappedColumns() throws {
        var options = CSVImportOptions(entity: .bands)
        options.dialect = .tsv
        for mapping in [
            "name=Band", "country=From", "formed_year=Start", "ended_year=End", "genres=Styles", "aliases=AKA",
            "source_key=id",
        ] {
            try options.addMapping(mapping)
        }
        try options.addSplit("genres=;")
        let rows = try Fixture.rows(CSVImportReader<BandRowMapper>(path: Fixture.path("bands.tsv"), options: options))
        #expect(
            rows[0].band
                == Fixture.band(
                    name: "The Beatles", key: "b1", formedYear: 1960, endedYear: 1970, genres: ["Rock", "Pop"]))
        #expect(
            rows[1].rejected?.issues == [
                RowIssue(line: 3, column: "End", value: "1990", reason: "is before the formed year 2000")
            ])
    }

    @Test func bandsNeedANameColumn() {
        #expect(throws: ReaderError.missingRequiredColumn(path: "test.csv", field: "name", columns: ["band"])) {
            try CSVImportReader<BandRowMapper>(
                input: Fixture.memory(Array("band\nX\n".utf8)), options: CSVImportOptions(entity: .bands))
        }
    }
}
