import Foundation
import Testing

@testable import Catalog

/// Locates committed fixtures and the shared real data sets, relative to this file.
enum Fixture {
    /// `Tests/CatalogTests/Fixtures/<name>`.
    static func path(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures").appendingPathComponent(name).path
    }

    /// `<package>/../shared/data/<relative>`, or `nil` (with the reason printed) when it is absent.
    static func sharedData(_ relative: String) -> String? {
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let path = package.deletingLastPathComponent().appendingPathComponent("shared/data")
            .appendingPathComponent(relative).path
        guard FileManager.default.fileExists(atPath: path) else {
            print("Skipping: \(path) is absent (the shared data folder is not next to the package).")
            return nil
        }
        return path
    }

    /// A CSV importer for books over in-memory text.
    static func books(
        _ text: String, options: CSVImportOptions = CSVImportOptions(entity: .books)
    ) throws -> CSVImportReader<BookRowMapper> {
        try CSVImportReader(input: memory(Array(text.utf8)), options: options)
    }

    /// An input over bytes in memory.
    static func memory(_ bytes: [UInt8], encoding: InputEncoding = .utf8, chunkSize: Int = 64) -> TextInput {
        TextInput(source: MemoryByteSource(bytes, name: "test.csv"), encoding: encoding, chunkSize: chunkSize)
    }

    /// Every row of a reader.
    static func rows<Mapper>(_ reader: CSVImportReader<Mapper>) throws -> [ImportRow<Mapper.Record>] {
        var rows: [ImportRow<Mapper.Record>] = []
        while let row = try reader.next() { rows.append(row) }
        return rows
    }

    /// Every record of a CSV reader.
    static func rows(_ reader: CSVReader) throws -> [CSVRow] {
        var rows: [CSVRow] = []
        while let row = try reader.next() { rows.append(row) }
        return rows
    }
}

extension ImportRow {
    /// The record when accepted.
    var accepted: Record? {
        if case .accepted(let row) = self { return row.record }
        return nil
    }

    /// The rejection when rejected.
    var rejected: RejectedRow? {
        if case .rejected(let row) = self { return row }
        return nil
    }
}

extension CSVRow {
    /// The record, ragged or not.
    var record: CSVRecord {
        switch self {
        case .record(let record), .ragged(let record, _): return record
        }
    }
}
