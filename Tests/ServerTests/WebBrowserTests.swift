import Foundation
import SQLiteDB
import TestSupport
import Testing
import WebDriver

/// The web split view in a real browser (headless Chromium through chromedriver), on `catalog serve` with the sample
/// catalog: each scenario a user relies on, with a screenshot of each in `.build/browser-screenshots/`.
///
/// `Scripts/screenshots.sh` (`CATALOG_UPDATE_SCREENSHOT=1` for ``theDocumentationScreenshots()``) also refreshes the
/// documentation's screenshots in `docs/images/`.
@Suite(.serialized) struct WebBrowserTests {
    /// A server with a nav token of its user, a driver, and the genre (with bands) and band the scenarios open.
    final class Fixture {
        let served: ServedCatalog
        let driver: ChromeDriver
        let token: String
        let genre: String
        let band: String
        private var browsers: [PageBrowser] = []

        init() throws {
            try Self.requireBrowser()
            served = try ServedCatalog()
            do {
                token = try served.createToken(user: ServedCatalog.user, scope: "nav")
                genre = try served.firstUUID("genres", where: "bands")
                let shown = try served.cli.run("show", "genre", genre, "--json").json()
                let bands = try #require(shown["bands"] as? [[String: Any]])
                band = try #require(bands.first?["uuid"] as? String)
                driver = try ChromeDriver()
            } catch {
                served.stop()
                throw error
            }
        }

        /// Skips the test when Chromium or chromedriver is not installed.
        static func requireBrowser() throws {
            if let reason = ChromeDriver.unavailableReason { try Test.cancel("\(reason)") }
        }

        /// A new browser (its own profile: its own cookies) on the server.
        func browser(width: Int = 1280, height: Int = 800) throws -> PageBrowser {
            let browser = try PageBrowser(driver, served, width: width, height: height)
            browsers.append(browser)
            return browser
        }

        /// The title the catalog gives `route`.
        func title(_ kind: String, _ uuid: String) throws -> String {
            let shown = try served.cli.run("show", kind, uuid, "--json").json()
            return try #require((shown["title"] ?? shown["name"]) as? String)
        }

        /// The uuid of the entry of `list` whose title or name is `name`.
        func uuid(in list: String, named name: String) throws -> String {
            let listed = try served.cli.run("list", list, "--limit", "1000", "--json").json()
            let items = try #require(listed["items"] as? [[String: Any]])
            let item = try #require(items.first { ($0["title"] ?? $0["name"]) as? String == name }, "no \(name)")
            return try #require(item["uuid"] as? String)
        }

        /// The scene as `catalog nav show --json` prints it.
        func scene() throws -> [String: Any] {
            try served.cli.run("nav", "--user", ServedCatalog.user, "show", "--json").json()
        }

        func stop() {
            for browser in browsers { browser.quit() }
            driver.stop()
            served.stop()
        }
    }

    /// Signs in, clicks Genres, a genre and one of its bands, and waits until the band is the detail.
    static func browseToBand(_ fixture: Fixture, in page: PageBrowser) throws -> PageBrowser.Shown {
        let genreName = try fixture.title("genre", fixture.genre)
        let bandName = try fixture.title("band", fixture.band)
        try page.choose("genres", in: "sidebar-list")
        try page.choose("genre/\(fixture.genre)", in: "content-list")
        try page.waitUntil("the genre as detail") { $0.detail == genreName }
        try page.choose("band/\(fixture.band)", in: "detail-body")
        return try page.waitUntil("the band pushed") {
            $0.sidebar == "Genres" && $0.content == genreName && $0.detail == bandName
        }
    }

