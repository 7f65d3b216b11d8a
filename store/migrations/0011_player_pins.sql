-- Schema version 11: a PIN of the player's own, for the tournament. A
-- player proves who they are on their phone with it, or with the PIN next
-- to their name on the slip of any published round of theirs. It is made
-- the first time it is needed (a late entry accepted from the phone shows
-- it on the newcomer's screen; the organizer can show anyone's).
CREATE TABLE player_pins (
	tournament_id INTEGER NOT NULL,
	player_id     INTEGER NOT NULL,
	pin           TEXT    NOT NULL CHECK (length(pin) = 4),
	created_at    TEXT    NOT NULL,
	PRIMARY KEY (tournament_id, player_id),
	FOREIGN KEY (tournament_id, player_id) REFERENCES entries (tournament_id, player_id) ON DELETE CASCADE
) STRICT;
