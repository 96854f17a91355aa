import Foundation
import SQLiteDB
import TestSupport
import Testing

/// The navigation rules `catalog nav` holds against the sample catalog's real links, each run a relaunch.
@Suite struct NavRulesCLITests {
    let cli: CatalogCLI

    init() throws {
        cli = try CatalogCLI()
        let imported = try cli.importSamples()
        #expect(imported.status == 0, "\(imported.standardError)")
    }

    /// The route of the item of `catalog list KIND --json` named `name`, e.g. `band/<uuid>`.
    func route(_ kind: String, _ name: String) throws -> String {
        let items = try #require(
            try cli.run(["list", kind + "s", "--limit", "200", "--json"]).json()["items"] as? [[String: Any]])
        let item = try #require(items.first { ($0["name"] ?? $0["title"]) as? String == name }, "no \(kind) \(name)")
        return "\(kind)/\(try #require(item["uuid"] as? String))"
    }

    func nav(_ arguments: String...) throws -> [String: Any] {
        let result = try cli.run(["nav"] + arguments + ["--json"])
        #expect(result.status == 0, "nav \(arguments): \(result.standardError)")
        return try result.json()
    }

    /// Runs a nav command that must be refused, and checks the saved state did not change.
    func refused(_ arguments: String...) throws -> String {
        let before = try cli.run("nav", "show", "--json").standardOutput
        let result = try cli.run(["nav"] + arguments)
        #expect(result.status == 1, "nav \(arguments) was not refused: \(result.standardOutput)")
        #expect(try cli.run("nav", "show", "--json").standardOutput == before)
        return result.standardError
    }

    @Test func aContentSelectionMustBeAnItemOfTheSidebarList() throws {
        let electronic = try route("genre", "Electronic")
        let motorhead = try route("band", "Motörhead")
        let daftPunk = try route("band", "Daft Punk")
        let huckleberry = try route("book", "Adventures of Huckleberry Finn")
        _ = try nav("select-sidebar", electronic)
        #expect(try refused("select-content", motorhead) == "error: \(motorhead) is not listed under \(electronic)\n")
        let link = "catalog://\(electronic)?content=\(huckleberry)"
        #expect(try refused("open", link) == "error: \(huckleberry) is not listed under \(electronic)\n")
        #expect(try nav("select-content", daftPunk)["content"] as? String == daftPunk)

        _ = try nav("select-sidebar", "search/daft")
        #expect(try refused("select-content", motorhead).contains("\(motorhead) is not listed under search/daft"))
        #expect(try nav("select-content", daftPunk)["detail"] as? String == daftPunk)

        _ = try nav("select-sidebar", "books")
        #expect(try nav("select-content", huckleberry)["content"] as? String == huckleberry)
    }

    @Test func aPushMustFollowALinkTheDetailShows() throws {
        let huckleberry = try route("book", "Adventures of Huckleberry Finn")
        let twain = try route("author", "Mark Twain")
        let kemble = try route("author", "E. W. Kemble")
        let tolkien = try route("author", "J. R. R. Tolkien")
        _ = try nav("select-sidebar", "books")
        _ = try nav("select-content", huckleberry)
        let message = try refused("push", tolkien)
        #expect(
            message
                == "error: \(tolkien) cannot be pushed onto \(huckleberry): the detail of \(huckleberry) does not link to it\n"
        )
        #expect(try nav("push", twain)["stack"] as? [String] == [twain])
        #expect(try nav("push", kemble)["stack"] as? [String] == [twain, kemble])  // co-authors
        #expect(try refused("push", tolkien).contains("\(tolkien) cannot be pushed onto \(kemble)"))
        let link = "catalog://books?content=\(huckleberry)&stack=\(twain)&stack=\(tolkien)"
        #expect(try refused("open", link).contains("\(tolkien) cannot be pushed onto \(twain)"))
    }

    @Test func aRestoreRepairsLinksTheCatalogNoLongerHas() throws {
        let electronic = try route("genre", "Electronic")
        let heavyMetal = try route("genre", "Heavy metal")
        let daftPunk = try route("band", "Daft Punk")
        let motorhead = try route("band", "Motörhead")
        _ = try nav("select-sidebar", electronic)
        _ = try nav("select-content", daftPunk)
        _ = try nav("--scene", "metal", "select-sidebar", "genres")
        _ = try nav("--scene", "metal", "select-content", heavyMetal)
        _ = try nav("--scene", "metal", "push", motorhead)
        _ = try nav("--scene", "metal", "push", heavyMetal)
        let db = try Database(path: cli.database)
        try db.execute("DELETE FROM band_genres WHERE genre_id = (SELECT id FROM genres WHERE name = 'Electronic')")
        try db.execute(
            "DELETE FROM band_genres WHERE band_id = (SELECT id FROM bands WHERE name = 'Motörhead')"
                + " AND genre_id = (SELECT id FROM genres WHERE name = 'Heavy metal')")

        let text = try cli.run("nav", "show").standardOutput
        #expect(
            text.contains(
                "repaired: content selection \(daftPunk) is not listed under \(electronic): removed \(daftPunk)\n"))
        let shown = try nav("show")
        #expect(shown["sidebar"] as? String == electronic && shown["content"] is NSNull && shown["detail"] is NSNull)
        #expect((shown["repairs"] as? [Any])?.isEmpty == true)  // written back: reported once

        let metal = try nav("--scene", "metal", "show")
        #expect(metal["detail"] as? String == heavyMetal && metal["stack"] as? [String] == [])
        let repair = try #require((metal["repairs"] as? [[String: Any]])?.first)
        #expect(repair["element"] as? String == "detail stack entry 1")
        #expect(repair["reason"] as? String == "is not listed under \(heavyMetal)")
        #expect(repair["removed"] as? [String] == [motorhead, heavyMetal])
    }

    @Test func aToolbarDetailInTwoColumnsTakesTheSidebarMark() throws {
        let daftPunk = try route("band", "Daft Punk")
        let settings = try nav("select-sidebar", "settings")
        #expect(settings["sidebarMarked"] as? Bool == true)
        let toolbar = try nav("show-detail", daftPunk)
        #expect(toolbar["sidebar"] as? String == "settings" && toolbar["layout"] as? Int == 2)
        #expect(toolbar["sidebarMarked"] as? Bool == false && toolbar["detail"] as? String == daftPunk)
        #expect(try cli.run("nav", "show").standardOutput.contains("(not marked: a toolbar detail)"))
        let again = try nav("select-sidebar", "settings")
        #expect(again["detail"] as? String == "settings" && again["sidebarMarked"] as? Bool == true)
        #expect((again["history"] as? [String: Int])?["count"] == 4)

        // In three columns the detail never switches the layout, and the sidebar keeps its mark.
        _ = try nav("select-sidebar", "genres")
        let shown = try nav("show-detail", "settings")
        #expect(shown["layout"] as? Int == 3 && shown["sidebar"] as? String == "genres")
        #expect(shown["detail"] as? String == "settings" && shown["sidebarMarked"] as? Bool == true)
    }

    /// A section or a search is a list: as the detail it would show no list and allow no push, so it is refused
    /// with what to do, and the scene stays as it was.
    @Test(arguments: ["books", "search/tolk"])
    func aListCannotBeTheDetail(route: String) throws {
        _ = try nav("select-sidebar", "authors")
        let before = try cli.run("nav", "show", "--json").standardOutput
        for intent in ["show-detail", "push"] {
            let refused = try cli.run("nav", intent, route)
            #expect(refused.status == 1)
            #expect(
                refused.standardError
                    == "error: \(route) is a list, which the detail column does not show: select it in the sidebar "
                    + "to list it\n")
        }
        #expect(try cli.run("nav", "show", "--json").standardOutput == before)
    }

    @Test func backCollapsesEntriesARepairMadeEqual() throws {
        let huckleberry = try route("book", "Adventures of Huckleberry Finn")
        let twain = try route("author", "Mark Twain")
        let satire = try route("genre", "Satire")
        _ = try nav("select-sidebar", "authors")
        _ = try nav("select-content", twain)
        _ = try nav("push", huckleberry)
        _ = try nav("push", satire)
        let db = try Database(path: cli.database)
        try db.execute("PRAGMA foreign_keys = ON")
        try db.execute("DELETE FROM genres WHERE name = 'Satire'")

        // Entries: (nothing), authors, twain, twain › finn, twain › finn › satire. The last repairs to
        // twain › finn, which the entry before it now equals: back passes over it, removes it, and reaches twain.
        let relaunched = try nav("show")
        #expect(relaunched["stack"] as? [String] == [huckleberry])
        #expect((relaunched["history"] as? [String: Int]) == ["position": 5, "count": 5])
        let back = try nav("back")
        #expect(back["detail"] as? String == twain && back["stack"] as? [String] == [])
        #expect((back["history"] as? [String: Int]) == ["position": 3, "count": 4])
        let forward = try nav("forward")
        #expect(forward["stack"] as? [String] == [huckleberry])
        #expect((forward["history"] as? [String: Int]) == ["position": 4, "count": 4])
        #expect(try cli.run("nav", "forward").status == 1)
    }

    @Test func clearSidebarEmptiesTheStateByIntentAndByDeepLink() throws {
        _ = try nav("visibility", "detailOnly")
        _ = try nav("select-sidebar", "genres")
        let cleared = try nav("clear-sidebar")
        #expect(cleared["sidebar"] is NSNull && cleared["detail"] is NSNull && cleared["layout"] as? Int == 3)
        #expect(cleared["visibility"] as? String == "detailOnly" && cleared["compactColumn"] as? String == "sidebar")
        #expect(try nav("back")["sidebar"] as? String == "genres")
        let opened = try nav("open", "catalog://")
        #expect(opened["sidebar"] is NSNull && opened["visibility"] as? String == "detailOnly")
        #expect(try nav("show")["sidebar"] is NSNull)  // survives a relaunch
    }

    @Test func backAndForwardKeepTheCurrentVisibility() throws {
        _ = try nav("select-sidebar", "books")
        _ = try nav("select-sidebar", "authors")
        _ = try nav("visibility", "all")
        let back = try nav("back")
        #expect(back["sidebar"] as? String == "books" && back["visibility"] as? String == "all")
        let forward = try nav("forward")
        #expect(forward["sidebar"] as? String == "authors" && forward["visibility"] as? String == "all")
    }

    @Test func aRefusedDeepLinkNamesTheUnknownKey() throws {
        let message = try refused("open", "catalog://genres?foo=bar")
        #expect(
            message
                == "error: cannot open catalog://genres?foo=bar: unknown query item \"foo\" (expected content, detail or stack)\n"
        )
    }
}