    @Test func aUserBrowsesGenresToABandAndFindsTheSameColumnsAfterAReloadAndInAnotherBrowser() throws {
        let fixture = try Fixture()
        defer { fixture.stop() }
        let page = try fixture.browser()
        try page.open(signingInWith: fixture.token)
        let browsed = try Self.browseToBand(fixture, in: page)
        #expect(browsed.crumbs == [try fixture.title("genre", fixture.genre), try fixture.title("band", fixture.band)])
        #expect(browsed.address == "/app/genres?content=genre/\(fixture.genre)&stack=band/\(fixture.band)")
        #expect(browsed.visible == ["sidebar", "content", "detail"])
        let saved = try fixture.scene()
        #expect(saved["content"] as? String == "genre/\(fixture.genre)")
        #expect(saved["stack"] as? [String] == ["band/\(fixture.band)"])
        try page.screenshot("three-columns")

        try page.session.refresh()
        let reloaded = try page.waitUntil("the state after a reload") { $0.detail == browsed.detail && $0.etag != "" }
        #expect(reloaded.sidebar == browsed.sidebar && reloaded.content == browsed.content)
        #expect(reloaded.crumbs == browsed.crumbs && reloaded.address == browsed.address)

        // Another browser: its own profile, so it signs in itself, and finds the same state.
        let other = try fixture.browser()
        try other.open(signingInWith: fixture.token)
        let elsewhere = try other.waitUntil("the same state") { $0.detail == browsed.detail }
        #expect(elsewhere.sidebar == browsed.sidebar && elsewhere.content == browsed.content)
        #expect(elsewhere.crumbs == browsed.crumbs && elsewhere.address == browsed.address)
        try other.screenshot("second-browser")
    }

    /// A link that names something gone leaves the state as it was and says why in an alert that does not move the
    /// columns.
    @Test func aPastedDeepLinkOpensItsStateAndOneNamingSomethingGoneSaysSo() throws {
        let fixture = try Fixture()
        defer { fixture.stop() }
        let page = try fixture.browser()
        try page.open(signingInWith: fixture.token)
        let link = "/app/genres?content=genre/\(fixture.genre)&stack=band/\(fixture.band)"
        try page.open(link)
        let opened = try page.waitUntil("the linked state") { $0.detail == (try? fixture.title("band", fixture.band)) }
        #expect(opened.address == link && opened.sidebar == "Genres")
        #expect(try fixture.scene()["stack"] as? [String] == ["band/\(fixture.band)"])
        try page.screenshot("deep-link")

        // The layout without an alert, taken on the page laid out (the new load may not be yet).
        let before = try page.alertLayout()
        let gone = "/app/genres?content=genre/00000000-0000-0000-0000-000000000000"
        try page.open(gone)
        // The new load says why at once and draws the columns of the state kept after it: wait for both.
        let refused = try page.waitUntil("the refusal beside the state kept") {
            $0.alert != nil && $0.detail == opened.detail
        }
        #expect(refused.alert?.contains("could not be opened") == true)
        #expect(refused.address == link, "the address bar shows the state kept")
        #expect(refused.detail == opened.detail && refused.content == opened.content)
        let alert = try page.alertLayout()
        #expect(alert.announced && alert.visible)
        #expect(alert.columnsTop == before.columnsTop, "the alert moved the columns")
        #expect(try fixture.scene()["stack"] as? [String] == ["band/\(fixture.band)"])
        try page.screenshot("deep-link-gone")
    }

    /// An entry that cannot be loaded (the server is out of reach) leaves the detail shown as it was, and the alert
    /// says why until the user dismisses it.
    @Test func anEntryThatCannotLoadKeepsTheDetailShownAndSaysWhy() throws {
        let fixture = try Fixture()
        defer { fixture.stop() }
        let page = try fixture.browser()
        try page.open(signingInWith: fixture.token)
        let band = try Self.browseToBand(fixture, in: page)
        let facts = "return document.querySelectorAll('#detail-body dd').length"
        let shownFacts = try page.session.execute(facts) as? Int ?? 0
        #expect(shownFacts > 0)
        try page.session.cdp("Network.enable")
        try page.session.cdp("Network.setBlockedURLs", ["urls": ["*/v1/genres/*"]])
        try page.session.click("#breadcrumb-list button")  // back to the genre, which cannot load
        let failed = try page.waitUntil("the failure") { $0.alert != nil }
        #expect(failed.alert?.contains("could not be reached") == true)
        #expect(failed.detail == band.detail, "the detail shown before stays")
        #expect(try page.session.execute(facts) as? Int == shownFacts)
        let alert = try page.alertLayout()
        #expect(alert.announced && alert.visible)
        try page.screenshot("entry-cannot-load")
        try page.session.click("#alert-dismiss")
        try page.waitUntil("the alert dismissed") { $0.alert == nil }
    }

