-- 0004_web_session_csrf_hashes (PostgreSQL; SQLite's 0009): web sessions keep only the SHA-256 of their CSRF token
-- (`csrf_hash`), as they keep only that of their id, so the database gives nobody a value to put in `X-CSRF-Token`.
-- The token is derived from the session's id (which only the browser's cookie holds), so the server can tell it to
-- the page again without storing it.
--
-- The sessions started before this migration had a random token that no id gives back: hashing it would leave
-- sessions whose page is told a token that does not match, so they end here and their users sign in again.
DELETE FROM web_sessions;
ALTER TABLE web_sessions DROP COLUMN csrf_token;
ALTER TABLE web_sessions ADD COLUMN csrf_hash TEXT NOT NULL CHECK (length(csrf_hash) = 64);
