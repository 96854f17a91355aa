package import SQLiteDB

/// The `access_tokens` table: the migrations in `Migrations/AccessTokens/`, embedded into this module at build time.
/// It references the navigation's `users`, so it is composed after the navigation migrations.
package enum AccessTokensSchema {
    /// The access-token migrations, by version.
    package static var migrations: [Migration] { embedded }

    /// The tables whose rows belong to users (their tokens' hashes): a copy made for someone else leaves them empty.
    package static let userTables = ["access_tokens"]
}
