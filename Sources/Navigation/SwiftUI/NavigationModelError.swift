public import Foundation
import SQLInterface

/// What went wrong in a ``SplitViewModel``, in words an alert can show as they are.
///
/// A user's change that the model refuses, or that the store refuses or fails to save, is reported through
/// ``SplitViewModel/lastError``; the model's `async` calls (restore, reload, sessions) throw it.
public enum NavigationModelError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The change makes no sense in the state it was made in, or names something that does not exist (the
    /// store's validator said so when saving). Nothing of it was kept.
    case refused(NavigationError)
    /// The store refused a call: an invalid name, an unknown session.
    case store(NavigationStoreError)
    /// A change could not be saved (`reason` says why, e.g. the disk is full); the model went back to the last
    /// saved state.
    case notSaved(reason: String)
    /// The saved state could not be read (`reason` says why).
    case notRead(reason: String)

    /// `error` as a model error: a refusal or a store error as it is, any other failure as one that happened
    /// while saving (`saving`) or reading.
    init(_ error: any Error, saving: Bool) {
        switch error {
        case let error as NavigationModelError: self = error
        case let error as NavigationError: self = .refused(error)
        case let error as NavigationStoreError: self = .store(error)
        default:
            let reason = Self.reason(for: error)
            self = saving ? .notSaved(reason: reason) : .notRead(reason: reason)
        }
    }

    /// A sentence saying what happened.
    public var description: String {
        switch self {
        case .refused(let error): error.description
        case .store(let error): error.description
        case .notSaved(let reason):
            "the last change could not be saved (\(reason)): the window shows the last saved state again"
        case .notRead(let reason): "the saved navigation state could not be read (\(reason))"
        }
    }

    /// What a failed database call means to a user: the disk, a lock or permissions, else the database's own words.
    private static func reason(for error: any Error) -> String {
        (error as? any SQLError)?.plainReason ?? String(describing: error)
    }
}

// An app shows these in an alert: the description is the message.
extension NavigationModelError: LocalizedError {
    public var errorDescription: String? { description }
}
