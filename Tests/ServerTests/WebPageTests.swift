import Foundation
import TestSupport
import Testing

/// The web page's files as `catalog serve` sends them: the files of `Sources/CatalogServer/Web`, embedded at build
/// time, with a content ETag, 304, Cache-Control and a Content-Security-Policy that allows no inline code.
@Suite struct WebPageTests {
    /// The page's files in the repository, by name.
    static func sourceFiles() throws -> [String: Data] {
        let directory = URL(filePath: #filePath).deletingLastPathComponent()
            .appending(path: "../../Sources/CatalogServer/Web").standardized
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        return try Dictionary(
            uniqueKeysWithValues: names.map { ($0, try Data(contentsOf: directory.appending(path: $0))) })
    }

    /// Checks that `answer` (to `path`) carries the page's security headers: a Content-Security-Policy that allows
    /// only this origin's code and no inline script or style, `nosniff`, no referrer, and revalidation.
    static func expectSecurityHeaders(_ answer: HTTPTestClient.Answer, _ path: String) throws {
        let policy = try #require(answer.header("content-security-policy"), "\(path) has no Content-Security-Policy")
        let directives = Set(policy.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) })
        for directive in [
            "default-src 'self'", "script-src 'self'", "style-src 'self'", "object-src 'none'", "base-uri 'none'",
            "frame-ancestors 'none'",
        ] {
            #expect(directives.contains(directive), "\(path): \(policy)")
        }
        #expect(!policy.contains("unsafe-inline") && !policy.contains("unsafe-eval"), "\(path): \(policy)")
        #expect(answer.header("x-content-type-options") == "nosniff", "\(path)")
        #expect(answer.header("referrer-policy") == "no-referrer", "\(path)")
        #expect(answer.header("cache-control") == "no-cache", "\(path)")
    }

    @Test func everyFileIsServedAsItIsInTheRepositoryWithItsSecurityHeaders() throws {
        let served = try InProcessCatalog()
        defer { served.stop() }
        served.token = nil
        let files = try Self.sourceFiles()
        #expect(files.keys.contains("index.html") && files.keys.contains("main.js"))
        for (name, bytes) in files {
            let answer = try served.get("/web/\(name)")
            #expect(answer.status == 200, "\(name)")
            #expect(answer.body == bytes, "\(name) is not the file of the repository")
            try Self.expectSecurityHeaders(answer, "/web/\(name)")
        }
        #expect(try served.get("/web/main.js").header("content-type") == "text/javascript; charset=utf-8")
        #expect(try served.get("/web/style.css").header("content-type") == "text/css; charset=utf-8")
        let missing = try served.get("/web/nothing.js")
        #expect(try missing.status == 404 && problemCode(missing) == "not-found")
    }

    /// The page's own address, where its scripts run, carries the same policy as its files.
    @Test func thePageIsServedAtTheRootAndAtEveryAppAddressWithItsSecurityHeaders() throws {
        let served = try InProcessCatalog()
        defer { served.stop() }
        served.token = nil
        let paths = ["/", "/app", "/app/genres", "/app/search/tolkien", "/app/genres?content=genre/x&stack=band/y"]
        for path in paths {
            let answer = try served.get(path)
            #expect(answer.status == 200, "\(path)")
            #expect(answer.header("content-type") == "text/html; charset=utf-8", "\(path)")
            #expect(answer.body == (try Self.sourceFiles())["index.html"], "\(path)")
            try Self.expectSecurityHeaders(answer, path)
            // Revalidated with its tag as the files are: a 304 keeps the policy too.
            let tag = try #require(answer.header("etag"), "\(path)")
            let again = try served.get(path, headers: ["If-None-Match": tag])
            #expect(again.status == 304, "\(path)")
            #expect(again.header("content-security-policy") == answer.header("content-security-policy"), "\(path)")
        }
    }

    @Test func aMatchingIfNoneMatchIsAnswered304AndAChangedFileHasAnotherTag() throws {
        let served = try InProcessCatalog()
        defer { served.stop() }
        served.token = nil
        let first = try served.get("/web/main.js")
        let etag = try #require(first.header("etag"))
        #expect(etag.hasPrefix("\"") && etag.hasSuffix("\"") && !etag.hasPrefix("W/"))
        let again = try served.get("/web/main.js", headers: ["If-None-Match": etag])
        #expect(again.status == 304 && again.body.isEmpty)
        #expect(again.header("etag") == etag)
        #expect(try served.get("/web/main.js", headers: ["If-None-Match": "\"other\""]).status == 200)
        #expect(try served.get("/web/style.css").header("etag") != etag)
    }

    @Test func thePageHasNoInlineScriptOrStyleAndInsertsNoMarkup() throws {
        let files = try Self.sourceFiles()
        let html = String(decoding: try #require(files["index.html"]), as: UTF8.self)
        #expect(!html.contains("<script>") && !html.contains("<style") && !html.contains(" style="))
        #expect(html.range(of: #" on[a-z]+="#, options: .regularExpression) == nil)
        for (name, bytes) in files where name.hasSuffix(".js") {
            let text = String(decoding: bytes, as: UTF8.self)
            for forbidden in [
                "innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "localStorage",
            ] {
                #expect(!text.contains(forbidden), "\(name) uses \(forbidden)")
            }
        }
    }
}
