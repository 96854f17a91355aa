internal import CLibPQ
import Foundation

extension PostgreSQLConnection {
    /// Streams `rows` into `table` through `COPY … FROM STDIN` in text format: the fastest way to load many rows.
    ///
    /// Rows are encoded and sent in chunks as they are read from `rows`, so memory stays flat whatever their
    /// number. Every value is escaped (backslash, tab, newline, carriage return; NULL as `\N`), so any text
    /// arrives unchanged. Triggers and constraints apply as for `INSERT`; the whole `COPY` is one statement, so it
    /// adds every row or none.
    ///
    /// ```swift
    /// let count = try connection.copy(into: "authors", columns: ["uuid", "name"], rows: authors.lazy.map {
    ///     [$0.uuid, $0.name]
    /// })
    /// ```
    /// - Parameters:
    ///   - table: the table's name, quoted as an identifier (so it is taken as written, case included).
    ///   - columns: the columns each row fills, in order.
    ///   - rows: one array of values per row, `columns.count` long.
    /// - Returns: the number of rows copied.
    /// - Throws: ``PostgreSQLError`` of kind ``PostgreSQLError/Kind/copy`` with the server's message and the line
    ///   of the failing row in `context`; or what iterating `rows` throws. Either way nothing is copied.
    @discardableResult
    public func copy<Rows: Sequence<[any PostgreSQLValueConvertible]>>(
        into table: String, columns: [String], rows: Rows
    ) throws -> Int {
        let sql =
            "COPY \(Self.quotedIdentifier(table)) (\(columns.map(Self.quotedIdentifier).joined(separator: ", "))) "
            + "FROM STDIN"
        try startCopy(sql)
        var buffer: [UInt8] = []
        buffer.reserveCapacity(Self.copyChunkSize + 4096)
        do {
            for (number, row) in rows.enumerated() {
                guard row.count == columns.count else {
                    throw PostgreSQLError(
                        kind: .copy,
                        message: "row \(number + 1) has \(row.count) values for \(columns.count) columns", sql: sql)
                }
                Self.appendCopyLine(row.map(\.postgreSQLValue), to: &buffer)
                if buffer.count >= Self.copyChunkSize {
                    try sendCopyData(buffer, sql: sql)
                    buffer.removeAll(keepingCapacity: true)
                }
            }
            if !buffer.isEmpty { try sendCopyData(buffer, sql: sql) }
        } catch {
            // Ends the COPY with an error so the server discards what it received and the connection is usable.
            _ = clibpq_putCopyEnd(handle, "aborted by the client")
            _ = try? finishCopy(sql: sql)
            throw error
        }
        guard clibpq_putCopyEnd(handle, nil) == 1 else { throw failure(.copy, sql: sql) }
        return try finishCopy(sql: sql)
    }

    /// Bytes sent per `PQputCopyData` call: large enough that calls cost nothing beside the rows.
    private static let copyChunkSize = 256 * 1024

    private func startCopy(_ sql: String) throws {
        guard let raw = clibpq_exec(handle, sql) else { throw failure(.copy, sql: sql) }
        defer { clibpq_clear(raw) }
        guard clibpq_resultStatus(raw) == PGRES_COPY_IN else {
            throw Self.error(from: raw, kind: .copy, sql: sql, target: target)
        }
    }

    private func sendCopyData(_ bytes: [UInt8], sql: String) throws {
        let sent = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { clibpq_putCopyData(handle, $0.baseAddress, Int32($0.count)) }
        }
        guard sent == 1 else { throw failure(.copy, sql: sql) }
    }

    /// Reads the results that end a COPY: the row count, or the server's error.
    private func finishCopy(sql: String) throws -> Int {
        var copied = 0
        var firstError: PostgreSQLError?
        while let raw = clibpq_getResult(handle) {
            defer { clibpq_clear(raw) }
            if clibpq_resultStatus(raw) == PGRES_COMMAND_OK {
                copied = Int(String(cString: clibpq_cmdTuples(raw))) ?? 0
            } else if firstError == nil {
                firstError = Self.error(from: raw, kind: .copy, sql: sql, target: target)
            }
        }
        if let firstError { throw firstError }
        return copied
    }

    /// Appends one line of COPY's text format: fields separated by tabs, NULL as `\N`, and in every field the
    /// backslash, tab, newline and carriage return escaped (https://www.postgresql.org/docs/current/sql-copy.html).
    static func appendCopyLine(_ values: [PostgreSQLValue], to buffer: inout [UInt8]) {
        for (index, value) in values.enumerated() {
            if index > 0 { buffer.append(UInt8(ascii: "\t")) }
            guard let text = value.textFormat else {
                buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "N")])
                continue
            }
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "\\"): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
                case UInt8(ascii: "\t"): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
                case UInt8(ascii: "\n"): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
                case UInt8(ascii: "\r"): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
                default: buffer.append(byte)
                }
            }
        }
        buffer.append(UInt8(ascii: "\n"))
    }

    /// `name` as a quoted SQL identifier: in double quotes, a double quote inside doubled.
    static func quotedIdentifier(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
