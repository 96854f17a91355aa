public import Foundation

/// Why a ``NavigationStore`` call was refused.
public enum NavigationStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The database has no navigation tables: it was not migrated.
    case schemaMissing(path: String)
    /// A user, scene or session name breaks the rules of ``NavigationName``.
    case invalidName(kind: NavigationName.Kind, problem: NavigationName.Problem)
    /// The user has no session of that name.
    case sessionNotFound(name: String)
    /// The user already has a session of that name.
    case sessionExists(name: String)
    /// A save conditional on a ``SceneRevision`` found the scene at another one: it changed since it was read.
    case staleRevision
    /// Other writers changed the scene each time a change was about to be saved on it, `attempts` times.
    case sceneBusy(scene: String, attempts: Int)

    /// A sentence saying what happened and what to do.
    public var description: String {
        switch self {
        case .schemaMissing(let path):
            "\(path) has no navigation tables (nav_scenes): migrate it first with NavigationSchema.migrator "
                + "or with a migrator that includes NavigationSchema.migrations"
        case .invalidName(let kind, let problem): "a \(kind.rawValue) name \(problem)"
        case .sessionNotFound(let name): "no saved session named '\(name)'"
        case .sessionExists(let name): "a session named '\(name)' already exists: choose another name"
        case .staleRevision: "the scene changed since it was read: read it again and decide again"
        case .sceneBusy(let scene, let attempts):
            "other programs changed the scene '\(scene)' \(attempts) times while this change was being saved: "
                + "nothing was saved; try again"
        }
    }
}

// An app shows these in an alert: the description is the message.
extension NavigationStoreError: LocalizedError {
    public var errorDescription: String? { description }
}
