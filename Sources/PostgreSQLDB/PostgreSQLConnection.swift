internal import CLibPQ
import Foundation

/// One connection to a PostgreSQL server, opened from a libpq connection URI.
///
/// A connection is used by one thread at a time (libpq's rule for a `PGconn`), so it is not `Sendable`: open one
/// per thread or task, or hand one over between them with a lock. Statements run synchronously; results come back
/// in text format and are read by column index through ``PostgreSQLRow``.
///
/// ```swift
/// let connection = try PostgreSQLConnection(uri: "postgres://catalog@db.example.org/catalog")
/// try connection.execute("INSERT INTO notes (text) VALUES ($1)", ["Hello"])
/// let texts = try connection.fetchAll(String.self, "SELECT text FROM notes")
/// ```
public final class PostgreSQLConnection {
    let handle: OpaquePointer
    /// The URI without its password, for messages.
    public let target: String
    package var savepointDepth = 0

    /// Opens a connection.
    ///
    /// - Parameter uri: a libpq connection URI (`postgres://user:password@host:port/database?options`, also
    ///   `postgresql://…`) or a `key=value` connection string
    ///   (https://www.postgresql.org/docs/current/libpq-connect.html#LIBPQ-CONNSTRING).
    /// - Throws: ``PostgreSQLError`` of kind ``PostgreSQLError/Kind/connection`` saying why and what to do (is the
    ///   server running, is the password right, does the database exist); never with the password.
    public init(uri: String) throws {
        target = Self.redacted(uri)
        if let reason = Self.libraryUnavailableReason {
            throw PostgreSQLError(
                kind: .clientLibrary, message: "the client library libpq could not be loaded (\(reason))",
                hint: "install it: 'apt-get install libpq5' on Debian and Ubuntu, 'brew install libpq' on macOS",
                target: target)
        }
        guard let connection = clibpq_connectdb(uri) else {
            throw PostgreSQLError(kind: .connection, message: "libpq could not allocate a connection", target: target)
        }
        guard clibpq_status(connection) == CONNECTION_OK, clibpq_setClientEncoding(connection, "UTF8") == 0 else {
            let message = Self.errorMessage(of: connection)
            clibpq_finish(connection)
            throw PostgreSQLError(
                kind: .connection, sqlState: Self.connectionFailureState(message), message: message, target: target)
        }
        clibpq_silence_notices(connection)
        handle = connection
    }

    deinit { clibpq_finish(handle) }

