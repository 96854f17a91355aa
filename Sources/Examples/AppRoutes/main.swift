import Navigation
import SQLiteCatalog
import SQLiteDB

/// A notes app's places: the list of notes, one note, the settings.
enum AppRoute: NavigationRoute {
    case notes, settings
    case note(Int)

    init?(path: String) {
        switch path {
        case "notes": self = .notes
        case "settings": self = .settings
        default:
            guard path.hasPrefix("note/"), let id = Int(path.dropFirst("note/".count)) else { return nil }
            self = .note(id)
        }
    }
    var path: String {
        switch self {
        case .notes: "notes"
        case .settings: "settings"
        case .note(let id): "note/\(id)"
        }
    }
    var layout: SplitViewLayout { self == .settings ? .twoColumns : .threeColumns }
    var isSidebarItem: Bool { self == .notes || self == .settings }
    func allowsContent(_ child: AppRoute) -> Bool { if case .note = child { self == .notes } else { false } }
    func allowsPush(_ next: AppRoute) -> Bool { false }
    var displayName: String { path }
    var iconName: String { self == .settings ? "gear" : "note.text" }
}

let db = try Database(path: "app.sqlite")
try NavigationSchema.migrator.migrate(db)  // users, nav_scenes, nav_history, nav_sessions, nav_scene_changes
let noteIDs = [1, 2, 3]  // the app's own table, in a real app
let validator = RouteValidation<AppRoute> { route in
    if case .note(let id) = route { noteIDs.contains(id) } else { true }
}
let store = try NavigationStore<AppRoute>(database: db, validator: validator)
let session = try store.openSession(scene: "main", for: try store.user(named: "ada"))
try session.apply(.selectSidebar(.notes))
try session.apply(.selectContent(.note(2)))
print(session.state.content?.path ?? "none")  // note/2
