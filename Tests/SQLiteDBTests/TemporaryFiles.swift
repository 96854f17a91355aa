import Foundation
import TestSupport

/// A temporary directory for one test, removed when the value goes away.
final class TemporaryFiles {
    let url: URL

    init() throws {
        url = try TestSupport.temporaryDirectory("sqlitedb")
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    func path(_ name: String) -> String {
        url.appending(path: name).path
    }
}
