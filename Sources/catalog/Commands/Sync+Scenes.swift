import CatalogRemote
import CatalogStore
import CommandLineKit
import Foundation
import LibraryNavigation
import Navigation

/// `catalog sync --from SERVER --user NAME`: a user's split views travel with the copy.
extension SyncCommand {
    static let user = TypedOption<String?>(
        "user", valueName: "NAME",
        help: "Also bring this user's scenes and sessions both ways (over a URL, the token's user there).")

    /// What went each way, by name.
    struct Travelled {
        var down: [String] = []
        var up: [String] = []
    }

    /// Brings `user`'s scenes and named sessions both ways between the copy and `server`, and prints how many went
    /// each way (unless the output is JSON). For each scene or session either side has, the one changed last wins. A
    /// scene is saved on the other side as new states (the winner's way there, then its current state), so the other
    /// side's own history stays before them; a session is saved over the other side's. A state naming an entry the
    /// other side merged or deleted is repaired when that side restores it, as any state is; equal states are left
    /// alone.
    static func travel(of user: String, with server: any SplitViewSide, _ invocation: Invocation) throws {
        let copy = StoreSide(store: try GlobalOptions.openStore(invocation), user: user)
        let scenes = try exchange(.scene, between: copy, and: server)
        let sessions = try exchange(.session, between: copy, and: server)
        guard !invocation[json] else { return }
        Output.write(
            "scenes of \(user): \(scenes.down.count) brought down, \(scenes.up.count) sent up; "
                + "sessions: \(sessions.down.count) brought down, \(sessions.up.count) sent up\n")
    }

    /// For each `kind` either side has, the state changed last goes to the other side, unless both are equal.
    private static func exchange(_ kind: SplitViewKind, between copy: StoreSide, and server: any SplitViewSide) throws
        -> Travelled
    {
        var travelled = Travelled()
        let mine = try copy.stamps(kind)
        let theirs = try server.stamps(kind)
        for name in Set(mine.keys).union(theirs.keys).sorted() {
            let local = try copy.saved(kind, named: name, listed: mine[name] != nil).state
            let (remote, tag) = try server.saved(kind, named: name, listed: theirs[name] != nil)
            guard remote != local else { continue }
            if let local, let changed = mine[name], theirs[name].map({ changed > $0 }) ?? true {
                try send(kind, name, local, from: copy, to: server, tag: tag)
                travelled.up.append(name)
            } else if let remote {
                try send(kind, name, remote, from: server, to: copy, tag: "")
                travelled.down.append(name)
            }
        }
        return travelled
    }

    /// Saves `state`, `winner`'s, as `name` on `loser` (`tag` is what its first save needs). A scene first gets the
    /// entries of `winner`'s history that lead to `state` and that `loser` lacks (those after the last entry it
    /// holds), each saved as a new state: Back on `loser` then walks where `winner` went, and then where `loser` itself
    /// had been.
    private static func send(
        _ kind: SplitViewKind, _ name: String, _ state: SplitViewState<LibraryRoute>,
        from winner: any SplitViewSide, to loser: any SplitViewSide, tag: String
    ) throws {
        var states = [state]
        if kind == .scene {
            let walked = try winner.sceneHistory(named: name)
            let held = try loser.sceneHistory(named: name).entries
            let before = walked.entries.prefix(upTo: min(walked.index, walked.entries.count))
            let start = before.lastIndex(where: held.contains).map { $0 + 1 } ?? before.startIndex
            states = Array(before[start...]) + states
        }
        var tag = tag
        for state in states { tag = try loser.save(kind, state, named: name, tag: tag) }
    }
}

/// What of a user's split views travels: the scenes (one state each, with its history) or the named sessions.
enum SplitViewKind {
    case scene
    case session
}

