-- Web sessions keep only the SHA-256 of their CSRF token (`csrf_hash`), as they keep only that of their id: a copy of
-- the users' file gives nobody a value to put in `X-CSRF-Token`. The token is derived from the session's id (which
-- only the browser's cookie holds), so the server can tell it to the page again without storing it.
--
-- The sessions started before this migration had a random token, stored as it was, that no id gives back; they end
-- here (their users sign in again) rather than keep a plain value or become sessions whose page cannot write. With
-- nothing to keep, the table is made again rather than altered (SQLite adds a NOT NULL column without a default only
-- from 3.37), its new column last as PostgreSQL's 0004 adds it.
DROP TABLE web_sessions;

CREATE TABLE web_sessions (
    id INTEGER PRIMARY KEY,
    token_id INTEGER NOT NULL REFERENCES access_tokens(id) ON DELETE CASCADE,
    hash TEXT NOT NULL UNIQUE CHECK (length(hash) = 64),
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    csrf_hash TEXT NOT NULL CHECK (length(csrf_hash) = 64)
);
CREATE INDEX web_sessions_by_token ON web_sessions(token_id);
