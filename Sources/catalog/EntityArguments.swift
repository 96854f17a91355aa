import Catalog
import CommandLineKit
import Foundation

/// Reading entity kinds and uuids from the command line.
enum EntityArguments {
    /// `book`, `author`, `genre` or `band`, also in the plural.
    static func kind(_ text: String, invocation: Invocation) throws -> EntityKind {
        let singular = text.hasSuffix("s") ? String(text.dropLast()) : text
        guard let kind = EntityKind(rawValue: singular) else {
            let kinds = EntityKind.allCases.map(\.rawValue).joined(separator: ", ")
            throw UsageError("unknown kind '\(text)'", hint: "one of \(kinds)", commandPath: invocation.commandPath)
        }
        return kind
    }

    /// A uuid given as an argument or the value of an option.
    static func uuid(_ text: String, for name: String, invocation: Invocation) throws -> UUID {
        guard let uuid = UUID(uuidString: text) else {
            throw UsageError(
                "\(name) takes a uuid such as 0f8fad5b-d9cb-469f-a165-70867728950e; got '\(text)'",
                commandPath: invocation.commandPath)
        }
        return uuid
    }
}
