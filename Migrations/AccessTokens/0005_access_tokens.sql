-- Bearer tokens of the HTTP API: each belongs to a user of `users` and is removed with them.
--
-- A token is shown once, when it is created; only its SHA-256 is stored (`hash`, 64 lowercase hex digits), so a
-- copy of this file gives nobody a usable token. A request is authenticated by looking its token's hash up.
-- `scope` is the most the token allows: read < nav < admin. A revoked token keeps its row (with `revoked_at`) so a
-- request with it is told it was revoked, not that it is unknown. `last_used_at` is written at most about once a
-- minute per token, so requests that only read do not each wait for the writer.

CREATE TABLE access_tokens (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    hash TEXT NOT NULL UNIQUE CHECK (length(hash) = 64),
    scope TEXT NOT NULL CHECK (scope = 'read' OR scope = 'nav' OR scope = 'admin'),
    created_at TEXT NOT NULL,
    expires_at TEXT,
    last_used_at TEXT,
    revoked_at TEXT
);
CREATE INDEX access_tokens_by_user ON access_tokens(user_id);
