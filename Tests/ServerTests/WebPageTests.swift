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

    @Test func everyFileIsServedAsItIsInTheRepositoryWithItsSecurityHeaders() throws {
        let served = try ServedCatalog()
        defer { served.stop() }
        served.token = nil
        let files = try Self.sourceFiles()
        #expect(files.keys.contains("index.html") && files.keys.contains("main.js"))
        for (name, bytes) in files {
            let answer = try served.get("/web/\(name)")
            #expect(answer.status == 200, "\(name)")
            #expect(answer.body == bytes, "\(name) is not the file of the repository")
            let policy = try #require(answer.header("content-security-policy"), "\(name)")
            #expect(policy.contains("default-src 'self'") && policy.contains("frame-ancestors 'none'"))
            #expect(policy.contains("script-src 'self'") && !policy.contains("unsafe-inline"))
            #expect(answer.header("x-content-type-options") == "nosniff")
            #expect(answer.header("referrer-policy") == "no-referrer")
            #expect(answer.header("cache-control") == "no-cache")
        }
        #expect(try served.get("/web/main.js").header("content-type") == "text/javascript; charset=utf-8")
        #expect(try served.get("/web/style.css").header("content-type") == "text/css; charset=utf-8")
        let missing = try served.get("/web/nothing.js")
        #expect(try missing.status == 404 && problemCode(missing) == "not-found")
    }

    @Test(arguments: ["/", "/app", "/app/genres", "/app/search/tolkien", "/app/genres?content=genre/x&stack=band/y"])
    func thePageIsServedAtTheRootAndAtEveryAppAddress(path: String) throws {
        let served = try ServedCatalog()
        defer { served.stop() }
        served.token = nil
        let answer = try served.get(path)
        #expect(answer.status == 200)
        #expect(answer.header("content-type") == "text/html; charset=utf-8")
        #expect(answer.body == (try Self.sourceFiles())["index.html"])
    }

    @Test func aMatchingIfNoneMatchIsAnswered304AndAChangedFileHasAnotherTag() throws {
        let served = try ServedCatalog()
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
