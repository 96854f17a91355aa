/// A request method, such as `GET` or `POST`, exactly as the client sent it (methods are case-sensitive).
///
/// Any token is a method: a server answers one it does not know (405 or 501) rather than failing to read it.
///
/// ```swift
/// if request.method == .get { … }
/// ```
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The method's text, e.g. `GET`.
    public var rawValue: String

    /// The method named `rawValue`.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The method named by a literal, e.g. `"PATCH"`.
    public init(stringLiteral value: String) {
        self.init(rawValue: value)
    }

    /// The method's text, so that it reads as sent in a message.
    public var description: String { rawValue }

    /// `GET`.
    public static let get = HTTPMethod(rawValue: "GET")
    /// `HEAD`.
    public static let head = HTTPMethod(rawValue: "HEAD")
    /// `POST`.
    public static let post = HTTPMethod(rawValue: "POST")
    /// `PUT`.
    public static let put = HTTPMethod(rawValue: "PUT")
    /// `DELETE`.
    public static let delete = HTTPMethod(rawValue: "DELETE")
    /// `OPTIONS`.
    public static let options = HTTPMethod(rawValue: "OPTIONS")
}
