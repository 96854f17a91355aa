import CatalogServer
import CommandLineKit
import Dispatch
import Foundation
import HTTPServer
import SQLiteDB
import Schema

/// `catalog serve`: the catalog's HTTP API for clients, read-only, until SIGINT or SIGTERM.
enum ServeCommand {
    static let command = Command(
        name: "serve",
        abstract: "Serve the catalog's HTTP API (lists, entities, search, change feed, snapshots) until interrupted.",
        discussion: """
            Prints 'listening on http://HOST:PORT' first, then one line per request on standard error (method, \
            path, status, bytes, microseconds). GET /v1/changes?since=N&wait=S holds an answer without changes \
            until a change commits (from any process) or S seconds (at most 60) pass; GET /v1/snapshot sends a \
            client copy with an ETag, by Range. SIGINT or SIGTERM stops accepting, answers the requests in \
            flight (waiting long-polls at once) and exits 0. Plain HTTP only: other machines are refused unless \
            --insecure is given.
            """,
        options: [
            .value(
                "listen", valueName: "HOST:PORT",
                help: "The address to listen on (default 127.0.0.1:8080; port 0: any free port)."),
            .flag("insecure", help: "Allow a non-loopback address, serving other machines over plain HTTP."),
        ],
        run: run
    )

    static func run(_ invocation: Invocation) throws {
        let text = invocation.value("listen") ?? "127.0.0.1:8080"
        guard let address = ListenAddress(text) else {
            throw UsageError(
                "--listen takes HOST:PORT with a numeric host, e.g. 127.0.0.1:8080 or [::1]:0; got '\(text)'",
                commandPath: invocation.commandPath)
        }
        guard address.isLoopback || invocation.flag("insecure") else {
            throw UsageError(
                "refusing to listen on \(address.host): it is not a loopback address and the server has no TLS",
                hint: "pass --insecure to serve other machines over plain HTTP", commandPath: invocation.commandPath)
        }
        // Bring the schema up to date once on one connection, then serve through a pool of readers.
        let path = GlobalOptions.databasePath(invocation)
        try GlobalOptions.openDatabase(invocation, mode: .migrateExisting).close()
        let stop = DispatchSemaphore(value: 0)
        let sources = StopSignals.handle { stop.signal() }
        defer { withExtendedLifetime(sources) {} }
        try serve(
            try CatalogService(
                pool: try DatabasePool(
                    path: path, configuration: try GlobalOptions.configuration(invocation, path: path)),
                version: CatalogVersion.current),
            on: address, until: stop)
    }

    /// Serves until `stop` is signalled, then stops accepting and answers the requests in flight; the service and
    /// its pool are released when this returns.
    private static func serve(_ service: CatalogService, on address: ListenAddress, until stop: DispatchSemaphore)
        throws
    {
        var limits = HTTPServer.Limits()
        // Long-polls hold a connection each but no thread; libmicrohttpd shares the limit among its threads.
        limits.connections = 4096
        let server = try HTTPServer(
            host: address.host, port: address.port, limits: limits, stopping: service.stop, answered: logAnswer,
            handler: service.respond(to:))
        Output.write("listening on \(ListenAddress(host: server.host, port: server.port).url)\n")
        stop.wait()
        server.stop()
    }

    /// Writes the access log line of one answer: method, path, status, bytes, microseconds.
    @Sendable private static func logAnswer(_ request: HTTPRequest, _ response: HTTPResponse, _ elapsed: Duration) {
        let microseconds = elapsed.components.seconds * 1_000_000 + elapsed.components.attoseconds / 1_000_000_000_000
        // The path as sent, percent-encoded again: a decoded newline or space must not forge or split a line.
        let path = request.path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? "?"
        Output.writeError(
            "\(request.method) \(path) \(response.status) \(response.contentLength) \(microseconds)us\n")
    }
}
