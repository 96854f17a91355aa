import Catalog
import LibraryNavigation
import Navigation
import Schema

// In a directory where `catalog import SampleData/library.json SampleData/music.json` has run:
let db = try DatabaseSchema.openCatalog(path: "catalog.sqlite")
let catalog = LibraryCatalog(db)
guard let metal = try catalog.genres.find(named: "Heavy metal"),
    let motorhead = try catalog.bands.find(named: "Motörhead").first
else { fatalError("import the sample data first") }

let browser = try LibraryBrowser(database: db, user: "ada", scene: "main")  // restore + repair
try browser.apply(.selectSidebar(.genres))
try browser.apply(.selectContent(.genre(metal.uuid)))  // saved at once
try browser.apply(.push(.band(motorhead.uuid)))
print(try browser.state.routes.map(browser.title(of:)))  // ["Genres", "Heavy metal", "Heavy metal", "Motörhead"]

// Motörhead is deleted meanwhile (by an import, a sync, another process); the next launch repairs.
_ = try catalog.bands.delete(id: motorhead.id)
let relaunched = try LibraryBrowser(database: db, user: "ada", scene: "main")
// Prints "detail stack entry 1 band/… is no longer available: removed band/…".
for repair in relaunched.restoreReport.repairs { print(repair) }
print(relaunched.state.stack)  // []
