import AccessTokens
import Accounts
import CatalogStore
import CatalogViews
import CommandLineKit
import Foundation
import Navigation

/// `catalog tokens`: the bearer tokens clients of `catalog serve` authenticate with.
enum TokensCommand {
    static let command = Command(
        name: "tokens",
        abstract: "Create, list or revoke the access tokens of 'catalog serve'.",
        discussion: """
            A token acts for one user (see 'catalog users') with a scope: read (the catalog and the user's own \
            navigation state), nav (read, and changing the user's navigation state and sessions), edit (nav, and \
            adding, changing, deleting and merging catalog entries) or admin (everything). Clients send it as \
            'Authorization: Bearer TOKEN'. It is printed once, when it is created: only its SHA-256 hash is stored, \
            so it cannot be shown again (create another instead).
            """,
        subcommands: [
            Command(
                name: "create", abstract: "Create a token for a user and print it, once.",
                options: [user, scope, expires, createJSON],
                run: create),
            Command(
                name: "list", abstract: "List the tokens (never the tokens themselves: ids, users, scopes, times).",
                options: [listedUser, listJSON],
                run: list),
            Command(
                name: "revoke", abstract: "Revoke a token: requests with it are refused from now on.",
                arguments: [Argument("ID", help: "The token's id, as 'catalog tokens list' shows it.")],
                run: revoke),
        ]
    )

    private static let user = TypedOption<String?>(
        "user", valueName: "NAME", help: "The user the token acts for (required).")
    private static let scope = TypedOption<AccessScope>(
        "scope", valueName: "SCOPE", parser: .choice(AccessScope.self), default: .read,
        help: "read, nav, edit or admin.")
    private static let expires = TypedOption<Duration?>(
        "expires", valueName: "DURATION", parser: .duration,
        help: "Stop accepting it after DURATION: a number and s, m, h or d, e.g. 90m or 30d.", whenAbsent: "never")
    private static let createJSON = Flag("json", help: "Print the token and what is stored about it as JSON.")
    private static let listedUser = TypedOption<String?>("user", valueName: "NAME", help: "Only this user's tokens.")
    private static let listJSON = Flag("json", help: "Print the tokens as JSON.")

    private static func create(_ invocation: Invocation) throws {
        guard let name = try invocation[Self.user] else {
            throw UsageError("--user NAME is required: a token acts for a user", commandPath: invocation.commandPath)
        }
        let scope = try invocation[Self.scope]
        let lifetime = try invocation[expires]
        let now = Date()
        let expiresAt = lifetime.map { now.addingTimeInterval(seconds($0)) }
        // Times are stored as ISO 8601 text, which ends with the year 9999.
        if let expiresAt, expiresAt >= Date(timeIntervalSince1970: 253_402_300_800) {
            throw UsageError(
                "--expires \(invocation.text(of: expires) ?? "") ends after the year 9999; give a shorter time, or omit "
                    + "--expires for a token that never expires",
                commandPath: invocation.commandPath)
        }
        let (user, issued) = try GlobalOptions.openStore(invocation).accounts { users, tokens in
            let user = try UsersCommand.existingUser(named: name, in: users, invocation)
            return (user, try tokens.create(for: user, scope: scope, expiresAt: expiresAt, now: now))
        }
        if invocation[createJSON] {
            var object = json(issued.stored)
            if case .object(var fields) = object {
                fields["token"] = .string(issued.token)
                object = .object(fields)
            }
            try Output.writeJSON(object)
        } else {
            Output.write(issued.token + "\n")
            Output.writeError(
                "token \(issued.stored.id) for \(user.name), scope \(scope.rawValue), "
                    + "\(issued.stored.expiresAt.map { "expires \(iso8601($0))" } ?? "never expires"); "
                    + "it is shown only this once\n")
        }
    }

    private static func list(_ invocation: Invocation) throws {
        let tokens = try GlobalOptions.openStore(invocation).accounts { users, tokens in
            let user = try invocation[listedUser].map {
                try UsersCommand.existingUser(named: $0, in: users, invocation)
            }
            return try tokens.tokens(of: user)
        }
        if invocation[listJSON] {
            try Output.writeJSON(JSONValue.array(tokens.map(json)))
        } else if tokens.isEmpty {
            Output.write("no access tokens; create one with 'catalog tokens create --user NAME'\n")
        } else {
            let now = Date()
            Output.write(
                Output.table(
                    tokens.map { token in
                        let state =
                            token.revokedAt != nil
                            ? "revoked" : token.isUsable(at: now) ? "active" : "expired"
                        return (
                            "\(token.id)",
                            "\(token.user) · \(token.scope.rawValue) · \(state) · created "
                                + iso8601(token.createdAt)
                                + (token.expiresAt.map { " · expires " + iso8601($0) } ?? "")
                                + (token.lastUsedAt.map { " · last used " + iso8601($0) } ?? "")
                        )
                    }))
        }
    }

    private static func revoke(_ invocation: Invocation) throws {
        let text = invocation.positionals[0]
        guard let id = Int64(text) else {
            throw UsageError(
                "'\(text)' is not a token id", hint: "'catalog tokens list' shows the ids",
                commandPath: invocation.commandPath)
        }
        do {
            let token = try GlobalOptions.openStore(invocation).accessTokens { try $0.revoke(id: id) }
            Output.write("revoked token \(token.id) of \(token.user)\n")
        } catch AccessTokenError.noSuchToken {
            throw UsageError(
                "no access token has id \(id)", hint: "'catalog tokens list' shows the ids",
                commandPath: invocation.commandPath)
        }
    }

    /// A token as `tokens list --json` prints it.
    private static func json(_ token: AccessToken) -> JSONValue {
        [
            "id": .int(Int(token.id)), "user": .string(token.user), "scope": .string(token.scope.rawValue),
            "createdAt": .date(token.createdAt), "expiresAt": token.expiresAt.map(JSONValue.date) ?? .null,
            "lastUsedAt": token.lastUsedAt.map(JSONValue.date) ?? .null,
            "revokedAt": token.revokedAt.map(JSONValue.date) ?? .null,
        ]
    }

    private static func iso8601(_ date: Date) -> String {
        date.formatted(.iso8601)
    }

    /// `duration` in seconds, as a time interval.
    private static func seconds(_ duration: Duration) -> TimeInterval {
        let (seconds, attoseconds) = duration.components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
