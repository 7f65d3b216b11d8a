-- Schema version 14: late entries from the phone. A newcomer asks to
-- enter from the tournament's page (arbiter serve, /join) before the
-- cut-off; the request waits in late_requests until the organizer accepts
-- it (the player is entered as arbiter player add enters a late entry) or
-- refuses it. player_id is the club player the newcomer said they are
-- ("Did you mean ...?"), and after acceptance the player entered; new says
-- they said they are none of the club players offered. token is the
-- unguessable address of the newcomer's own page, which shows the pairing
-- number and the PIN once accepted. ip and device (the browser's
-- User-Agent) say where the request came from, for the organizer and for
-- the cap of open requests per device. late_settings holds the cut-off
-- of a tournament that takes entries from the phone: a date and time in
-- RFC 3339; a tournament without a row takes none.
CREATE TABLE late_requests (
	id            INTEGER PRIMARY KEY,
	tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
	token         TEXT    NOT NULL UNIQUE CHECK (length(token) >= 20),
	name          TEXT    NOT NULL CHECK (name <> ''),
	rating        INTEGER NOT NULL DEFAULT 0 CHECK (rating BETWEEN 0 AND 3500),
	club          TEXT    NOT NULL DEFAULT '',
	player_id     INTEGER REFERENCES players (id) ON DELETE SET NULL,
	new           INTEGER NOT NULL DEFAULT 0 CHECK (new IN (0, 1)),
	status        TEXT    NOT NULL CHECK (status IN ('pending', 'accepted', 'refused')),
	requested_at  TEXT    NOT NULL,
	ip            TEXT    NOT NULL DEFAULT '',
	device        TEXT    NOT NULL DEFAULT '',
	closed_at     TEXT    NOT NULL DEFAULT '',
	closed_by     TEXT    NOT NULL DEFAULT ''
) STRICT;
CREATE INDEX late_requests_status ON late_requests (tournament_id, status);

CREATE TABLE late_settings (
	tournament_id INTEGER PRIMARY KEY REFERENCES tournaments (id),
	until         TEXT    NOT NULL CHECK (until <> '')
) STRICT;
