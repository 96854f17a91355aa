// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "LibraryCatalog",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "SQLiteDB", targets: ["SQLiteDB"]),
        .library(name: "Schema", targets: ["Schema"]),
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

        // Temporary home of the import file readers (Foundation only) until the Catalog target is merged.
        .target(name: "Catalog"),

        // Hand-written argument parsing for the CLI (no outside packages).
        .target(name: "CommandLineKit"),
        .executableTarget(name: "catalog", dependencies: ["SQLiteDB", "Schema", "CommandLineKit"]),
        .executableTarget(name: "catalog-bench", dependencies: ["SQLiteDB", "CSQLite", "CommandLineKit"]),

        .testTarget(name: "SQLiteDBTests", dependencies: ["SQLiteDB"]),
        .testTarget(name: "SchemaTests", dependencies: ["Schema", "SQLiteDB"]),
        .testTarget(name: "CommandLineKitTests", dependencies: ["CommandLineKit"]),
        .testTarget(name: "CatalogCLITests", dependencies: ["catalog"]),
        .testTarget(name: "CatalogTests", dependencies: ["Catalog"], exclude: ["Fixtures"]),
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
