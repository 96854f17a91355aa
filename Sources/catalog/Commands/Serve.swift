import AccessTokens
import CatalogServer
import CatalogStore
import CommandLineKit
import Dispatch
import Foundation
import HTTPServer
import Navigation
import PostgreSQLCatalog
import PostgreSQLDB
import SQLiteCatalog
import SQLiteDB

/// `catalog serve`: the catalog's HTTP API for clients, until SIGINT or SIGTERM.
enum ServeCommand {
    static let command = Command(
        name: "serve",
        abstract: "Serve the catalog's HTTP API (lists, search, change feed, snapshots, each user's navigation).",
        discussion: """
            Prints 'listening on http://HOST:PORT' first, then one line per request on standard error (method, \
            path, status, bytes, microseconds, user; never a token). GET /v1/changes?since=N&wait=S holds an \
            answer without changes until a change commits (from any process) or S seconds (at most 60) pass; GET \
            /v1/snapshot sends a client copy with an ETag, by Range. SIGINT or SIGTERM stops accepting, answers \
            the requests in flight (waiting long-polls at once) and exits 0. With --tls-cert and --tls-key it \
            speaks HTTPS only; without them other machines are refused unless --insecure is given.

            With --database URL it serves a PostgreSQL database (migrated first): any number of servers can stand \
            in front of one, and a long-poll on one wakes on a commit made through another. --read-database URL \
            sends catalog reads (lists, entities, search, snapshots) to a streaming replica; navigation, tokens \
            and the change feed stay on the primary.

            Every endpoint but /v1/health needs 'Authorization: Bearer TOKEN' with a token from 'catalog tokens \
            create --user NAME'. Scope read: the catalog and GET of the user's own scenes and sessions; nav: also \
            POST/PUT/DELETE of them; admin: everything. No token, or a malformed, unknown, expired or revoked one, \
            is answered 401; a scope too small, 403. The user always comes from the token: /v1/me/... is the \
            caller's own navigation state, and no request can name another user.

            A cookie request that changes something (the web page's) must come from one of the server's web \
            origins: those of --origin, or else the listen address's (and localhost for a loopback one); never \
            the request's Host. With TLS, only TLS 1.3 and 1.2 with forward-secret AEAD suites are offered.

            Limits: request line and headers share 64 KiB per connection (a longer request line is answered 414, \
            larger headers 431); a body over 1 MiB, 413; a request must arrive whole within 10 s of its \
            connection opening or its previous answer, else the connection is closed; at most 4096 connections \
            are open at once (more wait in the system's listen queue until one closes), 256 of them from one \
            client address (more are closed at once). Long-polls waiting at once: 16 a token, 32 a user, 128 an \
            address, 3584 in all; one more is answered 429 with Retry-After. Each token may send --rate-limit \
            requests a second on average and twice that at once; past that it is answered 429 with Retry-After. \
            /v1/health is not limited, and a long-poll counts once.
            """,
        options: [listen, insecure, tlsCertificate, tlsKey, log, rateLimit, origin, readDatabase],
        run: run
    )

    static let listen = TypedOption<ListenAddress>(
        "listen", valueName: "HOST:PORT",
        parser: ValueParser(
            requirement: "takes HOST:PORT with a numeric host, e.g. 127.0.0.1:8080 or [::1]:0",
            describe: { $0.host.contains(":") ? "[\($0.host)]:\($0.port)" : "\($0.host):\($0.port)" },
            parse: ListenAddress.init),
        default: ListenAddress(host: "127.0.0.1", port: 8080),
        help: "The address to listen on, port 0 for any free one.")
    static let insecure = Flag(
        "insecure", help: "Allow a non-loopback address, serving other machines over plain HTTP.")
    static let tlsCertificate = TypedOption<String?>(
        "tls-cert", valueName: "FILE",
        help: "Speak HTTPS with this PEM certificate (chain, server certificate first); needs --tls-key.")
    static let tlsKey = TypedOption<String?>(
        "tls-key", valueName: "FILE", help: "The PEM private key of --tls-cert (unencrypted).")
    static let log = TypedOption<AccessLog.Format>(
        "log", valueName: "FORMAT", parser: .choice(AccessLog.Format.self), default: .text,
        help: "The access log's format: text, or json for a JSON object a line.")
    static let rateLimit = TypedOption<Int>(
        "rate-limit", valueName: "N", parser: .integer(in: 0...1_000_000),
        default: Int(RateLimiter.Rate.standard.requestsPerSecond),
        help: "Requests a second each token may send, bursts of 2N, 0 for no limit.")
    static let origin = TypedOption<[String]>(
        "origin", valueName: "URL",
        parser: ValueParser(
            requirement: "takes the web page's origin, scheme://host[:port] such as https://catalog.example.org",
            parse: WebOrigins.origin),
        help: "The web page's origin as browsers reach it (scheme://host[:port]), which a cookie request that "
            + "changes something must come from; repeatable.",
        whenAbsent: "the --listen address, and localhost for a loopback one")
    static let readDatabase = TypedOption<String?>(
        "read-database", valueName: "URL",
        help: "With --database: a streaming replica of it that answers the catalog's reads (a libpq URI).")

