/// Where a value is inside a document, written as errors name it: `entity.credits[2].role`, or `$` for the whole
/// document.
package struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    /// One step from a container to a value in it.
    package enum Component: Sendable, Hashable {
        case member(String)
        case element(Int)
    }

    /// The steps from the document to the value.
    package var components: [Component]

    /// The path of the whole document.
    package static let root = JSONPath(components: [])

    /// A path of `components`.
    package init(components: [Component]) {
        self.components = components
    }

    /// The path of member `name` of the object here.
    package func member(_ name: String) -> JSONPath {
        JSONPath(components: components + [.member(name)])
    }

    /// The path of element `index` of the array here.
    package func element(_ index: Int) -> JSONPath {
        JSONPath(components: components + [.element(index)])
    }

    /// `entity.credits[2].role`; `$` for the root.
    package var description: String {
        guard !components.isEmpty else { return "$" }
        var text = ""
        for component in components {
            switch component {
            case .member(let name): text += text.isEmpty ? name : "." + name
            case .element(let index): text += "[\(index)]"
            }
        }
        return text
    }
}
