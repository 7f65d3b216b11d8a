-- Schema version 4: the format of play of a tournament and the check-in.
-- tournament_formats holds, for a tournament that has one, how it is
-- paired (system 'swiss' or 'round-robin', played cycles times), whether
-- the rounds are proposed from the field when registration closes
-- (fit_rounds, the labyrinth preset), whether registration has closed, and
-- what a player marked absent at check-in scores (half-points). A
-- tournament without a row is a Swiss with the defaults.
CREATE TABLE tournament_formats (
	tournament_id INTEGER PRIMARY KEY REFERENCES tournaments (id),
	system        TEXT    NOT NULL DEFAULT 'swiss' CHECK (system IN ('swiss', 'round-robin')),
	cycles        INTEGER NOT NULL DEFAULT 1 CHECK (cycles IN (1, 2)),
	fit_rounds    INTEGER NOT NULL DEFAULT 0 CHECK (fit_rounds IN (0, 1)),
	closed        INTEGER NOT NULL DEFAULT 0 CHECK (closed IN (0, 1)),
	absent_value  INTEGER NOT NULL DEFAULT 0 CHECK (absent_value IN (0, 1))
) STRICT;

-- checkins are the players marked absent at the check-in of a round
-- (round checkin / round absent): each has a requested bye of the kind
-- the tournament's policy gives, and this row says where it came from.
CREATE TABLE checkins (
	tournament_id INTEGER NOT NULL,
	player_id     INTEGER NOT NULL,
	round         INTEGER NOT NULL CHECK (round >= 1),
	created_at    TEXT    NOT NULL,
	PRIMARY KEY (tournament_id, player_id, round),
	FOREIGN KEY (tournament_id, player_id, round) REFERENCES requested_byes (tournament_id, player_id, round) ON DELETE CASCADE
) STRICT;
