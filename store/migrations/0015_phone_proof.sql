-- Schema version 15: results from the phones that no one player can
-- forge. A player proves who they are with their own PIN (player_pins),
-- which reaches that player alone, or with a phone signed in with it.
-- The PINs that board codes carried go: both players' PINs printed on one
-- slip let whoever held the slip report and confirm alone.
--
-- pin_failures keeps each wrong PIN for a while under every scope it
-- counts against (a board, an address, a player), so the limits hold
-- across a restart of the server; it is the server's bookkeeping, not the
-- tournament's, and undo leaves it alone. player_sessions are the phones
-- signed in as a player: the cookie's secret is kept only as its SHA-256,
-- with when it lapses.

-- The undo triggers name every column; they are made again after the
-- last migration.
DROP TRIGGER IF EXISTS undo_board_codes_insert;
DROP TRIGGER IF EXISTS undo_board_codes_update;
DROP TRIGGER IF EXISTS undo_board_codes_delete;
ALTER TABLE board_codes DROP COLUMN black_pin;
ALTER TABLE board_codes DROP COLUMN white_pin;

CREATE TABLE pin_failures (
	id    INTEGER PRIMARY KEY,
	scope TEXT    NOT NULL CHECK (scope <> ''),  -- "board T/R/B", "address IP", "player T/ID"
	at    TEXT    NOT NULL                       -- RFC 3339, UTC
) STRICT;
CREATE INDEX pin_failures_scope ON pin_failures (scope, at);

CREATE TABLE player_sessions (
	secret        TEXT    PRIMARY KEY CHECK (length(secret) = 64),  -- SHA-256 of the cookie, hex
	tournament_id INTEGER NOT NULL,
	player_id     INTEGER NOT NULL,
	started_at    TEXT    NOT NULL,
	expires_at    TEXT    NOT NULL,
	ip            TEXT    NOT NULL DEFAULT '',
	device        TEXT    NOT NULL DEFAULT '',
	FOREIGN KEY (tournament_id, player_id) REFERENCES entries (tournament_id, player_id) ON DELETE CASCADE
) STRICT;
CREATE INDEX player_sessions_expiry ON player_sessions (expires_at);

-- A PIN tells whose it is: new ones are drawn so that no two players of a
-- tournament share one.
CREATE INDEX player_pins_pin ON player_pins (tournament_id, pin);
