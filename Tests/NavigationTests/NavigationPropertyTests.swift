import Foundation
import Testing

@testable import Navigation

/// Seeded random intent sequences: the invariants hold after every intent, the persisted session follows
/// the in-memory model exactly, and a reopened file restores the same state.
@Suite struct NavigationPropertyTests {
    @Test(arguments: 1...20)
    func randomIntentsKeepEveryInvariant(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        var navigator = Navigator<TestRoute>(historyLimit: 8)
        var effects: [HistoryEffect: Int] = [:]
        for _ in 0..<300 {
            let intent = randomIntent(using: &generator)
            let before = navigator
            do {
                effects[try navigator.apply(intent), default: 0] += 1
            } catch {
                #expect(navigator == before, "a refused \(intent) changed the state")
            }
            #expect(throws: Never.self) { try navigator.state.validate() }
            let entries = navigator.history.entries
            #expect(entries.count <= 8)
            #expect(!zip(entries, entries.dropFirst()).contains { $0 == $1 }, "consecutive duplicate entries")
        }
        // The sequence exercises recording and both directions of the history, not only refusals.
        #expect(effects[.record, default: 0] > 50 && effects[.moveBack, default: 0] > 5)
    }

    @Test(arguments: 1...5)
    func persistedSessionFollowsTheModelAndSurvivesReopening(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        let file = try TemporaryDatabaseFile()
        var navigator = Navigator<TestRoute>(historyLimit: 100)
        do {
            let store = try file.openStore()
            let user = try store.user(named: "user-\(seed)")
            let session = try store.openSession(scene: "main", for: user)
            for _ in 0..<200 {
                let intent = randomIntent(using: &generator)
                let accepted = (try? navigator.apply(intent)) != nil
                #expect(((try? session.apply(intent)) != nil) == accepted, "\(intent) accepted differently")
                #expect(session.state == navigator.state)
                #expect(session.history == navigator.position)
            }
            #expect(try store.history(ofScene: "main", for: user) == navigator.history.entries)
        }
        // Every connection is closed: reopen the file as a relaunch would.
        let store = try file.openStore()
        let restored = try store.restore(scene: "main", for: try store.user(named: "user-\(seed)"))
        #expect(restored.state == navigator.state && restored.report.isEmpty && restored.origin == .savedState)
        #expect(restored.history.index == navigator.history.index)
    }

    private let sidebarRoutes: [TestRoute] = [
        .books, .authors, .genres, .bands, .settings, .about, .genre(1), .genre(2), .symbol("Rat"),
    ]
    private let entityRoutes: [TestRoute] = [
        .book(1), .book(2), .author(1), .author(2), .genre(1), .genre(2), .band(1), .band(2), .cats, .settings,
    ]

    private func randomIntent(using generator: inout SplitMix64) -> NavigationIntent<TestRoute> {
        let anyRoute = { (generator: inout SplitMix64) -> TestRoute in
            (sidebarRoutes + entityRoutes).randomElement(using: &generator) ?? .books
        }
        switch Int.random(in: 0..<15, using: &generator) {
        case 0, 1: return .selectSidebar(sidebarRoutes.randomElement(using: &generator) ?? .books)
        case 2, 3:
            return .selectContent(Bool.random(using: &generator) ? entityRoutes.randomElement(using: &generator) : nil)
        case 4: return .showDetail(anyRoute(&generator))
        case 5, 6: return .push(entityRoutes.randomElement(using: &generator) ?? .book(1))
        case 7: return Bool.random(using: &generator) ? .pop : .popToRoot
        case 8: return .setStack((0..<Int.random(in: 0...2, using: &generator)).map { _ in anyRoute(&generator) })
        case 9: return .compactBack
        case 10: return .setVisibility(ColumnVisibility.allCases.randomElement(using: &generator) ?? .automatic)
        case 11: return .setCompactColumn(CompactColumn.allCases.randomElement(using: &generator) ?? .detail)
        case 12: return .back
        case 13: return .forward
        default:
            let link = DeepLink(
                sidebar: anyRoute(&generator), content: Bool.random(using: &generator) ? anyRoute(&generator) : nil,
                stack: Bool.random(using: &generator) ? [anyRoute(&generator)] : [])
            return link.url.map { .open($0) } ?? .back
        }
    }
}

/// A small seeded generator, so a failing sequence can be replayed.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
