-- Schema version 1: the club roster, tournaments, entries, rounds with
-- their boards and byes, requested byes, submitted games and the event log.
-- Scores are stored in half-points; colours, results, bye kinds, paces and
-- entry states as the integer values of the arbiter package's enums.

-- settings holds one-off values such as the current tournament.
CREATE TABLE settings (
	key   TEXT PRIMARY KEY,
	value TEXT NOT NULL
) STRICT;

-- players is the club roster, shared by every tournament in the file.
CREATE TABLE players (
	id         INTEGER PRIMARY KEY,
	name       TEXT    NOT NULL CHECK (name <> ''),
	name_key   TEXT    NOT NULL, -- arbiter.FoldName(name), for look-ups
	rating     INTEGER NOT NULL DEFAULT 0 CHECK (rating >= 0),
	club       TEXT    NOT NULL DEFAULT '',
	federation TEXT    NOT NULL DEFAULT '',
	fide_id    TEXT    NOT NULL DEFAULT '',
	birth_year INTEGER NOT NULL DEFAULT 0,
	sex        TEXT    NOT NULL DEFAULT '',
	title      TEXT    NOT NULL DEFAULT '',
	created_at TEXT    NOT NULL
) STRICT;
CREATE INDEX players_name_key ON players (name_key);
CREATE INDEX players_fide_id ON players (fide_id) WHERE fide_id <> '';

CREATE TABLE tournaments (
	id               INTEGER PRIMARY KEY,
	name             TEXT    NOT NULL CHECK (name <> ''),
	date             TEXT    NOT NULL DEFAULT '',
	venue            TEXT    NOT NULL DEFAULT '',
	rounds           INTEGER NOT NULL CHECK (rounds >= 1),
	time_control     TEXT    NOT NULL DEFAULT '',
	pace             INTEGER NOT NULL DEFAULT 0,    -- arbiter.Pace
	laws_edition     INTEGER NOT NULL,
	tiebreak_edition INTEGER NOT NULL,
	pairing_edition  INTEGER NOT NULL,
	pab_value        INTEGER NOT NULL,              -- half-points
	half_bye_value   INTEGER NOT NULL,              -- half-points
	late_value       INTEGER NOT NULL,              -- half-points per missed round
	tiebreaks        TEXT    NOT NULL DEFAULT '',   -- C.07 codes, comma separated
	deadline         TEXT    NOT NULL DEFAULT '',   -- registration deadline, HH:MM
	first_colour     INTEGER NOT NULL DEFAULT 0,    -- arbiter.Colour, 0 = by lot
	seed             INTEGER NOT NULL DEFAULT 0,    -- seed of the lot
	created_at       TEXT    NOT NULL
) STRICT;
CREATE UNIQUE INDEX tournaments_name ON tournaments (name COLLATE NOCASE);

-- entries are players entered in a tournament. The pairing number (pn) is
-- the C.04.2 initial-order number; rating is the rating used for this
-- tournament, copied from the roster when the player entered.
CREATE TABLE entries (
	tournament_id  INTEGER NOT NULL REFERENCES tournaments (id),
	player_id      INTEGER NOT NULL REFERENCES players (id),
	pn             INTEGER NOT NULL,
	rating         INTEGER NOT NULL DEFAULT 0 CHECK (rating >= 0),
	status         INTEGER NOT NULL DEFAULT 0,      -- arbiter.EntryStatus
	withdrawn_from INTEGER NOT NULL DEFAULT 0,
	joined_round   INTEGER NOT NULL DEFAULT 1,
	created_at     TEXT    NOT NULL,
	PRIMARY KEY (tournament_id, player_id),
	UNIQUE (tournament_id, pn)
) STRICT;

-- requested_byes are byes and known absences asked for in advance
-- (C.04.2 art. 3.3): kind is arbiter.HalfBye, ZeroBye or FullBye.
CREATE TABLE requested_byes (
	tournament_id INTEGER NOT NULL,
	player_id     INTEGER NOT NULL,
	round         INTEGER NOT NULL CHECK (round >= 1),
	kind          INTEGER NOT NULL,
	created_at    TEXT    NOT NULL,
	PRIMARY KEY (tournament_id, player_id, round),
	FOREIGN KEY (tournament_id, player_id) REFERENCES entries (tournament_id, player_id) ON DELETE CASCADE
) STRICT;

