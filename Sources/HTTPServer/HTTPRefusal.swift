/// Why the server refused a request before its handler saw it: a request framed in a way two readers could take
/// differently, text the handler cannot hold exactly, or more than the server's limits allow. The connection is
/// closed after the answer, so nothing the request left unread is taken for another request.
public struct HTTPRefusal: Error, Sendable, Equatable {
    /// The status answered: 400, 413, 414 or 431.
    public var status: HTTPStatus
    /// What kind of refusal it is, by a stable name.
    public var code: Code
    /// What was wrong, for people.
    public var detail: String

    /// The kinds of refusal; a raw value is the name a problem answer carries.
    public enum Code: String, Sendable, CaseIterable {
        /// Framing two readers could take differently (length and chunks, a field name that is not a token).
        case badFraming = "bad-framing"
        /// A header field that may come once came more than once.
        case repeatedField = "repeated-field"
        /// A NUL, a control character or bytes that are not UTF-8 in the path, a query item or a field value.
        case badText = "bad-text"
        /// A body, declared or received, over the server's limit.
        case bodyTooLarge = "body-too-large"
        /// More query items than the server takes.
        case tooManyQueryItems = "too-many-query-items"
        /// A request line longer than the server takes.
        case requestLineTooLong = "request-line-too-long"
        /// Header fields and request line larger than the server takes.
        case headerFieldsTooLarge = "header-fields-too-large"
    }

    /// A refusal with the given status, code and detail.
    public init(status: HTTPStatus, code: Code, detail: String) {
        self.status = status
        self.code = code
        self.detail = detail
    }

    /// The header fields a request may carry once at most: two would leave it to the reader which one counts.
    public static let singletonFields: Set<String> = [
        "host", "content-length", "content-type", "authorization", "proxy-authorization", "cookie", "origin",
    ]

    static func badFraming(_ detail: String) -> HTTPRefusal {
        HTTPRefusal(status: .badRequest, code: .badFraming, detail: detail)
    }

    static func badText(_ detail: String) -> HTTPRefusal {
        HTTPRefusal(
            status: .badRequest, code: .badText,
            detail: "\(detail) holds a NUL, a control character or bytes that are not UTF-8; send UTF-8 text")
    }

    static func bodyTooLarge(limit: Int) -> HTTPRefusal {
        HTTPRefusal(
            status: .contentTooLarge, code: .bodyTooLarge,
            detail: "the request body is larger than the server takes (\(limit) bytes)")
    }
}

extension HTTPRefusal {
    /// The refusal of a request target (`/path?query`, as sent, before percent-decoding), or `nil`: longer than
    /// `maximumLength` bytes, a decoded NUL or invalid UTF-8 in the path or in a query item, or more than
    /// `maximumQueryItems` query items.
    static func check(target: [UInt8], maximumQueryItems: Int, maximumLength: Int) -> HTTPRefusal? {
        guard target.count <= maximumLength else {
            return HTTPRefusal(
                status: .uriTooLong, code: .requestLineTooLong,
                detail: "the request line is longer than the server takes (\(maximumLength) bytes); "
                    + "send long queries in fewer, shorter items")
        }
        let parts = target.split(separator: UInt8(ascii: "?"), maxSplits: 1, omittingEmptySubsequences: false)
        guard isNames(percentDecoded(parts[0])) else { return .badText("the path") }
        guard parts.count == 2 else { return nil }
        let items = parts[1].split(separator: UInt8(ascii: "&"))
        guard items.count <= maximumQueryItems else {
            return HTTPRefusal(
                status: .uriTooLong, code: .tooManyQueryItems,
                detail: "the query has \(items.count) items; the server takes \(maximumQueryItems) at most")
        }
        for item in items {
            for piece in item.split(separator: UInt8(ascii: "="), maxSplits: 1) where !isNames(percentDecoded(piece)) {
                return .badText("a query item")
            }
        }
        return nil
    }

