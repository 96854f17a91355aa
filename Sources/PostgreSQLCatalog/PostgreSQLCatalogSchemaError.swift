public import Foundation

/// Why a PostgreSQL database cannot hold the catalog, said before anything is created in it, with how to make one
/// that can.
public enum PostgreSQLCatalogSchemaError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The database's encoding is not UTF8 (e.g. LATIN1, SQL_ASCII).
    case notUTF8(database: String, encoding: String)
    /// The database is UTF8, but its LC_CTYPE (C, POSIX) knows no letters beyond ASCII, so case and accents cannot
    /// be folded.
    case asciiOnlyLocale(database: String, ctype: String)

    public var description: String {
        switch self {
        case .notUTF8(let database, let encoding):
            return "the PostgreSQL database \(database) has encoding \(encoding); the catalog needs a UTF8 database "
                + "with a locale that knows Unicode letters: \(Self.howToCreate(database))"
        case .asciiOnlyLocale(let database, let ctype):
            return "the PostgreSQL database \(database) has LC_CTYPE \(ctype), which knows no letters beyond ASCII; "
                + "the catalog needs a locale that knows Unicode letters: \(Self.howToCreate(database))"
        }
    }

    /// The same advice for both: a new database, since neither encoding nor LC_CTYPE can change once made.
    private static func howToCreate(_ database: String) -> String {
        "nothing was created in it; create the catalog's database with CREATE DATABASE \(database) ENCODING 'UTF8' "
            + "LOCALE 'C.UTF-8' TEMPLATE template0 (or createdb --encoding=UTF8 --locale=C.UTF-8 "
            + "--template=template0 \(database)), after dropping this one or under another name"
    }
}

// An app shows these in an alert: the description is the message.
extension PostgreSQLCatalogSchemaError: LocalizedError {
    public var errorDescription: String? { description }
}
