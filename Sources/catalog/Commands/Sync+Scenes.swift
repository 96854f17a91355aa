import CatalogRemote
import CatalogStore
import CommandLineKit
import Foundation
import LibraryNavigation
import Navigation

/// `catalog sync --from URL --user NAME`: a user's split views travel with the copy.
extension SyncCommand {
    static let user = TypedOption<String?>(
        "user", valueName: "NAME",
        help: "With a server URL: also bring this user's scenes and sessions both ways (the token's user there).")

    /// A scene or session as the copy holds it.
    private struct Held {
        let name: String
        let updatedAt: Date
        let state: SplitViewState<LibraryRoute>
    }

    /// What went each way, by name.
    struct Travelled {
        var down: [String] = []
        var up: [String] = []
    }

    /// Brings `user`'s scenes and named sessions both ways between the copy and `server` (the token's user there).
    /// For each scene or session either side has, the one changed last wins. A scene is saved on the other side as a
    /// new state, so the one it replaces stays in that side's history (Back returns to it); a session is saved over
    /// the other side's. A state naming an entry the other side merged or deleted is repaired when that side restores
    /// it, as any state is; equal states are left alone.
    ///
    /// - Returns: the scenes and the sessions brought down to the copy and sent up.
    static func travel(of user: String, with server: RemoteCatalog, _ invocation: Invocation) throws -> (
        scenes: Travelled, sessions: Travelled
    ) {
        let store = try GlobalOptions.openStore(invocation)
        let decoder = JSONDecoder()
        typealias State = SplitViewState<LibraryRoute>
        let (scenes, sessions) = try store.navigation { navigation, _ in
            let owner = try navigation.user(named: user)
            let scenes = try navigation.scenes(for: owner).map { summary in
                Held(
                    name: summary.name, updatedAt: summary.updatedAt,
                    state: try navigation.openSession(scene: summary.name, for: owner).state)
            }
            let sessions = try navigation.sessions(for: owner).map { saved in
                Held(
                    name: saved.name, updatedAt: saved.updatedAt,
                    state: try navigation.loadSession(named: saved.name, for: owner).0)
            }
            return (scenes, sessions)
        }
        var travelledScenes = Travelled()
        try exchange(mine: scenes, theirs: try server.scenes(), into: &travelledScenes) { name, listed in
            // Read even when the server has no such scene: its ETag is what a PUT that makes it needs.
            let (json, etag) = try server.scene(name)
            return (listed ? try decoder.decode(State.self, from: json) : nil, etag)
        } up: { name, state, etag in
            try server.replaceScene(name, with: try JSONEncoder().encode(state), ifMatch: etag)
        } down: { name, state in
            try store.navigation { navigation, _ in
                _ = try navigation.openSession(scene: name, for: try navigation.user(named: user))
                    .replaceStateUnlessChanged(with: state)
            }
        }
        var travelledSessions = Travelled()
        try exchange(mine: sessions, theirs: try server.sessions(), into: &travelledSessions) { name, listed in
            (listed ? try decoder.decode(State.self, from: try server.sessionState(name)) : nil, "")
        } up: { name, state, _ in
            try server.saveSession(name, state: try JSONEncoder().encode(state))
        } down: { name, state in
            try store.navigation { navigation, _ in
                try navigation.saveSession(named: name, state: state, for: try navigation.user(named: user))
            }
        }
        return (travelledScenes, travelledSessions)
    }

    /// For each name either side has, the state changed last goes to the other side, unless both are equal. `read`
    /// gives the server's state (`nil` when it does not list the name) and the tag a replacement needs.
    private static func exchange(
        mine: [Held], theirs: [RemoteCatalog.Stamp],
        into travelled: inout Travelled,
        read: (String, _ listed: Bool) throws -> (SplitViewState<LibraryRoute>?, String),
        up: (String, SplitViewState<LibraryRoute>, String) throws -> Void,
        down: (String, SplitViewState<LibraryRoute>) throws -> Void
    ) throws {
        let changed = Dictionary(theirs.map { ($0.name, $0.updatedAt) }) { first, _ in first }
        for name in Set(changed.keys).union(mine.map(\.name)).sorted() {
            let local = mine.first { $0.name == name }
            let (remote, tag) = try read(name, changed[name] != nil)
            guard remote != local?.state else { continue }
            if let local, changed[name].map({ local.updatedAt > $0 }) ?? true {
                try up(name, local.state, tag)
                travelled.up.append(name)
            } else if let remote {
                try down(name, remote)
                travelled.down.append(name)
            }
        }
    }
}