    /// Why libpq cannot be loaded on this machine; `nil` when it can.
    ///
    /// The library is loaded when the first connection opens, not when the program starts: a program that never
    /// connects to PostgreSQL runs without it.
    public static var libraryUnavailableReason: String? {
        var reason = [CChar](repeating: 0, count: 512)
        guard clibpq_load(&reason, reason.count) == 0 else { return nil }
        return String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The server's version as a number, e.g. 150004 for 15.4.
    public var serverVersion: Int { Int(clibpq_serverVersion(handle)) }

    /// The process id of the server process serving this connection (`pg_backend_pid()`).
    public var backendProcessID: Int32 { clibpq_backendPID(handle) }

    /// Whether the connection to the server is lost (the server stopped, or ended this session): no statement can
    /// run on it any more, so open another.
    ///
    /// It first reads what the server has already sent, without waiting: a server process that was ended while the
    /// connection sat idle leaves its goodbye and the end of the stream there, so the loss shows here before a
    /// statement fails on it. Notifications read on the way stay queued for ``nextNotification(timeout:)``.
    public var isBroken: Bool {
        // libpq sees the end of the stream only on a read after the one that took the goodbye; a few reads are
        // enough, and a chatty server cannot hold the caller here.
        for _ in 0..<4 {
            let socket = clibpq_socket(handle)
            guard clibpq_status(handle) == CONNECTION_OK, socket >= 0, clibpq_wait_readable(socket, 0) == 1 else {
                break
            }
            _ = clibpq_consumeInput(handle)
        }
        return clibpq_status(handle) != CONNECTION_OK
    }

    /// Runs `sql` and returns its rows (empty for a statement that returns none).
    ///
    /// With parameters, `sql` is one statement whose `$1`, `$2` … take them in order (`PQexecParams`). Without,
    /// `sql` may hold several statements separated by semicolons (a migration script), run as one implicit
    /// transaction unless it holds its own `BEGIN`/`COMMIT`; the rows are the last statement's.
    ///
    /// - Throws: ``PostgreSQLError`` with the server's SQLSTATE, message, detail and hint, and `sql`.
    @discardableResult
    public func execute(_ sql: String, _ parameters: [any PostgreSQLValueConvertible] = []) throws -> [PostgreSQLRow] {
        let result = try run(sql, parameters.map(\.postgreSQLValue))
        return (0..<result.rowCount).map { PostgreSQLRow(result: result, index: Int32($0)) }
    }

    /// The rows of `sql`, each decoded as a `T`.
    public func fetchAll<T: PostgreSQLRowDecodable>(
        _ type: T.Type, _ sql: String, _ parameters: [any PostgreSQLValueConvertible] = []
    ) throws -> [T] {
        try execute(sql, parameters).map(T.init(row:))
    }

    /// The first column of every row of `sql`, as `T`.
    public func fetchAll<T: PostgreSQLValueConvertible>(
        _ type: T.Type, _ sql: String, _ parameters: [any PostgreSQLValueConvertible] = []
    ) throws -> [T] {
        try execute(sql, parameters).map { try $0.value(at: 0) }
    }

    /// The first column of the first row of `sql`, or `nil` when there is no row or it is NULL.
    public func fetchOne<T: PostgreSQLValueConvertible>(
        _ type: T.Type, _ sql: String, _ parameters: [any PostgreSQLValueConvertible] = []
    ) throws -> T? {
        try execute(sql, parameters).first.flatMap { $0.isNull(at: 0) ? nil : try $0.value(at: 0, as: T.self) }
    }

    /// Runs `sql` and returns its result, or throws the server's error.
    func run(_ sql: String, _ parameters: [PostgreSQLValue]) throws -> PostgreSQLResult {
        let raw: OpaquePointer?
        if parameters.isEmpty {
            raw = clibpq_exec(handle, sql)
        } else {
            raw = Self.withParameters(parameters) { types, values, lengths, formats in
                clibpq_execParams(handle, sql, Int32(parameters.count), types, values, lengths, formats, 0)
            }
        }
        guard let raw else { throw failure(.statement, sql: sql) }
        let result = PostgreSQLResult(raw)
        switch clibpq_resultStatus(raw) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY:
            return result
        default:
            throw Self.error(from: raw, kind: .statement, sql: sql, target: target)
        }
    }

    /// Lays `parameters` out as libpq wants them: every value as text, except `bytea` in binary (no escaping),
    /// typed where the type is known and left to the server (OID 0) for text and NULL.
    private static func withParameters<R>(
        _ parameters: [PostgreSQLValue],
        _ body: (
            UnsafePointer<Oid>, UnsafePointer<UnsafePointer<CChar>?>, UnsafePointer<Int32>, UnsafePointer<Int32>
        ) -> R
    ) -> R {
        var types: [Oid] = []
        var buffers: [[CChar]?] = []
        var lengths: [Int32] = []
        var formats: [Int32] = []
        for parameter in parameters {
            switch parameter {
            case .bytes(let bytes):
                types.append(byteaOID)
                buffers.append(bytes.map { CChar(bitPattern: $0) } + [0])
                lengths.append(Int32(bytes.count))
                formats.append(1)
            default:
                types.append(parameter.typeOID)
                buffers.append(parameter.textFormat.map { Array($0.utf8CString) })
                lengths.append(0)
                formats.append(0)
            }
        }
        // The pointers stay valid while `buffers` lives: each is taken inside its own buffer's scope, recursively.
        func withPointers(_ index: Int, _ pointers: [UnsafePointer<CChar>?]) -> R {
            guard index < buffers.count else {
                return body(types, pointers, lengths, formats)
            }
            guard let buffer = buffers[index] else { return withPointers(index + 1, pointers + [nil]) }
            return buffer.withUnsafeBufferPointer { withPointers(index + 1, pointers + [$0.baseAddress]) }
        }
        return withPointers(0, [])
    }

