-- 0015_upload_queue: a client copy records its own writes, whoever makes them, to upload them to its server.
--
-- * `upload_queue` holds one row per field a local write changed (old and new value as text), per list entry it
--   added or removed (the entry as JSON, with its position), and one row per create, delete and merge, each with
--   the server sequence the copy had synced to when the write was made (the base the server merges against). The
--   rows are written by triggers that `UploadQueue` makes from the table descriptions, on a client only, so the
--   library, the command line and the sqlite3 shell are recorded alike.
-- * `sync_state.applying` is set while sync writes the server's changes, inside that transaction only, so those
--   writes are not recorded as the client's own; no other connection ever sees it set.
-- * `upload_sent` holds the changes frozen from the queue for an upload, with the id the server knows them by:
--   sent again, with the same ids, until answered, so a change whose answer was lost is applied once.
-- * `upload_answers` keeps the server's answer to each change (applied, merged, conflict, rejected).

ALTER TABLE sync_state ADD COLUMN applying INTEGER NOT NULL DEFAULT 0;

CREATE TABLE upload_queue (
    id INTEGER PRIMARY KEY,
    entity_kind TEXT NOT NULL
        CHECK (entity_kind = 'book' OR entity_kind = 'author' OR entity_kind = 'genre' OR entity_kind = 'band'),
    uuid TEXT NOT NULL,
    operation TEXT NOT NULL
        CHECK (operation = 'create' OR operation = 'update' OR operation = 'delete' OR operation = 'merge'),
    base_seq INTEGER NOT NULL,
    -- The field or list key; NULL for a create, delete or merge row.
    field TEXT,
    -- A field's value before and after; a list entry removed (old) or added (new) as JSON; a merge's survivor (new).
    old TEXT,
    new TEXT,
    queued_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE upload_sent (
    change_id TEXT PRIMARY KEY,
    -- JSON: the change as uploaded (UploadedChange).
    change TEXT NOT NULL,
    frozen_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE upload_answers (
    change_id TEXT PRIMARY KEY,
    change TEXT NOT NULL,
    -- JSON: the server's answer (UploadAnswer).
    answer TEXT NOT NULL,
    answered_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
