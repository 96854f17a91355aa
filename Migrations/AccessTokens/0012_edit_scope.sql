-- Tokens may have the scope `edit` (editing the catalog by hand), between `nav` and `admin`: read < nav < edit <
-- admin. The values a token had keep their meaning.
--
-- SQLite cannot change a CHECK constraint in place, so `access_tokens` is made again with its rows. `web_sessions`
-- references it (and would lose its rows to the cascade when the old table is dropped), so its rows are set aside
-- and the table is made again after it, as 0009 made it.
CREATE TABLE web_sessions_kept AS SELECT id, token_id, hash, created_at, expires_at, csrf_hash FROM web_sessions;
DROP TABLE web_sessions;

CREATE TABLE access_tokens_new (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    hash TEXT NOT NULL UNIQUE CHECK (length(hash) = 64),
    scope TEXT NOT NULL CHECK (scope = 'read' OR scope = 'nav' OR scope = 'edit' OR scope = 'admin'),
    created_at TEXT NOT NULL,
    expires_at TEXT,
    last_used_at TEXT,
    revoked_at TEXT
);
INSERT INTO access_tokens_new (id, user_id, hash, scope, created_at, expires_at, last_used_at, revoked_at)
    SELECT id, user_id, hash, scope, created_at, expires_at, last_used_at, revoked_at FROM access_tokens;
DROP TABLE access_tokens;
ALTER TABLE access_tokens_new RENAME TO access_tokens;
CREATE INDEX access_tokens_by_user ON access_tokens(user_id);

CREATE TABLE web_sessions (
    id INTEGER PRIMARY KEY,
    token_id INTEGER NOT NULL REFERENCES access_tokens(id) ON DELETE CASCADE,
    hash TEXT NOT NULL UNIQUE CHECK (length(hash) = 64),
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    csrf_hash TEXT NOT NULL CHECK (length(csrf_hash) = 64)
);
INSERT INTO web_sessions (id, token_id, hash, created_at, expires_at, csrf_hash)
    SELECT id, token_id, hash, created_at, expires_at, csrf_hash FROM web_sessions_kept;
DROP TABLE web_sessions_kept;
CREATE INDEX web_sessions_by_token ON web_sessions(token_id);
