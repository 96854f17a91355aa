public import Foundation

/// A named browsing session a user saved: a snapshot to restore into any of their scenes.
public struct SavedSession: Sendable, Hashable, Codable {
    /// The session's name, unique per user.
    public let name: String
    /// When it was first saved.
    public let createdAt: Date
    /// When it was last saved or renamed.
    public let updatedAt: Date
}
