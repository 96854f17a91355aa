package import Catalog
import Foundation

/// A read the API cannot answer as asked.
package enum CatalogAPIError: Error, LocalizedError, Equatable {
    /// A list of `kind` cannot be scoped by `filter`.
    case filterNotApplicable(kind: EntityKind, filter: String)

    package var errorDescription: String? {
        switch self {
        case .filterNotApplicable(let kind, let filter):
            let allowed = ListFilter.allowed[kind, default: []].joined(separator: " or ")
            return "a list of \(kind.rawValue)s cannot be scoped by \(filter); it takes \(allowed)"
        }
    }
}
