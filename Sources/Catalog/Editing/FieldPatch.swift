/// The fields of an ``EntityEdit`` for one kind: each key checked against the kind's fields, each value read as
/// the field's type.
package struct FieldPatch {
    let kind: EntityKind
    let fields: [String: String?]

    /// The keys an edit may name for each kind, in the order the kind's fields are listed.
    package static func keys(of kind: EntityKind) -> [String] {
        switch kind {
        case .book: ["title", "sortTitle", "isbn13", "year", "pages", "language", "summary"]
        case .author: ["name", "sortName", "disambiguation"]
        case .genre: ["name", "parent"]
        case .band: ["name", "sortName", "country", "formedYear", "endedYear", "status", "disambiguation"]
        }
    }

    /// The patch, when every key is a field of `kind`.
    ///
    /// - Throws: ``EditError/unknownField(_:field:known:)``.
    init(kind: EntityKind, fields: [String: String?]) throws {
        let known = Self.keys(of: kind)
        if let unknown = fields.keys.sorted().first(where: { !known.contains($0) }) {
            throw EditError.unknownField(kind, field: unknown, known: known)
        }
        self.kind = kind
        self.fields = fields
    }

    /// Whether the patch names `key`.
    func has(_ key: String) -> Bool { fields.keys.contains(key) }

    /// The new text of `key` (`nil` clears it), or `current` when the patch does not name it.
    func text(_ key: String, _ current: String?) -> String? {
        guard let value = fields[key] else { return current }
        return value
    }

    /// The new text of a field that must have a value, or `current`.
    ///
    /// - Throws: ``EditError/requiredField(_:field:)`` when the patch clears it.
    func required(_ key: String, _ current: String) throws -> String {
        guard let value = fields[key] else { return current }
        guard let value else { throw EditError.requiredField(kind, field: key) }
        return value
    }

    /// The new whole number of `key`, or `current`.
    ///
    /// - Throws: ``CatalogError/invalidValue(field:value:reason:)`` for text that is no whole number.
    func integer(_ key: String, _ current: Int?) throws -> Int? {
        guard let value = fields[key] else { return current }
        guard let text = value.map(TextNormalization.clean), !text.isEmpty else { return nil }
        guard let number = Int(text) else {
            throw CatalogError.invalidValue(field: key, value: text, reason: "it must be a whole number")
        }
        return number
    }

    /// The sort name to keep when the name changes: an explicit one given, else the current one unless it was
    /// derived from the current name (then `nil`, derived again from the new name).
    func sortName(
        _ key: String, current: String?, nameKey: String, currentName: String?, derive: (String) -> String
    ) -> String? {
        if has(key) { return text(key, current) }
        guard has(nameKey), let current, let currentName else { return current }
        return current == derive(currentName) ? nil : current
    }
}
