-- Schema version 6: the evening on the club's network (arbiter serve).
-- A paired round is a draft until it is published; rounds paired before
-- this version were already public, so they count as published. A
-- published round gives every board a code (an unguessable token, in the
-- QR code of its slip) and a PIN for each player. Results reported from
-- the board are kept in result_reports with who, from which address and
-- device, and when; an open report is 'reported' (waiting for the
-- opponent) or 'disputed' (waiting for the organizer). web_settings holds
-- a tournament's settings for the server.

ALTER TABLE rounds ADD COLUMN published_at TEXT NOT NULL DEFAULT '';
UPDATE rounds SET published_at = paired_at;

CREATE TABLE board_codes (
	tournament_id INTEGER NOT NULL,
	round         INTEGER NOT NULL,
	board         INTEGER NOT NULL,
	token         TEXT    NOT NULL UNIQUE CHECK (length(token) >= 20),
	white_pin     TEXT    NOT NULL,
	black_pin     TEXT    NOT NULL CHECK (black_pin <> white_pin),
	PRIMARY KEY (tournament_id, round, board),
	FOREIGN KEY (tournament_id, round, board) REFERENCES boards (tournament_id, round, board) ON DELETE CASCADE
) STRICT;

CREATE TABLE result_reports (
	id            INTEGER PRIMARY KEY,
	tournament_id INTEGER NOT NULL,
	round         INTEGER NOT NULL,
	board         INTEGER NOT NULL,
	seat          INTEGER NOT NULL CHECK (seat IN (1, 2)),  -- arbiter.Colour of the reporter
	result        INTEGER NOT NULL,                         -- arbiter.Result reported
	status        TEXT    NOT NULL CHECK (status IN ('reported', 'confirmed', 'disputed', 'accepted', 'rejected', 'superseded')),
	other_result  INTEGER NOT NULL DEFAULT 0,               -- the opponent's result, when disputed
	reported_at   TEXT    NOT NULL,
	reported_ip   TEXT    NOT NULL DEFAULT '',
	reported_dev  TEXT    NOT NULL DEFAULT '',
	closed_at     TEXT    NOT NULL DEFAULT '',
	closed_by     TEXT    NOT NULL DEFAULT '',
	closed_ip     TEXT    NOT NULL DEFAULT '',
	closed_dev    TEXT    NOT NULL DEFAULT '',
	FOREIGN KEY (tournament_id, round, board) REFERENCES boards (tournament_id, round, board) ON DELETE CASCADE
) STRICT;
-- At most one open report per board.
CREATE UNIQUE INDEX result_reports_open ON result_reports (tournament_id, round, board)
	WHERE status IN ('reported', 'disputed');

CREATE TABLE web_settings (
	tournament_id INTEGER PRIMARY KEY REFERENCES tournaments (id),
	auto_publish  INTEGER NOT NULL DEFAULT 0 CHECK (auto_publish IN (0, 1)),
	public_url    TEXT    NOT NULL DEFAULT ''
) STRICT;