    /// A breadcrumb's middle entry pops the stack down to it with one `pop-to` intent (not an `open` of a link cut
    /// by the page), and the detail shows that entry.
    @Test func aMiddleBreadcrumbEntryPopsTheStackDownToIt() throws {
        let fixture = try Fixture()
        defer { fixture.stop() }
        let page = try fixture.browser()
        try page.open(signingInWith: fixture.token)
        let band = try Self.browseToBand(fixture, in: page)
        let genreName = try fixture.title("genre", fixture.genre)
        try page.choose("genre/\(fixture.genre)", in: "detail-body")
        try page.waitUntil("the genre pushed onto the band") { $0.crumbs.count == 3 && $0.detail == genreName }
        // What the page POSTs from here on, read back as the JSON bodies it sent.
        try page.session.execute(
            """
            window.sentIntents = [];
            const fetchBefore = window.fetch;
            window.fetch = (url, options) => {
              if (String(url).endsWith("/intents")) window.sentIntents.push(JSON.parse(options.body));
              return fetchBefore(url, options);
            };
            """)
        try page.session.click("#breadcrumb-list li:nth-child(2) button")
        let popped = try page.waitUntil("the band on top again") { $0.crumbs.count == 2 && $0.detail == band.detail }
        #expect(popped.crumbs == band.crumbs)
        let sent = try page.session.execute("return JSON.stringify(window.sentIntents)") as? String
        #expect(sent == #"[{"intent":"pop-to","argument":1}]"#)
        #expect(try fixture.scene()["stack"] as? [String] == ["band/\(fixture.band)"])
    }

    /// A link opened while the saved state's list is still loading (here it never answers): the linked list loads
    /// instead of staying on "Loading…".
    @Test func aDeepLinkOpenedWhileTheSavedListLoadsShowsTheLinkedList() throws {
        let fixture = try Fixture()
        defer { fixture.stop() }
        let page = try fixture.browser()
        try page.open(signingInWith: fixture.token)
        try page.choose("books", in: "sidebar-list")
        try page.waitUntil("the books") { $0.sidebar == "Books" && !$0.items.isEmpty }
        // Paused requests stay unanswered: the saved list's first page never arrives.
        try page.session.cdp("Fetch.enable", ["patterns": [["urlPattern": "*/v1/books\\?*"]]])
        try page.open("/app/genres?content=genre/\(fixture.genre)")
        let genreName = try fixture.title("genre", fixture.genre)
        let linked = try page.waitUntil("the linked list") {
            $0.sidebar == "Genres" && $0.content == genreName && $0.more.isEmpty
        }
        #expect(linked.items.contains(genreName))
    }

    /// The tab names the entry on top: the section, then the chosen entry, then what was pushed onto its stack.
    @Test func theTabTitleNamesTheEntryOnTop() throws {
        let fixture = try Fixture()
        defer { fixture.stop() }
        let page = try fixture.browser()
        try page.open(signingInWith: fixture.token)
        let tabTitle = { try page.session.execute("return document.title") as? String }
        try page.choose("genres", in: "sidebar-list")
        try page.waitUntil("the genres") { $0.sidebar == "Genres" && $0.content == nil }
        #expect(try tabTitle() == "Genres — Library catalog")
        _ = try Self.browseToBand(fixture, in: page)
        #expect(try tabTitle() == "\(try fixture.title("band", fixture.band)) — Library catalog")
        try page.session.back()
        try page.waitUntil("the genre on top") { $0.crumbs.count <= 1 }
        #expect(try tabTitle() == "\(try fixture.title("genre", fixture.genre)) — Library catalog")
    }

