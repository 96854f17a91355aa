import Foundation
import TestSupport
import Testing

/// `catalog import` of MARC files as a user runs it: the same options and exit statuses as for other formats.
@Suite struct MARCImportCLITests {
    static func fixture(_ name: String) -> String {
        TestSupport.importFixture("MARC/\(name)")
    }

    @Test func importsAMARCFileAndAgainChangesNothing() throws {
        let cli = try CatalogCLI()
        let first = try cli.run("import", Self.fixture("books.mrc"), "--json")
        #expect(first.status == 0, "\(first.standardError)")
        #expect(try first.json()["inserted"] as? Int == 4)
        let second = try cli.run("import", Self.fixture("books.mrc"), "--batch", "2", "--json").json()
        #expect(second["unchanged"] as? Int == 4 && second["inserted"] as? Int == 0 && second["updated"] as? Int == 0)
        let books = try cli.run("list", "books", "--json").json()
        #expect(books["total"] as? Int == 4)
    }

    @Test func brokenRecordsAreRejectedWithTheirByteOffsetsAndTheRestImported() throws {
        let cli = try CatalogCLI()
        let errors = cli.path("errors.csv")
        let result = try cli.run("import", Self.fixture("broken.mrc"), "--errors", errors)
        #expect(result.status == 2)
        #expect(result.standardOutput.contains("7 rows: 2 inserted"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("5 rejected"))
        #expect(result.standardError.contains("broken.mrc: record 2 (byte offset "))
        let lines = try String(contentsOfFile: errors, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 6)
        #expect(lines[1].contains("record 2 (byte offset"))
    }

    @Test func strictStopsAtTheFirstBrokenRecordAndDryRunWritesNothing() throws {
        let cli = try CatalogCLI()
        let strict = try cli.run("import", Self.fixture("broken.mrc"), "--strict")
        #expect(strict.status == 2)
        #expect(strict.standardError.contains("nothing of the file was imported"))
        let dryRun = try cli.run("import", Self.fixture("books.mrc"), "--dry-run", "--json")
        #expect(dryRun.status == 0)
        #expect(try dryRun.json()["inserted"] as? Int == 4)
        #expect(try cli.run("list", "books", "--json").json()["total"] as? Int == 0)
    }

    @Test func theEncodingOverridesWhatTheLeaderSays() throws {
        let cli = try CatalogCLI()
        let lying = try cli.run("import", Self.fixture("lying_leader.mrc"))
        #expect(lying.status == 2)
        #expect(lying.standardError.contains("is not valid UTF-8: byte 0xE2"))
        let given = try cli.run("import", Self.fixture("lying_leader.mrc"), "--encoding", "marc8", "--json")
        #expect(given.status == 0, "\(given.standardError)")
        #expect(try given.json()["inserted"] as? Int == 1)
        let wrong = try cli.run("import", Self.fixture("books.mrc"), "--encoding", "latin1")
        #expect(wrong.status == 64)
        #expect(wrong.standardError.contains("--encoding: the encoding latin1 does not apply to marc files"))
    }

    @Test func theMARCXMLOfTheSameRecordsChangesNothing() throws {
        let cli = try CatalogCLI()
        #expect(try cli.run("import", Self.fixture("books.mrc")).status == 0)
        let xml = try cli.run("import", Self.fixture("books.xml"), "--json")
        #expect(xml.status == 0, "\(xml.standardError)")
        let summary = try xml.json()
        #expect(summary["unchanged"] as? Int == 4 && summary["inserted"] as? Int == 0, "\(summary)")
        let malformed = try cli.run("import", Self.fixture("malformed.xml"))
        #expect(malformed.status == 65)
        #expect(malformed.standardError.contains("not well-formed XML at byte offset"))
    }

    /// A subfield of 120 MB in MARCXML and a record of 120 MB without a terminator in ISO 2709 are rejected with
    /// the limit, the records after them imported, in bounded memory.
    @Test func hugeRecordsAreRejectedInBoundedMemory() throws {
        try ImportLimitsCLITests.requireTheMeter()
        let cli = try CatalogCLI()
        let huge = String(repeating: "A", count: 120 * 1024 * 1024)
        let good = try String(contentsOfFile: Self.fixture("books.xml"), encoding: .utf8)
        let xml = cli.path("huge.xml")
        try good.replacingOccurrences(of: "Congressional record.", with: huge).write(
            toFile: xml, atomically: false, encoding: .utf8)
        let mrc = cli.path("huge.mrc")
        var bytes = Data(huge.utf8)
        bytes.append(0x1D)
        bytes.append(try Data(contentsOf: URL(filePath: Self.fixture("books.mrc"))))
        try bytes.write(to: URL(filePath: mrc))
        for (file, reason) in [
            (xml, "is over the limit of 1048576 bytes (1 MiB) for a record"),
            (mrc, "no record terminator (0x1D) within 99999 bytes"),
        ] {
            let (result, peak) = try cli.runMeasuringPeakMemory(["import", file, "--json"])
            #expect(result.status == 2, "\(result.standardError)")
            #expect(result.standardError.contains(reason), "\(result.standardError)")
            #expect(peak < ImportLimitsCLITests.memoryBound, "peak resident memory \(peak / 1_048_576) MiB")
        }
    }

    @Test func helpListsTheMARCFormat() throws {
        let help = try CatalogCLI.run(["import", "--help"])
        #expect(help.standardOutput.contains("marc"), "\(help.standardOutput)")
        #expect(help.standardOutput.contains(".mrc") && help.standardOutput.contains("marcxml"))
    }
}
