/// What the interactive browser is doing besides browsing: a prompt, the session picker, the help.
enum BrowseMode: Hashable, Sendable {
    /// What a prompt asks for.
    enum Prompt: Hashable, Sendable {
        /// Search text; the results become the content column.
        case search
        /// The name to save the current state under.
        case sessionName

        /// The label before the text.
        var label: String {
            switch self {
            case .search: "Search: "
            case .sessionName: "Save session as: "
            }
        }
    }

    /// Browsing the columns.
    case browsing
    /// A one-line prompt at the bottom, with the text typed so far.
    case prompt(Prompt, text: String)
    /// The saved sessions to choose from, and the highlighted one.
    case sessionPicker(names: [String], index: Int)
    /// The key help.
    case help
}
