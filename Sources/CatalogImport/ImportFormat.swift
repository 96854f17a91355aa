import Catalog

/// The format of an import file (`--format`), given or guessed from the file.
public enum ImportFormat: String, Sendable, CaseIterable, Hashable, Codable {
    /// The native JSON format (see ``JSONCatalogReader``).
    case json
    /// Comma-separated values, RFC 4180.
    case csv
    /// Tab-separated values with the same quoting as CSV.
    case tsv
    /// An Open Library dump: 5 tab-separated columns, JSON last.
    case openlibrary
    /// MARC 21 records in the ISO 2709 transmission format (`.mrc`).
    case marc
    /// MARC 21 records in MARCXML (the Library of Congress slim schema): a `<collection>` of `<record>`s.
    case marcxml
    /// A Calibre library: its `metadata.db`, or the folder holding it (see ``CatalogImporter``).
    case calibre

    /// The format a file's name and first bytes suggest: `.json`, `.csv`, and `.tsv` / `.txt`, which are Open
    /// Library dumps when the first column starts with `/type/` and plain TSV otherwise; `.mrc`, `.marc`, `.dat` and
    /// `.iso` are MARC 21 (ISO 2709), `.xml` is MARCXML when its root element is a `collection` or a `record`, and a
    /// file named `metadata.db` is a Calibre library.
    ///
    /// - Parameters:
    ///   - path: The file's path.
    ///   - firstBytes: The beginning of the file (a few hundred bytes are enough), or `nil` when it cannot be read
    ///     without being consumed (a pipe): then `.xml`, `.tsv` and `.txt` tell nothing.
    /// - Returns: The format, or `nil` when the extension says nothing.
    public static func guess(path: String, firstBytes: [UInt8]?) -> ImportFormat? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        if name == CalibreLibraryReader.databaseName { return .calibre }
        guard let dot = name.lastIndex(of: ".") else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "json": return .json
        case "mrc", "marc", "dat", "iso": return .marc
        case "xml": return firstBytes.map(MARCXMLReader.isMARCXML) == true ? .marcxml : nil
        case "csv": return .csv
        case "tsv", "txt":
            guard let firstBytes else { return nil }
            let body = firstBytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(firstBytes.dropFirst(3)) : firstBytes
            return body.starts(with: Array("/type/".utf8)) ? .openlibrary : .tsv
        default: return nil
        }
    }
}
