package import SchemaMigration

/// The `access_tokens` and `web_sessions` tables: the migrations in `Migrations/AccessTokens/`, embedded into this
/// module at build time. They reference the navigation's `users`, so they are composed after the navigation
/// migrations.
package enum AccessTokensSchema {
    /// The access-token migrations, by version.
    package static var migrations: [Migration] { embedded }

    /// The tables whose rows belong to users (their tokens' and web sessions' hashes): a copy made for someone else
    /// leaves them empty. Sessions come first: they reference tokens.
    package static let userTables = ["web_sessions", "access_tokens"]
}
