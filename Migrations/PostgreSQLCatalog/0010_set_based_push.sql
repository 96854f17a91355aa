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

-- The link tables' change-log statement triggers of 0002, the same with the clause.
DO $$
DECLARE
    link record;
    event record;
BEGIN
    FOR link IN
        SELECT * FROM (VALUES ('book_authors', 'book', 'book_id', 'books'), ('book_genres', 'book', 'book_id', 'books'),
            ('band_genres', 'band', 'band_id', 'bands')) AS links(table_name, kind, owner_column, owner_table)
    LOOP
        FOR event IN SELECT * FROM (VALUES ('insert', 'NEW'), ('delete', 'OLD')) AS events(name, transition) LOOP
            EXECUTE format('DROP TRIGGER %I ON %I', link.table_name || '_changelog_' || event.name, link.table_name);
            EXECUTE format(
                'CREATE TRIGGER %1$I AFTER %3$s ON %2$I REFERENCING %4$s TABLE AS changed FOR EACH STATEMENT '
                    'WHEN (catalog_row_triggers_active()) '
                    'EXECUTE FUNCTION catalog_log_link_statement(%5$L, %6$L, %7$L)',
                link.table_name || '_changelog_' || event.name, link.table_name, upper(event.name), event.transition,
                link.kind, link.owner_column, link.owner_table);
        END LOOP;
    END LOOP;
END
$$;
