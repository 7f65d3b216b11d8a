-- Schema version 12: disputes settled with evidence. On a disputed report
-- each player may say what happened: a claim (checkmate, stalemate, flag
-- fall, illegal move, threefold repetition, 50 moves, agreed draw) with,
-- optionally, the moves typed or the final position as a FEN. One claim
-- per player counts; a new one replaces theirs (replaced_at set), and both
-- stay. The organizer's ruling on a disputed report is kept with the
-- words shown to the players (a phrase, worded in their language).
CREATE TABLE dispute_claims (
	id            INTEGER PRIMARY KEY,
	tournament_id INTEGER NOT NULL,
	report_id     INTEGER NOT NULL REFERENCES result_reports (id) ON DELETE CASCADE,
	seat          INTEGER NOT NULL CHECK (seat IN (1, 2)),  -- arbiter.Colour of the claimant
	kind          TEXT    NOT NULL CHECK (kind IN ('checkmate', 'stalemate', 'flag', 'illegal', 'threefold', 'fifty', 'agreement')),
	flag          INTEGER NOT NULL DEFAULT 0 CHECK (flag IN (0, 1, 2, 3)), -- whose flag fell: 1 White, 2 Black, 3 both
	moves         TEXT    NOT NULL DEFAULT '' CHECK (length(moves) <= 20000),
	fen           TEXT    NOT NULL DEFAULT '' CHECK (length(fen) <= 100),
	made_at       TEXT    NOT NULL,
	made_ip       TEXT    NOT NULL DEFAULT '',
	made_dev      TEXT    NOT NULL DEFAULT '',
	replaced_at   TEXT    NOT NULL DEFAULT ''
) STRICT;
-- At most one claim of each player counts.
CREATE UNIQUE INDEX dispute_claims_current ON dispute_claims (report_id, seat) WHERE replaced_at = '';

CREATE TABLE dispute_rulings (
	report_id     INTEGER PRIMARY KEY REFERENCES result_reports (id) ON DELETE CASCADE,
	tournament_id INTEGER NOT NULL,
	round         INTEGER NOT NULL,
	board         INTEGER NOT NULL,
	result        INTEGER NOT NULL,  -- arbiter.Result entered
	ruling        TEXT    NOT NULL,  -- what the players are told (phrase JSON)
	ruled_at      TEXT    NOT NULL,
	ruled_by      TEXT    NOT NULL DEFAULT ''
) STRICT;
CREATE INDEX dispute_rulings_board ON dispute_rulings (tournament_id, round, board);
