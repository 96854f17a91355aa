import Foundation
import SQLiteDB
import TestSupport
import Testing

/// The web page's sign-in over HTTP: a token traded once for a session cookie, the cookie's attributes, the CSRF
/// defence of state-changing cookie requests, sign-out and the end of a session with its token.
@Suite struct WebSessionTests {
    /// A signed-in browser: its cookie and its CSRF token.
    struct Browser {
        var cookie: String
        var csrfToken: String
        var setCookie: String
    }

    /// Signs in on `served` with `token`, as the page's form does.
    static func signIn(_ served: ServedCatalog, token: String) throws -> Browser {
        let answer = try served.request(
            "POST", "/v1/web/session", body: Data(#"{"token": "\#(token)"}"#.utf8))
        try #require(answer.status == 201, "\(answer.text)")
        let setCookie = try #require(answer.header("set-cookie"))
        let cookie = try #require(setCookie.split(separator: ";").first.map(String.init))
        let body = try #require(try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])
        return Browser(cookie: cookie, csrfToken: try #require(body["csrfToken"] as? String), setCookie: setCookie)
    }

    /// A served catalog whose requests carry no bearer token, and a nav token of its user.
    static func served() throws -> (ServedCatalog, String) {
        let served = try ServedCatalog()
        let token = try served.createToken(user: ServedCatalog.user, scope: "nav")
        served.token = nil
        return (served, token)
    }

    static let intent = Data(#"{"intent": "select-sidebar", "argument": "genres"}"#.utf8)

    @Test func signingInSetsAnHttpOnlyStrictCookieAndTheCookieActsForTheTokensUser() throws {
        let (served, token) = try Self.served()
        defer { served.stop() }
        let browser = try Self.signIn(served, token: token)
        let attributes = browser.setCookie.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(attributes.first?.hasPrefix("catalog_session=") == true)
        #expect(
            attributes.contains("HttpOnly") && attributes.contains("SameSite=Strict") && attributes.contains("Path=/"))
        #expect(!attributes.contains("Secure"), "plain HTTP: a Secure cookie would never be sent back")
        #expect(!browser.setCookie.contains(String(token.dropFirst(4))))
        let scene = try served.get("/v1/me/scenes/main", headers: ["Cookie": browser.cookie])
        #expect(scene.status == 200)
        #expect(try scene.jsonObject()["user"] as? String == ServedCatalog.user)
        let session = try served.get("/v1/web/session", headers: ["Cookie": browser.cookie])
        #expect(try session.jsonObject()["csrfToken"] as? String == browser.csrfToken)
        #expect(try session.jsonObject()["scope"] as? String == "nav")
    }

    @Test func aCookieRequestThatChangesStateNeedsTheSessionsCSRFTokenAndItsOwnOrigin() throws {
        let (served, token) = try Self.served()
        defer { served.stop() }
        let browser = try Self.signIn(served, token: token)
        let host = try #require(try served.url("/").host).appending(":\(try #require(try served.url("/").port))")
        let refusals: [(headers: [String: String], code: String)] = [
            ([:], "missing-csrf-token"),
            (["X-CSRF-Token": String(browser.csrfToken.reversed())], "wrong-csrf-token"),
            (["X-CSRF-Token": browser.csrfToken, "Origin": "https://evil.example"], "cross-origin"),
            // This server's host and port under another scheme is another origin, not this server's page.
            (["X-CSRF-Token": browser.csrfToken, "Origin": "evil://\(host)"], "cross-origin"),
            (["X-CSRF-Token": browser.csrfToken, "Origin": "https://\(host)"], "cross-origin"),
        ]
        for (headers, code) in refusals {
            let answer = try served.request(
                "POST", "/v1/me/scenes/main/intents",
                headers: headers.merging(["Cookie": browser.cookie]) { a, _ in a },
                body: Self.intent)
            #expect(answer.status == 403, "\(headers)")
            #expect(try problemCode(answer) == code, "\(headers): \(answer.text)")
        }
        #expect(
            try served.get("/v1/me/scenes/main", headers: ["Cookie": browser.cookie]).jsonObject()["sidebar"] is NSNull)
        let accepted = try served.request(
            "POST", "/v1/me/scenes/main/intents",
            headers: ["Cookie": browser.cookie, "X-CSRF-Token": browser.csrfToken, "Origin": "http://\(host)"],
            body: Self.intent)
        #expect(accepted.status == 200, "\(accepted.text)")
        #expect(try accepted.jsonObject()["sidebar"] as? String == "genres")
        // A bearer request needs neither: a browser never adds a token by itself.
        let bearer = try served.request(
            "POST", "/v1/me/scenes/main/intents", headers: ["Authorization": "Bearer \(token)"],
            body: Data(#"{"intent": "select-sidebar", "argument": "books"}"#.utf8))
        #expect(bearer.status == 200)
        // A page of another site cannot sign in either.
        let signIn = try served.request(
            "POST", "/v1/web/session", headers: ["Origin": "https://evil.example"],
            body: Data(#"{"token": "\#(token)"}"#.utf8))
        #expect(try signIn.status == 403 && problemCode(signIn) == "cross-origin")
    }

    /// The status of signing in with `token` from a page of `origin`, the request naming `host` as its `Host`.
    static func signInStatus(_ served: ServedCatalog, token: String, origin: String, host: String = "x") throws -> Int?
    {
        let port = try #require(try served.url("/").port)
        let body = #"{"token": "\#(token)"}"#
        let connection = try RawHTTPConnection(port: port)
        connection.write(
            "POST /v1/web/session HTTP/1.1\r\nHost: \(host)\r\nOrigin: \(origin)\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)")
        return RawHTTPConnection.status(of: try connection.readUntilClosed())
    }

    @Test func theOriginMustBeTheServersOwnWhateverHostTheRequestNames() throws {
        let (served, token) = try Self.served()
        defer { served.stop() }
        let port = try #require(try served.url("/").port)
        // A page reached under another name (DNS rebinding) names it as Host and Origin alike: refused.
        #expect(
            try Self.signInStatus(
                served, token: token, origin: "http://evil.example:\(port)", host: "evil.example:\(port)") == 403)
        // The listen address, and localhost for a loopback one, as a browser names them.
        #expect(try Self.signInStatus(served, token: token, origin: "http://127.0.0.1:\(port)") == 201)
        #expect(try Self.signInStatus(served, token: token, origin: "http://localhost:\(port)") == 201)
        #expect(try Self.signInStatus(served, token: token, origin: "http://localhost:\(port + 1)") == 403)
    }

    @Test func originNamesTheOriginsTrustedInsteadOfTheListenAddress() throws {
        let served = try ServedCatalog(arguments: ["--origin", "HTTPS://Catalog.Example.org:443/"])
        defer { served.stop() }
        let token = try served.createToken(user: ServedCatalog.user, scope: "nav")
        let port = try #require(try served.url("/").port)
        #expect(try Self.signInStatus(served, token: token, origin: "https://catalog.example.org") == 201)
        #expect(try Self.signInStatus(served, token: token, origin: "http://127.0.0.1:\(port)") == 403)
        let cli = served.cli
        for (arguments, message) in [
            (["--origin", "catalog.example.org"], "--origin takes the web page's origin"),
            (["--origin", "https://catalog.example.org/app"], "--origin takes the web page's origin"),
            (["--listen", "0.0.0.0:0", "--insecure"], "give --origin"),
        ] {
            let result = try cli.run(["serve"] + arguments)
            #expect(result.status == 64, "\(arguments): \(result.standardError)")
            #expect(result.standardError.contains(message), "\(arguments): \(result.standardError)")
        }
    }

    /// A copy of the users' file gives nobody a session's CSRF token: no stored value is the token the page is told
    /// (nor the cookie's id), and the server still tells the right token from a wrong one.
    @Test func theUsersFileHoldsNoSessionsCSRFTokenAndTheRightOneStillPasses() throws {
        let (served, token) = try Self.served()
        defer { served.stop() }
        let browser = try Self.signIn(served, token: token)
        let id = String(browser.cookie.drop { $0 != "=" }.dropFirst())
        let users = try Database(path: served.cli.usersDatabase)
        let columns = try users.fetchAll(String.self, "SELECT name FROM pragma_table_info('web_sessions')")
        for column in columns {
            let values = try users.fetchAll(String.self, "SELECT CAST(\(column) AS TEXT) FROM web_sessions")
            #expect(values.count == 1)
            #expect(!values.contains(browser.csrfToken) && !values.contains(id), "web_sessions.\(column)")
        }
        try users.close()
        for (sent, status) in [(String(browser.csrfToken.reversed()), 403), (browser.csrfToken, 200)] {
            let answer = try served.request(
                "POST", "/v1/me/scenes/main/intents", headers: ["Cookie": browser.cookie, "X-CSRF-Token": sent],
                body: Self.intent)
            #expect(answer.status == status, "\(answer.text)")
        }
    }

    @Test func signingOutOrRevokingTheTokenEndsTheSessionAndABadTokenStartsNone() throws {
        let (served, token) = try Self.served()
        defer { served.stop() }
        let first = try Self.signIn(served, token: token)
        let second = try Self.signIn(served, token: token)
        #expect(first.cookie != second.cookie)
        let signOut = try served.request(
            "DELETE", "/v1/web/session", headers: ["Cookie": first.cookie, "X-CSRF-Token": first.csrfToken])
        #expect(signOut.status == 204)
        #expect(signOut.header("set-cookie")?.contains("Max-Age=0") == true)
        let after = try served.get("/v1/me/scenes/main", headers: ["Cookie": first.cookie])
        #expect(try after.status == 401 && problemCode(after) == "unknown-session")
        #expect(try served.get("/v1/me/scenes/main", headers: ["Cookie": second.cookie]).status == 200)

        let id = try #require(try AuthTests.id(of: ServedCatalog.user, in: served))
        #expect(try served.cli.run("tokens", "revoke", "\(id)").status == 0)
        let revoked = try served.get("/v1/me/scenes/main", headers: ["Cookie": second.cookie])
        #expect(try revoked.status == 401 && problemCode(revoked) == "revoked-token")

        let refused = try served.request("POST", "/v1/web/session", body: Data(#"{"token": "\#(token)"}"#.utf8))
        #expect(try refused.status == 401 && problemCode(refused) == "revoked-token")
        let none = try served.get("/v1/web/session")
        #expect(try none.status == 401 && problemCode(none) == "no-session")
    }

    @Test func aSessionSurvivesARestartOfTheServer() throws {
        let (served, token) = try Self.served()
        let browser = try Self.signIn(served, token: token)
        served.stop()
        let again = try served.restarted()
        defer { again.stop() }
        again.token = nil
        #expect(try again.get("/v1/me/scenes/main", headers: ["Cookie": browser.cookie]).status == 200)
    }
}

extension HTTPTestClient.Answer {
    /// The body as a JSON object.
    func jsonObject() throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any], "\(text)")
    }
}
