import Catalog
import Foundation
// Test tool for the navigation crash matrix: applies a deterministic burst of navigation intents, one saved
// transaction each, so a test can kill it at any point and check what was saved.
//
//   navigation-stress burst DB USER FROM COUNT   applies intents FROM..<COUNT, printing "STEP DIGEST" after each save
//   navigation-stress show DB USER               prints the digest of the user's restored state
//
// The intents are built from the catalog's first authors with books and genres with bands (import
// SampleData/ first). A digest is the state, the history position and every history entry, on one line.
import LibraryNavigation
import Navigation
import SQLiteCatalog
import SQLiteDB

func digest(_ session: NavigationSession<LibraryRoute>) throws -> String {
    let describe = { (state: SplitViewState<LibraryRoute>) in
        [state.sidebar?.path ?? "-", state.content?.path ?? "-", state.detail?.path ?? "-"].joined(separator: ",")
            + "[" + state.stack.map(\.path).joined(separator: ",") + "]"
            + "\(state.visibility.rawValue).\(state.compactColumn.rawValue)"
    }
    let entries = try session.historyEntries().map(describe).joined(separator: ";")
    return "\(describe(session.state)) @\(session.history.index)/\(session.history.count) {\(entries)}"
}

/// Restores the scene 'main' of user `user` in the catalog at `path`, as a relaunched app does.
func openScene(path: String, user: String) throws -> (catalog: LibraryCatalog, session: NavigationSession<LibraryRoute>)
{
    let db = try DatabaseSchema.openUserState(catalogPath: path)
    return (LibraryCatalog(db), try NavigationStore(catalog: db).openSession(scene: "main", forUserNamed: user))
}

/// The intent at `step`: a walk through authors → author → book → author, history, layout and genres → genre.
func intents(_ catalog: LibraryCatalog) throws -> (Int) -> NavigationIntent<LibraryRoute> {
    var authorBooks: [(author: Author, book: Book)] = []
    for author in try catalog.authors.page(after: nil, limit: 50).items {
        if let book = try catalog.books.page(byAuthor: author.id, after: nil, limit: 1).items.first {
            authorBooks.append((author, book))
        }
    }
    let genres = try catalog.genres.page(after: nil, limit: 10).items
    guard !authorBooks.isEmpty, !genres.isEmpty else {
        throw CatalogError.invalidValue(field: "catalog", value: "", reason: "import SampleData/ first")
    }
    let visibilities = ColumnVisibility.allCases
    return { step in
        let round = step / 10
        let pair = authorBooks[round % authorBooks.count]
        switch step % 10 {
        case 0: return .selectSidebar(.authors)
        case 1: return .selectContent(.author(pair.author.uuid))
        case 2: return .push(.book(pair.book.uuid))
        case 3: return .push(.author(pair.author.uuid))
        case 4: return .back
        case 5: return .forward
        case 6: return .setVisibility(visibilities[round % visibilities.count])
        case 7: return .selectSidebar(.genres)
        case 8: return .selectContent(.genre(genres[round % genres.count].uuid))
        default: return .compactBack
        }
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    switch (arguments.first, arguments.count) {
    case ("burst", 5):
        guard let from = Int(arguments[3]), let count = Int(arguments[4]) else { throw CocoaError(.formatting) }
        let (catalog, session) = try openScene(path: arguments[1], user: arguments[2])
        let intent = try intents(catalog)
        for step in from..<count {
            _ = try session.apply(intent(step))
            // Unbuffered: the line is out as soon as the save is, before the next one starts.
            FileHandle.standardOutput.write(Data("\(step + 1) \(try digest(session))\n".utf8))
        }
    case ("show", 3):
        let session = try openScene(path: arguments[1], user: arguments[2]).session
        FileHandle.standardOutput.write(Data("\(try digest(session))\n".utf8))
    default:
        FileHandle.standardError.write(
            Data("usage: navigation-stress burst DB USER FROM COUNT | show DB USER\n".utf8))
        exit(64)
    }
} catch {
    FileHandle.standardError.write(Data("navigation-stress: \(error)\n".utf8))
    exit(1)
}
