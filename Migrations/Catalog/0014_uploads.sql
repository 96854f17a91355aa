-- 0014_uploads: the changes offline clients upload (`POST /v1/changes`), each applied once, and the clashes kept.
--
-- * `uploaded_changes` holds the answer to every change a client uploaded, by the client's identity (its database
--   uuid) and its own id of the change, written in the transaction that applied the change: a change sent again
--   (its answer was lost on the way) gets the stored answer and is not applied twice.
-- * `edit_conflicts` keeps what a merge could not decide: a field both sides changed from the same base to different
--   values (the server's value stands, the client's is kept here), a change of an entry deleted on the server, a
--   delete of an entry the server changed since. Nothing a user typed is lost: settling a conflict takes the client's
--   value ("mine", written as an edit) or the server's ("theirs"), recorded with who and when.

CREATE TABLE uploaded_changes (
    client TEXT NOT NULL,
    change_id TEXT NOT NULL,
    -- JSON: the answer (UploadAnswer) the change got.
    answer TEXT NOT NULL,
    applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (client, change_id)
) WITHOUT ROWID;

CREATE TABLE edit_conflicts (
    id INTEGER PRIMARY KEY,
    client TEXT NOT NULL,
    change_id TEXT NOT NULL,
    entity_kind TEXT NOT NULL
        CHECK (entity_kind = 'book' OR entity_kind = 'author' OR entity_kind = 'genre' OR entity_kind = 'band'),
    uuid TEXT NOT NULL,
    -- The field or list, or NULL for the whole entry.
    field TEXT,
    base TEXT,
    mine TEXT,
    theirs TEXT,
    reason TEXT NOT NULL
        CHECK (reason = 'bothChanged' OR reason = 'deletedOnServer' OR reason = 'changedOnServer'),
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    resolved_at TEXT,
    resolved_by TEXT,
    resolution TEXT CHECK (resolution IS NULL OR resolution = 'mine' OR resolution = 'theirs')
);
CREATE INDEX edit_conflicts_open ON edit_conflicts(id) WHERE resolved_at IS NULL;
