-- Sign-in sessions of the web page: a browser posts an access token once and is given a random session id in an
-- HttpOnly cookie; later requests carry the cookie instead of the token.
--
-- Only the id's SHA-256 is stored (`hash`), as with tokens, so a copy of this file signs nobody in. A session acts
-- for its token (`token_id`): the token's scope is the session's, and revoking, expiring or removing the token ends
-- its sessions. `csrf_token` is the per-session value a state-changing request must echo in `X-CSRF-Token`; on its
-- own it grants nothing. Sessions end at `expires_at` or when signed out (the row is deleted).

CREATE TABLE web_sessions (
    id INTEGER PRIMARY KEY,
    token_id INTEGER NOT NULL REFERENCES access_tokens(id) ON DELETE CASCADE,
    hash TEXT NOT NULL UNIQUE CHECK (length(hash) = 64),
    csrf_token TEXT NOT NULL,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL
);
CREATE INDEX web_sessions_by_token ON web_sessions(token_id);
