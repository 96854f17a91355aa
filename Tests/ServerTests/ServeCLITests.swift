import Foundation
import TestSupport
import Testing

/// `catalog serve` run as a user runs it, on the sample catalog, driven over HTTP.
@Suite struct ServeCLITests {
    @Test func listsAnswerWhatListJSONPrints() throws {
        let served = try ServedCatalog()
        defer { served.stop() }
        let cli = served.cli
        let author = try served.firstUUID("authors", where: "books")
        let book = try served.firstUUID("books")
        let genre = try served.firstUUID("genres", where: "bands")
        let band = try served.firstUUID("bands")
        let cases: [(path: String, arguments: [String])] = [
            ("/v1/books", ["books"]), ("/v1/authors", ["authors"]), ("/v1/genres", ["genres"]),
            ("/v1/bands", ["bands"]), ("/v1/books?limit=3", ["books", "--limit", "3"]),
            ("/v1/books?author=\(author)", ["books", "--author", author]),
            ("/v1/authors?book=\(book)", ["authors", "--book", book]),
            ("/v1/authors?author=\(author)", ["authors", "--author", author]),
            ("/v1/genres?band=\(band)", ["genres", "--band", band]),
            ("/v1/bands?genre=\(genre)", ["bands", "--genre", genre]),
            ("/v1/books?genre=\(genre)&limit=1", ["books", "--genre", genre, "--limit", "1"]),
        ]
        for (path, arguments) in cases {
            let answer = try served.get(path)
            #expect(answer.status == 200, "\(path): \(answer.text)")
            #expect(answer.header("content-type") == "application/json")
            #expect(try answer.text == cli.run(["list"] + arguments + ["--json"]).standardOutput, "\(path)")
        }
        // The next page through the cursor the first page gave.
        let first = try cli.run("list", "books", "--limit", "2", "--json").json()
        let next = try #require(first["next"] as? String)
        #expect(
            try served.get("/v1/books?limit=2&after=\(next)").text
                == cli.run("list", "books", "--limit", "2", "--after", next, "--json").standardOutput)
    }

    @Test(arguments: ["book", "author", "genre", "band"])
    func entitiesAnswerWhatShowJSONPrints(kind: String) throws {
        let served = try ServedCatalog()
        defer { served.stop() }
        let uuid = try served.firstUUID("\(kind)s")
        let answer = try served.get("/v1/\(kind)s/\(uuid)")
        #expect(answer.status == 200)
        #expect(try answer.text == served.cli.run("show", kind, uuid, "--json").standardOutput)
    }

    @Test func searchAnswersWhatSearchJSONPrints() throws {
        let served = try ServedCatalog()
        defer { served.stop() }
        for (query, arguments) in [("q=tolk", ["tolk"]), ("q=the&limit=3", ["the", "--limit", "3"])] {
            let answer = try served.get("/v1/search?\(query)")
            #expect(answer.status == 200)
            #expect(try answer.text == served.cli.run(["search"] + arguments + ["--json"]).standardOutput)
        }
    }

    @Test func healthReportsSchemaChangeLogAndVersion() throws {
        let served = try ServedCatalog()
        defer { served.stop() }
        let answer = try served.get("/v1/health")
        let health = try #require(try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])
        let version = try served.cli.run("--version").standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        let info = try served.cli.run("info", "--json").json()
        #expect(health["status"] as? String == "ok")
        #expect(health["version"] as? String == version)
        #expect(health["schemaVersion"] as? Int == info["schemaVersion"] as? Int)
        #expect((health["lastSeq"] as? Int ?? 0) > 0)
        #expect(health["prunedBefore"] as? Int == 0)
    }

    @Test func errorsAreProblemsWithStableCodes() throws {
        let served = try ServedCatalog()
        defer { served.stop() }
        let book = try served.firstUUID("books")
        let absent = "0f8fad5b-d9cb-469f-a165-70867728950e"
        let cases: [(path: String, status: Int, code: String)] = [
            ("/v1/books?after=zzz", 400, "bad-cursor"),
            ("/v1/books?limit=0", 400, "bad-parameter"),
            ("/v1/books?limit=1001", 400, "bad-parameter"),
            ("/v1/books?limit=ten", 400, "bad-parameter"),
            ("/v1/books?colour=red", 400, "bad-parameter"),
            ("/v1/books?author=nope", 400, "bad-parameter"),
            ("/v1/books?author=\(absent)&genre=\(absent)", 400, "bad-filter"),
            ("/v1/genres?author=\(absent)", 400, "bad-filter"),
            ("/v1/search", 400, "bad-parameter"),
            ("/v1/search?q=x&limit=-1", 400, "bad-parameter"),
            ("/v1/books/\(absent)", 404, "not-found"),
            ("/v1/authors?book=\(absent)", 404, "not-found"),
            ("/v1/books/not-a-uuid", 404, "not-found"),
            ("/v1/books/\(book)/more", 404, "no-route"),
            ("/v1/books/", 404, "no-route"),
            ("/v1/nope", 404, "no-route"),
            ("/nope", 404, "no-route"),
            ("/web/", 404, "no-route"),
        ]
        for (path, status, code) in cases {
            let answer = try served.get(path)
            #expect(answer.status == status, "\(path)")
            #expect(answer.header("content-type") == "application/problem+json", "\(path)")
            let problem = try #require(try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])
            #expect(problem["code"] as? String == code, "\(path): \(answer.text)")
            #expect(problem["status"] as? Int == status, "\(path)")
            #expect(problem["type"] as? String == "about:blank")
            #expect((problem["title"] as? String)?.isEmpty == false)
            #expect((problem["detail"] as? String)?.isEmpty == false)
        }
    }

    @Test(arguments: ["POST", "PUT", "DELETE"])
    func otherMethodsAre405WithAllow(method: String) throws {
        let served = try ServedCatalog()
        defer { served.stop() }
        let answer = try served.request(method, "/v1/search", body: Data("{}".utf8))
        #expect(answer.status == 405)
        #expect(answer.header("allow") == "GET")
        #expect(answer.text.contains("\"method-not-allowed\""))
    }

    @Test func curlGetsTheSameBodies() throws {
        let curl = try TestSupport.installedTool("curl")
        let served = try ServedCatalog()
        defer { served.stop() }
        let book = try served.firstUUID("books")
        for (path, arguments) in [
            ("/v1/books?limit=5", ["list", "books", "--limit", "5", "--json"]),
            ("/v1/books/\(book)", ["show", "book", book, "--json"]),
        ] {
            let fetched = try TestSupport.run(
                curl,
                [
                    "-sS", "--fail-with-body", "-H", "Authorization: Bearer \(served.token ?? "")",
                    try served.url(path).absoluteString,
                ])
            #expect(fetched.status == 0, "\(fetched.standardError)")
            #expect(try fetched.standardOutput == served.cli.run(arguments).standardOutput)
        }
        let problem = try TestSupport.run(
            curl,
            [
                "-sS", "-o", "/dev/null", "-w", "%{http_code}", "-X", "DELETE",
                try served.url("/v1/health").absoluteString,
            ])
        #expect(problem.standardOutput == "405")
    }

    @Test func sigtermExitsZeroAfterLoggingEachRequest() throws {
        let served = try ServedCatalog()
        defer { served.stop() }
        _ = try served.get("/v1/health")
        _ = try served.get("/v1/books?limit=1")
        _ = try served.get("/v1/nope%0AGET%20/forged%20200")
        let result = served.stop()
        #expect(result.status == 0)
        #expect(!result.endedBySignal)
        let lines = result.standardError.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(result.standardError)")
        // The user is the token's on an endpoint that needs one, `-` where none was checked.
        let expected = [
            ("GET", "/v1/health", "200", "-"), ("GET", "/v1/books", "200", ServedCatalog.user),
            ("GET", "/v1/nope%0AGET%20/forged%20200", "404", "-"),
        ]
        for (line, (method, path, status, user)) in zip(lines, expected) {
            let fields = line.split(separator: " ").map(String.init)
            #expect(fields.count == 6, "\(line)")
            #expect(Array(fields.prefix(3)) == [method, path, status], "\(line)")
            #expect(Int(fields[3]).map { $0 > 0 } == true, "bytes in \(line)")
            #expect(fields[4].hasSuffix("us") && Int(fields[4].dropLast(2)) != nil, "\(line)")
            #expect(fields[5] == user, "\(line)")
        }
    }

    @Test func sigintAlsoExitsZero() throws {
        let served = try ServedCatalog()
        defer { served.stop() }
        #expect(served.stop(signal: SIGINT).status == 0)
    }

    /// The help says what happens past the connection limit as the server does it: libmicrohttpd stops accepting,
    /// so a further connection waits in the system's listen queue (HTTPServerLimitsTests pins the behaviour).
    @Test func helpSaysConnectionsPastTheLimitWaitInTheListenQueue() throws {
        let help = try CatalogCLI("serve-help").run("serve", "--help")
        #expect(help.status == 0)
        #expect(help.standardOutput.contains("at most 4096 connections are open at once"), "\(help.standardOutput)")
        #expect(help.standardOutput.contains("wait in the system's listen queue"), "\(help.standardOutput)")
        #expect(!help.standardOutput.contains("closed unanswered"))
    }

    @Test(arguments: [
        ("0.0.0.0:0", "not a loopback"), ("localhost:8080", "numeric host"), ("127.0.0.1", "HOST:PORT"),
        ("127.0.0.1:70000", "HOST:PORT"), ("::1:0", "HOST:PORT"),
    ])
    func refusesAddressesItShouldNotListenOn(listen: String, message: String) throws {
        let cli = try CatalogCLI("serve")
        try cli.importSamples()
        let result = try cli.run("serve", "--listen", listen)
        #expect(result.status == 64)
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
    }

    @Test func aPortInUseIsRefusedInWords() throws {
        let served = try ServedCatalog()
        defer { served.stop() }
        let port = try #require(served.baseURL.split(separator: ":").last.map(String.init))
        let second = try served.cli.run("serve", "--listen", "127.0.0.1:\(port)")
        #expect(second.status == 1)
        #expect(
            second.standardError.contains("cannot listen on 127.0.0.1 port \(port): "), "\(second.standardError)")
        #expect(second.standardOutput.isEmpty)
    }

    @Test func listensOnIPv6Loopback() throws {
        try TestSupport.requireIPv6Loopback()
        let served = try ServedCatalog(listen: "[::1]:0")
        defer { served.stop() }
        #expect(served.baseURL.hasPrefix("http://[::1]:"))
        let curl = try TestSupport.installedTool("curl")
        let fetched = try TestSupport.run(curl, ["-sS", "-g", served.baseURL + "/v1/health"])
        #expect(fetched.standardOutput.contains("\"status\" : \"ok\""), "\(fetched.standardError)")
    }
}

