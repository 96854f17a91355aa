import Foundation
import TestSupport
import Testing
import WebDriver

/// Editing the catalog from the web page, in a real browser (as ``WebBrowserTests``): a detail changed in place, an
/// entry added, deleted after a confirmation and merged into one chosen with a picker, and a change another program
/// made first shown before the user's is applied again. Each signs in with a token of scope `edit`.
@Suite(.serialized) struct WebEditingTests {
    typealias Fixture = WebBrowserTests.Fixture

    /// A browser signed in with an edit token, showing `path`, once its detail is `title`.
    static func editor(_ fixture: Fixture, at path: String, showing title: String) throws -> PageBrowser {
        let token = try fixture.served.createToken(user: ServedCatalog.user, scope: "edit")
        let page = try fixture.browser()
        try page.open(path, signingInWith: token)
        try page.waitUntil("the entry as detail") { $0.detail == title }
        return page
    }

    /// Adds an author with the command, and returns its uuid.
    static func addAuthor(_ fixture: Fixture, _ name: String) throws -> String {
        let added = try fixture.served.cli.run("add", "author", "--name", name, "--json")
        try #require(added.status == 0, "\(added.standardError)")
        return try #require(try added.json()["uuid"] as? String)
    }

    /// Sets the form's field `key` to `text`, as typed.
    static func fill(_ page: PageBrowser, _ key: String, _ text: String) throws {
        try page.session.execute("document.getElementById(arguments[0]).value = ''", ["edit-\(key)"])
        try page.session.type(text, into: "#edit-\(key)")
    }

    static func openForm(_ page: PageBrowser, with button: String) throws {
        try page.session.click("#edit-bar .\(button)")
        try page.session.wait(for: "the form", until: "return !document.getElementById('editor').hidden")
    }

    static func text(_ page: PageBrowser, _ selector: String) throws -> String {
        try page.session.execute("return document.querySelector(arguments[0])?.textContent ?? ''", [selector])
            as? String ?? ""
    }

    @Test func aBookIsChangedInPlaceWithAnAuthorFoundAsOneTypes() throws {
        let fixture = try Fixture()
        defer { fixture.stop() }
        let book = try fixture.served.firstUUID("books", where: "authors")
        let title = try fixture.title("book", book)
        let page = try Self.editor(fixture, at: "/app/books?content=book/\(book)", showing: title)
        try Self.openForm(page, with: "edit-entry")
        try Self.fill(page, "year", "1999")
        // Every author credited goes; one found by typing part of its name comes.
        while try page.session.execute("return document.querySelector('#editor .remove-entry') !== null") as? Bool
            == true
        {
            try page.session.click("#editor .remove-entry")
        }
        try page.session.type("Jane Aus", into: "#edit-authors-search")
        try page.session.wait(
            for: "Jane Austen suggested",
            until:
                "return [...document.querySelectorAll('#editor .suggestion')].some((b) => b.textContent === 'Jane Austen')"
        )
        try page.session.execute(
            "[...document.querySelectorAll('#editor .suggestion')].find((b) => b.textContent === 'Jane Austen').click()"
        )
        try page.screenshot("edit-form")
        try page.session.click("#editor button[type=submit]")
        let saved = try page.waitUntil("the change saved") { $0.status == "Saved." }
        #expect(saved.detail == title)
        #expect(try page.session.execute("return document.getElementById('editor').hidden") as? Bool == true)
        #expect(try Self.text(page, "#detail-body").contains("1999"))
        let shown = try fixture.served.cli.run("show", "book", book, "--json").json()
        #expect(shown["year"] as? Int == 1999)
        #expect((shown["authors"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Jane Austen"])
    }

    /// An entry added from the page is shown once added; markup in its name is shown as typed, and a request that
    /// changes the catalog without the session's CSRF token is refused.
    @Test func anEntryIsAddedAndItsMarkupShownAsText() throws {
        let fixture = try Fixture()
        defer { fixture.stop() }
        let author = try fixture.served.firstUUID("authors")
        let page = try Self.editor(
            fixture, at: "/app/authors?content=author/\(author)", showing: try fixture.title("author", author))
        let name = #"<img src=x onerror="window.injected='added'">Added"#
        try page.session.execute(
            """
            const add = document.querySelector('#edit-bar select');
            add.value = 'author';
            add.dispatchEvent(new Event('change'));
            """)
        try page.session.wait(for: "the new form", until: "return document.getElementById('edit-name') !== null")
        try Self.fill(page, "name", name)
        try page.session.click("#editor button[type=submit]")
        let added = try page.waitUntil("the new entry shown") { $0.detail == name }
        #expect(added.status == "Added.")
        let uuid = try fixture.uuid(in: "authors", named: name)
        #expect(try fixture.scene()["detail"] as? String == "author/\(uuid)")
        #expect(try page.session.execute("return document.querySelectorAll('body img').length") as? Int == 0)
        #expect(try page.session.execute("return window.injected === undefined") as? Bool == true)

        let refused = try page.session.executeAsync(
            """
            const done = arguments[arguments.length - 1];
            fetch('/v1/authors', { method: 'POST', credentials: 'same-origin',
              headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'Forged' }) })
              .then(async (response) => done(response.status + ' ' + (await response.json()).code));
            """)
        #expect(refused as? String == "403 missing-csrf-token")
        let listed = try fixture.served.cli.run("search", "Forged", "--json").standardOutput
        #expect(!listed.contains("Forged"))
    }

