-- 0010_set_based_push (PostgreSQL): a working copy's push writes the search index and the change log itself, one
-- set-based statement each, instead of through a PL/pgSQL call per row; while it does, in its own transaction only
-- (`SET LOCAL catalog.set_based_push = 'on'`), the triggers that would write them row by row stand aside. Every
-- other writer leaves the setting unset and keeps them. What is written is what the triggers write: each entity's
-- search entry from its title or name, and one change-log row per entity written, under the change log's lock.
-- A million-book push spent most of its time in these triggers: a PL/pgSQL call and an upsert of the entity's
-- log row per row, then the same log rows moved again by each statement that added links.
CREATE FUNCTION catalog_row_triggers_active() RETURNS boolean LANGUAGE sql STABLE
AS $$ SELECT current_setting('catalog.set_based_push', true) IS DISTINCT FROM 'on' $$;

DO $$
DECLARE
    entity record;
BEGIN
    FOR entity IN
        SELECT * FROM (VALUES ('books', 'book', 'title'), ('authors', 'author', 'name'), ('genres', 'genre', 'name'),
            ('bands', 'band', 'name')) AS entities(table_name, kind, indexed_column)
    LOOP
        EXECUTE format('DROP TRIGGER %I ON %I', entity.table_name || '_index', entity.table_name);
        EXECUTE format(
            'CREATE TRIGGER %1$I AFTER INSERT OR UPDATE OF %3$I ON %2$I FOR EACH ROW '
                'WHEN (catalog_row_triggers_active()) EXECUTE FUNCTION catalog_index_entity(%4$L)',
            entity.table_name || '_index', entity.table_name, entity.indexed_column, entity.kind);
        EXECUTE format('DROP TRIGGER %I ON %I', entity.table_name || '_changelog', entity.table_name);
        EXECUTE format(
            'CREATE TRIGGER %1$I AFTER INSERT OR UPDATE OR DELETE ON %2$I FOR EACH ROW '
                'WHEN (catalog_row_triggers_active()) EXECUTE FUNCTION catalog_log_entity_change(%3$L)',
            entity.table_name || '_changelog', entity.table_name, entity.kind);
    END LOOP;
END
$$;

DROP TRIGGER book_authors_changelog_insert ON book_authors;
DROP TRIGGER book_authors_changelog_delete ON book_authors;
DROP TRIGGER book_genres_changelog_insert ON book_genres;
DROP TRIGGER book_genres_changelog_delete ON book_genres;
DROP TRIGGER band_genres_changelog_insert ON band_genres;
DROP TRIGGER band_genres_changelog_delete ON band_genres;
CREATE TRIGGER book_authors_changelog_insert AFTER INSERT ON book_authors REFERENCING NEW TABLE AS changed
FOR EACH STATEMENT WHEN (catalog_row_triggers_active())
EXECUTE FUNCTION catalog_log_link_statement('book', 'book_id', 'books');
CREATE TRIGGER book_authors_changelog_delete AFTER DELETE ON book_authors REFERENCING OLD TABLE AS changed
FOR EACH STATEMENT WHEN (catalog_row_triggers_active())
EXECUTE FUNCTION catalog_log_link_statement('book', 'book_id', 'books');
CREATE TRIGGER book_genres_changelog_insert AFTER INSERT ON book_genres REFERENCING NEW TABLE AS changed
FOR EACH STATEMENT WHEN (catalog_row_triggers_active())
EXECUTE FUNCTION catalog_log_link_statement('book', 'book_id', 'books');
CREATE TRIGGER book_genres_changelog_delete AFTER DELETE ON book_genres REFERENCING OLD TABLE AS changed
FOR EACH STATEMENT WHEN (catalog_row_triggers_active())
EXECUTE FUNCTION catalog_log_link_statement('book', 'book_id', 'books');
CREATE TRIGGER band_genres_changelog_insert AFTER INSERT ON band_genres REFERENCING NEW TABLE AS changed
FOR EACH STATEMENT WHEN (catalog_row_triggers_active())
EXECUTE FUNCTION catalog_log_link_statement('band', 'band_id', 'bands');
CREATE TRIGGER band_genres_changelog_delete AFTER DELETE ON band_genres REFERENCING OLD TABLE AS changed
FOR EACH STATEMENT WHEN (catalog_row_triggers_active())
EXECUTE FUNCTION catalog_log_link_statement('band', 'band_id', 'bands');
