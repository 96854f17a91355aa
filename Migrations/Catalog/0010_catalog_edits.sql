-- 0010_catalog_edits: hand edits, merges and their history.
--
-- * An entity's revision is the seq of its change_log row (0 when the log holds none, pruned or never written):
--   0007's triggers move that row on every change of the entity or of its links, whoever writes, so it is the
--   entity's ETag at no cost to a writer. An edit names the revision it was based on and is refused when the row
--   has moved since.
-- * `entity_merges` records that the entity `uuid` was merged into `merged_into` (of the same kind): saved
--   navigation, deep links and clients that name the old uuid are sent to the survivor. A later merge of the
--   survivor repoints these rows, so each names an entity that exists, or one merged away in turn.
-- * `change_log.merged_into` turns a tombstone into a merge: the merged entity's row says where it went. Any later
--   change that moves the row (the uuid restored by an undo) clears it.
-- * `edit_history` holds every hand edit, delete, merge and undo: who, when, the entities' state before and after
--   (the change feed's payload JSON, with their import identities), and the change_log seqs the edit left, which
--   tell whether anything changed them since (an undo is allowed only while nothing has).

CREATE TABLE entity_merges (
    entity_kind TEXT NOT NULL
        CHECK (entity_kind = 'book' OR entity_kind = 'author' OR entity_kind = 'genre' OR entity_kind = 'band'),
    uuid TEXT NOT NULL,
    merged_into TEXT NOT NULL,
    merged_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (entity_kind, uuid),
    CHECK (merged_into <> uuid)
) WITHOUT ROWID;
CREATE INDEX entity_merges_by_survivor ON entity_merges(entity_kind, merged_into);

CREATE TABLE edit_history (
    id INTEGER PRIMARY KEY,
    entity_kind TEXT NOT NULL
        CHECK (entity_kind = 'book' OR entity_kind = 'author' OR entity_kind = 'genre' OR entity_kind = 'band'),
    -- The entity edited: the survivor of a merge.
    uuid TEXT NOT NULL,
    action TEXT NOT NULL
        CHECK (action = 'create' OR action = 'update' OR action = 'delete' OR action = 'merge' OR action = 'undo'),
    -- The entity merged away, for a merge.
    merged_uuid TEXT,
    -- The user or token name that made the edit.
    actor TEXT NOT NULL,
    edited_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    -- JSON: the entities the edit changed, each as it was before and after (null when it did not exist).
    before TEXT NOT NULL,
    after TEXT NOT NULL,
    -- JSON: kind:uuid → the change_log seq the edit left for it.
    touched TEXT NOT NULL,
    -- The undo that reverted this edit.
    undone_by INTEGER REFERENCES edit_history(id)
);
CREATE INDEX edit_history_by_entity ON edit_history(entity_kind, uuid, id);
CREATE INDEX edit_history_by_merged ON edit_history(entity_kind, merged_uuid, id) WHERE merged_uuid IS NOT NULL;

ALTER TABLE change_log ADD COLUMN merged_into TEXT;

CREATE TRIGGER change_log_forget_merge AFTER UPDATE OF seq ON change_log WHEN NEW.merged_into IS NOT NULL
BEGIN
    UPDATE change_log SET merged_into = NULL WHERE seq = NEW.seq;
END;
