public import Foundation

/// One value of a statement's parameter or a row's column, in SQLite's five storage classes
/// (https://sqlite.org/datatype3.html): what the catalog binds and reads on either database. SQLiteDB names it
/// `DatabaseValue`; a PostgreSQL connection sends each case as the matching PostgreSQL value.
public enum SQLValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)
}
