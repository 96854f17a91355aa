/// An error from PostgreSQL or from talking to it: what failed, the server's SQLSTATE, message, detail and hint,
/// and the SQL that failed.
///
/// Bound parameters are never part of the description (they can be private data), nor is a password from the
/// connection URI.
///
/// ```swift
/// do {
///     try connection.execute("INSERT INTO authors (uuid, name) VALUES ($1, $2)", [uuid, name])
/// } catch let error as PostgreSQLError where error.sqlState == .uniqueViolation {
///     // already there
/// }
/// ```
public struct PostgreSQLError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was being done.
    public enum Kind: Sendable, Hashable {
        /// Loading libpq, the client library, which is not installed.
        case clientLibrary
        /// Opening the connection (the server is down, refuses us, or the URI is wrong).
        case connection
        /// Running a statement: the server reported an error.
        case statement
        /// Streaming rows through `COPY`.
        case copy
        /// Waiting for a notification.
        case notification
        /// Reading a column as a Swift type.
        case decoding
    }

    public let kind: Kind
    /// The server's five-character error code (https://www.postgresql.org/docs/current/errcodes-appendix.html),
    /// `nil` when the error did not come from the server.
    public let sqlState: SQLState?
    /// The server's primary message, or libpq's.
    public let message: String
    /// The server's detail line, e.g. "Key (uuid)=(…) already exists.".
    public let detail: String?
    /// The server's hint, e.g. "No function matches the given name and argument types.".
    public let hint: String?
    /// Where in the server the error arose (a PL/pgSQL function, a `COPY` line).
    public let context: String?
    /// The SQL being run, when there was one.
    public let sql: String?
    /// The connection's target, password removed (see ``PostgreSQLConnection/redacted(_:)``).
    public let target: String?

    public init(
        kind: Kind, sqlState: SQLState? = nil, message: String, detail: String? = nil, hint: String? = nil,
        context: String? = nil, sql: String? = nil, target: String? = nil
    ) {
        self.kind = kind
        self.sqlState = sqlState
        self.message = message
        self.detail = detail
        self.hint = hint
        self.context = context
        self.sql = sql
        self.target = target
    }

    public var description: String {
        var text = "PostgreSQL error"
        if let sqlState { text += " \(sqlState.rawValue)" }
        text += ": \(message)"
        if let detail { text += " (\(detail))" }
        if let context { text += " [\(context)]" }
        if let sql { text += " — while executing: \(sql)" }
        if let target, kind == .connection { text += " — connecting to \(target)" }
        if let advice { text += "; \(advice)" }
        return text
    }

    /// What to do about it, from the server's hint or, for the common failures, from the package.
    public var advice: String? {
        if let hint { return hint }
        switch (kind, sqlState) {
        case (.connection, .invalidPassword?), (.connection, .invalidAuthorizationSpecification?):
            return "check the user and password of the connection URI"
        case (.connection, .invalidCatalogName?):
            return "create the database first (createdb) or correct its name in the URI"
        case (.connection, _) where message.contains("Connection refused") || message.contains("No such file"):
            return "is the server running at \(target ?? "the given address") and accepting connections?"
        case (.connection, _):
            return "check the connection URI (postgres://user@host:port/database) and that the server is reachable"
        case (_, .serializationFailure?), (_, .deadlockDetected?):
            return "another transaction conflicted with this one: run the transaction again"
        default:
            return nil
        }
    }
}

/// A SQLSTATE error code, matched by name: `error.sqlState == .uniqueViolation`.
public struct SQLState: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    /// The class: the first two characters (`23` integrity constraint violation, `40` transaction rollback …).
    public var errorClass: String { String(rawValue.prefix(2)) }

    public static let uniqueViolation = SQLState(rawValue: "23505")
    public static let foreignKeyViolation = SQLState(rawValue: "23503")
    public static let notNullViolation = SQLState(rawValue: "23502")
    public static let checkViolation = SQLState(rawValue: "23514")
    public static let serializationFailure = SQLState(rawValue: "40001")
    public static let deadlockDetected = SQLState(rawValue: "40P01")
    public static let syntaxError = SQLState(rawValue: "42601")
    public static let undefinedTable = SQLState(rawValue: "42P01")
    public static let undefinedColumn = SQLState(rawValue: "42703")
    public static let invalidTextRepresentation = SQLState(rawValue: "22P02")
    public static let badCopyFileFormat = SQLState(rawValue: "22P04")
    public static let invalidPassword = SQLState(rawValue: "28P01")
    public static let invalidAuthorizationSpecification = SQLState(rawValue: "28000")
    public static let invalidCatalogName = SQLState(rawValue: "3D000")
    public static let raiseException = SQLState(rawValue: "P0001")
    public static let queryCanceled = SQLState(rawValue: "57014")
    public static let lockNotAvailable = SQLState(rawValue: "55P03")
    public static let readOnlySQLTransaction = SQLState(rawValue: "25006")
    public static let inFailedSQLTransaction = SQLState(rawValue: "25P02")

    /// Whether a constraint failed (class 23: unique, foreign key, not null, check).
    public var isConstraintViolation: Bool { errorClass == "23" }
}
