package main

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckConsistency checks the checker the crash and concurrency tests
// rely on: a sound evening passes, and each kind of damage is reported.
func TestCheckConsistency(t *testing.T) {
	t.Parallel()
	c := setup(t)
	c.ok("round", "result", "2", "0-1", "--reason", "time")
	c.ok("round", "result", "3", "1/2")
	c.ok("round", "result", "3", "1-0", "--correct")
	c.ok("player", "add", "Late, Comer", "--rating", "1400")
	c.ok("player", "withdraw", "Gallo")
	c.ok("player", "bye", "5", "--zero")
	c.ok("round", "pair", "--manual", "1-3, 2-4, 7 bye")
	c.ok("round", "unpair")
	c.ok("round", "pair", "--manual", "3-1, 4-2, 7 bye")
	c.ok("round", "result", "1", "1/2")
	// A game that enters its result, and the evening imported again from
	// its TRF as tournament 2.
	dir := t.TempDir()
	pgn := filepath.Join(dir, "board2.pgn")
	if err := os.WriteFile(pgn, []byte("[White \"Verdi, Ugo\"]\n[Black \"Bianchi, Anna\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c.ok("game", "add", "2", pgn)
	report := filepath.Join(dir, "evening.trf")
	c.ok("export", "trf", report)
	c.ok("import", "trf", report, "--name", "Imported")
	c.ok("round", "result", "1", "0-1", "--round", "1", "--correct")
	ctx := context.Background()
	if broken, err := checkConsistency(ctx, c.db); err != nil || len(broken) > 0 {
		t.Fatalf("sound database: %q, %v; want nothing broken", broken, err)
	}

	tests := []struct {
		name   string
		damage string // SQL run on a copy, with foreign keys off
		want   string // part of one reported problem
	}{
		{"result changed without its event", `UPDATE boards SET result = 1 WHERE tournament_id = 1 AND round = 2 AND board = 2`, `round 2 board 2: result "1-0 (mate)" stored, "0-1 (mate)" logged`},
		{"reason without its event", `UPDATE boards SET reason = 'mate' WHERE round = 1 AND board = 2`, `round 1 board 2: result "0-1 (mate)" stored, "0-1 (time)" logged`},
		{"board lost", `DELETE FROM boards WHERE round = 2 AND board = 2`, "round 2: player 4 (joined in round 1) is missing"},
		{"bye lost", `DELETE FROM byes WHERE round = 2 AND pn = 6`, "round 2: player 6 (joined in round 1) is missing"},
		{"requested bye lost", `UPDATE byes SET kind = 1 WHERE round = 2 AND pn = 5`, "round 2: 1 byes asked for are not in the round"},
		{"player twice", `UPDATE boards SET black = 1 WHERE round = 1 AND board = 3`, "player 1 is both on board 1 and on board 3"},
		{"round without its event", `INSERT INTO rounds (tournament_id, number, paired_at) VALUES (1, 3, 'x')`, "rounds [1 2 3] stored, but the log pairs [1 2]"},
		{"pairing event without its round", `INSERT INTO events (at, who, tournament_id, action, subject) VALUES ('x', 'y', 1, 'round.pair', 'round 3 (manual)')`, "rounds [1 2] stored, but the log pairs [1 2 3]"},
		{"entry without its event", `INSERT INTO players (id, name, name_key, created_at) VALUES (100, 'X', 'x', 'x'); INSERT INTO entries (tournament_id, player_id, pn, joined_round, created_at) VALUES (1, 100, 8, 3, 'x')`, "8 entries, but the log has 7"},
		{"withdrawal without its event", `UPDATE entries SET status = 1, withdrawn_from = 3 WHERE pn = 2`, "2 withdrawn entries, but the log has 1"},
		{"withdrawn player paired", `UPDATE byes SET pn = 99 WHERE round = 2 AND pn = 6; UPDATE boards SET white = 6 WHERE round = 2 AND board = 1; UPDATE byes SET pn = 3 WHERE pn = 99`, "player 6 withdrew from round 2 but is on board 1"},
		{"game without its event", `INSERT INTO games (tournament_id, round, board, pgn, created_at) VALUES (1, 1, 1, '1. e4', 'x')`, "1 games without exactly one game.add event"},
		{"game moved to another board", `UPDATE games SET board = 1 WHERE id = 1`, "1 game.add events name another tournament, round or board"},
		{"game stored without its result", `UPDATE games SET verdict = replace(verdict, '"result":"0-1"', '"result":"1-0"') WHERE id = 1`, `round 2 board 2: game 1 gives 1-0, but the board had "0-1 (mate)" when it was stored`},
		{"imported entry lost", `DELETE FROM byes WHERE tournament_id = 2 AND pn = 7; DELETE FROM entries WHERE tournament_id = 2 AND pn = 7`, "tournament 2: 6 entries, but the log has 7 imported"},
		{"imported round lost", `DELETE FROM boards WHERE tournament_id = 2 AND round = 2; DELETE FROM byes WHERE tournament_id = 2 AND round = 2; DELETE FROM rounds WHERE tournament_id = 2 AND number = 2`, "tournament 2: rounds [1] stored, but the log pairs [1 2]"},
		{"imported board lost", `DELETE FROM boards WHERE tournament_id = 2 AND round = 1 AND board = 3`, "tournament 2 round 1: player 3 (joined in round 1) is missing"},
		{"imported result changed without its event", `UPDATE boards SET result = 3 WHERE tournament_id = 2 AND round = 1 AND board = 1`, `tournament 2 round 1 board 1: result "1/2-1/2" stored, "0-1" logged`},
		{"import logged in a tournament made by hand", `INSERT INTO events (at, who, tournament_id, action, subject, new_value) VALUES ('x', 'y', 1, 'tournament.import', 'x.trf', '7 players (0 new in the roster), 2 rounds')`, "tournament 1: event 2 (player.add) is logged before the import that made the tournament"},
		{"roster player from nowhere", `INSERT INTO players (id, name, name_key, created_at) VALUES (100, 'X', 'x', 'x')`, "8 roster players but only 7 registrations logged and 0 players imported"},
		// The undo marks are checked: a forged one cannot hide events.
		{"command marked undone without its undo", `UPDATE undo_commands SET undone_by = 1 WHERE id = (SELECT max(id) FROM undo_commands)`, "is marked undone by event 1, which is not its undo"},
		{"undo event without its mark", `INSERT INTO events (at, who, tournament_id, action, subject, new_value) VALUES ('x', 'y', 1, 'undo', 'event 3', 'undone')`, "is an undo, but no command is marked undone by it"},
		{"round changed without its event", `UPDATE boards SET white = black, black = white WHERE tournament_id = 1 AND round = 2 AND board = 1`, `tournament 1 round 2: stored as "1-3, 4-2, 7 bye, 5 Z", logged as "3-1, 4-2, 7 bye, 5 Z"`},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			copyPath := filepath.Join(t.TempDir(), fmt.Sprintf("damaged-%d.db", i))
			c.ok("backup", copyPath)
			raw, err := sql.Open("sqlite", copyPath+"?_pragma=foreign_keys(0)")
			if err != nil {
				t.Fatal(err)
			}
			if _, err := raw.Exec(tt.damage); err != nil {
				t.Fatalf("damage: %v", err)
			}
			raw.Close()
			broken, err := checkConsistency(ctx, copyPath)
			if err != nil {
				t.Fatal(err)
			}
			found := false
			for _, b := range broken {
				found = found || strings.Contains(b, tt.want)
			}
			if !found {
				t.Errorf("damage %q reported as %q, want a problem saying %q", tt.damage, broken, tt.want)
			}
		})
	}

	t.Run("torn page", func(t *testing.T) {
		copyPath := filepath.Join(t.TempDir(), "torn.db")
		c.ok("backup", copyPath)
		data, err := os.ReadFile(copyPath)
		if err != nil {
			t.Fatal(err)
		}
		// Zero the second half of every page after the first two, as a
		// write cut short would leave them.
		const page = 4096
		for off := 2 * page; off+page <= len(data); off += page {
			clear(data[off+page/2 : off+page])
		}
		if err := os.WriteFile(copyPath, data, 0o644); err != nil {
			t.Fatal(err)
		}
		broken, err := checkConsistency(ctx, copyPath)
		if err == nil && len(broken) == 0 {
			t.Error("torn pages not reported")
		}
	})
}
