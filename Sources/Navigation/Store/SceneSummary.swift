public import Foundation

/// A scene (window) of a user that has saved state.
public struct SceneSummary: Sendable, Hashable, Codable {
    /// The scene's identifier, e.g. `main`.
    public let name: String
    /// When its state last changed.
    public let updatedAt: Date
}
