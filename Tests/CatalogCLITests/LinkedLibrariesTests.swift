import TestSupport
import Testing

/// Every run of the command pays for the shared libraries it links, at launch; those only some commands use are
/// loaded when one of them runs.
@Suite struct LinkedLibrariesTests {
    @Test func theCommandLinksNoLibraryOnlySomeCommandsUse() throws {
        let ldd = try TestSupport.installedTool("ldd")
        let linked = try TestSupport.run(ldd, [CatalogCLI.executable])
        #expect(linked.status == 0, "\(linked.standardError)")
        // FoundationNetworking brings libcurl, and libcurl some 30 libraries more (TLS, Kerberos, LDAP, SSH).
        for library in ["libFoundationNetworking", "libcurl", "libmicrohttpd", "libpq"] {
            #expect(!linked.standardOutput.contains(library), "\(library) is loaded at every launch")
        }
    }
}
