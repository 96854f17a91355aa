/// Routes are coded as their stable paths, never through Swift type names, so the JSON is the stored
/// format 2 shape and survives a renamed type.
extension SplitViewState: Codable {
    private enum CodingKeys: String, CodingKey {
        case sidebar, content, detail, stack, visibility, compactColumn
    }

    /// Encodes the state as `{"sidebar":"authors","content":"author/…",…}`, empty selections left out.
    ///
    /// - Parameter encoder: the encoder.
    /// - Throws: what the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(sidebar?.path, forKey: .sidebar)
        try container.encodeIfPresent(content?.path, forKey: .content)
        try container.encodeIfPresent(detail?.path, forKey: .detail)
        if !stack.isEmpty { try container.encode(stack.map(\.path), forKey: .stack) }
        try container.encode(visibility, forKey: .visibility)
        try container.encode(compactColumn, forKey: .compactColumn)
    }

    /// Decodes a state strictly: an unknown route or a broken invariant is an error (stored state goes
    /// through ``NavigationStore``'s restore, which repairs instead).
    ///
    /// - Parameter decoder: the decoder.
    /// - Throws: `DecodingError.dataCorrupted` for an unknown route path or an invalid state.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func route(_ key: CodingKeys) throws -> Route? {
            try container.decodeIfPresent(String.self, forKey: key).map { try Self.route($0, key, container) }
        }
        let stack = try container.decodeIfPresent([String].self, forKey: .stack) ?? []
        self.init(
            unchecked: try route(.sidebar), content: try route(.content), detail: try route(.detail),
            stack: try stack.map { try Self.route($0, .stack, container) },
            visibility: try container.decodeIfPresent(ColumnVisibility.self, forKey: .visibility) ?? .automatic,
            compactColumn: try container.decodeIfPresent(CompactColumn.self, forKey: .compactColumn) ?? .sidebar)
        if let violation = firstViolation() {
            throw DecodingError.dataCorruptedError(
                forKey: .sidebar, in: container, debugDescription: "invalid navigation state: \(violation)")
        }
    }

    private static func route(
        _ path: String, _ key: CodingKeys, _ container: KeyedDecodingContainer<CodingKeys>
    ) throws -> Route {
        guard let route = Route(path: path) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container, debugDescription: "\(path) names no route")
        }
        return route
    }
}
