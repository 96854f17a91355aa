import Foundation
import SQLInterface
import Testing

/// Times in the users' tables: one text on both databases, read back the same whatever form a row holds.
@Suite struct SQLDialectTimeTests {
    /// A row of given values, as either driver reads one.
    struct Values: SQLColumns {
        let values: [SQLValue]
        var count: Int { values.count }
        func columnName(at index: Int) -> String { "c\(index)" }
        func isNull(at index: Int) -> Bool { values[index] == .null }
        func int64(at index: Int) -> Int64? {
            if case .integer(let value) = values[index] { value } else { nil }
        }
        func string(at index: Int) -> String? {
            if case .text(let value) = values[index] { value } else { nil }
        }
        func value(at index: Int) -> SQLValue { values[index] }
        func decodingError(at index: Int, expected: String) -> any Error { CancellationError() }
    }

    @Test func bothDatabasesStoreATimeAsTheSameText() {
        let date = Date(timeIntervalSince1970: 1_796_422_778.123)
        #expect(SQLDialect.sqlite.time(date) == .text("2026-12-04T22:19:38.123Z"))
        #expect(SQLDialect.postgreSQL.time(date) == SQLDialect.sqlite.time(date))
        #expect(SQLDialect.postgreSQL.time(nil as Date?) == .null)
    }

    @Test func aYearPastTheTextFormIsSecondsAsEachDatabaseCanHoldThem() {
        let far = Date(timeIntervalSince1970: 1e12)
        #expect(SQLDialect.sqlite.time(far) == .real(1e12))
        #expect(SQLDialect.postgreSQL.time(far) == .text("1000000000000.0"))
    }

    @Test(arguments: [
        SQLValue.text("2026-12-04T22:19:38.123Z"), .text("1796422778.123"), .real(1_796_422_778.123),
    ])
    func everyStoredFormReadsBackAsTheTime(_ stored: SQLValue) throws {
        let date = try #require(Values(values: [stored]).date(at: 0))
        #expect(abs(date.timeIntervalSince1970 - 1_796_422_778.123) < 0.001)
    }

    @Test func nullAndOtherTextAreNoTime() {
        #expect(Values(values: [.null, .text("yesterday")]).date(at: 0) == nil)
        #expect(Values(values: [.null, .text("yesterday")]).date(at: 1) == nil)
    }

    @Test func onlyPostgreSQLSpellsOutTheByteOrder() {
        #expect(SQLDialect.sqlite.inByteOrder.isEmpty)
        #expect(SQLDialect.postgreSQL.inByteOrder == #" COLLATE "C""#)
    }
}
