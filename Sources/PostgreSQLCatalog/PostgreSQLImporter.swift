import Catalog
public import CatalogImport
import Foundation
public import PostgreSQLDB

/// Imports files into a catalog on PostgreSQL with the catalog's one importer (its readers, identity rules,
/// validation, errors file and summaries): each file is imported into a working copy of the catalog
/// (``PostgreSQLWorkingCopy``), then what it wrote reaches the server in one transaction through `COPY`.
///
/// A file reaches the server whole or not at all: a process killed part way leaves the server as it was, and a
/// second import of the same file writes nothing (the importer finds every row as it is). `--batch` bounds the
/// working copy's transactions only. The working copy is made at the first file and kept current by the pushes, so
/// several files cost one copy (a new one when another writer changed the catalog in between); with
/// `ImportOptions.workingCopyDirectory`, later runs start from it too (``PostgreSQLWorkingCopy/kept(in:for:)``).
///
/// ```swift
/// let importer = PostgreSQLImporter(try PostgreSQLConnection(uri: uri))
/// let summary = try importer.importFile(atPath: "books.json")
/// ```
public final class PostgreSQLImporter {
    private let feed: PostgreSQLChangeFeed
    private var workingCopy: PostgreSQLWorkingCopy?

    /// An importer writing to the migrated catalog of `connection`.
    public init(_ connection: PostgreSQLConnection) {
        feed = PostgreSQLChangeFeed(connection)
    }

    /// Imports the file at `path` as `CatalogImporter.importFile(atPath:options:progress:)` does into a SQLite
    /// catalog, then writes what it changed to the server.
    ///
    /// - Returns: the importer's summary (a dry run writes nothing to the server).
    /// - Throws: what the importer throws; ``PostgreSQLPushError`` when another writer changed the catalog during
    ///   the import (run it again); `PostgreSQLError`. The server is unchanged then.
    @discardableResult
    public func importFile(
        atPath path: String, options: ImportOptions = ImportOptions(), progress: ((ImportProgress) -> Void)? = nil
    ) throws -> ImportSummary {
        // The copy of the previous file serves again unless another writer changed the catalog since; when not, it
        // goes first, so a kept copy's lock is free for the new one.
        if let previous = workingCopy, try !previous.isCurrent() { workingCopy = nil }
        let copy =
            try workingCopy
            ?? options.workingCopyDirectory.map { try PostgreSQLWorkingCopy.kept(in: URL(filePath: $0), for: feed) }
            ?? PostgreSQLWorkingCopy(checkingOut: feed)
        // A failure leaves the copy with writes the server does not have: the next file starts from a fresh one.
        workingCopy = nil
        let summary = try LibraryCatalog(copy.database).importer.importFile(
            atPath: path, options: options, progress: progress)
        try copy.push()
        workingCopy = copy
        return summary
    }
}
