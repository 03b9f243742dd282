-- What was last synced to Discord as slash commands, per application and scope ('global' or
-- a server id), so that a restart only syncs when the commands or the scope have changed.
CREATE TABLE command_syncs (
    application_id INTEGER NOT NULL,
    scope TEXT NOT NULL,
    digest TEXT NOT NULL,
    synced_at REAL NOT NULL,
    PRIMARY KEY (application_id, scope)
);
