public import Foundation

/// A user's scenes and named sessions on a server (`/v1/me/…`, the token's user): listed with when each last changed,
/// read whole (a scene with its `ETag`), replaced (a scene with `If-Match`). What a copy's `catalog sync --user`
/// exchanges.
extension RemoteCatalog {
    /// A scene or session as `GET /v1/me/scenes` and `GET /v1/me/sessions` list them.
    public struct Stamp: Sendable, Hashable, Decodable {
        /// The scene's or session's name.
        public let name: String
        /// When it last changed, as the server's clock had it.
        public let updatedAt: Date

        enum CodingKeys: String, CodingKey { case name, updatedAt }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            let text = try container.decode(String.self, forKey: .updatedAt)
            let format = ISO8601DateFormatter()
            format.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            guard let date = format.date(from: text) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .updatedAt, in: container, debugDescription: "'\(text)' is not an ISO 8601 time")
            }
            updatedAt = date
        }
    }

    /// The token's user's scenes.
    ///
    /// - Throws: ``RemoteError``.
    public func scenes() throws -> [Stamp] {
        try stamps("/v1/me/scenes")
    }

    /// The token's user's named sessions.
    ///
    /// - Throws: ``RemoteError``.
    public func sessions() throws -> [Stamp] {
        try stamps("/v1/me/sessions")
    }

    /// Scene `name` as `GET /v1/me/scenes/NAME` answers it (its JSON), with its `ETag`.
    ///
    /// - Throws: ``RemoteError``.
    public func scene(_ name: String) throws -> (json: Data, etag: String) {
        var body = Data()
        let response = try get(try Self.path("/v1/me/scenes/", name)) { body.append($0) }
        return (body, response.value(forHTTPHeaderField: "ETag") ?? "")
    }

    /// Scene `name`'s history as `GET /v1/me/scenes/NAME/history` answers it: `{"index", "entries"}`.
    ///
    /// - Throws: ``RemoteError``.
    public func sceneHistory(_ name: String) throws -> Data {
        try data(try Self.path("/v1/me/scenes/", name) + "/history")
    }

    /// Replaces scene `name` with the state `json` holds (`sidebar`, `content`, `detail`, `stack`, `visibility`,
    /// `compactColumn`), unless it changed since `etag`.
    ///
    /// - Returns: the scene's new `ETag`.
    /// - Throws: ``RemoteError``: a problem 412 when the scene changed meanwhile.
    @discardableResult
    public func replaceScene(_ name: String, with json: Data, ifMatch etag: String) throws -> String {
        let response = try get(
            try Self.path("/v1/me/scenes/", name), method: "PUT",
            headers: ["Content-Type": "application/json", "If-Match": etag], posting: json
        ) { _ in }
        return response.value(forHTTPHeaderField: "ETag") ?? ""
    }

    /// Session `name`'s state, the JSON of its `state` member.
    ///
    /// - Throws: ``RemoteError``.
    public func sessionState(_ name: String) throws -> Data {
        let path = try Self.path("/v1/me/sessions/", name)
        guard let object = try JSONSerialization.jsonObject(with: try data(path)) as? [String: Any],
            let state = object["state"]
        else { throw RemoteError.badAnswer(url: try endpoint(path).absoluteString, reason: "no state") }
        return try JSONSerialization.data(withJSONObject: state)
    }

    /// Saves the state `json` holds as session `name`.
    ///
    /// - Throws: ``RemoteError``.
    public func saveSession(_ name: String, state json: Data) throws {
        try get(
            try Self.path("/v1/me/sessions/", name), method: "PUT", headers: ["Content-Type": "application/json"],
            posting: json
        ) { _ in }
    }

    private func stamps(_ path: String) throws -> [Stamp] {
        do {
            return try JSONDecoder().decode([Stamp].self, from: try data(path))
        } catch let error as RemoteError {
            throw error
        } catch {
            throw RemoteError.badAnswer(url: try endpoint(path).absoluteString, reason: "\(error)")
        }
    }

    private static func path(_ prefix: String, _ name: String) throws -> String {
        guard let escaped = name.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/"]))
        else { throw RemoteError.badAnswer(url: name, reason: "not a name") }
        return prefix + escaped
    }
}
