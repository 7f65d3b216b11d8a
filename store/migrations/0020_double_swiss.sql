-- Schema version 20: the Double-Swiss system (FIDE C.04.5). A tournament
-- may be paired by it (tournament_formats.system 'double-swiss'; SQLite
-- cannot change a CHECK in place, so the table is made again with its
-- rows), and a board of such a tournament is a match of two games:
-- boards.result is game 1, in which the board's White has White, and
-- boards.second game 2, in which the board's Black has White, each an
-- arbiter.Result in its own game's colours; 0 (no result) on the boards
-- of every other system.
CREATE TABLE tournament_formats_new (
	tournament_id INTEGER PRIMARY KEY REFERENCES tournaments (id),
	system        TEXT    NOT NULL DEFAULT 'swiss' CHECK (system IN ('swiss', 'round-robin', 'double-swiss')),
	cycles        INTEGER NOT NULL DEFAULT 1 CHECK (cycles IN (1, 2)),
	fit_rounds    INTEGER NOT NULL DEFAULT 0 CHECK (fit_rounds IN (0, 1)),
	closed        INTEGER NOT NULL DEFAULT 0 CHECK (closed IN (0, 1)),
	absent_value  INTEGER NOT NULL DEFAULT 0 CHECK (absent_value IN (0, 1))
) STRICT;
INSERT INTO tournament_formats_new (tournament_id, system, cycles, fit_rounds, closed, absent_value)
	SELECT tournament_id, system, cycles, fit_rounds, closed, absent_value FROM tournament_formats;
DROP TABLE tournament_formats;
ALTER TABLE tournament_formats_new RENAME TO tournament_formats;

ALTER TABLE boards ADD COLUMN second INTEGER NOT NULL DEFAULT 0;
