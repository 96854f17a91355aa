import Foundation

extension DecodingError {
    /// Where in the JSON and what was wrong, in words (`at books[2].title: expected a string`), for the messages
    /// of the JSON import and of changes files.
    package var summary: String {
        func path(_ context: Context) -> String {
            let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return path.isEmpty ? "at the top level" : "at \(path.hasPrefix(".") ? String(path.dropFirst()) : path)"
        }
        switch self {
        case .typeMismatch(let type, let context):
            return "\(path(context)): expected \(Self.jsonType(type))"
        case .valueNotFound(let type, let context):
            return "\(path(context)): expected \(Self.jsonType(type)), found null"
        case .keyNotFound(let key, let context):
            return "\(path(context)): missing \"\(key.stringValue)\""
        case .dataCorrupted(let context):
            let underlying = (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey] as? String
            return "\(path(context)): \(underlying ?? context.debugDescription)"
        @unknown default:
            return "\(self)"
        }
    }

    private static func jsonType(_ type: Any.Type) -> String {
        switch type {
        case is String.Type, is UUID.Type: "a string"
        case is Int.Type, is Int64.Type: "a whole number"
        case is [Any].Type: "an array"
        default: "\(type)"
        }
    }
}
