import Foundation
import Observation
import SQLiteDB
import TestSupport
import Testing

@testable import Navigation

@MainActor @Suite struct SplitViewModelTests {
    // MARK: Observation

    /// Each setter notifies the observers of exactly the properties whose value it changed, and no others.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func everySetterNotifiesExactlyThePropertiesThatChanged() async throws {
        let model = try await SplitViewModel.restore(user: "ada", scene: "main", store: try await backgroundStore())
        let steps: [(String, (SplitViewModel<TestRoute>) -> Void)] = [
            ("sidebar = genres", { $0.sidebar = .genres }),
            ("content = genre 1", { $0.content = .genre(1) }),
            ("push a band", { $0.detailStack.append(.band(2)) }),
            ("push a genre", { $0.detailStack.append(.genre(3)) }),
            ("pop", { $0.detailStack.removeLast() }),
            ("visibility = all", { $0.visibility = .all }),
            ("compact column = content", { $0.compactColumn = .content }),
            ("the same visibility again", { $0.visibility = .all }),
            ("a content outside the section", { $0.content = .book(1) }),
            ("sidebar = settings", { $0.sidebar = .settings }),
            ("back", { $0.back() }),
            ("forward", { $0.forward() }),
            ("a toolbar's detail", { $0.showDetail(.cats) }),
            ("sidebar = nil", { $0.sidebar = nil }),
        ]
        for (name, step) in steps {
            let (notified, changed) = notifications(of: model) { step(model) }
            #expect(notified == changed, "\(name)")
        }
        #expect(model.lastError == .refused(.notInSection(route: "book/1", sidebar: "genres")))
        await model.flush()
    }

    /// The observers of the whole state are told of every change, whichever part it changes: a new sidebar section
    /// with nothing selected changes only the sidebar route.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func theWholeStateNotifiesItsObserversOfEveryChange() async throws {
        let model = try await SplitViewModel.restore(user: "ada", scene: "main", store: try await backgroundStore())
        let steps: [(String, (SplitViewModel<TestRoute>) -> Void)] = [
            ("sidebar = genres", { $0.sidebar = .genres }),
            ("sidebar = bands", { $0.sidebar = .bands }),
            ("content = band 1", { $0.content = .band(1) }),
            ("push a genre", { $0.detailStack.append(.genre(2)) }),
            ("visibility = all", { $0.visibility = .all }),
            ("back", { $0.back() }),
            ("a toolbar's detail", { $0.showDetail(.cats) }),
        ]
        for (name, step) in steps {
            let before = model.state
            let changes = ObservedChanges()
            withObservationTracking {
                _ = model.state
            } onChange: {
                changes.insert("state")
            }
            step(model)
            #expect(model.state != before && changes.all == ["state"], "\(name)")
        }
        await model.flush()
        #expect(model.lastError == nil)
    }

    /// A new sidebar selection clears the content, the detail and its stack, whatever the view writes, and their
    /// observers are told.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func aSidebarChangeClearsContentAndStackAndNotifiesThem() async throws {
        let model = try await SplitViewModel.restore(user: "ada", scene: "main", store: try await backgroundStore())
        model.sidebar = .genres
        model.content = .genre(1)
        model.detailStack = [.band(2), .genre(3)]
        #expect(model.detail == .genre(1) && model.layout == .threeColumns)

        let (notified, _) = notifications(of: model) { model.sidebar = .settings }
        #expect(notified.isSuperset(of: ["sidebar", "content", "detail", "detailStack", "layout"]))
        #expect(model.content == nil && model.detailStack.isEmpty && model.detail == .settings)
        #expect(model.layout == .twoColumns && model.compactColumn == .detail)
        #expect(model.state == (try navigate([.selectSidebar(.settings)])))
        await model.flush()
        #expect(model.lastError == nil)
    }

    // MARK: The detail stack path

    /// A shorter path is pops, a longer one pushes, another one a replacement, each in the history as its
    /// intents are; a path the routes do not allow changes nothing.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func theDetailStackPathTurnsIntoPopsPushesAndReplacements() async throws {
        let model = try await SplitViewModel.restore(user: "ada", scene: "main", store: try await backgroundStore())
        model.sidebar = .genres
        model.content = .genre(1)
        let start = model.history.index
        model.detailStack = [.band(2), .genre(3), .book(4)]
        #expect(model.history.index == start + 3)
        model.detailStack = [.band(2)]
        #expect(model.history.index == start + 5)
        model.back()
        #expect(model.detailStack == [.band(2), .genre(3)])
        model.detailStack = [.book(9)]
        #expect(model.detailStack == [.book(9)] && !model.canGoForward)

        model.detailStack = [.book(9), .author(5), .settings]
        #expect(model.detailStack == [.book(9)])
        #expect(model.lastError == .refused(.cannotPush(route: "settings", onto: "author/5")))
        model.detailStack = []
        #expect(model.detailStack.isEmpty && model.detail == .genre(1))
        await model.flush()
    }

    /// A change that would make a state over ``NavigationLimits`` is refused at once, as the store would refuse it:
    /// the model never shows what it could not save.
    @Test func aRouteOverTheLimitIsRefusedAndNotShown() async throws {
        let model = try await SplitViewModel.restore(user: "ada", scene: "main", store: try await backgroundStore())
        model.sidebar = .books
        let over = TestRoute.symbol(String(repeating: "x", count: NavigationLimits.routeBytes))
        model.sidebar = over
        #expect(model.sidebar == .books)
        #expect(
            model.lastError
                == .refused(.routeTooLong(route: String(over.path.prefix(60)) + "…", bytes: over.path.utf8.count)))
        await model.flush()
        #expect(model.lastError != nil && model.sidebar == .books)
    }

    // MARK: Saving in the background

    /// 10,000 selections made as fast as the main actor can are all saved, in order: the store's history is the
    /// model's, entry for entry, and a fresh restore shows the model's final state.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func rapidSelectionsAreAllSavedInOrder() async throws {
        let path = try TemporaryDatabaseFile().path
        let store = try await backgroundStore { try fileStore(path, historyLimit: 20_000) }
        let model = try await SplitViewModel.restore(user: "ada", scene: "main", store: store)
        var expected = Navigator<TestRoute>(historyLimit: 20_000)
        model.sidebar = .genres
        try expected.apply(.selectSidebar(.genres))
        for selection in 0..<10_000 {
            let genre = TestRoute.genre(selection % 97 + 1)
            model.content = genre
            try expected.apply(.selectContent(genre))
        }
        #expect(model.state == expected.state)
        await model.flush()
        #expect(model.lastError == nil)

        let saved = try savedScene(path)
        #expect(saved.history.count == 10_002)
        #expect(saved.history == expected.history.entries)
        let restored = try await SplitViewModel.restore(user: "ada", scene: "main", store: store)
        #expect(restored.state == model.state && restored.history == model.history)
    }

    /// While another process holds the database's write lock, changes still apply at once: the main actor never
    /// waits for the lock. The other process releases it only after they all returned; then `flush()` saves them.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func changesDoNotWaitForAnotherProcessHoldingTheWriteLock() async throws {
        let sqlite3 = try TestSupport.installedTool("sqlite3")
        let files = try TemporaryFiles("model-lock")
        let path = files.path("navigation.sqlite")
        let release = files.path("release")
        // A save that waited for the lock on the main actor would wait for the release the test sends only once
        // every change returned: it would fail with SQLITE_BUSY when this timeout ends, and the test with it.
        let store = try await backgroundStore { try fileStore(path, busyTimeout: .seconds(20)) }
        let model = try await SplitViewModel.restore(user: "ada", scene: "main", store: store)
        model.sidebar = .genres
        await model.flush()

        let holder = try TestSupport.start(
            sqlite3,
            [
                path, "BEGIN IMMEDIATE;", ".shell echo locked",
                ".shell while [ ! -e '\(release)' ]; do sleep 0.01; done", "COMMIT;",
            ])
        defer { holder.killIfRunning() }
        #expect(holder.firstStandardOutputLine() == "locked")
        for genre in 1...50 {
            model.content = .genre(genre)
            #expect(model.content == .genre(genre) && model.detail == .genre(genre))
        }
        model.detailStack = [.band(7)]
        let shown = model.state
        // Nothing could be saved yet: the lock is still held.
        #expect(try savedScene(path).state == (try navigate([.selectSidebar(.genres)])))

        _ = FileManager.default.createFile(atPath: release, contents: nil)
        #expect(holder.wait().status == 0)
        await model.flush()
        #expect(model.lastError == nil)
        #expect(model.state == shown)
        let saved = try savedScene(path)
        #expect(saved.state == shown)
        #expect(saved.history.count == 53)
    }

    /// A save that fails on a full disk reaches `lastError`; the model shows the last saved state again with its
    /// history, the changes made after the failed one are dropped, and nothing is half-written.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func aFailedSaveReachesLastErrorAndTheModelShowsWhatIsSaved() async throws {
        let path = try TemporaryDatabaseFile().path
        let store = try await backgroundStore { try fileStore(path) }
        let model = try await SplitViewModel.restore(user: "ada", scene: "main", store: store)
        model.sidebar = .authors
        model.visibility = .all
        model.content = .author(3)
        await model.flush()
        let before = (state: model.state, history: model.history)
        let saved = try savedScene(path)

        // No new page may be allocated; a state of 12 KB (a long detail stack, within the limits) needs overflow
        // pages.
        try await store.perform { store in
            let db = try store.database
            let pages = try #require(try db.fetchOne(Int.self, "PRAGMA page_count"))
            try db.execute("PRAGMA max_page_count = \(pages)")
        }
        let big: [TestRoute] = (1...1_100).map { $0 % 2 == 1 ? .book($0) : .author($0) }
        model.apply(.setStack(big))
        model.visibility = .detailOnly
        #expect(model.detailStack == big && model.visibility == .detailOnly)
        await model.flush()

        #expect(model.lastError == .notSaved(reason: "the disk is full"))
        #expect(model.lastError?.localizedDescription.hasPrefix("the last change could not be saved") == true)
        #expect(model.state == before.state && model.history == before.history && model.canGoBack)
        let after = try savedScene(path)
        #expect(after.state == saved.state && after.history == saved.history)
        #expect(try Database(path: path).fetchAll(String.self, "PRAGMA integrity_check") == ["ok"])

        // The model goes on from the saved state: back works, and a change saves once there is space.
        model.back()
        #expect(model.content == nil && model.sidebar == .authors)
        try await store.perform { store in try store.database.execute("PRAGMA max_page_count = 1073741823") }
        model.sidebar = .genres
        await model.flush()
        #expect(model.lastError == .notSaved(reason: "the disk is full"))  // kept until the app clears it
        #expect(try savedScene(path).state == model.state)
    }

    /// A change bringing in a route the store's validator does not know is shown at once, refused when saved, and
    /// the model goes back to the saved state with the refusal in `lastError`.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func aRouteTheValidatorRefusesIsUndoneWhenSaved() async throws {
        let store = try await backgroundStore {
            let catalog = FakeCatalog()
            catalog.deleted = [TestRoute.genre(13).path]
            return try makeStore(validator: catalog)
        }
        let model = try await SplitViewModel.restore(user: "ada", scene: "main", store: store)
        model.sidebar = .genres
        model.content = .genre(12)
        model.content = .genre(13)
        model.detailStack = [.band(1)]
        #expect(model.content == .genre(13))
        await model.flush()
        #expect(model.lastError == .refused(.notFound(route: "genre/13")))
        #expect(model.state == (try navigate([.selectSidebar(.genres), .selectContent(.genre(12))])))
        #expect(
            model.lastError?.localizedDescription
                == "genre/13 does not exist (it was deleted, or it comes from another database)")
        model.lastError = nil
        model.content = .genre(14)
        await model.flush()
        #expect(model.lastError == nil && model.content == .genre(14))
    }

    // MARK: Scenes, history, links, sessions

    /// Two windows of one user: a new scene starts from the user's most recently used one, then each scene
    /// saves and restores its own state.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func twoScenesOfOneUserRestoreIndependently() async throws {
        let path = try TemporaryDatabaseFile().path
        let store = try await backgroundStore { try fileStore(path) }
        let left = try await SplitViewModel.restore(user: "ada", scene: "left", store: store)
        left.sidebar = .genres
        left.content = .genre(1)
        await left.flush()

        let right = try await SplitViewModel.restore(user: "ada", scene: "right", store: store)
        #expect(right.origin == .lastUsedScene("left"))
        #expect(right.state == left.state)
        right.sidebar = .settings
        left.detailStack = [.band(2)]
        right.visibility = .detailOnly
        await left.flush()
        await right.flush()

        let relaunched = try await backgroundStore { try fileStore(path) }
        let leftAgain = try await SplitViewModel.restore(user: "ada", scene: "left", store: relaunched)
        let rightAgain = try await SplitViewModel.restore(user: "ada", scene: "right", store: relaunched)
        #expect(leftAgain.origin == .savedState && leftAgain.state == left.state)
        #expect(rightAgain.origin == .savedState && rightAgain.state == right.state)
        #expect(leftAgain.history == left.history && rightAgain.history == right.history)
        let other = try await SplitViewModel.restore(user: "grace", scene: "left", store: relaunched)
        #expect(other.origin == .empty && other.state == SplitViewState())
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func backForwardAndDeepLinks() async throws {
        let store = try await backgroundStore()
        let model = try await SplitViewModel.restore(user: "ada", scene: "main", store: store)
        #expect(!model.canGoBack && !model.canGoForward)
        model.back()
        #expect(model.lastError == .refused(.noPreviousEntry))
        model.sidebar = .genres
        model.content = .genre(1)
        model.back()
        #expect(model.content == nil && model.canGoForward)
        model.forward()
        #expect(model.content == .genre(1) && !model.canGoForward)

        let link = try #require(URL(string: "catalog://genres?content=genre/4&stack=band/5"))
        model.open(url: link)
        #expect(model.content == .genre(4) && model.detailStack == [.band(5)])
        let bad = try #require(URL(string: "catalog://settings?content=genre/4"))
        model.open(url: bad)
        #expect(model.content == .genre(4))
        guard case .refused(.invalidDeepLink) = model.lastError else {
            Issue.record("expected a refused deep link, got \(String(describing: model.lastError))")
            return
        }
        await model.flush()
        let history = model.history
        #expect(history == HistoryPosition(index: 3, count: 4))
        // Relaunched on the same store: the scene comes back with its back and forward history as it was left.
        let restored = try await SplitViewModel.restore(user: "ada", scene: "main", store: store)
        #expect(restored.origin == .savedState && restored.state == model.state)
        #expect(restored.history == history)
        restored.back()
        #expect(restored.content == .genre(1) && restored.detailStack.isEmpty)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func namedSessionsAreSavedListedAndRestored() async throws {
        let model = try await SplitViewModel.restore(user: "ada", scene: "main", store: try await backgroundStore())
        model.sidebar = .genres
        model.content = .genre(1)
        try await model.saveSession(named: "metal")
        model.sidebar = .settings
        #expect(try await model.sessions().map(\.name) == ["metal"])

        let changes = track(model)
        try await model.restoreSession(named: "metal")
        #expect(changes.all.isSuperset(of: ["sidebar", "content", "detail", "layout"]))
        #expect(model.content == .genre(1) && model.canGoBack)
        model.back()
        #expect(model.sidebar == .settings)

        await #expect(throws: NavigationModelError.store(.sessionNotFound(name: "jazz"))) {
            try await model.restoreSession(named: "jazz")
        }
        await #expect(throws: NavigationModelError.self) { try await model.saveSession(named: "") }
        #expect(model.sidebar == .settings)
        await model.flush()
    }

    /// Another process (or the server) changes the scene: `reload()` shows what is saved, and the view is told.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func reloadShowsWhatAnotherProcessSaved() async throws {
        let path = try TemporaryDatabaseFile().path
        let model = try await SplitViewModel.restore(
            user: "ada", scene: "main", store: try await backgroundStore { try fileStore(path) })
        model.sidebar = .genres
        await model.flush()

        let elsewhere = try fileStore(path)
        let session = try elsewhere.openSession(scene: "main", for: try elsewhere.user(named: "ada"))
        try session.apply(.selectContent(.genre(8)))
        try session.apply(.push(.band(9)))

        let changes = ObservedChanges()
        withObservationTracking {
            _ = model.content
            _ = model.detailStack
        } onChange: {
            changes.insert("content or stack")
        }
        try await model.reload()
        #expect(changes.all == ["content or stack"])
        #expect(model.state == session.state && model.history == session.history)
        model.back()
        #expect(model.detailStack.isEmpty && model.content == .genre(8))
        await model.flush()
        #expect(try savedScene(path).state == model.state)
    }

    /// `back` to an entry whose route was deleted since it was recorded: the store repairs it, and the model
    /// takes the repaired state once it is saved.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func backToAnEntryRepairedByTheStoreShowsTheRepair() async throws {
        let catalog = LockedCatalog()
        let store = try await backgroundStore { try makeStore(validator: catalog) }
        let model = try await SplitViewModel.restore(user: "ada", scene: "main", store: store)
        model.sidebar = .genres
        model.content = .genre(1)
        model.detailStack = [.band(2)]
        model.sidebar = .settings
        await model.flush()
        catalog.delete(TestRoute.band(2).path)

        model.back()
        #expect(model.detailStack == [.band(2)])  // the model's own history entry, before the store answers
        await model.flush()
        #expect(model.detailStack.isEmpty && model.content == .genre(1))
        #expect(model.lastError == nil)
    }
}

/// A validator whose deleted routes a test changes while the store's queue uses it.
final class LockedCatalog: RouteValidator, @unchecked Sendable {
    // Sendable because `deleted` is read and written only under `lock`.
    private let lock = NSLock()
    private var deleted: Set<String> = []

    func delete(_ path: String) {
        lock.withLock { _ = deleted.insert(path) }
    }

    func exists(_ route: TestRoute) throws -> Bool {
        lock.withLock { route.entity.map { !deleted.contains($0) } ?? true }
    }
}
