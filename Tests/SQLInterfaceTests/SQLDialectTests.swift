import SQLInterface
import Testing

@Suite struct SQLDialectTests {
    @Test func postgreSQLNumbersParametersInOrder() {
        let sql = "SELECT id FROM books WHERE year > ? AND title = ? LIMIT ?"
        #expect(SQLDialect.postgreSQL.statement(sql) == "SELECT id FROM books WHERE year > $1 AND title = $2 LIMIT $3")
    }

    @Test func sqliteTakesTheStatementAsWritten() {
        let sql = "SELECT id FROM books WHERE year > ?"
        #expect(SQLDialect.sqlite.statement(sql) == sql)
    }

    @Test func aStatementWithoutParametersIsUnchanged() {
        #expect(SQLDialect.numbered("SELECT count(*) FROM books") == "SELECT count(*) FROM books")
    }
}
