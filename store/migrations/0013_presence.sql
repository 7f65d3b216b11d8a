-- Schema version 13: presence, said from the player's phone or by the
-- organizer. A row of kind 'here' says the player is present from round
-- "round" on (presence is kept from round to round: nobody checks in
-- again every round); 'skip' records that the player asked from the
-- phone to skip round "round" (the bye itself is a requested_byes row);
-- 'leave' that the player left from the phone, withdrawn from round
-- "round" on (the withdrawal itself is the entry's status). event is the
-- log entry of the change, for the organizer's undo. presence_rules says
-- whether a tournament pairs only the players present.
CREATE TABLE presence (
	tournament_id INTEGER NOT NULL,
	player_id     INTEGER NOT NULL,
	kind          TEXT    NOT NULL CHECK (kind IN ('here', 'skip', 'leave')),
	round         INTEGER NOT NULL CHECK (round >= 1),
	at            TEXT    NOT NULL,
	who           TEXT    NOT NULL,
	ip            TEXT    NOT NULL DEFAULT '',
	device        TEXT    NOT NULL DEFAULT '',
	phone         INTEGER NOT NULL DEFAULT 0 CHECK (phone IN (0, 1)),
	event         INTEGER NOT NULL DEFAULT 0,
	PRIMARY KEY (tournament_id, player_id, kind, round),
	FOREIGN KEY (tournament_id, player_id) REFERENCES entries (tournament_id, player_id) ON DELETE CASCADE
) STRICT;

CREATE TABLE presence_rules (
	tournament_id INTEGER PRIMARY KEY REFERENCES tournaments (id),
	required      INTEGER NOT NULL DEFAULT 0 CHECK (required IN (0, 1))
) STRICT;
