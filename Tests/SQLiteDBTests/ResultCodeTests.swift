import SQLiteDB
import Testing

@Suite struct ResultCodeTests {
    /// The constants carry SQLite's numbers (https://sqlite.org/rescode.html) and names.
    @Test(arguments: [
        (ResultCode.SQLITE_OK, 0, "SQLITE_OK"), (.SQLITE_BUSY, 5, "SQLITE_BUSY"), (.SQLITE_LOCKED, 6, "SQLITE_LOCKED"),
        (.SQLITE_READONLY, 8, "SQLITE_READONLY"), (.SQLITE_IOERR, 10, "SQLITE_IOERR"),
        (.SQLITE_CORRUPT, 11, "SQLITE_CORRUPT"), (.SQLITE_FULL, 13, "SQLITE_FULL"),
        (.SQLITE_CANTOPEN, 14, "SQLITE_CANTOPEN"), (.SQLITE_CONSTRAINT, 19, "SQLITE_CONSTRAINT"),
        (.SQLITE_NOTADB, 26, "SQLITE_NOTADB"), (.SQLITE_DONE, 101, "SQLITE_DONE"),
        (.SQLITE_BUSY_SNAPSHOT, 517, "SQLITE_BUSY_SNAPSHOT"), (.SQLITE_IOERR_WRITE, 778, "SQLITE_IOERR_WRITE"),
        (.SQLITE_IOERR_FSYNC, 1034, "SQLITE_IOERR_FSYNC"), (.SQLITE_IOERR_TRUNCATE, 1546, "SQLITE_IOERR_TRUNCATE"),
        (.SQLITE_READONLY_DIRECTORY, 1544, "SQLITE_READONLY_DIRECTORY"),
        (.SQLITE_CONSTRAINT_CHECK, 275, "SQLITE_CONSTRAINT_CHECK"),
        (.SQLITE_CONSTRAINT_FOREIGNKEY, 787, "SQLITE_CONSTRAINT_FOREIGNKEY"),
        (.SQLITE_CONSTRAINT_NOTNULL, 1299, "SQLITE_CONSTRAINT_NOTNULL"),
        (.SQLITE_CONSTRAINT_UNIQUE, 2067, "SQLITE_CONSTRAINT_UNIQUE"),
    ])
    func constantsCarrySQLitesNumbersAndNames(code: ResultCode, number: Int32, name: String) {
        #expect(code.rawValue == number)
        #expect(code.name == name)
        #expect(code.description == "\(number) (\(name))")
    }

    @Test func anExtendedCodeHasItsPrimaryCodeInTheLowByte() {
        #expect(ResultCode.SQLITE_CONSTRAINT_UNIQUE.primaryResultCode == .SQLITE_CONSTRAINT)
        #expect(ResultCode.SQLITE_IOERR_WRITE.primaryResultCode == .SQLITE_IOERR)
        #expect(ResultCode.SQLITE_CORRUPT.primaryResultCode == .SQLITE_CORRUPT)
        #expect(ResultCode.SQLITE_BUSY.isPrimary)
        #expect(!ResultCode.SQLITE_BUSY_SNAPSHOT.isPrimary)
    }

    @Test func aCodeWithoutANameIsNamedAfterItsPrimaryCode() {
        #expect(ResultCode(rawValue: 19 | 99 << 8).name == "SQLITE_CONSTRAINT")
        #expect(ResultCode(rawValue: 99).name == "SQLITE_UNKNOWN")
    }

    /// A primary case matches its extended codes; an extended case matches only itself.
    @Test(arguments: [
        (ResultCode.SQLITE_CONSTRAINT_UNIQUE, "unique"), (.SQLITE_CONSTRAINT_NOTNULL, "constraint"),
        (.SQLITE_CONSTRAINT, "constraint"), (.SQLITE_IOERR_WRITE, "other"), (.SQLITE_BUSY_TIMEOUT, "busy"),
    ])
    func switchMatchesExtendedCodesAgainstPrimaryOnes(code: ResultCode, expected: String) {
        let matched: String
        switch code {
        case .SQLITE_CONSTRAINT_UNIQUE: matched = "unique"
        case .SQLITE_CONSTRAINT: matched = "constraint"
        case .SQLITE_BUSY: matched = "busy"
        default: matched = "other"
        }
        #expect(matched == expected)
    }

    @Test func equalityIsExact() {
        #expect(ResultCode.SQLITE_CONSTRAINT_UNIQUE != .SQLITE_CONSTRAINT)
        #expect(ResultCode(rawValue: 2067) == .SQLITE_CONSTRAINT_UNIQUE)
    }
}
