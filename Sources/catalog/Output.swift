import CatalogViews
import CommandLineKit
import Foundation

/// Writing to standard output and error.
enum Output {
    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static func writeError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Prints `value` as JSON text (pretty-printed, keys sorted).
    static func writeJSON<T: Encodable>(_ value: T) throws {
        write(try JSONText.encode(value))
    }

    /// Prints an error as `error: …` (see ``ErrorMessage``), with a `hint:` line for usage errors.
    static func report(_ error: any Error) {
        writeError("error: \(ErrorMessage.text(for: error))\n")
    }

    /// Left-aligned rows of `label  value` text.
    static func table(_ rows: [(String, String)], indent: Int = 0) -> String {
        let width = (rows.map(\.0.count).max() ?? 0) + 2
        let pad = String(repeating: " ", count: indent)
        return rows.map { label, value in
            pad + label + String(repeating: " ", count: width - label.count) + value
        }.joined(separator: "\n") + "\n"
    }
}
