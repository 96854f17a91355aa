/// A list or map that a type's JSON leaves out when it is empty and reads as empty when its key is missing: the
/// upload formats' optional members (`conflicts`, `fields`, `lists`), with `Codable` synthesized for the rest.
@propertyWrapper
public struct OmittedWhenEmpty<Value: Collection & EmptyConstructible & Codable & Hashable & Sendable>: Codable,
    Hashable, Sendable
{
    /// The collection.
    public var wrappedValue: Value

    /// Wraps `wrappedValue`.
    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }

    /// Decodes the collection itself (a missing key is read by the keyed container's `decode`, below).
    public init(from decoder: any Decoder) throws {
        wrappedValue = try Value(from: decoder)
    }

    /// Encodes the collection itself.
    public func encode(to encoder: any Encoder) throws {
        try wrappedValue.encode(to: encoder)
    }
}

/// A collection with an empty value.
public protocol EmptyConstructible {
    /// The empty collection.
    init()
}

extension Array: EmptyConstructible {}
extension Dictionary: EmptyConstructible {}

extension KeyedDecodingContainer {
    /// A missing key reads as the empty collection.
    public func decode<Value>(_ type: OmittedWhenEmpty<Value>.Type, forKey key: Key) throws -> OmittedWhenEmpty<Value> {
        try decodeIfPresent(type, forKey: key) ?? OmittedWhenEmpty(wrappedValue: Value())
    }
}

extension KeyedEncodingContainer {
    /// An empty collection is left out.
    public mutating func encode<Value>(_ value: OmittedWhenEmpty<Value>, forKey key: Key) throws {
        if !value.wrappedValue.isEmpty { try encode(value.wrappedValue, forKey: key) }
    }
}
