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
        help: "With a server URL: also bring this user's scenes both ways (the token's user on the server).")

    /// Brings `user`'s scenes both ways between the copy and `server` (the token's user there). For each scene either
    /// side has, the state changed last wins and is saved on the other side as a new state, so the one it replaces
    /// stays in that side's history (Back returns to it). A state naming an entry the other side merged or deleted is
    /// repaired when that side restores it, as any state is.
    ///
    /// - Returns: the scenes brought down to the copy and those sent up, by name.
    static func exchangeScenes(of user: String, with server: RemoteCatalog, _ invocation: Invocation) throws
        -> (down: [String], up: [String])
    {
        let store = try GlobalOptions.openStore(invocation)
        var theirs: [String: Date] = [:]
        for stamp in try server.scenes() { theirs[stamp.scene] = stamp.updatedAt }
        let mine = try store.navigation { navigation, _ in
            let owner = try navigation.user(named: user)
            return try navigation.scenes(for: owner).map { summary in
                (summary, try navigation.openSession(scene: summary.name, for: owner).state)
            }
        }
        var down: [String] = []
        var up: [String] = []
        let names = Set(theirs.keys).union(mine.map(\.0.name)).sorted()
        for name in names {
            let local = mine.first { $0.0.name == name }
            let (json, etag) = try server.scene(name)
            let remote = try JSONDecoder().decode(SplitViewState<LibraryRoute>.self, from: json)
            guard remote != local?.1 else { continue }
            if let local, theirs[name].map({ local.0.updatedAt > $0 }) ?? true {
                try server.replaceScene(name, with: try JSONEncoder().encode(local.1), ifMatch: etag)
                up.append(name)
            } else {
                try store.navigation { navigation, _ in
                    _ = try navigation.openSession(scene: name, for: try navigation.user(named: user))
                        .replaceStateUnlessChanged(with: remote)
                }
                down.append(name)
            }
        }
        return (down, up)
    }
}
