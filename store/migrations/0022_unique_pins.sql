-- Schema version 21: a PIN tells whose it is, so no two players of a
-- tournament share one. The desk draws them apart; the index that finds
-- a PIN's player now also refuses a second player with the same PIN.
DROP INDEX player_pins_pin;
CREATE UNIQUE INDEX player_pins_pin ON player_pins (tournament_id, pin);
