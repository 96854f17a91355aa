-- 0016_upload_refresh: the entities a copy reads again from its server after an upload the server did not take as
-- sent.
--
-- An answer other than `applied` (merged beside the server's own changes, a conflict, a refusal) means the server
-- holds something other than what the copy wrote, and the change feed may never say so: a refused change, or a merge
-- kept as a conflict, changes nothing on the server. Each entity such a change named (its own, the one it landed on,
-- the one it merged into) waits here until the next sync reads its current state from the server and writes it, as
-- sync writes the server's changes; then the copy holds what the server holds.

CREATE TABLE upload_refresh (
    entity_kind TEXT NOT NULL
        CHECK (entity_kind = 'book' OR entity_kind = 'author' OR entity_kind = 'genre' OR entity_kind = 'band'),
    uuid TEXT NOT NULL,
    PRIMARY KEY (entity_kind, uuid)
) WITHOUT ROWID;
