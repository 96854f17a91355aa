import Catalog
import CatalogImport
import Foundation
import Navigation
import SQLiteCatalog
import SQLiteDB

/// Suite `navigation`: 1,000 users × 3 scenes with full histories (100 entries each); the latency of one
/// save (an intent applied and persisted: scene row, history append, pruning, in one transaction) and of
/// one restore (load, decode, check, repair), median and p99, with `synchronous=NORMAL` and `FULL`, and
/// with SQLite's automatic checkpoints against the store's background checkpoints; and the main actor's time
/// per change, saving synchronously against through the `SplitViewModel`.
struct NavigationSuite: BenchmarkSuite {
    let name = "navigation"
    let userCount = 1000
    let scenesPerUser = 3
    let samples = 3000

    func run(timer: Timer, log: (String) -> Void) throws -> [Measurement] {
        let directory = try temporaryDirectory(name)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appending(path: "navigation.sqlite").path
        var generator = SplitMix64(seed: 42)
        log("navigation: seeding \(userCount) users × \(scenesPerUser) scenes × 102 intents")
        try seed(path: path, using: &generator)

        // The default connection (2 MiB page cache) against the 300,000-row history of 3,000 scenes touched at
        // random: the worst case. One user's own scenes stay in any cache; the large-cache rows show that case.
        let saveSetups: [Setup] = [
            Setup(synchronous: .normal, checkpoints: .background(everySaves: 200), largeCache: false),
            Setup(synchronous: .normal, checkpoints: .sqliteAutomatic, largeCache: false),
            Setup(synchronous: .normal, checkpoints: .background(everySaves: 200), largeCache: true),
            Setup(synchronous: .full, checkpoints: .background(everySaves: 200), largeCache: false),
            Setup(synchronous: .full, checkpoints: .sqliteAutomatic, largeCache: false),
        ]
        var measurements: [Measurement] = []
        for setup in saveSetups {
            log("navigation: save per intent (\(setup))")
            let saves = try measureSaves(path: path, setup: setup, using: &generator)
            var measurement = Measurement(suite: name, case: "save per intent", impl: "\(setup)", samples: saves)
            // A checkpoint stall hits about 1 save in 200: below p99 with these sample counts, so log the tail.
            measurement.notes = ["p99.9_s": measurement.percentile(0.999), "max_s": saves.max() ?? 0]
            log(
                "navigation:   p99.9 \(formatSeconds(measurement.percentile(0.999))), "
                    + "max \(formatSeconds(saves.max() ?? 0))")
            measurements.append(measurement)
        }
        let restoreSetups: [Setup] = [
            Setup(synchronous: .normal, checkpoints: .background(everySaves: 200), largeCache: false),
            Setup(synchronous: .normal, checkpoints: .background(everySaves: 200), largeCache: true),
            Setup(synchronous: .full, checkpoints: .background(everySaves: 200), largeCache: false),
        ]
        for setup in restoreSetups {
            log("navigation: restore (\(setup))")
            let restores = try measureRestores(path: path, setup: setup, using: &generator)
            measurements.append(Measurement(suite: name, case: "restore a scene", impl: "\(setup)", samples: restores))
        }
        if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
            log("navigation: main actor per change (session against model)")
            measurements += try measureMainActorTimePerChange(path: path, setup: saveSetups[0], using: &generator)
        }
        return measurements
    }

    /// How a case opens the database.
    struct Setup: CustomStringConvertible {
        let synchronous: Database.Synchronous
        let checkpoints: NavigationStore<BenchRoute>.CheckpointPolicy
        let largeCache: Bool

        var description: String {
            let checkpointing = checkpoints == .sqliteAutomatic ? "SQLite auto-checkpoint" : "background checkpoints"
            return "\(synchronous.rawValue), \(checkpointing)" + (largeCache ? ", 128 MiB cache + mmap" : "")
        }
    }

    func open(_ path: String, _ setup: Setup) throws -> (Database, NavigationStore<BenchRoute>) {
        var configuration = Database.Configuration()
        configuration.synchronous = setup.synchronous
        if setup.largeCache {
            configuration.cacheSizeKiB = 128 * 1024
            configuration.mmapSize = 256 << 20
        }
        var storeConfiguration = NavigationStore<BenchRoute>.Configuration()
        storeConfiguration.checkpoints = setup.checkpoints
        let db = try DatabaseSchema.open(path: path, configuration: configuration)
        return (db, try NavigationStore(database: db, configuration: storeConfiguration))
    }

    private func seed(path: String, using generator: inout SplitMix64) throws {
        let (db, store) = try open(
            path, Setup(synchronous: .normal, checkpoints: .background(everySaves: 200), largeCache: false))
        for userIndex in 0..<userCount {
            let user = try store.user(named: "user-\(userIndex)")
            // One transaction per user: seeding is not what is measured.
            try db.transaction(.immediate) {
                for sceneIndex in 0..<scenesPerUser {
                    let session = try store.openSession(scene: "scene-\(sceneIndex)", for: user)
                    for step in 0..<102 {
                        try session.apply(BenchRoute.intent(step: step, after: session.state, using: &generator))
                    }
                }
            }
        }
        try store.checkpoint()
    }

    private func measureSaves(
        path: String, setup: Setup, using generator: inout SplitMix64
    ) throws -> [Double] {
        let (_, store) = try open(path, setup)
        var sessions: [String: NavigationSession<BenchRoute>] = [:]
        var steps: [String: Int] = [:]
        var samples: [Double] = []
        for _ in 0..<self.samples {
            let userName = "user-\(Int.random(in: 0..<userCount, using: &generator))"
            let scene = "scene-\(Int.random(in: 0..<scenesPerUser, using: &generator))"
            let key = userName + "/" + scene
            let session = try sessions[key] ?? store.openSession(scene: scene, for: try store.user(named: userName))
            sessions[key] = session
            let step = steps[key, default: 0]
            steps[key] = step + 1
            let intent = BenchRoute.intent(step: step, after: session.state, using: &generator)
            let start = DispatchTime.now().uptimeNanoseconds
            try session.apply(intent)
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        try store.checkpoint()
        return samples
    }

    private func measureRestores(path: String, setup: Setup, using generator: inout SplitMix64)
        throws -> [Double]
    {
        let (_, store) = try open(path, setup)
        let users = try (0..<userCount).map { try store.user(named: "user-\($0)") }
        var samples: [Double] = []
        for _ in 0..<self.samples {
            let user = users[Int.random(in: 0..<userCount, using: &generator)]
            let scene = "scene-\(Int.random(in: 0..<scenesPerUser, using: &generator))"
            let start = DispatchTime.now().uptimeNanoseconds
            let restored = try store.restore(scene: scene, for: user)
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            guard restored.origin == .savedState, restored.state.sidebar != nil else {
                throw BenchmarkError("restore of \(user)/\(scene) found no saved state")
            }
        }
        return samples
    }
}

