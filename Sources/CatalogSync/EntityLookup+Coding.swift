import Catalog

/// The JSON form of a lookup, as a server answers it: `{"state":"current","kind":"book","entity":{…}}`,
/// `{"state":"deleted"}` or `{"state":"unknown"}`.
extension EntityLookup: Codable {
    private enum CodingKeys: String, CodingKey {
        case state
        case kind
        case entity
    }

    /// Reads the JSON form.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(String.self, forKey: .state) {
        case "current":
            let kind = try container.decode(EntityKind.self, forKey: .kind)
            self = .current(try EntityPayload(table: kind.table, from: container.superDecoder(forKey: .entity)))
        case "deleted":
            self = .deleted
        case "unknown":
            self = .unknown
        case let state:
            throw DecodingError.dataCorruptedError(
                forKey: .state, in: container, debugDescription: "'\(state)' is not current, deleted or unknown")
        }
    }

    /// Writes the JSON form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .current(let payload):
            try container.encode("current", forKey: .state)
            try container.encode(payload.kind, forKey: .kind)
            try payload.encode(to: container.superEncoder(forKey: .entity))
        case .deleted:
            try container.encode("deleted", forKey: .state)
        case .unknown:
            try container.encode("unknown", forKey: .state)
        }
    }
}
