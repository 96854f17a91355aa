import Foundation
import TestSupport
import Testing

/// `catalog import` of hostile files: a field or a line of hundreds of megabytes is refused as a bad row naming
/// the limit and its place, and every format is read in bounded memory (the child's peak resident set, measured when
/// it ends, stays under 100 MB).
@Suite(.serialized) struct ImportLimitsCLITests {
    static let memoryBound = 100 * 1024 * 1024

    static func requireTheMeter() throws {
        if TestSupport.peakMemoryMeter == nil { try Test.cancel("GNU time (/usr/bin/time) measures the peak memory") }
    }

    /// Imports `file` into a new catalog with an errors file; returns the result and the peak memory.
    private func importMeasured(_ cli: CatalogCLI, _ file: String) throws -> (TestSupport.ProcessResult, Int) {
        defer { try? FileManager.default.removeItem(atPath: file) }
        let (result, peak) = try cli.runMeasuringPeakMemory(["import", file, "--errors", cli.path("errors.csv")])
        #expect(peak > 0)
        #expect(peak < Self.memoryBound, "peak resident memory \(peak / 1_048_576) MiB")
        return (result, peak)
    }

    /// A hostile file: `prefix`, then `megabytes` MiB of "A" inside one value, then `suffix` with one fine row; the
    /// refusal must name `place` and `limit`.
    struct Hostile: Sendable, CustomTestStringConvertible {
        let file: String
        let prefix: String
        let megabytes: Int
        let suffix: String
        let place: String
        let limit: String
        var testDescription: String { file }
    }

    static let hostileFiles = [
        Hostile(
            file: "huge.csv", prefix: "title,authors\n\"", megabytes: 150, suffix: "\",Someone\nFine,Someone\n",
            place: "huge.csv:2: column title",
            limit: "157286400 bytes of UTF-8, over the limit of 65536 bytes (64 KiB)"),
        Hostile(
            file: "huge.json",
            prefix: "{\"format\": \"catalog\", \"version\": 1,\n\"books\": [\n{\"key\": \"big\", \"title\": \"",
            megabytes: 50, suffix: "\"},\n{\"key\": \"fine\", \"title\": \"Fine\"}]}\n",
            place: "huge.json:3: column books[0].title",
            limit: "52428800 bytes of UTF-8, over the limit of 4096 bytes (4 KiB)"),
        Hostile(
            file: "huge.txt", prefix: "/type/work\t/works/OL1W\t1\t2020-01-01\t{\"title\": \"", megabytes: 150,
            suffix: "\"}\n/type/work\t/works/OL2W\t1\t2020-01-01\t{\"title\": \"Fine\"}\n",
            place: "huge.txt:1: is 1572864",
            limit: "over the limit of 4194304 bytes (4 MiB) for a dump line"),
    ]

    /// A CSV title of 150 MB, a JSON title of 50 MB, an Open Library dump line of 150 MB.
    @Test(arguments: hostileFiles)
    func anOversizedValueIsARowErrorInBoundedMemory(_ hostile: Hostile) throws {
        try Self.requireTheMeter()
        let cli = try CatalogCLI("limits")
        let file = cli.path(hostile.file)
        try HostileFile.write(to: file) { out in
            try out.write(hostile.prefix)
            try out.repeat("A", megabytes: hostile.megabytes)
            try out.write(hostile.suffix)
        }
        let (result, _) = try importMeasured(cli, file)
        #expect(result.status == 2, "\(result.standardError)")
        #expect(result.standardOutput.contains("1 inserted") && result.standardOutput.contains("1 rejected"))
        #expect(result.standardError.contains(hostile.place), "\(result.standardError)")
        #expect(result.standardError.contains(hostile.limit))
        let errors = try String(contentsOfFile: cli.path("errors.csv"), encoding: .utf8)
        #expect(errors.utf8.count < 1_048_576)
    }

    /// A header cell over 4 KiB names no column: the file is refused as unusable (exit 65) naming the cell and the
    /// limit, where it used to be cut without a word and the rest imported.
    @Test func anOversizedHeaderCellRefusesTheFile() throws {
        let cli = try CatalogCLI("limits-header")
        let file = cli.path("wide.csv")
        let header = "title,authors," + String(repeating: "x", count: 5000)
        try Data((header + "\nDune,Frank Herbert,1\n").utf8).write(to: URL(filePath: file))
        let result = try cli.run("import", file)
        #expect(result.status == 65, "\(result.standardOutput)\(result.standardError)")
        #expect(
            result.standardError.contains(
                "wide.csv:1: header cell 3 is 5000 bytes of UTF-8, over the limit of 4096 bytes (4 KiB) for a column "
                    + "name"), "\(result.standardError)")
        #expect(!result.standardOutput.contains("inserted"))
    }

    /// 20,000 books with a 3 KB summary each: 62 MB of JSON, which decoded whole would take well over 100 MB.
    @Test func aLargeValidJSONFileStreams() throws {
        try Self.requireTheMeter()
        let cli = try CatalogCLI("limits-json-large")
        let file = cli.path("large.json")
        let summary = String(repeating: "A long summary of a book. ", count: 120)
        let count = 20_000
        try HostileFile.write(to: file) { out in
            try out.write(
                "{\"format\": \"catalog\", \"version\": 1, \"authors\": [{\"key\": \"a\", \"name\": \"A\"}],\n")
            try out.write("\"books\": [\n")
            for index in 0..<count {
                try out.write(
                    (index == 0 ? "" : ",\n")
                        + "{\"key\": \"b\(index)\", \"title\": \"Book \(index)\", \"authors\": [\"a\"], "
                        + "\"summary\": \"\(summary)\"}")
            }
            try out.write("]}\n")
        }
        #expect((try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int ?? 0) > 60_000_000)
        let (result, _) = try importMeasured(cli, file)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("\(count + 1) inserted"), "\(result.standardOutput)")
    }
}

/// A large file written in pieces: the test never holds it in memory.
private struct HostileFile {
    let handle: FileHandle

    static func write(to path: String, _ body: (HostileFile) throws -> Void) throws {
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(filePath: path))
        defer { try? handle.close() }
        try body(HostileFile(handle: handle))
    }

    func write(_ text: String) throws {
        try handle.write(contentsOf: Data(text.utf8))
    }

    /// Writes `megabytes` MiB of `character`.
    func `repeat`(_ character: Character, megabytes: Int) throws {
        let block = Data(String(repeating: character, count: 1_048_576).utf8)
        for _ in 0..<megabytes { try handle.write(contentsOf: block) }
    }
}