/// The benchmark's routes: two sections whose entities link to each other, referenced by uuid as the
/// catalog's are.
enum BenchRoute: NavigationRoute {
    case books, authors
    case book(UUID)
    case author(UUID)

    init?(path: String) {
        switch path {
        case "books": self = .books
        case "authors": self = .authors
        default:
            let parts = path.split(separator: "/", maxSplits: 1)
            guard parts.count == 2, let id = UUID(uuidString: String(parts[1])) else { return nil }
            switch parts[0] {
            case "book": self = .book(id)
            case "author": self = .author(id)
            default: return nil
            }
        }
    }

    var path: String {
        switch self {
        case .books: "books"
        case .authors: "authors"
        case .book(let id): "book/" + id.uuidString.lowercased()
        case .author(let id): "author/" + id.uuidString.lowercased()
        }
    }

    var layout: SplitViewLayout { .threeColumns }
    var displayName: String { path }
    var iconName: String { "book" }
    var isSidebarItem: Bool { self == .books || self == .authors }

    func allowsContent(_ child: BenchRoute) -> Bool {
        switch (self, child) {
        case (.books, .book), (.authors, .author): true
        default: false
        }
    }

    func allowsPush(_ next: BenchRoute) -> Bool {
        switch (self, next) {
        case (.book, .author), (.author, .book): true
        default: false
        }
    }

    /// A state-changing intent: select a section, select an entity in it, push two linked entities.
    static func intent(step: Int, after state: SplitViewState<BenchRoute>, using generator: inout SplitMix64)
        -> NavigationIntent<BenchRoute>
    {
        let id = UUID(uuid: generator.uuidBytes())
        switch (step % 4, state.sidebar, state.topOfDetail) {
        case (1, .books?, _): return .selectContent(.book(id))
        case (1, .authors?, _): return .selectContent(.author(id))
        case (2...3, _, .book?): return .push(.author(id))
        case (2...3, _, .author?): return .push(.book(id))
        default: return .selectSidebar(state.sidebar == .books ? .authors : .books)
        }
    }
}

/// Random uuids for the generated routes.
extension SplitMix64 {
    mutating func uuidBytes() -> uuid_t {
        let a = next()
        let b = next()
        return withUnsafeBytes(of: (a, b)) { bytes in
            (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
                bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            )
        }
    }
}
