-- Navigation state: split-view state, history and named sessions, per user and per scene (window).
--
-- Routes are stored in their stable string form ("authors", "author/<uuid>"): entities by uuid, never
-- by rowid, so saved state survives export and sync to another database. A state is a JSON object
-- whose shape is given by the `format` column beside it, so an older format can be migrated forward
-- and each element decoded (and repaired) on its own: one bad element never loses the rest.
--
-- Format 2: {"sidebar":"genres","content":"genre/<uuid>","detail":"genre/<uuid>","stack":["band/<uuid>"],
--            "visibility":"automatic","compactColumn":"detail"}   (absent keys are empty selections)

CREATE TABLE users (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL
);

-- One row per (user, scene): the current state and the window of history positions it owns.
-- history_first <= history_cursor <= history_last are positions in nav_history; the entry at
-- history_cursor always equals `state`.
CREATE TABLE nav_scenes (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    scene TEXT NOT NULL,
    format INTEGER NOT NULL,
    state TEXT NOT NULL,
    history_first INTEGER NOT NULL,
    history_cursor INTEGER NOT NULL,
    history_last INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    UNIQUE (user_id, scene),
    CHECK (history_first <= history_cursor AND history_cursor <= history_last)
);
-- No index on updated_at: every save rewrites it, and each index would add pages to every commit.
-- A user's most recently used scene is found through UNIQUE (user_id, scene) among that user's few
-- rows; pruning by age is occasional maintenance and scans the table.

-- Snapshots of a scene's state, oldest first by position. Positions only grow. The history of a scene
-- is the rows from history_first to history_last: past the history limit history_first moves up at
-- once, and the rows below it are deleted in batches (fewer pages written per save); the rows after
-- the cursor are dropped when a new intent follows `back`.
CREATE TABLE nav_history (
    scene_id INTEGER NOT NULL REFERENCES nav_scenes(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    format INTEGER NOT NULL,
    state TEXT NOT NULL,
    recorded_at TEXT NOT NULL,
    PRIMARY KEY (scene_id, position)
) WITHOUT ROWID;

-- Named snapshots a user saves and restores into any of their scenes.
CREATE TABLE nav_sessions (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    format INTEGER NOT NULL,
    state TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    UNIQUE (user_id, name)
);
