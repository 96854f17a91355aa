// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "LibraryCatalog",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "SQLiteDB", targets: ["SQLiteDB"]),
        .library(name: "SQLiteCatalog", targets: ["SQLiteCatalog"]),
        .library(name: "Navigation", targets: ["Navigation"]),
        .library(name: "Catalog", targets: ["Catalog"]),
        .library(name: "CatalogImport", targets: ["CatalogImport"]),
        .library(name: "CatalogSync", targets: ["CatalogSync"]),
        .library(name: "CatalogRemote", targets: ["CatalogRemote"]),
        .library(name: "LibraryNavigation", targets: ["LibraryNavigation"]),
        .library(name: "PostgreSQLDB", targets: ["PostgreSQLDB"]),
        .library(name: "PostgreSQLCatalog", targets: ["PostgreSQLCatalog"]),
        .executable(name: "catalog", targets: ["catalog"]),
        .executable(name: "catalog-bench", targets: ["catalog-bench"]),
    ],
    dependencies: [],
    targets: [
        // The system SQLite (Debian: libsqlite3-dev); only SQLiteDB imports it.
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite3"])]
        ),
        // Numbered migrations, their checksums and the checks made before one applies, for every kind of database.
        .target(name: "SchemaMigration"),
        // What both database drivers give the statements and row decoders written once for either: a connection
        // that runs `?`-parameter SQL, a row read by position, the dialect where they differ.
        .target(name: "SQLInterface"),
        .target(name: "SQLiteDB", dependencies: ["CSQLite", "SchemaMigration", "SQLInterface"]),
        // The one loader of the C libraries loaded at run time (libmicrohttpd, libpq, libcurl) instead of linked.
        .target(name: "CSharedLibrary", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        // libpq, loaded at the first connection (Debian: libpq5; Homebrew: libpq); only PostgreSQLDB imports it.
        .target(name: "CLibPQ", dependencies: ["CSharedLibrary"]),
        // PostgreSQL connections: parameters, rows, transactions, COPY, LISTEN/NOTIFY, errors, the migrator.
        .target(name: "PostgreSQLDB", dependencies: ["CLibPQ", "SchemaMigration", "SQLInterface"]),
        // The catalog's and the navigation's tables on PostgreSQL: Migrations/PostgreSQLCatalog/ (a sequence of its own)
        // embedded by the EmbedMigrations plugin, the change feed and snapshots read from them, imports through a
        // working copy, navigation stores on a PostgreSQL connection.
        .target(
            name: "PostgreSQLCatalog",
            dependencies: [
                "Accounts", "Catalog", "CatalogViews", "CatalogImport", "CatalogSync", "LibraryNavigation",
                "Navigation",
                "PostgreSQLDB", "SQLiteDB",
            ],
            plugins: ["EmbedMigrations"]),
        // One interface to a database's catalog, change feed, tokens and navigation state, with its two sides as
        // mirrors (SQLite/, PostgreSQL/), the one place that chooses between them, and the watchers that wake
        // long-polls on commits.
        .target(
            name: "CatalogStore",
            dependencies: [
                "AccessTokens", "Accounts", "Catalog", "CatalogViews", "CatalogImport", "CatalogSync",
                "LibraryNavigation", "Navigation", "PostgreSQLCatalog", "PostgreSQLDB", "SQLiteCatalog",
                "SchemaMigration",
                "SQLiteDB",
            ]),
        // libmicrohttpd, loaded when a server starts (Debian: libmicrohttpd12; Homebrew: libmicrohttpd); only
        // HTTPServer imports it.
        .target(name: "CMicroHTTPD", dependencies: ["CSharedLibrary"]),
        // A small HTTP/1.1 server: request and response values, one Sendable handler, graceful stop.
        .target(name: "HTTPServer", dependencies: ["CMicroHTTPD"]),
        // The catalog's HTTP API: routes, problem answers, the endpoints over a pool of readers; and the web page,
        // whose files (Web/) the EmbedWebAssets plugin embeds at build time, so only the server targets carry them.
        .target(
            name: "CatalogServer",
            dependencies: [
                "AccessTokens", "Catalog", "CatalogViews", "CatalogStore", "CatalogSync", "HTTPServer", "JSONKit",
                "LibraryNavigation", "Navigation", "SQLiteCatalog", "SQLiteDB",
            ],
            exclude: ["Web"], plugins: ["EmbedWebAssets"]),

        // Migrations/<target>/*.sql, embedded at build time by the EmbedMigrations plugin into the target that owns
        // the tables (SQLiteCatalog composes the catalog's and the navigation's), and the web page's files, by the
        // EmbedWebAssets plugin: one tool turns files into Swift source for both.
        .executableTarget(name: "ResourceEmbedder"),
        .plugin(
            name: "EmbedMigrations", capability: .buildTool(), dependencies: ["ResourceEmbedder"],
            path: "Sources/EmbedMigrations"),
        .plugin(
            name: "EmbedWebAssets", capability: .buildTool(), dependencies: ["ResourceEmbedder"],
            path: "Sources/EmbedWebAssets"),
        // The SQLite side of the tables' owners, as PostgreSQLCatalog is the PostgreSQL side: opens catalogs and
        // user-state files, composes their migrations, and makes navigation stores, users and tokens on a SQLite
        // connection or pool (with the WAL checkpoints a navigation store asks for).
        .target(
            name: "SQLiteCatalog", dependencies: ["AccessTokens", "Accounts", "Catalog", "Navigation", "SQLiteDB"]),

        // Books, authors, genres and bands: models, repositories, browsing lists, search.
        .target(name: "Catalog", dependencies: ["SQLInterface", "SQLiteDB"], plugins: ["EmbedMigrations"]),
        // Catalog files in (JSON, CSV/TSV, Open Library dumps): readers, identity rules, the writer.
        .target(name: "CatalogImport", dependencies: ["Catalog", "JSONKit", "SQLiteDB"]),
        // The catalog's read answers as JSON text, shared by the command's --json output and the HTTP server.
        .target(
            name: "CatalogViews", dependencies: ["Catalog", "JSONKit", "LibraryNavigation", "Navigation", "SQLiteDB"]),
        // The change feed, snapshots and the sync client of offline copies.
        .target(name: "CatalogSync", dependencies: ["Catalog", "JSONKit", "SQLiteDB"]),
        // The HTTP API's bearer tokens of the users, stored hashed, with their scopes and web sessions; statements
        // written once for SQLite and PostgreSQL.
        .target(
            name: "AccessTokens", dependencies: ["Accounts", "Navigation", "SchemaMigration", "SQLInterface"],
            plugins: ["EmbedMigrations"]),
        // The users whose navigation state is kept and whom tokens act for: their rules and their table, written once
        // for SQLite and PostgreSQL. Navigation scopes its rows by a user; accounts are kept here, beside the tokens.
        .target(name: "Accounts", dependencies: ["Navigation", "SQLInterface"]),
        // libcurl, loaded at the first request to a server (Debian: libcurl4; macOS ships it); only CatalogRemote
        // imports it.
        .target(name: "CCurl", dependencies: ["CSharedLibrary"]),
        // The client side of a catalog server: snapshots and the change feed over HTTP (libcurl).
        .target(name: "CatalogRemote", dependencies: ["CCurl", "Catalog", "CatalogSync", "JSONKit", "SQLiteDB"]),
        // Split-view navigation state, history and sessions, generic over the app's route type, stored through
        // statements written once for SQLite and PostgreSQL (no database driver: each database's side makes a store).
        .target(
            name: "Navigation", dependencies: ["JSONKit", "SchemaMigration", "SQLInterface"],
            plugins: ["EmbedMigrations"]),
        // The catalog's routes, their validation against the catalog, and a browsing facade per user and scene.
        .target(name: "LibraryNavigation", dependencies: ["Catalog", "Navigation", "SQLiteCatalog", "SQLiteDB"]),

        // A small W3C WebDriver client for headless Chromium (chromedriver), for the web page's browser tests and
        // benchmark; no library product depends on it.
        .target(name: "WebDriver"),

        // JSON text read byte by byte, streaming or whole, with positions and limits; written with one escaping routine;
        // typed member access whose errors name the member's path. Every JSON surface of the package goes through it.
        .target(name: "JSONKit"),

        // Hand-written argument parsing for the CLI (no outside packages).
        .target(name: "CommandLineKit"),
        // Raw-mode terminal, key decoding and display widths for the interactive browser.
        .target(name: "TerminalKit"),
        .executableTarget(
            name: "catalog",
            dependencies: [
                "AccessTokens", "Accounts", "SQLiteDB", "SQLiteCatalog", "Catalog", "CatalogViews", "CatalogImport",
                "CatalogRemote",
                "CatalogServer", "CatalogStore",
                "CatalogSync", "HTTPServer", "Navigation", "LibraryNavigation", "CommandLineKit", "PostgreSQLCatalog",
                "SchemaMigration",
                "PostgreSQLDB", "TerminalKit",
            ]),
        .executableTarget(
            name: "catalog-bench",
            dependencies: [
                "AccessTokens", "SQLiteDB", "CSQLite", "SQLiteCatalog", "Catalog", "CatalogImport", "CatalogRemote",
                "CatalogServer",
                "CatalogSync", "HTTPServer", "Navigation", "CommandLineKit", "PostgreSQLDB", "WebDriver",
            ]),

        // The README's Swift examples, each a program whose source is the README block verbatim
        // (ReadmeExampleTests checks both and runs them).
        .executableTarget(
            name: "example-using-the-library", dependencies: ["SQLiteDB"], path: "Sources/Examples/UsingTheLibrary"),
        .executableTarget(
            name: "example-navigation-model", dependencies: ["Catalog", "LibraryNavigation", "SQLiteCatalog"],
            path: "Sources/Examples/NavigationModel"),
        .executableTarget(
            name: "example-app-routes", dependencies: ["Navigation", "SQLiteCatalog", "SQLiteDB"],
            path: "Sources/Examples/AppRoutes"),

        // Test tooling: a writer process for SQLiteDB's multi-process tests, helpers shared by test targets.
        .executableTarget(name: "sqlitedb-stress", dependencies: ["SQLiteDB"]),
        .executableTarget(
            name: "navigation-stress",
            dependencies: ["LibraryNavigation", "Catalog", "Navigation", "SQLiteCatalog", "SQLiteDB"]),
        .target(
            name: "TestSupport", dependencies: ["Catalog", "CatalogImport", "HTTPServer", "SQLiteCatalog", "SQLiteDB"],
            path: "Tests/TestSupport"),

        // libFuzzer targets (Scripts/fuzz.sh) over the checks in FuzzChecks; without -DFUZZING they replay a corpus.
        .target(
            name: "FuzzChecks",
            dependencies: [
                "AccessTokens", "LibraryNavigation", "Catalog", "CatalogImport", "CatalogServer", "HTTPServer",
                "JSONKit", "Navigation", "SQLiteCatalog", "SQLiteDB",
            ],
            path: "Sources/Fuzz/FuzzChecks"),
        .executableTarget(name: "fuzz-route-parser", dependencies: ["FuzzChecks"], path: "Sources/Fuzz/RouteParser"),
        .executableTarget(name: "fuzz-stored-state", dependencies: ["FuzzChecks"], path: "Sources/Fuzz/StoredState"),
        .executableTarget(name: "fuzz-search", dependencies: ["FuzzChecks"], path: "Sources/Fuzz/Search"),
        .executableTarget(name: "fuzz-page-cursor", dependencies: ["FuzzChecks"], path: "Sources/Fuzz/PageCursor"),
        .executableTarget(name: "fuzz-csv-reader", dependencies: ["FuzzChecks"], path: "Sources/Fuzz/CSVReader"),
        .executableTarget(name: "fuzz-json-reader", dependencies: ["FuzzChecks"], path: "Sources/Fuzz/JSONReader"),
        .executableTarget(
            name: "fuzz-openlibrary-reader", dependencies: ["FuzzChecks"], path: "Sources/Fuzz/OpenLibraryReader"),
        .executableTarget(name: "fuzz-router", dependencies: ["FuzzChecks"], path: "Sources/Fuzz/Router"),
        .executableTarget(name: "fuzz-marc-reader", dependencies: ["FuzzChecks"], path: "Sources/Fuzz/MARCReader"),
        .executableTarget(
            name: "fuzz-marcxml-reader", dependencies: ["FuzzChecks"], path: "Sources/Fuzz/MARCXMLReader"),

        .testTarget(name: "SchemaMigrationTests", dependencies: ["SchemaMigration"]),
        .testTarget(name: "SQLInterfaceTests", dependencies: ["SQLInterface"]),
        .testTarget(name: "SQLiteDBTests", dependencies: ["SQLiteDB", "TestSupport", "sqlitedb-stress"]),
        .testTarget(
            name: "PostgreSQLDBTests",
            dependencies: [
                "Catalog", "CatalogViews", "CatalogImport", "CatalogServer", "CatalogStore", "CatalogSync",
                "LibraryNavigation", "Navigation", "PostgreSQLCatalog",
                "PostgreSQLDB", "SQLiteCatalog", "SQLiteDB", "TestSupport",
            ]),
        .testTarget(
            name: "SQLiteCatalogTests",
            dependencies: ["Catalog", "Navigation", "SQLiteCatalog", "SQLiteDB", "TestSupport"],
            exclude: ["Fixtures"]),
        .testTarget(name: "CatalogTests", dependencies: ["Catalog", "SQLiteCatalog", "SQLiteDB", "TestSupport"]),
        .testTarget(
            name: "CatalogImportTests",
            dependencies: ["Catalog", "CatalogImport", "SQLiteCatalog", "SQLiteDB", "TestSupport"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "CatalogSyncTests",
            dependencies: ["Catalog", "CatalogImport", "CatalogSync", "SQLiteCatalog", "SQLiteDB", "TestSupport"]),
        .testTarget(
            name: "NavigationTests",
            dependencies: [
                "Navigation", "PostgreSQLCatalog", "PostgreSQLDB", "SQLiteCatalog", "SQLiteDB", "TestSupport",
            ]),
        .testTarget(
            name: "AccessTokensTests",
            dependencies: [
                "AccessTokens", "Accounts", "LibraryNavigation", "Navigation", "PostgreSQLCatalog", "PostgreSQLDB",
                "SQLiteCatalog",
                "SQLiteDB", "TestSupport",
            ]),
        .testTarget(
            name: "LibraryNavigationTests",
            dependencies: [
                "LibraryNavigation", "Catalog", "CatalogImport", "Navigation", "SQLiteCatalog", "SQLiteDB",
                "TestSupport",
            ]),
        .testTarget(name: "CommandLineKitTests", dependencies: ["CommandLineKit"]),
        .testTarget(name: "JSONKitTests", dependencies: ["JSONKit"]),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "TestSupport"]),
        .testTarget(
            name: "ServerTests",
            dependencies: [
                "catalog", "Accounts", "Catalog", "CatalogViews", "CatalogRemote", "CatalogServer", "CatalogStore",
                "CatalogSync",
                "HTTPServer", "LibraryNavigation", "Navigation", "SQLiteCatalog", "SQLiteDB", "TerminalKit",
                "TestSupport", "WebDriver",
            ]),
        .testTarget(name: "TerminalKitTests", dependencies: ["TerminalKit"]),
        .testTarget(
            name: "CatalogCLITests",
            dependencies: [
                "catalog", "catalog-bench", "Catalog", "CatalogImport", "LibraryNavigation", "Navigation",
                "SQLiteCatalog",
                "SQLiteDB", "TerminalKit", "TestSupport",
                "example-using-the-library", "example-navigation-model", "example-app-routes",
            ]),
        .testTarget(name: "FuzzTests", dependencies: ["FuzzChecks", "TestSupport"]),
        .testTarget(
            name: "ReliabilityTests",
            dependencies: [
                "catalog", "navigation-stress", "LibraryNavigation", "Catalog", "CatalogImport", "CatalogSync",
                "Navigation",
                "SQLiteCatalog", "SQLiteDB", "TestSupport",
            ]),
    ]
)

for target in package.targets where target.type != .system && target.type != .plugin {
    var settings = target.swiftSettings ?? []
    settings.append(contentsOf: [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("InternalImportsByDefault"),
        .enableUpcomingFeature("MemberImportVisibility"),
    ])
    target.swiftSettings = settings
}
