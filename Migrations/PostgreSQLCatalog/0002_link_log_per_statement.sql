-- 0002_link_log_per_statement (PostgreSQL): a statement that inserts or deletes link rows logs each of their owners
-- once, in one set-based upsert, instead of once per link row through PL/pgSQL (an import adds two or three links
-- per book: two thirds of its rows). What is logged is what 0001 logged: each owner as an update, an owner already
-- deleted (the link went by its cascade) not at all, under the same lock. Updates of link rows keep their row
-- triggers, whose WHEN clause skips the refreshes of sort-key copies.
DROP TRIGGER book_authors_changelog ON book_authors;
DROP TRIGGER book_genres_changelog ON book_genres;
DROP TRIGGER band_genres_changelog ON band_genres;

-- The owners of the link rows in the transition table `changed` (owner column TG_ARGV[1], owner table TG_ARGV[2]),
-- as an update of each (kind TG_ARGV[0]); an owner already deleted (the link went by its cascade) reports nothing.
CREATE FUNCTION catalog_log_link_statement() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_advisory_xact_lock(change_log_lock_key());
    EXECUTE format(
        'INSERT INTO change_log (seq, entity_kind, uuid, operation, changed_at) '
            'SELECT nextval(''change_log_seq''), %L, o.uuid, ''update'', catalog_now() '
            'FROM (SELECT DISTINCT %I AS id FROM changed) c JOIN %I o ON o.id = c.id ORDER BY c.id '
            'ON CONFLICT (entity_kind, uuid) DO UPDATE '
            'SET seq = EXCLUDED.seq, operation = EXCLUDED.operation, changed_at = EXCLUDED.changed_at',
        TG_ARGV[0], TG_ARGV[1], TG_ARGV[2]);
    RETURN NULL;
END
$$;

CREATE TRIGGER book_authors_changelog_insert AFTER INSERT ON book_authors REFERENCING NEW TABLE AS changed
FOR EACH STATEMENT EXECUTE FUNCTION catalog_log_link_statement('book', 'book_id', 'books');
CREATE TRIGGER book_authors_changelog_delete AFTER DELETE ON book_authors REFERENCING OLD TABLE AS changed
FOR EACH STATEMENT EXECUTE FUNCTION catalog_log_link_statement('book', 'book_id', 'books');
CREATE TRIGGER book_genres_changelog_insert AFTER INSERT ON book_genres REFERENCING NEW TABLE AS changed
FOR EACH STATEMENT EXECUTE FUNCTION catalog_log_link_statement('book', 'book_id', 'books');
CREATE TRIGGER book_genres_changelog_delete AFTER DELETE ON book_genres REFERENCING OLD TABLE AS changed
FOR EACH STATEMENT EXECUTE FUNCTION catalog_log_link_statement('book', 'book_id', 'books');
CREATE TRIGGER band_genres_changelog_insert AFTER INSERT ON band_genres REFERENCING NEW TABLE AS changed
FOR EACH STATEMENT EXECUTE FUNCTION catalog_log_link_statement('band', 'band_id', 'bands');
CREATE TRIGGER band_genres_changelog_delete AFTER DELETE ON band_genres REFERENCING OLD TABLE AS changed
FOR EACH STATEMENT EXECUTE FUNCTION catalog_log_link_statement('band', 'band_id', 'bands');
