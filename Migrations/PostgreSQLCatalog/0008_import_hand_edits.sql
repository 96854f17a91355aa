-- 0008_import_hand_edits (PostgreSQL; SQLite's 0013): `source_records.edits_seen`, the id of the newest `edit_history`
-- row when an import last wrote the record with nothing kept. The hand edits of its entity after that id (updates
-- and merges not undone) are "since the last import of that record"; an edit's record of an entity's import
-- identities carries the mark, so an undo puts it back as it was.
-- * Records imported before this migration get the newest edit made no later than their last import (by time, the
--   only record there is of which came first).

ALTER TABLE source_records ADD COLUMN edits_seen BIGINT NOT NULL DEFAULT 0;

UPDATE source_records SET edits_seen = coalesce(
    (SELECT max(id) FROM edit_history WHERE edited_at <= source_records.imported_at), 0)
WHERE EXISTS (SELECT 1 FROM edit_history);
