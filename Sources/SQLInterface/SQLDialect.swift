/// The SQL a connection reads where the databases disagree.
///
/// Statements are written once with SQLite's `?` parameters (``numbered(_:)`` gives PostgreSQL's `$1`, `$2` …); the
/// few real differences are chosen by dialect where they are written: `RETURNING` after an upsert, `COPY`, a time
/// made by the database (`strftime` on SQLite, text from a function on PostgreSQL).
package enum SQLDialect: Sendable, Hashable {
    case sqlite
    case postgreSQL

    /// `sql`, written with `?` parameters, as this dialect takes it: unchanged for SQLite, each `?` numbered `$1`,
    /// `$2` … in order for PostgreSQL.
    ///
    /// - Precondition: `sql` holds no `?` other than parameters (none inside a literal, no `?|` operator).
    package func statement(_ sql: String) -> String {
        self == .sqlite ? sql : Self.numbered(sql)
    }

    /// `sql` with its `?` parameters numbered `$1`, `$2` … in order, as PostgreSQL takes them.
    package static func numbered(_ sql: String) -> String {
        var result = ""
        result.reserveCapacity(sql.utf8.count + 8)
        var number = 0
        for character in sql {
            if character == "?" {
                number += 1
                result += "$\(number)"
            } else {
                result.append(character)
            }
        }
        return result
    }
}
