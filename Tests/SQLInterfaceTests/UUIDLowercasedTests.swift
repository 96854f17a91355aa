import Foundation
import SQLInterface
import Testing

/// The text a uuid is stored as, written from its bytes, is Foundation's text in lowercase.
@Suite struct UUIDLowercasedTests {
    @Test func itIsFoundationsTextInLowercase() throws {
        let edges = [
            try #require(UUID(uuidString: "00000000-0000-0000-0000-000000000000")),
            try #require(UUID(uuidString: "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF")),
            try #require(UUID(uuidString: "0123ABCD-89EF-7000-8A5B-FEDCBA987654")),
        ]
        for uuid in edges + (0..<1_000).map({ _ in UUID() }) {
            #expect(uuid.lowercased == uuid.uuidString.lowercased())
        }
        #expect(edges[2].lowercased == "0123abcd-89ef-7000-8a5b-fedcba987654")
    }
}