    /// A search without hits says so instead of "0 items" and offers to clear the search, which shows the section
    /// shown before it.
    @Test func aSearchWithoutHitsSaysSoAndOffersToClearIt() throws {
        let fixture = try Fixture()
        defer { fixture.stop() }
        let page = try fixture.browser()
        try page.open(signingInWith: fixture.token)
        try page.choose("genres", in: "sidebar-list")
        try page.waitUntil("the genres") { $0.sidebar == "Genres" && !$0.items.isEmpty }
        try page.session.type("zzz\u{E007}", into: "#search-text")  // Enter
        let none = try page.waitUntil("the search without hits") { $0.empty != nil }
        #expect(none.empty == "No results for “zzz”.")
        #expect(none.items.isEmpty && none.total.isEmpty)
        let clearShown = "return document.getElementById('clear-search').checkVisibility()"
        #expect(try page.session.execute(clearShown) as? Bool == true)
        try page.screenshot("search-without-hits")
        try page.session.click("#clear-search")
        let cleared = try page.waitUntil("the section again") { $0.sidebar == "Genres" && !$0.items.isEmpty }
        #expect(cleared.empty == nil)
        #expect(try page.session.execute("return document.getElementById('search-text').value") as? String == "")
    }

    /// A detail's related list without entries says so in words: a genre with bands and no books.
    @Test func anEmptyRelatedListSaysSoInWords() throws {
        let fixture = try Fixture()
        defer { fixture.stop() }
        let shown = try fixture.served.cli.run("show", "genre", fixture.genre, "--json").json()
        try #require((shown["books"] as? [Any])?.isEmpty == true, "the genre with bands has books")
        let page = try fixture.browser()
        try page.open(signingInWith: fixture.token)
        try page.choose("genres", in: "sidebar-list")
        try page.choose("genre/\(fixture.genre)", in: "content-list")
        let genreName = try fixture.title("genre", fixture.genre)
        try page.waitUntil("the genre") { $0.detail == genreName }
        let books = try page.session.wait(
            for: "the genre's related lists",
            until: """
                const section = [...document.querySelectorAll("#detail-body section")]
                  .find((s) => s.querySelector("h3")?.textContent.startsWith("Books"));
                return section && section.querySelector("h3").textContent + " / "
                  + (section.querySelector(".empty")?.textContent ?? section.querySelectorAll("[role=option]").length);
                """)
        #expect(books as? String == "Books (0) / No books.")
    }

    @Test func theBackButtonFollowsTheScenesHistory() throws {
        let fixture = try Fixture()
        defer { fixture.stop() }
        let page = try fixture.browser()
        try page.open(signingInWith: fixture.token)
        _ = try Self.browseToBand(fixture, in: page)
        let genreName = try fixture.title("genre", fixture.genre)
        try page.session.back()
        let back = try page.waitUntil("the genre again") { $0.detail == genreName && $0.crumbs.count <= 1 }
        #expect(back.address == "/app/genres?content=genre/\(fixture.genre)")
        #expect(try fixture.scene()["stack"] as? [String] == [])
        try page.session.back()
        try page.waitUntil("the genre list without a selection") { $0.sidebar == "Genres" && $0.content == nil }
        try page.screenshot("back")
    }

