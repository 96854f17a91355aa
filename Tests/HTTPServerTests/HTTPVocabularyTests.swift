import Foundation
import HTTPServer
import TestSupport
import Testing

/// The typed vocabulary requests and responses are written in: methods, statuses, header fields and entity tags.
@Suite struct HTTPVocabularyTests {
    @Test func fieldNamesCompareWithoutCaseAndKeepTheirSpelling() {
        var fields: HTTPFields = ["Content-Type": "text/plain", "X-Probe": "1"]
        fields.append("x-probe", "2")
        #expect(fields["content-type"] == "text/plain")
        #expect(fields[.contentType] == "text/plain")
        #expect(fields["X-PROBE"] == "2", "a repeated field gives its last value")
        #expect(fields.values("x-probe") == ["1", "2"])
        #expect(fields.map(\.name.rawName) == ["Content-Type", "X-Probe", "x-probe"])
        fields["X-Probe"] = "3"
        #expect(fields.values("x-probe") == ["3"])
        fields[.contentType] = nil
        #expect(fields.count == 1 && fields[.contentType] == nil)
        #expect(HTTPFields([.init(name: "ETag", value: "\"a\"")]) == [("etag", "\"a\"")])
    }

    /// A client reads the refusal's name in the problem's `code`: the HTTP reference lists each with its status.
    @Test(arguments: HTTPRefusal.Code.allCases)
    func everyRefusalIsInTheLimitsTable(code: HTTPRefusal.Code) throws {
        let reference = try Documentation.pages().first { $0.path == "docs/http.md" }
        let text = try #require(reference?.text, "docs/http.md is read")
        #expect(text.range(of: #"`(400|413|414|431) "# + code.rawValue + "`", options: .regularExpression) != nil)
    }

    @Test func statusesCompareAsTheirCodesAndHaveTheirPhrases() {
        #expect(HTTPStatus.notFound == 404)
        #expect(HTTPStatus.tooManyRequests > .badRequest)
        #expect(HTTPStatus.requestHeaderFieldsTooLarge.reasonPhrase == "Request Header Fields Too Large")
        #expect(HTTPStatus.unprocessableContent.reasonPhrase == "Unprocessable Content")
        #expect(HTTPStatus(code: 599).reasonPhrase == "Internal Server Error")
        #expect(HTTPStatus(code: 418).reasonPhrase == "Error")
        #expect("\(HTTPStatus.ok)" == "200")
        #expect("\(HTTPMethod.delete)" == "DELETE" && HTTPMethod(rawValue: "get") != .get)
    }

    @Test(arguments: [
        ("\"v1\"", true, true), ("W/\"v1\"", true, false), ("\"v0\", \"v1\"", true, true), ("*", true, true),
        ("\"v0\"", false, false), ("v1", false, false),
    ])
    func entityTagsMatchWeaklyForIfNoneMatchAndStronglyForIfMatch(field: String, weakly: Bool, strongly: Bool) {
        let condition = EntityTagCondition(field)
        #expect(condition.matches(EntityTag("v1"), strong: false) == weakly)
        #expect(condition.matches(EntityTag("v1"), strong: true) == strongly)
    }

    @Test func aMatchingIfNoneMatchIsNotModifiedWithTheTagAndTheGivenFields() throws {
        let tag = EntityTag("v1")
        let request = HTTPRequest(method: .get, path: "/", headers: [.ifNoneMatch: "W/\"v1\""])
        let answer = try #require(HTTPResponse.notModified(tag, given: request.ifNoneMatch, headers: ["X-A": "b"]))
        #expect(answer.status == .notModified && answer.body.isEmpty)
        #expect(answer.headers == [("ETag", "\"v1\""), ("X-A", "b")])
        #expect(HTTPResponse.notModified(tag, given: EntityTagCondition("\"v0\"")) == nil)
        #expect(HTTPResponse.notModified(tag, given: nil) == nil)
    }
}
