public import Catalog
public import Foundation
public import Observation

/// One catalog entry's fields as an observable form a SwiftUI view binds to, saved off the main actor through
/// `CatalogEditor`.
///
/// Load one per open form with ``load(_:uuid:from:)``. Each field is a text a `TextField` binds to
/// (`TextField("Title", text: $editor[field: "title"])`; empty text clears the field). ``save()`` sends the fields
/// the user changed, with the revision they were loaded at, and the library checks them as it checks every edit
/// and import: what it refuses ends up in ``errors``, one message per field, and changes nothing. When someone else
/// changed the entry since it was loaded, nothing is saved either: ``conflict`` holds the entry as it is now beside
/// the user's values, and the view offers ``reapply()`` (save the user's values over the new revision) or
/// ``discard()`` (take the entry as it is now).
///
/// ```swift
/// let form = try await EntryEditor.load(.book, uuid: kindred, from: editing)
/// form[field: "year"] = "1979"
/// if await form.save() { dismiss() }
/// else if form.conflict != nil { /* show both values; then */ await form.reapply() }
/// ```
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor @Observable
public final class EntryEditor {
    /// The entry's kind.
    public let kind: EntityKind
    /// The entry.
    public let uuid: UUID
    /// The fields, in the order a form lists them (`CatalogEditor.fieldNames(of:)`).
    public let fieldNames: [String]
    /// The fields as the user edits them.
    public private(set) var values: [String: String]
    /// The fields as last loaded or saved.
    public private(set) var saved: [String: String?]
    /// The revision ``saved`` was read at: what a save names as `ifRevision`.
    public private(set) var revision: Int64
    /// Why the library refused each field of the last save, by field name.
    public private(set) var errors: [String: String] = [:]
    /// The entry as someone else left it, when the last save found it changed since it was loaded.
    public private(set) var conflict: EditConflict?
    /// Whether a save is under way.
    public private(set) var isSaving = false
    /// Why the last save failed otherwise (the entry was deleted, the disk is full); set it to `nil` once shown.
    public var lastError: String?

    @ObservationIgnored private let editor: BackgroundCatalogEditor

    private init(
        kind: EntityKind, uuid: UUID, fields: [String: String?], revision: Int64, editor: BackgroundCatalogEditor
    ) {
        self.kind = kind
        self.uuid = uuid
        self.fieldNames = CatalogEditor.fieldNames(of: kind)
        self.saved = fields
        self.values = Self.texts(fields)
        self.revision = revision
        self.editor = editor
    }

    /// Loads the entry's fields off the main actor.
    ///
    /// - Parameters:
    ///   - kind: the entry's kind.
    ///   - uuid: the entry.
    ///   - editor: the background editor every form of the app saves through.
    /// - Returns: the form, its fields as the catalog holds them.
    /// - Throws: `CatalogError.notFound` when there is no such entry; `DatabaseError`.
    public static func load(_ kind: EntityKind, uuid: UUID, from editor: BackgroundCatalogEditor) async throws
        -> EntryEditor
    {
        let loaded = try await editor.perform { try $0.fields(of: kind, uuid: uuid) }
        return EntryEditor(kind: kind, uuid: uuid, fields: loaded.fields, revision: loaded.revision, editor: editor)
    }

    /// The text of one field; setting it clears the field's error.
    public subscript(field name: String) -> String {
        get { values[name] ?? "" }
        set {
            values[name] = newValue
            errors[name] = nil
        }
    }

    /// The fields whose text differs from ``saved``, with their new values (`nil`: cleared).
    public var changes: [String: String?] {
        var changes: [String: String?] = [:]
        for name in fieldNames {
            let value = Self.value(values[name] ?? "")
            if value != (saved[name] ?? nil) { changes[name] = value }
        }
        return changes
    }

    /// Saves the changed fields with the loaded revision.
    ///
    /// - Returns: whether everything is saved (also when nothing had changed); `false` leaves ``errors``,
    ///   ``conflict`` or ``lastError`` saying why, and the catalog as it was.
    @discardableResult
    public func save() async -> Bool {
        let changes = changes
        guard !changes.isEmpty else { return true }
        isSaving = true
        defer { isSaving = false }
        errors = [:]
        conflict = nil
        let (kind, uuid, revision) = (kind, uuid, revision)
        do {
            let outcome = try await editor.perform { editor in
                try EntrySave(kind: kind, uuid: uuid, changes: changes).run(editor, ifRevision: revision)
            }
            switch outcome {
            case .saved(let fields, let revision):
                adopt(fields, revision: revision)
                return true
            case .invalid(let errors):
                self.errors = errors
            case .stale(let current, let revision):
                conflict = EditConflict(mine: changes, current: current, revision: revision, order: fieldNames)
            }
        } catch {
            lastError = String(describing: error)
        }
        return false
    }

    /// Saves the user's values over the entry as it is now: the conflict's fields that the user did not change keep
    /// the other edit's values.
    ///
    /// - Returns: what ``save()`` returns.
    @discardableResult
    public func reapply() async -> Bool {
        guard let conflict else { return true }
        adopt(conflict.current, revision: conflict.revision)
        for (name, value) in conflict.mine { values[name] = value ?? "" }
        return await save()
    }

    /// Drops the user's changes and shows the entry as it is now.
    public func discard() {
        guard let conflict else { return }
        adopt(conflict.current, revision: conflict.revision)
    }

    /// Shows `fields` at `revision` as the saved state, with nothing changed.
    private func adopt(_ fields: [String: String?], revision: Int64) {
        saved = fields
        values = Self.texts(fields)
        self.revision = revision
        conflict = nil
        errors = [:]
    }

    private static func texts(_ fields: [String: String?]) -> [String: String] {
        fields.mapValues { $0 ?? "" }
    }

    /// A field's value as an edit sends it: empty text clears it.
    private static func value(_ text: String) -> String? {
        text.isEmpty ? nil : text
    }
}
