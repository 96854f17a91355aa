public import Catalog
import Dispatch
public import SQLiteDB

/// A `CatalogEditor` owned by one serial background queue: the writer that the entry editors of an app
/// (``EntryEditor``, one per open form) share, so their saves run off the main actor, one at a time.
///
/// The database is opened on the queue by the closure given to ``open(actor:_:)`` and never leaves it.
///
/// ```swift
/// let editing = try await BackgroundCatalogEditor.open(actor: "ada") {
///     try DatabaseSchema.open(path: "catalog.sqlite")
/// }
/// let form = try await EntryEditor.load(.book, uuid: kindred, from: editing)
/// ```
public final class BackgroundCatalogEditor: Sendable {
    private let editor: QueueConfined<CatalogEditor>

    private init(editor: QueueConfined<CatalogEditor>) {
        self.editor = editor
    }

    /// Opens the catalog on a new background queue.
    ///
    /// - Parameters:
    ///   - actor: who edits: the user's name, recorded in each entry's history.
    ///   - openDatabase: opens the catalog's database (migrated); it runs on the queue.
    /// - Returns: the editor, ready for ``EntryEditor/load(_:uuid:from:)``.
    /// - Throws: what `openDatabase` throws.
    public static func open(actor: String, _ openDatabase: @escaping @Sendable () throws -> Database) async throws
        -> BackgroundCatalogEditor
    {
        Self(
            editor: try await QueueConfined.open(label: "catalog.editor", qos: .userInitiated) {
                CatalogEditor(try openDatabase(), actor: actor)
            })
    }

    /// Runs `body` with the editor on its queue, after the work submitted before it, and returns its result.
    ///
    /// - Parameter body: the work; it must not keep the editor.
    /// - Returns: what `body` returns.
    /// - Throws: what `body` throws.
    public func perform<T: Sendable>(_ body: @escaping @Sendable (CatalogEditor) throws -> T) async throws -> T {
        try await editor.perform(body)
    }
}
