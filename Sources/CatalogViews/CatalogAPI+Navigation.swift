import Catalog
package import LibraryNavigation
package import Navigation

extension CatalogAPI {
    /// A user's scene as docs/cli.md documents it: `catalog nav show --json` prints it and `GET /v1/me/scenes/{scene}`
    /// sends it. Routes are in their string form, with their titles alongside, read from `catalog`; `contentLists`
    /// are the lists the content column shows (``contentLists(of:)``) and `detailPath` the API path of the entity on
    /// top of the detail (`null` when none is).
    ///
    /// - Parameters:
    ///   - user: the user's name.
    ///   - scene: the scene's identifier.
    ///   - state: the scene's state.
    ///   - history: where the scene stands in its history.
    ///   - repairs: what restoring (or the last change) repaired.
    ///   - catalog: where the titles are read.
    /// - Throws: `DatabaseError`.
    package static func scene(
        user: String, scene: String, state: SplitViewState<LibraryRoute>, history: HistoryPosition,
        repairs: RepairReport, in catalog: any CatalogLookup
    ) throws -> JSONValue {
        let title = { (route: LibraryRoute?) throws -> JSONValue in
            try route.map { .string(try catalog.title(of: $0)) } ?? .null
        }
        let scene: [String: JSONValue] = [
            "user": .string(user),
            "scene": .string(scene),
            "layout": .int(state.layout.columnCount),
            "sidebarMarked": .bool(state.markedSidebarRoute != nil),
            "link": .string(DeepLink(state).urlString),
            "history": ["position": .int(history.index + 1), "count": .int(history.count)],
            "titles": [
                "sidebar": try title(state.sidebar), "content": try title(state.content),
                "detail": try title(state.detail), "stack": .array(try state.stack.map { try title($0) }),
            ],
            "contentLists": contentLists(of: state.sidebar),
            "detailPath": state.topOfDetail?.entity.map { .string(path(of: $0.kind, uuid: $0.uuid)) } ?? .null,
            "repairs": .array(
                repairs.repairs.map { repair in
                    [
                        "element": .string(repair.element.description),
                        "storedValue": repair.storedValue.map(JSONValue.string) ?? .null,
                        "reason": .string(repair.reason.description),
                        "removed": .array(repair.removed.map(JSONValue.string)),
                        "mergedInto": repair.mergedInto.map(JSONValue.string) ?? .null,
                    ]
                }),
        ]
        return .object(scene.merging(Self.state(state)) { kept, _ in kept })
    }

    /// A state's own members, routes in their string form: `sidebar`, `content`, `detail` (`null` when empty),
    /// `stack`, `visibility`, `compactColumn`. What `PUT /v1/me/scenes/{scene}` takes, within a scene's JSON or a
    /// session's `state`.
    package static func state(_ state: SplitViewState<LibraryRoute>) -> [String: JSONValue] {
        let route = { (route: LibraryRoute?) -> JSONValue in route.map { .string($0.path) } ?? .null }
        return [
            "sidebar": route(state.sidebar),
            "content": route(state.content),
            "detail": route(state.detail),
            "stack": .array(state.stack.map { .string($0.path) }),
            "visibility": .string(state.visibility.rawValue),
            "compactColumn": .string(state.compactColumn.rawValue),
        ]
    }

    /// A user's saved sessions, by name: `[{"name", "createdAt", "updatedAt"}]`, as `catalog sessions list --json`
    /// prints them and `GET /v1/me/sessions` sends them.
    /// A user's scenes as `GET /v1/me/scenes` lists them: `[{"name": "main", "updatedAt": "…"}]`.
    package static func scenes(_ scenes: [SceneSummary]) -> JSONValue {
        .array(scenes.map { ["name": .string($0.name), "updatedAt": .date($0.updatedAt)] })
    }

    package static func sessions(_ sessions: [SavedSession]) -> JSONValue {
        .array(
            sessions.map {
                ["name": .string($0.name), "createdAt": .date($0.createdAt), "updatedAt": .date($0.updatedAt)]
            })
    }
}