    static func run(_ invocation: Invocation) throws {
        let address = try invocation[listen]
        let tls = try credentials(invocation)
        guard address.isLoopback || tls != nil || invocation[insecure] else {
            throw UsageError(
                "refusing to listen on \(address.host): it is not a loopback address and the server has no TLS",
                hint: "give --tls-cert and --tls-key, or pass --insecure to serve other machines over plain HTTP",
                commandPath: invocation.commandPath)
        }
        let origins = try configuredOrigins(invocation, listening: address)
        let log = AccessLog(format: try invocation[Self.log])
        let rateLimit = rate(perSecond: try invocation[Self.rateLimit])
        let storage = try storage(invocation)
        let stop = DispatchSemaphore(value: 0)
        let sources = StopSignals.handle { stop.signal() }
        defer { withExtendedLifetime(sources) {} }
        try serve(
            try CatalogService(
                storage: storage, version: CatalogVersion.current, rateLimit: rateLimit,
                longPolls: .standard(connections: connections), secure: tls != nil, origins: origins),
            on: address, tls: tls, log: log, until: stop
        ) { server in
            // The listen address's origins once its port is known, unless --origin named them.
            if !invocation.isGiven(origin) {
                origins.trust(
                    WebOrigins.of(ListenAddress(host: server.host, port: server.port), secure: server.isSecure))
            }
        }
    }

    /// The origins of `--origin`, each an `http` or `https` URL of a host alone; none when it is absent (the listen
    /// address's are trusted once the server listens), which a server listening on every address (`0.0.0.0`,
    /// `::`) cannot do without.
    private static func configuredOrigins(_ invocation: Invocation, listening address: ListenAddress) throws
        -> WebOrigins
    {
        let origins = try invocation[origin]
        guard !origins.isEmpty || !["0.0.0.0", "::"].contains(address.host) else {
            throw UsageError(
                "listening on every address (\(address.host)), the server cannot tell which origin its web page is "
                    + "reached at",
                hint: "give --origin with the address browsers use, e.g. https://catalog.example.org",
                commandPath: invocation.commandPath)
        }
        return WebOrigins(origins)
    }

    /// Where the server's answers come from: the PostgreSQL database of `--database` (migrated first), else the
    /// SQLite catalog of `--db` with its users' file, both brought up to date; the catalog must exist.
    private static func storage(_ invocation: Invocation) throws -> any CatalogStore {
        var location = try GlobalOptions.location(invocation)
        if let replica = try invocation[readDatabase] {
            guard let replicated = location.reading(from: replica) else {
                throw UsageError(
                    "--read-database names a replica of a PostgreSQL database: it needs --database URL",
                    commandPath: invocation.commandPath)
            }
            guard PostgreSQLConnection.isURI(replica) else {
                throw UsageError(
                    "--read-database takes a PostgreSQL URI (postgres://USER@HOST:PORT/NAME); got "
                        + "'\(PostgreSQLConnection.redacted(replica))'",
                    commandPath: invocation.commandPath)
            }
            location = replicated
        }
        return try GlobalOptions.openStore(invocation, at: location, mode: .migrateExisting)
    }

    /// The certificate and key of `--tls-cert` and `--tls-key` (both or neither), read from their files.
    private static func credentials(_ invocation: Invocation) throws -> HTTPServer.TLSCredentials? {
        let (certificate, key) = (try invocation[tlsCertificate], try invocation[tlsKey])
        guard let certificate, let key else {
            guard certificate == nil && key == nil else {
                throw UsageError(
                    "give both --tls-cert FILE and --tls-key FILE, or neither", commandPath: invocation.commandPath)
            }
            return nil
        }
        func pem(_ path: String, _ option: String) throws -> String {
            do {
                return try String(contentsOfFile: path, encoding: .utf8)
            } catch {
                throw UsageError(
                    "--\(option) \(path): cannot read the file: \(error.localizedDescription)",
                    hint: "give a PEM file this user can read", commandPath: invocation.commandPath)
            }
        }
        return HTTPServer.TLSCredentials(
            certificate: try pem(certificate, "tls-cert"), privateKey: try pem(key, "tls-key"))
    }

    /// The rate `--rate-limit` asks for: none for 0, else bursts of twice the rate (the default is the standard
    /// rate).
    private static func rate(perSecond: Int) -> RateLimiter.Rate? {
        perSecond == 0 ? nil : RateLimiter.Rate(requestsPerSecond: Double(perSecond), burst: 2 * perSecond)
    }

    /// Open connections at most. Long-polls hold a connection each but no thread; libmicrohttpd shares the limit
    /// among its threads.
    static let connections = 4096

    /// The server's limits: ``connections`` in all, a sixteenth of them from one client address.
    private static func limits(threads: Int) -> HTTPServer.Limits {
        var limits = HTTPServer.Limits()
        limits.connections = connections
        limits.connectionsPerAddress = connections / 16
        limits.threads = threads
        return limits
    }

    /// Serves until `stop` is signalled, then stops accepting and answers the requests in flight; the service and
    /// its pool are released when this returns.
    private static func serve(
        _ service: CatalogService, on address: ListenAddress, tls: HTTPServer.TLSCredentials?, log: AccessLog,
        until stop: DispatchSemaphore, started: (HTTPServer) -> Void
    ) throws {
        let server = try HTTPServer(
            host: address.host, port: address.port, limits: limits(threads: service.concurrency), tls: tls,
            stopping: service.stop,
            answered: { request, response, elapsed in
                let microseconds =
                    elapsed.components.seconds * 1_000_000 + elapsed.components.attoseconds / 1_000_000_000_000
                Output.writeError(
                    log.line(
                        method: request.method.rawValue, path: request.path, status: response.status.code,
                        bytes: Int(response.contentLength), microseconds: microseconds, user: response.remoteUser))
            },
            noticed: { Output.writeError(log.line(notice: $0)) }, refusing: { APIProblem($0).response },
            handler: service.respond(to:))
        started(server)
        Output.write(
            "listening on \(ListenAddress(host: server.host, port: server.port).url(secure: server.isSecure))\n")
        stop.wait()
        server.stop()
    }
}
