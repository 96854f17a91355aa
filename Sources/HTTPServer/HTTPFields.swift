/// The header fields of a request or a response, in order, repeated names included; names compare without case.
///
/// ```swift
/// var fields: HTTPFields = ["Content-Type": "application/json"]
/// fields.append(.etag, "\"3f2a\"")
/// fields["content-type"]   // "application/json"
/// ```
public struct HTTPFields: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral, ExpressibleByArrayLiteral {
    /// One field: its name as written and its value.
    public struct Field: Sendable, Equatable {
        /// The name, spelled as given (sent so).
        public var name: HTTPFieldName
        /// The value.
        public var value: String

        /// A field.
        public init(name: HTTPFieldName, value: String) {
            self.name = name
            self.value = value
        }
    }

    private var fields: [Field]

    /// No fields.
    public init() {
        fields = []
    }

    /// The `fields` in order.
    public init(_ fields: [Field]) {
        self.fields = fields
    }

    /// The fields of a literal, in the order written: `["Allow": "GET"]`.
    public init(dictionaryLiteral elements: (HTTPFieldName, String)...) {
        fields = elements.map { Field(name: $0.0, value: $0.1) }
    }

    /// The fields of a literal of pairs, in the order written: `[("Allow", "GET")]`.
    public init(arrayLiteral elements: (HTTPFieldName, String)...) {
        fields = elements.map { Field(name: $0.0, value: $0.1) }
    }

    /// The value of the last field called `name`, or `nil`; setting it replaces every field of that name (`nil`
    /// removes them).
    public subscript(_ name: HTTPFieldName) -> String? {
        get { fields.last { $0.name == name }?.value }
        set {
            fields.removeAll { $0.name == name }
            if let newValue { fields.append(Field(name: name, value: newValue)) }
        }
    }

    /// The values of every field called `name`, in order.
    public func values(_ name: HTTPFieldName) -> [String] {
        fields.filter { $0.name == name }.map(\.value)
    }

    /// Adds a field after the others, whether or not one of the same name is there.
    public mutating func append(_ name: HTTPFieldName, _ value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Adds a field before the others.
    public mutating func prepend(_ name: HTTPFieldName, _ value: String) {
        fields.insert(Field(name: name, value: value), at: 0)
    }

    /// The fields of `lhs` followed by those of `rhs`.
    public static func + (lhs: HTTPFields, rhs: HTTPFields) -> HTTPFields {
        HTTPFields(lhs.fields + rhs.fields)
    }

    /// The number of fields.
    public var count: Int { fields.count }

    /// Whether there are none.
    public var isEmpty: Bool { fields.isEmpty }

    public func makeIterator() -> IndexingIterator<[Field]> {
        fields.makeIterator()
    }
}

/// A header field's name: kept as spelled, compared and hashed without case (RFC 9110).
public struct HTTPFieldName: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The name as spelled, e.g. `Content-Type`.
    public let rawName: String
    /// The name in lower case, e.g. `content-type`: what compares.
    public let canonicalName: String

    /// The name `rawName`.
    public init(_ rawName: String) {
        self.rawName = rawName
        canonicalName = rawName.lowercased()
    }

    /// The name of a literal, e.g. `"X-CSRF-Token"`.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The name as spelled.
    public var description: String { rawName }

    public static func == (lhs: HTTPFieldName, rhs: HTTPFieldName) -> Bool { lhs.canonicalName == rhs.canonicalName }

    public func hash(into hasher: inout Hasher) { hasher.combine(canonicalName) }

    /// `Accept-Ranges`.
    public static let acceptRanges: HTTPFieldName = "Accept-Ranges"
    /// `Allow`.
    public static let allow: HTTPFieldName = "Allow"
    /// `Authorization`.
    public static let authorization: HTTPFieldName = "Authorization"
    /// `Cache-Control`.
    public static let cacheControl: HTTPFieldName = "Cache-Control"
    /// `Connection`.
    public static let connection: HTTPFieldName = "Connection"
    /// `Content-Length`.
    public static let contentLength: HTTPFieldName = "Content-Length"
    /// `Content-Range`.
    public static let contentRange: HTTPFieldName = "Content-Range"
    /// `Content-Type`.
    public static let contentType: HTTPFieldName = "Content-Type"
    /// `Cookie`.
    public static let cookie: HTTPFieldName = "Cookie"
    /// `ETag`.
    public static let etag: HTTPFieldName = "ETag"
    /// `If-Match`.
    public static let ifMatch: HTTPFieldName = "If-Match"
    /// `If-None-Match`.
    public static let ifNoneMatch: HTTPFieldName = "If-None-Match"
    /// `If-Range`.
    public static let ifRange: HTTPFieldName = "If-Range"
    /// `Location`.
    public static let location: HTTPFieldName = "Location"
    /// `Origin`.
    public static let origin: HTTPFieldName = "Origin"
    /// `Range`.
    public static let range: HTTPFieldName = "Range"
    /// `Retry-After`.
    public static let retryAfter: HTTPFieldName = "Retry-After"
    /// `Set-Cookie`.
    public static let setCookie: HTTPFieldName = "Set-Cookie"
    /// `Transfer-Encoding`.
    public static let transferEncoding: HTTPFieldName = "Transfer-Encoding"
    /// `WWW-Authenticate`.
    public static let wwwAuthenticate: HTTPFieldName = "WWW-Authenticate"
}
