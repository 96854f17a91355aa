import Foundation
import TestSupport
import Testing

/// The package declares the part of libcurl it uses itself, since it loads the library at run time: those
/// declarations must say what the installed header says.
@Suite struct CCurlTests {
    /// Where Debian (per architecture) and others install <curl/curl.h>.
    static let header =
        ["/usr/include/x86_64-linux-gnu/curl/curl.h", "/usr/include/aarch64-linux-gnu/curl/curl.h"].first {
            FileManager.default.fileExists(atPath: $0)
        } ?? "/usr/include/curl/curl.h"

    @Test func declarationsMatchTheInstalledHeader() throws {
        let expressions = [
            "CURLE_OK", "CURL_ERROR_SIZE", "CURL_GLOBAL_DEFAULT", "sizeof(CURLcode)", "sizeof(CURLoption)",
            "sizeof(curl_off_t)", "sizeof(struct curl_slist)", "offsetof(struct curl_slist, data)",
            "offsetof(struct curl_slist, next)", "CURLOPT_WRITEDATA", "CURLOPT_URL", "CURLOPT_ERRORBUFFER",
            "CURLOPT_WRITEFUNCTION", "CURLOPT_HTTPHEADER", "CURLOPT_HEADERDATA", "CURLOPT_NOPROGRESS",
            "CURLOPT_FOLLOWLOCATION", "CURLOPT_XFERINFODATA", "CURLOPT_MAXREDIRS", "CURLOPT_HEADERFUNCTION",
            "CURLOPT_NOSIGNAL", "CURLOPT_ACCEPT_ENCODING", "CURLOPT_XFERINFOFUNCTION", "CURLOPT_PROTOCOLS_STR",
            "CURLOPT_REDIR_PROTOCOLS_STR",
        ]
        let values = try TestSupport.cExpressions(
            expressions, ours: "CCurl", installed: Self.header,
            includes: [URL(fileURLWithPath: Self.header).deletingLastPathComponent().path])
        #expect(values.ours == values.installed)
        #expect(values.ours.split(separator: "\n").count == expressions.count)
    }
}
