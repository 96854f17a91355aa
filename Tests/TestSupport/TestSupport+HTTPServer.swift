import HTTPServer
import Testing

extension TestSupport {
    /// Cancels the calling test (it shows as skipped, with the reason) when libmicrohttpd, which every server runs
    /// on, cannot be loaded: the package builds without it, and only serving needs it.
    public static func requireHTTPServerLibrary() throws {
        if let reason = HTTPServer.libraryUnavailableReason {
            try Test.cancel("libmicrohttpd is not installed (\(reason)): apt-get install libmicrohttpd12")
        }
    }
}
