import Foundation
import FuzzChecks
import TestSupport
import Testing

/// Replays every committed fuzz input (the seed corpus and the inputs that once crashed, in
/// `Tests/FuzzCorpus/<target>/`) through the same check the fuzz target runs.
@Suite struct FuzzCorpusTests {
    static let corpus = TestSupport.packageRoot.appending(path: "Tests/FuzzCorpus")

    func replay(_ check: some FuzzCheck) throws {
        let files = FuzzDriver.inputFiles(Self.corpus.appending(path: check.name).path)
        #expect(files.count >= 5, "the seed corpus of \(check.name) is missing")
        for file in files {
            let input = try Data(contentsOf: file)
            do {
                try check.check(input)
            } catch {
                Issue.record("\(file.lastPathComponent): \(error)")
            }
        }
    }

    @Test func routeParserCorpus() throws {
        try replay(RouteParserCheck())
    }

    @Test func storedStateCorpus() throws {
        try replay(StoredStateCheck())
    }

    @Test func searchCorpus() throws {
        try replay(try SearchCheck())
    }

    @Test func pageCursorCorpus() throws {
        try replay(PageCursorCheck())
    }

    @Test func csvReaderCorpus() throws {
        try replay(CSVReaderCheck())
    }

    @Test func jsonReaderCorpus() throws {
        try replay(JSONReaderCheck())
    }

    @Test func openLibraryReaderCorpus() throws {
        try replay(WholeFileReaderCheck.openLibrary)
    }

    @Test func routerCorpus() throws {
        try replay(RouterCheck())
    }

    @Test func marcReaderCorpus() throws {
        try replay(WholeFileReaderCheck.marc)
    }

    @Test func marcXMLReaderCorpus() throws {
        try replay(WholeFileReaderCheck.marcXML)
    }
}

/// Inputs the fuzzers (or a review of what they cover) found crashing, each fed to the same check by name.
@Suite struct FuzzRegressionTests {
    func input(_ target: String, _ name: String) throws -> Data {
        try Data(contentsOf: FuzzCorpusTests.corpus.appending(path: "\(target)/\(name)"))
    }

    /// A text key whose byte count is near `Int.max`: `colon + 1 + count` overflowed and trapped, so
    /// `catalog list books --after CURSOR` crashed on a crafted cursor instead of refusing it.
    @Test func aCursorTextLengthNearIntMaxIsRefused() throws {
        try PageCursorCheck().check(try input("page-cursor", "crash-text-length-overflow"))
    }

    /// Genres `a` (parent missing) and `c` under `a`: `a` was rejected but `c` kept, naming a parent no record
    /// of the document has, so `catalog import` created the rejected genre by name.
    @Test func aGenreUnderARejectedGenreIsRejectedToo() throws {
        try JSONReaderCheck().check(try input("json-reader", "crash-child-of-rejected-genre"))
    }

    /// A work whose author entry has no key: the warning showed the entry as a dictionary description, whose
    /// order changed between two reads of the same line.
    @Test func aWarningShowsTheSameTextOnEveryRead() throws {
        try WholeFileReaderCheck.openLibrary.check(try input("openlibrary-reader", "crash-unordered-warning-value"))
    }

    /// An invalid byte read alone: the input handed on an empty chunk (part of a character), and the MARCXML
    /// tokenizer read the byte after its buffer's end.
    @Test func aReadOfPartOfACharacterIsReadOn() throws {
        try WholeFileReaderCheck.marcXML.check(try input("marcxml-reader", "crash-chunk-of-part-of-a-character"))
    }

    /// A path of NUL bytes then `/v1/health`: the router dropped the first segment whatever it was, so a path not
    /// starting with a slash reached the route of the path after it (here health, which is never rate limited).
    @Test func aPathWithoutALeadingSlashMatchesNoRoute() throws {
        try RouterCheck().check(try input("router", "crash-path-without-leading-slash"))
    }
}