    /// The error libpq recorded on this connection, of `kind`.
    func failure(_ kind: PostgreSQLError.Kind, sql: String? = nil) -> PostgreSQLError {
        PostgreSQLError(kind: kind, message: Self.errorMessage(of: handle), sql: sql, target: target)
    }

    /// The server's error in `result`, with every field it sent.
    static func error(
        from result: OpaquePointer, kind: PostgreSQLError.Kind, sql: String?, target: String
    ) -> PostgreSQLError {
        // The PG_DIAG_* codes of postgres_ext.h, character constants Swift does not import.
        func field(_ code: Unicode.Scalar) -> String? {
            clibpq_resultErrorField(result, Int32(code.value)).map { String(cString: $0) }
        }
        let fallback = clibpq_resultErrorMessage(result).map { String(cString: $0) } ?? "unknown error"
        return PostgreSQLError(
            kind: kind, sqlState: field("C").map(SQLState.init(rawValue:)),
            message: field("M") ?? fallback.trimmingCharacters(in: .whitespacesAndNewlines),
            detail: field("D"), hint: field("H"), context: field("W"), sql: sql, target: target)
    }

    static func errorMessage(of connection: OpaquePointer) -> String {
        let text = clibpq_errorMessage(connection).map { String(cString: $0) } ?? "unknown error"
        return text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    /// libpq reports a failed start-up as text only: the codes the server would have sent, for matching by name.
    private static func connectionFailureState(_ message: String) -> SQLState? {
        if message.contains("password authentication failed") { return .invalidPassword }
        if message.contains("does not exist") && message.contains("database") { return .invalidCatalogName }
        if message.contains("no pg_hba.conf entry") { return .invalidAuthorizationSpecification }
        return nil
    }

    /// Whether `text` is a libpq connection URI (`postgres://…` or `postgresql://…`) rather than, say, a file path.
    public static func isURI(_ text: String) -> Bool {
        text.hasPrefix("postgres://") || text.hasPrefix("postgresql://")
    }

    /// `connectionString` with any password replaced by `***`: the `user:password@` of a URI, a `password=` query
    /// parameter, or a `password=` key of a `key=value` string.
    ///
    /// ```swift
    /// PostgreSQLConnection.redacted("postgres://app:s3cret@db/catalog")  // "postgres://app:***@db/catalog"
    /// ```
    public static func redacted(_ connectionString: String) -> String {
        var text = connectionString
        if let scheme = text.range(of: "://") {
            let authorityEnd = text[scheme.upperBound...].firstIndex(where: { "/?".contains($0) }) ?? text.endIndex
            if let at = text[scheme.upperBound..<authorityEnd].lastIndex(of: "@"),
                let colon = text[scheme.upperBound..<at].firstIndex(of: ":")
            {
                text.replaceSubrange(text.index(after: colon)..<at, with: "***")
            }
        }
        // `password=…` up to the next separator of a query string or a key=value string.
        var result = ""
        var rest = Substring(text)
        while let match = rest.range(of: "password=", options: .caseInsensitive) {
            result += rest[..<match.upperBound] + "***"
            rest = rest[match.upperBound...]
            if rest.first == "'" {
                let closing = rest.dropFirst().firstIndex(of: "'").map { rest.index(after: $0) } ?? rest.endIndex
                rest = rest[closing...]
            } else {
                rest = rest[(rest.firstIndex(where: { "& ".contains($0) }) ?? rest.endIndex)...]
            }
        }
        return result + rest
    }
}

// libpq allows a PGconn to be used from one thread at a time; the class holds no lock, so it must not cross
// threads unguarded.
@available(*, unavailable)
extension PostgreSQLConnection: Sendable {}

private let byteaOID: Oid = 17

extension PostgreSQLValue {
    /// The parameter's type OID: fixed for numbers, booleans and bytes; 0 (unknown, inferred from the statement)
    /// for text and NULL, so a text parameter can fill a `timestamptz` or `uuid` column as a literal would.
    fileprivate var typeOID: Oid {
        switch self {
        case .null, .text: 0
        case .integer: 20
        case .double: 701
        case .bool: 16
        case .bytes: byteaOID
        }
    }
}