    /// Each page holds a scene long-poll; one left running when the user opens the page again (the page kept in the
    /// back/forward cache) would hold one of the browser's six connections to the server until its 25 s wait is up,
    /// and the seventh visit would wait for a connection.
    @Test func openingThePageManyTimesInARowShowsItEachTime() throws {
        let fixture = try Fixture()
        defer { fixture.stop() }
        let page = try fixture.browser()
        try page.open(signingInWith: fixture.token)
        for visit in 1...8 {
            try page.session.navigate(to: fixture.served.baseURL + "/")
            let rendered = try page.session.wait(
                for: "the page on visit \(visit)",
                until: "return performance.getEntriesByName('columns-rendered')[0]?.startTime ?? null")
            // Not a measure of speed: a page that waited for a connection shows only when a 25 s long-poll ends.
            #expect((rendered as? Double ?? 0) < 20_000, "visit \(visit) waited for a connection")
        }
    }

    @Test func aPhoneWidthShowsOneColumnWithABackButton() throws {
        let fixture = try Fixture()
        defer { fixture.stop() }
        let page = try fixture.browser()
        try page.open(signingInWith: fixture.token)
        _ = try Self.browseToBand(fixture, in: page)
        try page.session.setWindowSize(width: 390, height: 844)
        let narrow = try page.waitUntil("one column") { $0.visible == ["detail"] }
        #expect(
            try page.session.execute("return getComputedStyle(document.getElementById('compact-back')).display")
                as? String != "none")
        try page.screenshot("phone-detail")
        try page.session.click("#compact-back")
        let popped = try page.waitUntil("the stack popped") { $0.crumbs.count <= 1 && $0.etag != narrow.etag }
        #expect(popped.visible == ["detail"])
        try page.session.click("#compact-back")
        try page.waitUntil("the content column") { $0.visible == ["content"] }
        #expect(try fixture.scene()["compactColumn"] as? String == "content")
        try page.screenshot("phone-content")
    }

    @Test func aSaveRefusedWith412ShowsTheServersStateAndSaysSo() throws {
        let fixture = try Fixture()
        defer { fixture.stop() }
        let page = try fixture.browser()
        // This tab never hears of changes (its long-polls are blocked), as a tab asleep in the background.
        try page.session.cdp("Network.enable")
        try page.session.cdp("Network.setBlockedURLs", ["urls": ["*wait=*"]])
        try page.open(signingInWith: fixture.token)
        try page.choose("books", in: "sidebar-list")
        let books = try page.waitUntil("books") { $0.sidebar == "Books" }
        let other = try fixture.browser()
        try other.open(signingInWith: fixture.token)
        try other.choose("bands", in: "sidebar-list")
        try other.waitUntil("bands in the other tab") { $0.sidebar == "Bands" }
        #expect(try page.shown().sidebar == "Books", "the blocked tab still shows its state")
        try page.choose("authors", in: "sidebar-list")
        let refused = try page.waitUntil("the server's state") { $0.sidebar == "Bands" && $0.etag != books.etag }
        #expect(refused.alert?.contains("changed in another window") == true)
        #expect(try fixture.scene()["sidebar"] as? String == "bands", "the newer state was not overwritten")
        try page.screenshot("stale-412")
    }

    @Test func anIntentFromATerminalShowsOnTheOpenPage() throws {
        let fixture = try Fixture()
        defer { fixture.stop() }
        let page = try fixture.browser()
        try page.open(signingInWith: fixture.token)
        let before = try page.shown()
        let nav = try fixture.served.cli.run(
            "nav", "--user", ServedCatalog.user, "open", "catalog://genres?content=genre/\(fixture.genre)")
        try #require(nav.status == 0, "\(nav.standardError)")
        let genreName = try fixture.title("genre", fixture.genre)
        let live = try page.waitUntil("the terminal's change") { $0.detail == genreName && $0.etag != before.etag }
        #expect(live.sidebar == "Genres" && live.content == genreName)
        try page.screenshot("terminal-intent")
    }

    /// Catalog text is inserted as text wherever the page shows it. A book title and an author's name holding markup
    /// (imported from CSV) appear as typed in the content list, the detail's title and related list, the breadcrumb
    /// and the tab's title; a search for markup in the content column's title and its empty-list sentence; a state
    /// another program saved as markup in the status line. None of it becomes an element, and no script of it runs.
    @Test func textWithMarkupIsShownAsTextInEveryPlaceThePageShowsIt() throws {
        let fixture = try Fixture()
        defer { fixture.stop() }
        let marked = { (place: String) in #"<img src=x onerror="window.injected='\#(place)'">"# }
        let (title, author) = (marked("title"), marked("author"))
        let csv = fixture.served.cli.path("hostile.csv")
        let quoted = { (text: String) in "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
        try Data("title,authors,year\n\(quoted(title)),\(quoted(author)),2020\n".utf8).write(to: URL(filePath: csv))
        let imported = try fixture.served.cli.run("import", csv)
        try #require(imported.status == 0, "\(imported.standardOutput)\(imported.standardError)")
        let (book, writer) = (
            try fixture.uuid(in: "books", named: title), try fixture.uuid(in: "authors", named: author)
        )
        let page = try fixture.browser()
        try page.open(signingInWith: fixture.token)
        let tabTitle = { try page.session.execute("return document.title") as? String }
        let detailBody = { try page.session.execute("return document.getElementById('detail-body').textContent") }

        try page.choose("books", in: "sidebar-list")
        try page.choose("book/\(book)", in: "content-list")
        let shownBook = try page.waitUntil("the book as detail") { $0.detail == title }
        #expect(shownBook.content == title && shownBook.crumbs == [title])
        #expect(try tabTitle() == "\(title) — Library catalog")
        #expect((try detailBody() as? String)?.contains(author) == true, "the book's authors")

        try page.choose("author/\(writer)", in: "detail-body")
        let shownAuthor = try page.waitUntil("the author pushed") { $0.detail == author }
        #expect(shownAuthor.crumbs == [title, author])
        #expect(try tabTitle() == "\(author) — Library catalog")
        #expect((try detailBody() as? String)?.contains(title) == true, "the author's books")
        try page.screenshot("markup-as-text")

        let searched = marked("search")
        try page.session.type(searched + "\u{E007}", into: "#search-text")  // Enter
        let search = try page.waitUntil("the search") { $0.sidebar == nil && $0.empty != nil }
        #expect(search.empty?.contains(searched) == true, "\(search)")
        let contentTitle = try page.session.execute("return document.getElementById('content-title').textContent")
        #expect((contentTitle as? String)?.contains(searched) == true, "\(contentTitle ?? "none")")

        // Another program saved scene "saved" as text that is not a state: restoring it says so, quoting it.
        let stored = marked("status")
        #expect(
            try fixture.served.cli.run(
                "nav", "--user", ServedCatalog.user, "--scene", "saved", "select-sidebar", "books"
            ).status == 0)
        let users = try Database(path: fixture.served.cli.usersDatabase)
        try users.execute("UPDATE nav_scenes SET state = ? WHERE scene = 'saved'", [stored])
        #expect(users.changes == 1)
        try users.close()
        try page.open("/app?scene=saved")
        let restored = try page.waitUntil("the repair said") { $0.status.contains(stored) }
        #expect(restored.sidebar == nil, "\(restored)")

        #expect(try page.session.execute("return document.querySelectorAll('body img, body svg').length") as? Int == 0)
        #expect(try page.session.execute("return window.injected === undefined") as? Bool == true)
    }

    @Test func theKeyboardMovesWithinAColumnAndEnterSelects() throws {
        let fixture = try Fixture()
        defer { fixture.stop() }
        let page = try fixture.browser()
        try page.open(signingInWith: fixture.token)
        try page.session.execute("document.querySelector('#sidebar-list [role=option]').focus()")
        try page.session.press("\u{E015}\u{E015}\u{E007}")  // down, down, Enter: the third section, Genres
        let genres = try page.waitUntil("genres chosen by keyboard") { $0.sidebar == "Genres" && !$0.items.isEmpty }
        try page.session.press("\u{E004}")  // Tab: to the content column
        #expect(
            try page.session.execute("return document.activeElement.closest('[role=listbox]')?.id") as? String
                == "content-list")
        let focusRing = """
            const style = getComputedStyle(document.activeElement);
            return style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2;
            """
        #expect(try page.session.execute(focusRing) as? Bool == true, "the focused option shows no focus ring")
        try page.session.press("\u{E015}\u{E007}")  // down, Enter: the second genre
        let chosen = try page.waitUntil("a genre chosen by keyboard") { $0.content != nil }
        #expect(chosen.content == genres.items[1])
        #expect(
            try page.session.execute(
                "return document.querySelector('nav#sidebar') !== null && document.querySelector('main#detail') !== null"
            ) as? Bool == true)
    }

    /// The documentation's screenshots: a genre and a book pushed from it, in a 1280×800 window and on a 390×844
    /// phone, saved with the others; with `CATALOG_UPDATE_SCREENSHOT=1` (`Scripts/screenshots.sh`) they replace
    /// `docs/images/web-page.png` and `docs/images/web-page-phone.png`.
    @Test func theDocumentationScreenshots() throws {
        let fixture = try Fixture()
        defer { fixture.stop() }
        let genre = try fixture.uuid(in: "genres", named: "Adventure")
        let book = try fixture.uuid(in: "books", named: "Adventures of Huckleberry Finn")
        let page = try fixture.browser()
        try page.showInViewport(width: 1280, height: 800)
        try page.open(signingInWith: fixture.token)
        try page.choose("genres", in: "sidebar-list")
        try page.choose("genre/\(genre)", in: "content-list")
        try page.waitUntil("the genre") { $0.detail == "Adventure" }
        try page.choose("book/\(book)", in: "detail-body")
        try page.waitUntil("the book pushed") { $0.detail == "Adventures of Huckleberry Finn" && $0.crumbs.count == 2 }
        try page.session.wait(
            for: "the book's related lists", until: "return document.querySelector('#detail-body .related')")
        #expect(
            try page.session.execute("return document.title") as? String
                == "Adventures of Huckleberry Finn — Library catalog")
        let update = ProcessInfo.processInfo.environment["CATALOG_UPDATE_SCREENSHOT"] == "1"
        let directories = [PageBrowser.screenshots] + (update ? [PageBrowser.documentationImages] : [])
        for directory in directories { try page.screenshot("web-page", in: directory) }
        try page.showInViewport(width: 390, height: 844, mobile: true)
        try page.waitUntil("one column") { $0.visible == ["detail"] }
        for directory in directories { try page.screenshot("web-page-phone", in: directory) }
        try page.showInWindow()
    }

    /// Related entries read as links and buttons as buttons (a hover state each); on a wide screen the related lists
    /// sit side by side under the facts, and on a phone they stack without scrolling sideways.
    @Test func aDetailUsesAWideScreenAndItsEntriesLookClickable() throws {
        let fixture = try Fixture()
        defer { fixture.stop() }
        let book = try fixture.served.firstUUID("books", where: "genres")
        let page = try fixture.browser()
        try page.showInViewport(width: 1280, height: 800)
        try page.open(signingInWith: fixture.token)
        try page.choose("books", in: "sidebar-list")
        try page.choose("book/\(book)", in: "content-list")
        try page.session.wait(
            for: "the book's related lists",
            until: "return document.querySelectorAll('#detail-body .related').length >= 2")
        let looks = """
            const style = (selector) => getComputedStyle(document.querySelector(selector));
            const boxes = [...document.querySelectorAll("#detail-body .related")].map((e) => e.getBoundingClientRect());
            return JSON.stringify({
              entryColoured: style(".related [role=option] .label").color !== style("#detail-title").color,
              entryPointer: style(".related [role=option]").cursor === "pointer",
              buttonStyled: style("#sign-out").borderRadius !== "0px" && style("#sign-out").borderStyle !== "outset",
              sideBySide: boxes.length >= 2 && boxes[1].top === boxes[0].top && boxes[1].left > boxes[0].right,
              stacked: boxes.length >= 2 && boxes[1].top >= boxes[0].bottom,
              fits: document.documentElement.scrollWidth <= innerWidth,
            });
            """
        struct Looks: Decodable {
            var entryColoured, entryPointer, buttonStyled, sideBySide, stacked, fits: Bool
        }
        let wide = try JSONDecoder().decode(
            Looks.self, from: Data((try page.session.execute(looks) as? String ?? "{}").utf8))
        #expect(wide.entryColoured && wide.entryPointer, "related entries do not look clickable")
        #expect(wide.buttonStyled, "buttons keep the browser's default look")
        #expect(wide.sideBySide, "the related lists do not use the wide column")
        try page.showInViewport(width: 390, height: 844, mobile: true)
        try page.waitUntil("one column") { $0.visible == ["detail"] }
        let narrow = try JSONDecoder().decode(
            Looks.self, from: Data((try page.session.execute(looks) as? String ?? "{}").utf8))
        #expect(narrow.stacked && narrow.fits, "the detail does not fit a phone")
        try page.showInWindow()
    }

    /// axe-core finds nothing to fix on the pages a user sees: sign-in, the three columns with a pushed entry, a
    /// book, a search without hits, an alert, Settings, and the one column of a phone.
    @Test func axeFindsNoAccessibilityProblemOnThePagesAUserSees() throws {
        let axe = try Self.axeSource()
        let fixture = try Fixture()
        defer { fixture.stop() }
        let page = try fixture.browser()
        let check = { (name: String) in
            let violations = try page.accessibilityViolations(axe: axe)
            #expect(violations.isEmpty, "\(name): \(violations.joined(separator: "\n"))")
        }
        try page.open()
        try page.session.wait(
            for: "the sign-in form", until: "return !document.getElementById('sign-in').hidden")
        try check("sign-in")
        try page.open(signingInWith: fixture.token)
        _ = try Self.browseToBand(fixture, in: page)
        try check("three columns")
        try page.choose("books", in: "sidebar-list")
        let book = try fixture.served.firstUUID("books", where: "authors")
        try page.choose("book/\(book)", in: "content-list")
        try page.waitUntil("the book") { $0.detail == (try? fixture.title("book", book)) }
        try check("a book")
        try page.session.type("zzz\u{E007}", into: "#search-text")
        try page.waitUntil("the search without hits") { $0.empty != nil }
        try check("a search without hits")
        try page.open("/app/genres?content=genre/00000000-0000-0000-0000-000000000000")
        try page.waitUntil("the refusal") { $0.alert != nil }
        try check("an alert")
        try page.choose("settings", in: "sidebar-list")
        try page.waitUntil("settings") { $0.sidebar == "Settings" }
        try check("settings")
        try page.session.setWindowSize(width: 390, height: 844)
        try page.waitUntil("one column") { $0.visible.count == 1 }
        try check("phone")
    }

    /// axe-core's source, from the `axe-selenium-python` package of the Python that `CATALOG_PYTHON` names (CI
    /// installs it); the calling test is skipped, saying why, without it.
    static func axeSource() throws -> String {
        let python = try TestSupport.python(with: "axe_selenium_python")
        let located = try TestSupport.run(
            python,
            [
                "-c",
                "import importlib.util, os; print(os.path.join(importlib.util.find_spec('axe_selenium_python')"
                    + ".submodule_search_locations[0], 'node_modules', 'axe-core', 'axe.min.js'))",
            ])
        let path = located.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        guard located.status == 0, let source = try? String(contentsOfFile: path, encoding: .utf8) else {
            try Test.cancel("axe-selenium-python ships no axe.min.js at '\(path)': \(located.standardError)")
        }
        return source
    }
}