    /// The refusal of a request's header fields (names lowercased, values as received), or `nil`: with the
    /// `target`'s bytes more than `headLimit` (each field counted with its `: ` and line end), or framed, written or
    /// sized so the server refuses them.
    static func check(
        fields: [(name: String, value: [UInt8])], target: Int, bodyLimit: Int, headLimit: Int
    ) -> HTTPRefusal? {
        let size = fields.reduce(target) { $0 + $1.name.utf8.count + $1.value.count + 4 }
        guard size <= headLimit else {
            return HTTPRefusal(
                status: .requestHeaderFieldsTooLarge, code: .headerFieldsTooLarge,
                detail: "the request's header fields and request line are larger than the server takes "
                    + "(\(headLimit) bytes with the request line); send fewer or smaller fields")
        }
        for field in fields {
            guard !field.name.isEmpty, field.name.utf8.allSatisfy(isTokenByte) else {
                return .badFraming("the header field name '\(field.name)' is not a token (no spaces, no separators)")
            }
            guard isFieldValue(field.value) else { return .badText("the \(field.name) header field") }
        }
        let names = fields.map(\.name)
        if let repeated = singletonFields.sorted().first(where: { name in names.filter { $0 == name }.count > 1 }) {
            return HTTPRefusal(
                status: .badRequest, code: .repeatedField,
                detail: "the request has more than one \(repeated) header field")
        }
        let length = fields.first { $0.name == "content-length" }.map { String(decoding: $0.value, as: UTF8.self) }
        if let encoding = fields.first(where: { $0.name == "transfer-encoding" }) {
            guard length == nil else {
                return .badFraming("the request has both Transfer-Encoding and Content-Length; send one")
            }
            guard String(decoding: encoding.value, as: UTF8.self).lowercased() == "chunked" else {
                return .badFraming("the only Transfer-Encoding the server takes is chunked")
            }
        }
        if let length, let count = UInt64(length), count > UInt64(bodyLimit) {
            return .bodyTooLarge(limit: bodyLimit)
        }
        return nil
    }

    /// Whether the client of a request whose declared body is too large sends that body without waiting for an
    /// answer (it did not ask with `Expect: 100-continue`), and it is at most `limit` bytes: reading it lets the
    /// client read the refusal instead of finding the connection reset while it sends.
    static func bodyIsOnItsWay(_ fields: [(name: String, value: [UInt8])], upTo limit: Int) -> Bool {
        let length = fields.first { $0.name == "content-length" }.flatMap {
            UInt64(String(decoding: $0.value, as: UTF8.self))
        }
        let asksFirst = fields.contains {
            $0.name == "expect" && String(decoding: $0.value, as: UTF8.self).lowercased() == "100-continue"
        }
        return !asksFirst && (length.map { $0 <= UInt64(limit) } ?? false)
    }

    /// `bytes` with each `%` and two hex digits replaced by the byte they name (a `%` without them stays), as
    /// libmicrohttpd decodes a path and query items.
    static func percentDecoded(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.endIndex, let high = hexValue(bytes[index + 1]),
                let low = hexValue(bytes[index + 2])
            {
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(bytes[index])
                index += 1
            }
        }
        return decoded
    }

    /// Whether decoded path or query bytes are UTF-8 without a NUL (other control characters are the handler's to
    /// judge, as any other character of a name).
    static func isNames(_ bytes: [UInt8]) -> Bool {
        !bytes.contains(0) && String(validating: bytes, as: UTF8.self) != nil
    }

    /// Whether a header field value is UTF-8 without a control character other than a tab.
    static func isFieldValue(_ bytes: [UInt8]) -> Bool {
        bytes.allSatisfy { $0 >= 0x20 && $0 != 0x7F || $0 == 0x09 } && String(validating: bytes, as: UTF8.self) != nil
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// RFC 9110's `tchar`: the bytes of a header field name.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default: "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}