    @Test func anEntryIsDeletedOnlyOnceConfirmed() throws {
        let fixture = try Fixture()
        defer { fixture.stop() }
        let doomed = try Self.addAuthor(fixture, "Doomed Author")
        let page = try Self.editor(fixture, at: "/app/authors?content=author/\(doomed)", showing: "Doomed Author")
        try Self.openForm(page, with: "delete-entry")
        #expect(try Self.text(page, "#editor h3") == "Delete Doomed Author?")
        #expect(try fixture.served.cli.run("show", "author", doomed).status == 0, "nothing deleted before confirming")
        try page.screenshot("delete-confirmation")
        try page.session.click("#editor .confirm-delete")
        let after = try page.waitUntil("the entry gone") { $0.status == "Deleted Doomed Author." }
        #expect(after.detail != "Doomed Author")
        #expect(try fixture.served.cli.run("show", "author", doomed).status != 0)
    }

    @Test func anEntryIsMergedIntoOneChosenWithThePicker() throws {
        let fixture = try Fixture()
        defer { fixture.stop() }
        let merged = try Self.addAuthor(fixture, "Twain, Mark")
        let survivor = try Self.addAuthor(fixture, "Mark Twainsworth")
        let page = try Self.editor(fixture, at: "/app/authors?content=author/\(merged)", showing: "Twain, Mark")
        try Self.openForm(page, with: "merge-entry")
        try page.session.type("Twainswo", into: "#merge-search")
        try page.session.wait(
            for: "the survivor suggested",
            until: "return document.querySelector('#editor .suggestion')?.textContent === 'Mark Twainsworth'")
        try page.session.click("#editor .suggestion")
        try page.session.click("#editor .confirm-merge")
        let after = try page.waitUntil("the survivor shown") { $0.detail == "Mark Twainsworth" }
        #expect(after.status == "Merged into Mark Twainsworth.")
        let history = try fixture.served.cli.run("history", "author", survivor, "--json").standardOutput
        #expect(history.contains("\"merge\""))
        #expect(history.contains("\(ServedCatalog.user) (token "))
    }

    /// Another user's page showing an entry: an edit made elsewhere shows without a reload, and after a merge the
    /// page shows the entry that stays, saying why.
    @Test func anotherUsersOpenPageShowsAnEditAndFollowsAMerge() throws {
        let fixture = try Fixture()
        defer { fixture.stop() }
        let merged = try Self.addAuthor(fixture, "Twain, Mark")
        let survivor = try Self.addAuthor(fixture, "Mark Twainsworth")
        let token = try fixture.served.createToken(user: "bob", scope: "nav")
        let page = try fixture.browser()
        try page.open("/app/authors?content=author/\(merged)", signingInWith: token)
        try page.waitUntil("the entry as detail") { $0.detail == "Twain, Mark" }
        let edited = try fixture.served.cli.run("edit", "author", merged, "--name", "Twain, Mark (1835)")
        try #require(edited.status == 0, "\(edited.standardError)")
        try page.waitUntil("the edit shown") { $0.detail == "Twain, Mark (1835)" }
        let done = try fixture.served.cli.run("merge", "author", merged, "--into", survivor)
        try #require(done.status == 0, "\(done.standardError)")
        let after = try page.waitUntil("the survivor shown") { $0.detail == "Mark Twainsworth" }
        #expect(after.status.contains("merged into Mark Twainsworth"), "\(after.status)")
        #expect(after.address.hasSuffix("content=author/\(survivor)"), "\(after.address)")
    }

    /// Another program changes the entry while the form is open: the save is refused (412), the page says what
    /// changed, and applying the user's change again keeps both.
    @Test func aChangeMadeMeanwhileIsShownAndTheUsersIsAppliedAgainOnRequest() throws {
        let fixture = try Fixture()
        defer { fixture.stop() }
        let author = try Self.addAuthor(fixture, "Contested Author")
        let page = try Self.editor(fixture, at: "/app/authors?content=author/\(author)", showing: "Contested Author")
        try Self.openForm(page, with: "edit-entry")
        try Self.fill(page, "name", "Renamed In The Page")
        let elsewhere = try fixture.served.cli.run("edit", "author", author, "--about", "changed elsewhere")
        try #require(elsewhere.status == 0, "\(elsewhere.standardError)")
        try page.session.click("#editor button[type=submit]")
        try page.session.wait(
            for: "the conflict", until: "return !document.querySelector('#editor .conflict').hidden")
        #expect(try Self.text(page, "#editor .conflict").contains("Note: – → changed elsewhere"))
        #expect(
            try fixture.served.cli.run("show", "author", author, "--json").json()["name"] as? String
                == "Contested Author", "nothing saved on the 412")
        try page.screenshot("edit-conflict")
        try page.session.click("#editor .reapply")
        try page.waitUntil("the change applied again") { $0.status == "Saved." && $0.detail == "Renamed In The Page" }
        let shown = try fixture.served.cli.run("show", "author", author, "--json").json()
        #expect(shown["name"] as? String == "Renamed In The Page")
        #expect(shown["disambiguation"] as? String == "changed elsewhere")
    }
}
