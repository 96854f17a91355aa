import Catalog

/// Which column feeds which field, resolved against a file's header.
///
/// Precedence per field: `--map`, then the profile, then a header equal to the field name (exact,
/// then ignoring case). A profile may name a second column, read where the first one's cell is missing. A field with no column is simply absent; a missing required field is fatal.
struct ColumnMapping: Sendable, Hashable {
    /// The entity the fields belong to.
    let entity: ImportEntity
    /// The header, trimmed.
    let header: [String]
    private let indices: [String: Int]
    private let fallbacks: [String: Int]
    private let separators: [String: String]

    /// Resolves the mapping.
    ///
    /// - Parameters:
    ///   - header: The file's column names.
    ///   - options: Entity, profile, `--map` and `--split`.
    ///   - path: The file, for messages.
    /// - Throws: ``ReaderError/unknownColumn(path:field:column:columns:)`` when `--map` (or the
    ///   profile) names a column the file lacks; ``ReaderError/missingRequiredColumn(path:field:columns:)``.
    init(header: [String], options: CSVImportOptions, path: String) throws(ReaderError) {
        let entity = options.entity
        var indices: [String: Int] = [:]
        for field in entity.fields {
            if let column = options.columns[field] ?? options.profile?.columns[field] {
                guard let index = Self.index(of: column, in: header) else {
                    throw .unknownColumn(path: path, field: field, column: column, columns: header)
                }
                indices[field] = index
            } else if let index = Self.index(of: field, in: header) {
                indices[field] = index
            }
        }
        // A profile's second choice of column, for a field `--map` did not set.
        var fallbacks: [String: Int] = [:]
        for field in entity.fields where options.columns[field] == nil {
            guard let column = options.profile?.fallbackColumns[field] else { continue }
            guard let index = Self.index(of: column, in: header) else {
                throw .unknownColumn(path: path, field: field, column: column, columns: header)
            }
            fallbacks[field] = index
        }
        guard indices[entity.requiredField] != nil else {
            throw .missingRequiredColumn(path: path, field: entity.requiredField, columns: header)
        }
        var separators: [String: String] = [:]
        for field in entity.multiValuedFields {
            separators[field] =
                options.separators[field] ?? options.profile?.separators[field] ?? ImportEntity.defaultSeparator
        }
        self.entity = entity
        self.header = header
        self.indices = indices
        self.fallbacks = fallbacks
        self.separators = separators
    }

    /// A field with its column and separator, resolved for per-row use.
    ///
    /// - Parameter name: One of the entity's field names.
    func field(_ name: String) -> MappedField {
        let index = indices[name]
        return MappedField(
            name: name, index: index, column: index.map { header[$0] } ?? name, separator: separators[name],
            fallbackIndex: fallbacks[name], fallbackColumn: fallbacks[name].map { header[$0] })
    }

    private static func index(of name: String, in header: [String]) -> Int? {
        let wanted = name.trimmingWhitespace()
        return header.firstIndex(of: wanted)
            ?? header.firstIndex { $0.lowercased() == wanted.lowercased() }
    }
}
