-- Schema version 2: a result can be stored with the way a game ends by
-- itself besides mate and stalemate: a dead position (Laws art. 5.2.2),
-- fivefold repetition (9.6.1) and 75 moves without a pawn move or a
-- capture (9.6.2). SQLite cannot change a CHECK constraint in place, so
-- boards is built again, and games with it: games refers to boards, and a
-- table that another refers to cannot be dropped while foreign keys are
-- enforced (they stay on: a migration runs inside a transaction, where
-- PRAGMA foreign_keys does nothing). The new tables are filled from the
-- old ones, the old ones dropped (games first), and the new ones renamed,
-- which also renames the reference from games to boards.

CREATE TABLE boards_v2 (
	tournament_id INTEGER NOT NULL,
	round         INTEGER NOT NULL,
	board         INTEGER NOT NULL CHECK (board >= 1),
	white         INTEGER NOT NULL,
	black         INTEGER NOT NULL CHECK (black <> white),
	result        INTEGER NOT NULL DEFAULT 0,       -- arbiter.Result
	reason        TEXT    NOT NULL DEFAULT '' CHECK (reason IN ('', 'time', 'resign', 'agreement', 'mate', 'stalemate',
	                  'claim', 'forfeit', 'arbiter', 'dead', 'fivefold', 'seventy-five')),
	explanation   TEXT    NOT NULL DEFAULT '',
	PRIMARY KEY (tournament_id, round, board),
	FOREIGN KEY (tournament_id, round) REFERENCES rounds (tournament_id, number) ON DELETE CASCADE,
	FOREIGN KEY (tournament_id, white) REFERENCES entries (tournament_id, pn),
	FOREIGN KEY (tournament_id, black) REFERENCES entries (tournament_id, pn)
) STRICT;
INSERT INTO boards_v2 (tournament_id, round, board, white, black, result, reason, explanation)
	SELECT tournament_id, round, board, white, black, result, reason, explanation FROM boards;

CREATE TABLE games_v2 (
	id            INTEGER PRIMARY KEY,
	tournament_id INTEGER NOT NULL,
	round         INTEGER NOT NULL,
	board         INTEGER NOT NULL,
	pgn           TEXT    NOT NULL,
	letters       TEXT    NOT NULL DEFAULT '',
	verdict       TEXT    NOT NULL DEFAULT '',
	ruling        TEXT    NOT NULL DEFAULT '',
	created_at    TEXT    NOT NULL,
	FOREIGN KEY (tournament_id, round, board) REFERENCES boards_v2 (tournament_id, round, board)
) STRICT;
INSERT INTO games_v2 (id, tournament_id, round, board, pgn, letters, verdict, ruling, created_at)
	SELECT id, tournament_id, round, board, pgn, letters, verdict, ruling, created_at FROM games;

DROP TABLE games;
DROP TABLE boards;
ALTER TABLE boards_v2 RENAME TO boards;
ALTER TABLE games_v2 RENAME TO games;
CREATE INDEX games_board ON games (tournament_id, round, board);
