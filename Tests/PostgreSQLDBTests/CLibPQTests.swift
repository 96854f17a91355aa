import TestSupport
import Testing

/// The package declares the part of libpq it uses itself, since it loads the library at run time: those
/// declarations must say what the installed header says.
@Suite struct CLibPQTests {
    @Test func declarationsMatchTheInstalledHeader() throws {
        let expressions = [
            "CONNECTION_OK", "CONNECTION_BAD", "PGRES_EMPTY_QUERY", "PGRES_COMMAND_OK", "PGRES_TUPLES_OK",
            "PGRES_COPY_OUT", "PGRES_COPY_IN", "PGRES_BAD_RESPONSE", "PGRES_NONFATAL_ERROR", "PGRES_FATAL_ERROR",
            "PQTRANS_IDLE", "PQTRANS_ACTIVE", "PQTRANS_INTRANS", "PQTRANS_INERROR", "PQTRANS_UNKNOWN",
            "sizeof(Oid)", "sizeof(PGnotify)", "offsetof(PGnotify, relname)", "offsetof(PGnotify, be_pid)",
            "offsetof(PGnotify, extra)", "offsetof(PGnotify, next)",
        ]
        let values = try TestSupport.cExpressions(
            expressions, ours: "CLibPQ", installed: "/usr/include/postgresql/libpq-fe.h",
            includes: ["/usr/include/postgresql"])
        #expect(values.ours == values.installed)
        #expect(values.ours.split(separator: "\n").count == expressions.count)
    }
}
