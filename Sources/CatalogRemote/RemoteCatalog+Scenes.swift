public import Foundation

/// A user's scenes on a server (`/v1/me/scenes`, the token's user): listed with when each last changed, read whole
/// with their `ETag`, replaced with `If-Match`. What a copy's `catalog sync --user` exchanges.
extension RemoteCatalog {
    /// One scene of the token's user, as `GET /v1/me/scenes` lists it.
    public struct SceneStamp: Sendable, Hashable, Decodable {
        /// The scene's name, e.g. `main`.
        public let scene: String
        /// When its state last changed, as the server's clock had it.
        public let updatedAt: Date

        enum CodingKeys: String, CodingKey { case scene, updatedAt }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            scene = try container.decode(String.self, forKey: .scene)
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
    public func scenes() throws -> [SceneStamp] {
        let body = try data("/v1/me/scenes")
        do {
            return try JSONDecoder().decode([SceneStamp].self, from: body)
        } catch {
            throw RemoteError.badAnswer(url: try endpoint("/v1/me/scenes").absoluteString, reason: "\(error)")
        }
    }

    /// Scene `name` as `GET /v1/me/scenes/NAME` answers it (its JSON), with its `ETag`.
    ///
    /// - Throws: ``RemoteError``.
    public func scene(_ name: String) throws -> (json: Data, etag: String) {
        var body = Data()
        let response = try get(try Self.scenePath(name)) { body.append($0) }
        return (body, response.value(forHTTPHeaderField: "ETag") ?? "")
    }

    /// Replaces scene `name` with the state `json` holds (`sidebar`, `content`, `detail`, `stack`, `visibility`,
    /// `compactColumn`), unless it changed since `etag`.
    ///
    /// - Throws: ``RemoteError``: a problem 412 when the scene changed meanwhile.
    public func replaceScene(_ name: String, with json: Data, ifMatch etag: String) throws {
        try get(
            try Self.scenePath(name), method: "PUT",
            headers: ["Content-Type": "application/json", "If-Match": etag], posting: json
        ) { _ in }
    }

    private static func scenePath(_ name: String) throws -> String {
        guard let escaped = name.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/"]))
        else { throw RemoteError.badAnswer(url: name, reason: "not a scene name") }
        return "/v1/me/scenes/\(escaped)"
    }
}
