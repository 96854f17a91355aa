package import SQLInterface

// PostgreSQL's side of the interface the catalog's statements and row decoders are written once over: `?`
// numbered `$1`, `$2` …, values as the text PostgreSQL prints.

extension PostgreSQLRow: SQLColumns {
    package func int64(at index: Int) -> Int64? {
        Int64.read(from: self, at: index)
    }

    package func string(at index: Int) -> String? {
        text(at: index)
    }

    /// An integer for PostgreSQL's integer types (`smallint`, `integer`, `bigint`), text otherwise: what SQLite
    /// would hold for the catalog's columns.
    package func value(at index: Int) -> SQLValue {
        guard let text = text(at: index) else { return .null }
        switch typeOID(at: index) {
        case 20, 21, 23: return Int64(text).map(SQLValue.integer) ?? .text(text)
        default: return .text(text)
        }
    }

    /// A ``PostgreSQLError`` of kind `decoding` naming the column, as ``value(at:as:)`` throws it.
    package func decodingError(at index: Int, expected: String) -> any Error {
        let found = text(at: index).map { "\"\($0.prefix(40))\"" } ?? "NULL"
        return PostgreSQLError(
            kind: .decoding, message: "column \(index) (\(columnName(at: index))) holds \(found), not a \(expected)")
    }
}

extension PostgreSQLConnection: SQLConnection {
    package var dialect: SQLDialect { .postgreSQL }

    package func execute(_ sql: String, with arguments: [SQLValue]) throws {
        _ = try run(SQLDialect.numbered(sql), arguments.map(PostgreSQLValue.init))
    }

    package func fetch<T>(
        _ sql: String, with arguments: [SQLValue], _ decode: (PostgreSQLRow) throws -> T
    ) throws -> [T] {
        try execute(SQLDialect.numbered(sql), arguments.map(PostgreSQLValue.init)).map(decode)
    }
}

extension PostgreSQLValue {
    /// The parameter that sends `value` as SQLite would bind it.
    package init(_ value: SQLValue) {
        switch value {
        case .null: self = .null
        case .integer(let integer): self = .integer(integer)
        case .real(let real): self = .double(real)
        case .text(let text): self = .text(text)
        case .blob(let data): self = .bytes(data)
        }
    }
}

extension PostgreSQLConnection: SQLDatabase {
    /// Runs `body` on this connection as it is: each statement sees what was committed before it began.
    package func read<T>(_ body: (PostgreSQLConnection) throws -> T) throws -> T {
        try body(self)
    }

    /// Runs `body` in a READ COMMITTED transaction (a savepoint inside an open one).
    package func write<T>(_ body: (PostgreSQLConnection) throws -> T) throws -> T {
        try transaction { try body(self) }
    }
}

extension PostgreSQLError: SQLError {
    package var isUniqueViolation: Bool { sqlState == .uniqueViolation }

    package var plainReason: String { description }
}

extension PostgreSQLConnection: SQLSavepoints {}
