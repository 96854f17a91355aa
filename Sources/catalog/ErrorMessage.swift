import Catalog
import Foundation
import LibraryNavigation
import Navigation

/// The one place where an error becomes the sentence the terminal shows: the library's own description, or, where
/// the person at the terminal can do something about it, a sentence that names the command or flag to use.
/// Libraries never name the command line; this is where it is named.
enum ErrorMessage {
    /// What to print for `error` (without the `error: ` prefix).
    static func text(for error: any Error) -> String {
        switch error {
        case NavigationError.notFound(let path): missingEntity(path) ?? "\(error)"
        default: "\(error)"
        }
    }

    /// "no band with uuid …; find one with 'catalog list bands'" for a route naming a catalog entity.
    private static func missingEntity(_ path: String) -> String? {
        guard let entity = LibraryRoute(path: path)?.entity else { return nil }
        let kind = entity.kind.rawValue
        return "no \(kind) with uuid \(entity.uuid.uuidString.lowercased()); find one with 'catalog list \(kind)s'"
    }
}