-- rounds are the paired rounds; method is "manual" or the pairing system
-- that made them (e.g. "dutch-2025").
CREATE TABLE rounds (
	tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
	number        INTEGER NOT NULL CHECK (number >= 1),
	method        TEXT    NOT NULL DEFAULT 'manual',
	paired_at     TEXT    NOT NULL,
	PRIMARY KEY (tournament_id, number)
) STRICT;

-- boards hold the games of a round by pairing number. reason says how a
-- result came about; explanation is the pairing engine's account of why
-- these two players meet with these colours (round pair --explain).
CREATE TABLE boards (
	tournament_id INTEGER NOT NULL,
	round         INTEGER NOT NULL,
	board         INTEGER NOT NULL CHECK (board >= 1),
	white         INTEGER NOT NULL,
	black         INTEGER NOT NULL CHECK (black <> white),
	result        INTEGER NOT NULL DEFAULT 0,       -- arbiter.Result
	reason        TEXT    NOT NULL DEFAULT '' CHECK (reason IN ('', 'time', 'resign', 'agreement', 'mate', 'stalemate', 'claim', 'forfeit', 'arbiter')),
	explanation   TEXT    NOT NULL DEFAULT '',
	PRIMARY KEY (tournament_id, round, board),
	FOREIGN KEY (tournament_id, round) REFERENCES rounds (tournament_id, number) ON DELETE CASCADE,
	FOREIGN KEY (tournament_id, white) REFERENCES entries (tournament_id, pn),
	FOREIGN KEY (tournament_id, black) REFERENCES entries (tournament_id, pn)
) STRICT;

-- byes are the players of a round without an opponent: kind is
-- arbiter.PAB, HalfBye, ZeroBye, FullBye or Unpaired.
CREATE TABLE byes (
	tournament_id INTEGER NOT NULL,
	round         INTEGER NOT NULL,
	pn            INTEGER NOT NULL,
	kind          INTEGER NOT NULL CHECK (kind >= 1),
	explanation   TEXT    NOT NULL DEFAULT '',
	PRIMARY KEY (tournament_id, round, pn),
	FOREIGN KEY (tournament_id, round) REFERENCES rounds (tournament_id, number) ON DELETE CASCADE,
	FOREIGN KEY (tournament_id, pn) REFERENCES entries (tournament_id, pn)
) STRICT;

-- games are the scores submitted for a board, kept as typed: movetext or
-- PGN, the piece letters it was written with, the checker's verdict (JSON)
-- and the arbiter's ruling. A board may have several submissions.
CREATE TABLE games (
	id            INTEGER PRIMARY KEY,
	tournament_id INTEGER NOT NULL,
	round         INTEGER NOT NULL,
	board         INTEGER NOT NULL,
	pgn           TEXT    NOT NULL,
	letters       TEXT    NOT NULL DEFAULT '',
	verdict       TEXT    NOT NULL DEFAULT '',
	ruling        TEXT    NOT NULL DEFAULT '',
	created_at    TEXT    NOT NULL,
	FOREIGN KEY (tournament_id, round, board) REFERENCES boards (tournament_id, round, board)
) STRICT;
CREATE INDEX games_board ON games (tournament_id, round, board);

-- events is the append-only log of every change: when, who, what kind of
-- change, what it was about, and the old and new values.
CREATE TABLE events (
	id            INTEGER PRIMARY KEY,
	at            TEXT    NOT NULL,
	who           TEXT    NOT NULL,
	tournament_id INTEGER REFERENCES tournaments (id),
	action        TEXT    NOT NULL,
	subject       TEXT    NOT NULL DEFAULT '',
	old_value     TEXT    NOT NULL DEFAULT '',
	new_value     TEXT    NOT NULL DEFAULT ''
) STRICT;
CREATE INDEX events_tournament ON events (tournament_id, id);

CREATE TRIGGER events_no_update BEFORE UPDATE ON events
BEGIN
	SELECT RAISE(ABORT, 'the event log is append-only');
END;

CREATE TRIGGER events_no_delete BEFORE DELETE ON events
BEGIN
	SELECT RAISE(ABORT, 'the event log is append-only');
END;
