-- 0011_import_identities_version (PostgreSQL): a number that moves whenever the import identities
-- (`source_records`) may have changed. An import's working copy kept between runs holds the server's identities; the
-- change log tells it when entities changed, but an import that only adds or moves identities (books already there,
-- matched from a new source) logs nothing. Every statement that writes the table, or empties it, counts one more,
-- so a copy that saw version N holds every identity the server has while the version is still N. The catalog's
-- writers (edits, merges, undos, pushes) take the change log's lock before they write identities, so this row's lock
-- always comes second and no two of them wait for each other.
CREATE TABLE import_identities_state (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    version BIGINT NOT NULL DEFAULT 0
);
INSERT INTO import_identities_state (id) VALUES (1);

CREATE FUNCTION catalog_count_identity_writes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE import_identities_state SET version = version + 1 WHERE id = 1;
    RETURN NULL;
END
$$;
CREATE TRIGGER source_records_count_writes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON source_records
FOR EACH STATEMENT EXECUTE FUNCTION catalog_count_identity_writes();
