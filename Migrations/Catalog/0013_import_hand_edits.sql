-- 0013_import_hand_edits: an import keeps what was edited by hand since it last imported the record.
--
-- * `source_records.edits_seen` is the id of the newest `edit_history` row when the import last wrote the record
--   with nothing kept: the hand edits of its entity after that id (updates and merges not undone) are "since the
--   last import of that record", and the next import keeps the fields they changed. An import that keeps a field
--   leaves the mark where it was, so the edit stays kept at every import until one overwrites it. History ids only
--   grow and an import transaction sees every edit committed before it, so the rule needs no clock.
-- * Records imported before this migration get the newest edit made no later than their last import (by time, the
--   only record there is of which came first).

ALTER TABLE source_records ADD COLUMN edits_seen INTEGER NOT NULL DEFAULT 0;

UPDATE source_records SET edits_seen = coalesce(
    (SELECT max(id) FROM edit_history WHERE edited_at <= source_records.imported_at), 0)
WHERE EXISTS (SELECT 1 FROM edit_history);
