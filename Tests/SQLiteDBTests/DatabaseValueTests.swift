import Foundation
import SQLiteDB
import Testing

@Suite struct DatabaseValueTests {
    let db: Database

    init() throws {
        db = try Database.inMemory()
        try db.execute("CREATE TABLE t (v)")
    }

    /// Binds `value`, stores it, and reads it back through the same type.
    func roundTrip<T: DatabaseValueConvertible & Equatable>(_ value: T?) throws -> T? {
        try db.execute("DELETE FROM t")
        try db.execute("INSERT INTO t (v) VALUES (?)", [value])
        return try db.fetchOne(T.self, "SELECT v FROM t")
    }

    @Test(arguments: [
        "", "plain", "emoji 👩‍👩‍👧‍👦 and flags 🇳🇴", "e\u{301} combining and é precomposed", "nul\u{0}inside", "日本語のテキスト",
    ])
    func stringsRoundTrip(_ text: String) throws {
        #expect(try roundTrip(text) == text)
    }

    @Test func emptyStringStaysEmptyNotNull() throws {
        #expect(try roundTrip("") == "")
        #expect(try db.fetchOne(String.self, "SELECT typeof(v) FROM t") == "text")
    }

    @Test(arguments: [Int64.min, -1, 0, 1, Int64.max])
    func integersRoundTrip(_ value: Int64) throws {
        #expect(try roundTrip(value) == value)
        #expect(try roundTrip(Int(value)) == Int(value))
    }

    @Test(arguments: [0.0, -0.5, 1e300, Double.infinity, -Double.infinity, Double.leastNonzeroMagnitude])
    func doublesRoundTrip(_ value: Double) throws {
        #expect(try roundTrip(value) == value)
    }

    @Test func dataKeepsZeroBytesAndEmptiness() throws {
        let bytes = Data([0, 1, 0, 255, 0])
        #expect(try roundTrip(bytes) == bytes)
        #expect(try roundTrip(Data()) == Data())
        #expect(try db.fetchOne(String.self, "SELECT typeof(v) FROM t") == "blob")
    }

    @Test func boolsRoundTripAsIntegers() throws {
        #expect(try roundTrip(true) == true)
        #expect(try roundTrip(false) == false)
        #expect(try db.fetchOne(Int.self, "SELECT v FROM t") == 0)
    }

    @Test func nullRoundTripsForEveryType() throws {
        #expect(try roundTrip(String?.none) == nil)
        #expect(try roundTrip(Int64?.none) == nil)
        #expect(try roundTrip(Data?.none) == nil)
        #expect(try db.fetchOne(String.self, "SELECT typeof(v) FROM t") == "null")
    }

    @Test func uuidsAreStoredAsLowercaseText() throws {
        let uuid = UUID()
        #expect(try roundTrip(uuid) == uuid)
        #expect(try db.fetchOne(String.self, "SELECT v FROM t") == uuid.uuidString.lowercased())
    }

    @Test func datesAreStoredAsISO8601TextToTheMillisecond() throws {
        let date = Date(timeIntervalSince1970: 1_764_454_778.123)
        #expect(try roundTrip(date) == date)
        #expect(try db.fetchOne(String.self, "SELECT v FROM t") == "2025-11-29T22:19:38.123Z")
    }

    @Test func datesWrittenBySQLiteReadBack() throws {
        let sqliteNow = try #require(
            try db.fetchOne(Date.self, "SELECT strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"))
        #expect(abs(sqliteNow.timeIntervalSinceNow) < 60)
        #expect(try db.fetchOne(Date.self, "SELECT '1969-07-20 20:17'") == Date(timeIntervalSince1970: -14_182_980))
        #expect(try db.fetchOne(Date.self, "SELECT 0") == Date(timeIntervalSince1970: 0))
    }

    @Test func storageClassMismatchIsNilNotZero() throws {
        try db.execute("INSERT INTO t (v) VALUES ('not a number')")
        #expect(try db.fetchOne(Int.self, "SELECT v FROM t") == nil)
        #expect(throws: RowDecodingError.self) { try db.fetchAll(Int.self, "SELECT v FROM t") }
    }
}
