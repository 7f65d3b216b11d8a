-- Schema version 8: what undo needs, and the options of the desk. Every
-- write command is one transaction; the triggers that store.syncUndo
-- creates after each migration, one set per table from its current
-- columns, append to undo_log the statement that puts each changed row
-- back. undo_commands groups those statements by the
-- command that made them, with the events it logged, so that undo can
-- show the command from the event log before replaying its statements
-- backwards in one transaction.

CREATE TABLE undo_commands (
	id            INTEGER PRIMARY KEY,
	tournament_id INTEGER,                    -- NULL for roster changes
	first_event   INTEGER NOT NULL,           -- events of the command: first_event..last_event
	last_event    INTEGER NOT NULL,
	undone_by     INTEGER NOT NULL DEFAULT 0  -- the event of the undo, 0 while it stands
) STRICT;
CREATE INDEX undo_commands_tournament ON undo_commands (tournament_id, id);

CREATE TABLE undo_log (
	seq     INTEGER PRIMARY KEY,
	command INTEGER,            -- undo_commands.id, NULL until the transaction ends
	tbl     TEXT    NOT NULL,   -- the table and rowid of the row changed
	rid     INTEGER NOT NULL,
	stmt    TEXT    NOT NULL    -- the statement that undoes the change
) STRICT;
CREATE INDEX undo_log_command ON undo_log (command);
CREATE INDEX undo_log_row ON undo_log (tbl, rid);

-- options are settings of the desk that a tournament (or, with
-- tournament_id 0, the club) chooses, by key: "no-shows" (what a forfeit
-- loss without notice does at the next pairing: "flag" or "withdraw"),
-- "names" (how names are typed: "any" or "surname-first").
CREATE TABLE options (
	tournament_id INTEGER NOT NULL,
	key           TEXT    NOT NULL,
	value         TEXT    NOT NULL,
	PRIMARY KEY (tournament_id, key)
) STRICT;
