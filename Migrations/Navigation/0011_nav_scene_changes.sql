-- 0011_nav_scene_changes: which users' scenes changed, kept by the database itself, so that a server holding
-- long-polls on scenes wakes only the waiters of the users a commit touched, whichever process made the commit
-- (`catalog nav`, `catalog browse`, another server on the same file).
--
-- One row per user whose scenes ever changed: the seq of the user's latest change. Every insert, update or delete
-- of a `nav_scenes` row moves its user's row to a new seq, one above the highest (the one writer of a SQLite file
-- makes that safe: seqs become visible in the order they are taken). A reader keeps the highest seq it has seen and
-- asks `seq > that`: the users whose scenes changed since. The table stays as short as the number of users, so it
-- needs no pruning; a row of a deleted user stays (no foreign key: the user's scenes are deleted by the cascade of
-- that very user's delete, whose trigger writes this row).
--
-- A change to a scene can change what another scene of the same user shows (a scene without a row of its own
-- shows its user's most recently used one), so the record is per user, not per scene. `nav_history` and
-- `nav_sessions` need no trigger: a scene's revision is made of its `nav_scenes` row alone.
CREATE TABLE nav_scene_changes (
    user_id INTEGER PRIMARY KEY,
    seq INTEGER NOT NULL
);
CREATE UNIQUE INDEX nav_scene_changes_by_seq ON nav_scene_changes (seq);

CREATE TRIGGER nav_scenes_change_insert AFTER INSERT ON nav_scenes BEGIN
    INSERT INTO nav_scene_changes (user_id, seq)
    VALUES (NEW.user_id, (SELECT coalesce(max(seq), 0) + 1 FROM nav_scene_changes))
    ON CONFLICT (user_id) DO UPDATE SET seq = excluded.seq;
END;

CREATE TRIGGER nav_scenes_change_update AFTER UPDATE ON nav_scenes BEGIN
    INSERT INTO nav_scene_changes (user_id, seq)
    VALUES (NEW.user_id, (SELECT coalesce(max(seq), 0) + 1 FROM nav_scene_changes))
    ON CONFLICT (user_id) DO UPDATE SET seq = excluded.seq;
END;

CREATE TRIGGER nav_scenes_change_delete AFTER DELETE ON nav_scenes BEGIN
    INSERT INTO nav_scene_changes (user_id, seq)
    VALUES (OLD.user_id, (SELECT coalesce(max(seq), 0) + 1 FROM nav_scene_changes))
    ON CONFLICT (user_id) DO UPDATE SET seq = excluded.seq;
END;