/// Requests answered side by side, and a missing catalog refused before listening.
@Suite struct ServeConcurrencyTests {
    @Test func concurrentRequestsEachGetTheirOwnAnswer() throws {
        let served = try ServedCatalog()
        defer { served.stop() }
        let limits = Array(1...24)
        let pending = try limits.map { try served.start("GET", "/v1/books?limit=\($0)") }
        for (limit, request) in zip(limits, pending) {
            let answer = try request.wait()
            #expect(answer.status == 200)
            let page = try #require(try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])
            #expect((page["items"] as? [Any])?.count == limit)
        }
    }

    @Test func aMissingCatalogIsRefusedBeforeListening() throws {
        let cli = try CatalogCLI("serve")
        let result = try cli.run("serve", "--listen", "127.0.0.1:0", in: "absent.sqlite")
        #expect(result.status == 1)
        #expect(result.standardError.contains("no database at"), "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: cli.path("absent.sqlite")))
    }
}

/// `catalog serve --tls-cert FILE --tls-key FILE`: HTTPS only, with the certificate given.
@Suite struct ServeTLSTests {
    /// A self-signed certificate for 127.0.0.1 and its key, made by `openssl` in a directory of `cli`.
    private func selfSigned(in cli: CatalogCLI) throws -> (certificate: String, key: String) {
        let openssl = try TestSupport.installedTool("openssl")
        let (certificate, key) = (cli.path("cert.pem"), cli.path("key.pem"))
        let made = try TestSupport.run(
            openssl,
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate, "-days", "1",
                "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
            ])
        try #require(made.status == 0, "\(made.standardError)")
        return (certificate, key)
    }

    @Test func speaksHTTPSOnlyWithTheCertificateGiven() throws {
        let curl = try TestSupport.installedTool("curl")
        let (certificate, key) = try selfSigned(in: try CatalogCLI("serve-tls"))
        let served = try ServedCatalog(arguments: ["--tls-cert", certificate, "--tls-key", key])
        defer { served.stop() }
        #expect(served.baseURL.hasPrefix("https://127.0.0.1:"))
        let token = try #require(served.token)
        let fetched = try TestSupport.run(
            curl,
            [
                "-sS", "--cacert", certificate, "-H", "Authorization: Bearer \(token)",
                served.baseURL + "/v1/books?limit=1",
            ])
        #expect(fetched.status == 0, "\(fetched.standardError)")
        #expect(fetched.standardOutput.contains("\"items\""), "\(fetched.standardOutput)")
        // The same port does not answer plain HTTP, and a client that does not trust the certificate is refused.
        let plain = try TestSupport.run(
            curl,
            ["-sS", "-o", "/dev/null", "-w", "%{http_code}", "http://" + served.baseURL.dropFirst(8) + "/v1/health"])
        #expect(plain.standardOutput != "200")
        let untrusted = try TestSupport.run(curl, ["-sS", "-o", "/dev/null", served.baseURL + "/v1/health"])
        #expect(untrusted.status != 0)
    }

    /// Over HTTPS the web page's session cookie is `Secure`, so a browser never sends it back over plain HTTP; its
    /// other attributes are those of plain HTTP, and clearing it at sign-out is `Secure` too.
    @Test func theWebSessionCookieIsSecureOverHTTPS() throws {
        let curl = try TestSupport.installedTool("curl")
        let (certificate, key) = try selfSigned(in: try CatalogCLI("serve-tls-cookie"))
        let served = try ServedCatalog(arguments: ["--tls-cert", certificate, "--tls-key", key])
        defer { served.stop() }
        let token = try #require(served.token)
        /// The attributes of the `Set-Cookie` field curl received for `arguments`, and the body.
        func setCookie(_ arguments: [String]) throws -> (attributes: [String], body: String) {
            let fetched = try TestSupport.run(
                curl, ["-sS", "--cacert", certificate, "-D", "-", "-H", "Origin: \(served.baseURL)"] + arguments)
            try #require(fetched.status == 0, "\(fetched.standardError)")
            let end = try #require(fetched.standardOutput.range(of: "\r\n\r\n"), "\(fetched.standardOutput)")
            let (head, body) = (fetched.standardOutput[..<end.lowerBound], fetched.standardOutput[end.upperBound...])
            let field = try #require(
                head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("set-cookie:") }, "\(head)")
            let attributes = field.dropFirst("set-cookie:".count).split(separator: ";").map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            return (attributes, String(body))
        }
        let signedIn = try setCookie([
            "-H", "Content-Type: application/json", "--data", #"{"token": "\#(token)"}"#,
            served.baseURL + "/v1/web/session",
        ])
        #expect(signedIn.attributes.first?.hasPrefix("catalog_session=") == true, "\(signedIn.attributes)")
        #expect(signedIn.attributes.contains("Secure"), "\(signedIn.attributes)")
        for attribute in ["HttpOnly", "SameSite=Strict", "Path=/"] {
            #expect(signedIn.attributes.contains(attribute), "\(signedIn.attributes)")
        }
        let csrf =
            try #require(
                try JSONSerialization.jsonObject(with: Data(signedIn.body.utf8)) as? [String: Any])["csrfToken"]
            as? String
        let signedOut = try setCookie([
            "-X", "DELETE", "-H", "Cookie: \(try #require(signedIn.attributes.first))", "-H",
            "X-CSRF-Token: \(try #require(csrf))",
            served.baseURL + "/v1/web/session",
        ])
        #expect(signedOut.attributes.contains("Max-Age=0") && signedOut.attributes.contains("Secure"))
    }

    /// TLS 1.2 and 1.3 only, and in 1.2 only forward-secret AEAD suites: what `openssl s_client` negotiates.
    @Test func offersOnlyModernProtocolsAndForwardSecretAEADSuites() throws {
        let openssl = try TestSupport.installedTool("openssl")
        let (certificate, key) = try selfSigned(in: try CatalogCLI("serve-tls-suites"))
        let served = try ServedCatalog(arguments: ["--tls-cert", certificate, "--tls-key", key])
        defer { served.stop() }
        let port = try #require(URLComponents(string: served.baseURL)?.port)
        let cases: [(arguments: [String], negotiated: String?)] = [
            // SECLEVEL=0: the client itself would offer TLS 1.0 and 1.1 then.
            (["-tls1", "-cipher", "DEFAULT@SECLEVEL=0"], nil),
            (["-tls1_1", "-cipher", "DEFAULT@SECLEVEL=0"], nil),
            (["-tls1_2", "-cipher", "AES128-SHA"], nil),
            (["-tls1_2", "-cipher", "AES256-GCM-SHA384"], nil),
            (["-tls1_2", "-cipher", "ECDHE-RSA-AES128-SHA"], nil),
            (["-tls1_2", "-cipher", "ECDHE-RSA-AES128-GCM-SHA256"], "ECDHE-RSA-AES128-GCM-SHA256"),
            (["-tls1_3"], "TLS_AES_256_GCM_SHA384"),
        ]
        for (arguments, negotiated) in cases {
            let result = try TestSupport.run(
                openssl, ["s_client", "-connect", "127.0.0.1:\(port)", "-CAfile", certificate] + arguments)
            let line = result.standardOutput.split(separator: "\n").first { $0.contains(", Cipher is ") }
            let cipher = line.map { String($0.split(separator: " ").last ?? "") }
            #expect(cipher == (negotiated ?? "(NONE)"), "\(arguments): \(result.standardOutput)")
        }
    }

    @Test func refusesHalfTheCredentialsOrFilesItCannotUse() throws {
        let cli = try CatalogCLI("serve-tls-refused")
        try cli.importSamples()
        let (certificate, key) = try selfSigned(in: cli)
        try Data("not a certificate\n".utf8).write(to: URL(filePath: cli.path("junk.pem")))
        let cases: [(arguments: [String], status: Int32, message: String)] = [
            (["--tls-cert", certificate], 64, "give both --tls-cert FILE and --tls-key FILE"),
            (["--tls-cert", certificate, "--tls-key", cli.path("absent.pem")], 64, "--tls-key"),
            (["--tls-cert", cli.path("junk.pem"), "--tls-key", key], 1, "TLS certificate or key was refused"),
        ]
        for (arguments, status, message) in cases {
            let result = try cli.run(["serve", "--listen", "127.0.0.1:0"] + arguments)
            #expect(result.status == status, "\(arguments): \(result.standardError)")
            #expect(result.standardError.contains(message), "\(arguments): \(result.standardError)")
            #expect(result.standardOutput.isEmpty)
        }
    }
}
