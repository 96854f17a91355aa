// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "LibraryCatalog",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "SQLiteDB", targets: ["SQLiteDB"]),
        .library(name: "Schema", targets: ["Schema"]),
        .library(name: "Navigation", targets: ["Navigation"]),
        .library(name: "Catalog", targets: ["Catalog"]),
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
        .target(name: "SQLiteDB", dependencies: ["CSQLite"]),

        // Migrations/*.sql, embedded at build time by the EmbedMigrations plugin.
        .executableTarget(name: "MigrationEmbedder"),
        .plugin(
            name: "EmbedMigrations", capability: .buildTool(), dependencies: ["MigrationEmbedder"],
            path: "Sources/EmbedMigrations"),
        .target(name: "Schema", dependencies: ["SQLiteDB"], plugins: ["EmbedMigrations"]),

        // Books, authors, genres and bands: models, repositories, browsing lists, search, import.
        .target(name: "Catalog", dependencies: ["SQLiteDB"]),
        // Split-view navigation state, history and sessions, generic over the app's route type.
        .target(name: "Navigation", dependencies: ["SQLiteDB"]),

        // Hand-written argument parsing for the CLI (no outside packages).
        .target(name: "CommandLineKit"),
        // Raw-mode terminal, key decoding and display widths for the interactive browser.
        .target(name: "TerminalKit"),
        .executableTarget(name: "catalog", dependencies: ["SQLiteDB", "Schema", "Catalog", "CommandLineKit"]),
        .executableTarget(
            name: "catalog-bench",
            dependencies: ["SQLiteDB", "CSQLite", "Schema", "Catalog", "Navigation", "CommandLineKit"]),

        // Test tooling: a writer process for SQLiteDB's multi-process tests, helpers shared by test targets.
        .executableTarget(name: "sqlitedb-stress", dependencies: ["SQLiteDB"]),
        .target(name: "TestSupport", path: "Tests/TestSupport"),

        .testTarget(name: "SQLiteDBTests", dependencies: ["SQLiteDB", "TestSupport", "sqlitedb-stress"]),
        .testTarget(name: "SchemaTests", dependencies: ["Schema", "SQLiteDB"]),
        .testTarget(
            name: "CatalogTests", dependencies: ["Catalog", "Schema", "SQLiteDB", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "NavigationTests", dependencies: ["Navigation", "Schema", "SQLiteDB"]),
        .testTarget(name: "CommandLineKitTests", dependencies: ["CommandLineKit"]),
        .testTarget(name: "TerminalKitTests", dependencies: ["TerminalKit"]),
        .testTarget(name: "CatalogCLITests", dependencies: ["catalog", "SQLiteDB", "TestSupport"]),
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
