import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension ServeSuite {
    /// A client's books page alone, then beside two others taking all the server lets them: a token parking the
    /// most long-polls it may (16), and an address holding its share of connections (256) with requests that
    /// trickle in a header line a second (slowloris, cut off at the 10 s deadline and opened again). Each client is
    /// an address of its own. The ratio of the p99s says whether one client slows another.
    func fairness(server: ServerProcess, catalog: String, database: String, log: (String) -> Void) throws
        -> [Measurement]
    {
        let reader = try navigationToken(catalog: catalog, database: database, user: "bench-fair-reader")
        let parker = try navigationToken(catalog: catalog, database: database, user: "bench-fair-parker")
        /// The times of one page after another for `duration`.
        func pages(for duration: Duration) throws -> [Double] {
            var samples: [Double] = []
            let end = ContinuousClock.now + duration
            while ContinuousClock.now < end {
                let start = ContinuousClock.now
                let exchange = try HTTPExchange(port: server.port, from: "127.0.0.3")
                try exchange.send("GET", "/v1/books?limit=50", headers: ["Authorization": "Bearer \(reader)"])
                let answer = try exchange.receive()
                guard answer.status == 200 else { throw BenchmarkError("GET /v1/books answered \(answer.status)") }
                let elapsed = (ContinuousClock.now - start).components
                samples.append(Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18)
            }
            return samples
        }
        let alone = try pages(for: .seconds(max(1, seconds / 2)))

        let health = try HTTPExchange.request(port: server.port, "GET", "/v1/health")
        guard let json = try JSONSerialization.jsonObject(with: Data(health.body.utf8)) as? [String: Any],
            let highWater = json["lastSeq"] as? Int
        else { throw BenchmarkError("GET /v1/health answered \(health.status): \(health.body)") }
        let parked = try (0..<16).map { _ in
            let poll = try HTTPExchange(port: server.port, from: "127.0.0.4")
            try poll.send(
                "GET", "/v1/changes?since=\(highWater)&wait=60", headers: ["Authorization": "Bearer \(parker)"])
            return poll
        }
        defer { for poll in parked { poll.close() } }
        let slowloris = Slowloris(port: server.port, source: "127.0.0.2", connections: 256)
        slowloris.start()
        defer { slowloris.stop() }
        // The trickling connections open and the long-polls park before the client's requests are timed.
        Thread.sleep(forTimeInterval: 2)
        // At the default 10 s, longer than the request deadline: the trickling connections are cut off and opened
        // again meanwhile.
        let beside = try pages(for: .seconds(seconds * 3 / 2))
        let refused = parked.filter(\.hasAnswer).count
        let besideLabel = "books page (50) beside a token parking 16 long-polls and 256 trickling connections"
        var measurements = [
            Measurement(suite: name, case: "books page (50), one client alone", impl: "catalog serve", samples: alone),
            Measurement(suite: name, case: besideLabel, impl: "catalog serve", samples: beside),
        ]
        let ratio = measurements[1].p99 / measurements[0].p99
        measurements[1].notes = [
            "p99_ratio_to_alone": ratio, "slowloris_reconnects": Double(slowloris.reconnects),
            "long_polls_answered_early": Double(refused),
        ]
        log(
            String(
                format: "serve: books page p99 %.2f ms alone, %.2f ms beside the two (%.2f×); %d slowloris reconnects",
                measurements[0].p99 * 1000, measurements[1].p99 * 1000, ratio, slowloris.reconnects))
        return measurements
    }
}

/// Connections that each send a request line, then a header line a second, never finishing: opened again when the
/// server closes them, until stopped.
final class Slowloris: @unchecked Sendable {
    // Invariant: `stopped` and `reconnects` are only read or written while `lock` is held; `connections` by the
    // thread alone.
    private let port: Int
    private let source: String
    private let count: Int
    private let lock = NSLock()
    private var stopped = false
    private var reopened = 0
    private let finished = DispatchSemaphore(value: 0)

    init(port: Int, source: String, connections: Int) {
        self.port = port
        self.source = source
        self.count = connections
    }

    /// How many connections were opened again after the server closed them.
    var reconnects: Int { lock.withLock { reopened } }

    func start() {
        Thread.detachNewThread { [self] in
            var connections: [HTTPExchange?] = Array(repeating: nil, count: count)
            var line = 0
            while !lock.withLock({ stopped }) {
                for index in connections.indices {
                    if let connection = connections[index], connection.sendRaw("X-Line-\(line): more\r\n") { continue }
                    if let closed = connections[index] {
                        closed.close()
                        lock.withLock { reopened += 1 }
                    }
                    let opened = try? HTTPExchange(port: port, from: source)
                    connections[index] = opened
                    _ = opened?.sendRaw("GET /v1/books HTTP/1.1\r\nHost: 127.0.0.1\r\n")
                }
                line += 1
                Thread.sleep(forTimeInterval: 1)
            }
            for connection in connections { connection?.close() }
            finished.signal()
        }
    }

    func stop() {
        lock.withLock { stopped = true }
        finished.wait()
    }
}
