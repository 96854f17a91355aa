import Foundation

/// An entity tag (RFC 9110): an opaque string naming one version of a representation, sent quoted in `ETag`.
public struct EntityTag: Hashable, Sendable {
    /// The tag without its quotes.
    public var opaque: String

    /// The tag `opaque` (without quotes).
    public init(_ opaque: String) {
        self.opaque = opaque
    }

    /// The `ETag` field's value: the tag in quotes.
    public var field: String { "\"\(opaque)\"" }
}

/// The entity tags of an `If-Match` or `If-None-Match` field (RFC 9110): `*`, or a list of `"tag"` and `W/"tag"`.
public struct EntityTagCondition: Sendable {
    private let any: Bool
    private let tags: [(weak: Bool, opaque: Substring)]

    /// The tags of `field`; what is not a quoted tag is left out, so it matches nothing.
    public init(_ field: String) {
        let items = field.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        any = items.contains("*")
        tags = items.compactMap { item in
            let weak = item.hasPrefix("W/")
            let quoted = weak ? item.dropFirst(2) : Substring(item)
            guard quoted.count >= 2, quoted.hasPrefix("\""), quoted.hasSuffix("\"") else { return nil }
            return (weak, quoted.dropFirst().dropLast())
        }
    }

    /// Whether the field is `*`, naming whatever the resource is now.
    public var isAny: Bool { any }

    /// Whether the field names `tag`: with `strong` (the comparison of `If-Match`), a weak tag names nothing; without
    /// it (that of `If-None-Match`), `W/"x"` names `"x"`.
    public func matches(_ tag: EntityTag, strong: Bool) -> Bool {
        any || tags.contains { !(strong && $0.weak) && $0.opaque == tag.opaque }
    }
}

extension HTTPRequest {
    /// The request's `If-None-Match`, or `nil` when it has none.
    public var ifNoneMatch: EntityTagCondition? { headers[.ifNoneMatch].map(EntityTagCondition.init) }

    /// The request's `If-Match`, or `nil` when it has none.
    public var ifMatch: EntityTagCondition? { headers[.ifMatch].map(EntityTagCondition.init) }
}

extension HTTPResponse {
    /// The answer to a `GET` whose `If-None-Match` (`condition`) names the current version, `tag`: `304` with `ETag`
    /// and then `headers` (those a `200` would carry besides its body's); `nil` when the client holds another version
    /// or none, so the whole answer is due.
    ///
    /// ```swift
    /// if let unchanged = HTTPResponse.notModified(tag, given: request.ifNoneMatch) { return unchanged }
    /// ```
    public static func notModified(_ tag: EntityTag, given condition: EntityTagCondition?, headers: HTTPFields = [:])
        -> HTTPResponse?
    {
        guard let condition, condition.matches(tag, strong: false) else { return nil }
        return HTTPResponse(status: .notModified, headers: [(.etag, tag.field)] + headers)
    }
}
