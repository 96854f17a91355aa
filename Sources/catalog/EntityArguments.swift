import Catalog
import CommandLineKit
import Foundation

/// Reading entity kinds and uuids from the command line.
enum EntityArguments {
    /// `KIND UUID`: the arguments of a command about one entry.
    static let entry = [
        Argument("KIND", help: "book, author, genre or band."), Argument("UUID", help: "The entry's uuid."),
    ]

    /// The kind and uuid of the first two arguments (``entry``, or `KIND UUID` of another help text).
    static func entry(_ invocation: Invocation) throws -> (kind: EntityKind, uuid: UUID) {
        let kind = try kind(invocation.positional(0) ?? "", invocation: invocation)
        return (kind, try uuid(invocation.positional(1) ?? "", for: "UUID", invocation: invocation))
    }

    /// `book`, `author`, `genre` or `band`, also in the plural.
    static func kind(_ text: String, invocation: Invocation) throws -> EntityKind {
        let singular = text.hasSuffix("s") ? String(text.dropLast()) : text
        guard let kind = EntityKind(rawValue: singular) else {
            let kinds = EntityKind.allCases.map(\.rawValue).joined(separator: ", ")
            throw UsageError("unknown kind '\(text)'", hint: "one of \(kinds)", commandPath: invocation.commandPath)
        }
        return kind
    }

    /// A uuid given as an argument.
    static func uuid(_ text: String, for name: String, invocation: Invocation) throws -> UUID {
        guard let uuid = UUID(uuidString: text) else {
            throw UsageError(
                "\(name) \(ValueParser.uuid.requirement); got '\(text)'", commandPath: invocation.commandPath)
        }
        return uuid
    }
}

extension ValueParser where Value == UUID {
    /// A uuid given as the value of an option.
    static var uuid: ValueParser<UUID> {
        ValueParser(requirement: "takes a uuid such as 0f8fad5b-d9cb-469f-a165-70867728950e") { UUID(uuidString: $0) }
    }
}