/// One side a user's split views travel between: a catalog store (the copy, a server file, a PostgreSQL catalog)
/// or a server's HTTP API (as the token's user).
protocol SplitViewSide {
    /// The user's scenes or sessions on this side, with when each last changed.
    func stamps(_ kind: SplitViewKind) throws -> [String: Date]
    /// The state saved as `name` (`nil` when the side does not list it: `listed` is false), and the tag a
    /// replacement needs (a scene's `ETag` over HTTP).
    func saved(_ kind: SplitViewKind, named name: String, listed: Bool) throws -> (
        state: SplitViewState<LibraryRoute>?, tag: String
    )
    /// Scene `name`'s history as stored, oldest first, and the index of its current entry.
    func sceneHistory(named name: String) throws -> (entries: [SplitViewState<LibraryRoute>], index: Int)
    /// Saves `state` as `name`: a scene as its new state (the one it replaces stays in its history), a session over
    /// the one saved.
    ///
    /// - Returns: the tag the next save needs.
    func save(_ kind: SplitViewKind, _ state: SplitViewState<LibraryRoute>, named name: String, tag: String) throws
        -> String
}

/// The split views of the user named `user` in a catalog store's users.
struct StoreSide: SplitViewSide {
    let store: any CatalogStore
    let user: String

    func stamps(_ kind: SplitViewKind) throws -> [String: Date] {
        try store.navigation { navigation, _ in
            let owner = try navigation.user(named: user)
            let stamps =
                switch kind {
                case .scene: try navigation.scenes(for: owner).map { ($0.name, $0.updatedAt) }
                case .session: try navigation.sessions(for: owner).map { ($0.name, $0.updatedAt) }
                }
            return Dictionary(stamps) { first, _ in first }
        }
    }

    func saved(_ kind: SplitViewKind, named name: String, listed: Bool) throws -> (
        state: SplitViewState<LibraryRoute>?, tag: String
    ) {
        guard listed else { return (nil, "") }
        return try store.navigation { navigation, _ in
            let owner = try navigation.user(named: user)
            switch kind {
            case .scene: return (try navigation.openSession(scene: name, for: owner).state, "")
            case .session: return (try navigation.loadSession(named: name, for: owner).0, "")
            }
        }
    }

    func sceneHistory(named name: String) throws -> (entries: [SplitViewState<LibraryRoute>], index: Int) {
        try store.navigation { navigation, _ in
            let session = try navigation.openSession(scene: name, for: try navigation.user(named: user))
            return (try session.historyEntries(), session.history.index)
        }
    }

    func save(_ kind: SplitViewKind, _ state: SplitViewState<LibraryRoute>, named name: String, tag: String) throws
        -> String
    {
        try store.navigation { navigation, _ in
            let owner = try navigation.user(named: user)
            switch kind {
            case .scene: _ = try navigation.openSession(scene: name, for: owner).replaceStateUnlessChanged(with: state)
            case .session: try navigation.saveSession(named: name, state: state, for: owner)
            }
        }
        return ""
    }
}

/// The split views of a server's token user, through its HTTP API.
extension RemoteCatalog: SplitViewSide {
    func stamps(_ kind: SplitViewKind) throws -> [String: Date] {
        let stamps =
            switch kind {
            case .scene: try scenes()
            case .session: try sessions()
            }
        return Dictionary(stamps.map { ($0.name, $0.updatedAt) }) { first, _ in first }
    }

    func saved(_ kind: SplitViewKind, named name: String, listed: Bool) throws -> (
        state: SplitViewState<LibraryRoute>?, tag: String
    ) {
        let decoder = JSONDecoder()
        switch kind {
        case .scene:
            // Read even when the server has no such scene: its ETag is what a PUT that makes it needs.
            let (json, etag) = try scene(name)
            return (listed ? try decoder.decode(SplitViewState<LibraryRoute>.self, from: json) : nil, etag)
        case .session:
            guard listed else { return (nil, "") }
            return (try decoder.decode(SplitViewState<LibraryRoute>.self, from: try sessionState(name)), "")
        }
    }

    func sceneHistory(named name: String) throws -> (entries: [SplitViewState<LibraryRoute>], index: Int) {
        struct History: Decodable {
            let index: Int
            let entries: [SplitViewState<LibraryRoute>]
        }
        let history = try JSONDecoder().decode(History.self, from: try sceneHistory(name))
        return (history.entries, history.index)
    }

    func save(_ kind: SplitViewKind, _ state: SplitViewState<LibraryRoute>, named name: String, tag: String) throws
        -> String
    {
        let json = try JSONEncoder().encode(state)
        switch kind {
        case .scene: return try replaceScene(name, with: json, ifMatch: tag)
        case .session:
            try saveSession(name, state: json)
            return ""
        }
    }
}
