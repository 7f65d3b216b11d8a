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
	ctx := context.Background()
	if broken, err := checkConsistency(ctx, c.db); err != nil || len(broken) > 0 {
		t.Fatalf("sound database: %q, %v; want nothing broken", broken, err)
	}

	tests := []struct {
		name   string
		damage string // SQL run on a copy, with foreign keys off
		want   string // part of one reported problem
	}{
		{"result without its event", `UPDATE boards SET result = 2 WHERE round = 2 AND board = 2`, `round 2 board 2: result "0-1" stored, "" logged`},
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
