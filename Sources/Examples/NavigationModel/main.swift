import Catalog
import LibraryNavigation
import Navigation
import SQLiteCatalog

// In a directory where `catalog import SampleData/library.json SampleData/music.json` has run:
let catalog = LibraryCatalog(try DatabaseSchema.openCatalog(path: "catalog.sqlite"))
guard let metal = try catalog.genres.find(named: "Heavy metal"),
    let motorhead = try catalog.bands.find(named: "Motörhead").first
else { fatalError("import the sample data first") }

// The app opens one store, whose background queue saves every scene; each window restores its model.
let store = try await BackgroundNavigationStore<LibraryRoute>.open {
    try NavigationStore(catalog: try DatabaseSchema.openUserState(catalogPath: "catalog.sqlite"))
}
let model = try await SplitViewModel.restore(user: "ada", scene: "main", store: store)
model.sidebar = .genres
model.content = .genre(metal.uuid)  // the genre becomes the detail root
model.detailStack.append(.band(motorhead.uuid))
print(try model.state.routes.map(catalog.title(of:)))  // ["Genres", "Heavy metal", "Heavy metal", "Motörhead"]
await model.flush()  // on quit: every change saved

// The next launch restores the scene as it was left.
let relaunched = try await SplitViewModel.restore(user: "ada", scene: "main", store: store)
print(relaunched.state == model.state)  // true
