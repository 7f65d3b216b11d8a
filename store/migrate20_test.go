package store

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"

	"github.com/labyrinth-chess/arbiter"
)

// TestMigration20 opens a file of schema version 19 holding a double round
// robin with a result: migration 20 keeps its format of play (remade to
// allow the Double-Swiss system) and gives its board no second game.
func TestMigration20(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "v19.db")
	raw, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	ms, err := migrations()
	if err != nil {
		t.Fatal(err)
	}
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := raw.ExecContext(ctx, q, args...); err != nil {
			t.Fatalf("%.60s: %v", q, err)
		}
	}
	exec(`CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL) STRICT`)
	for _, m := range ms[:19] {
		exec(m.sql)
		exec(`INSERT INTO schema_migrations VALUES (?, ?, '2026-05-01T20:00:00Z')`, m.version, m.name)
	}
	exec(`INSERT INTO tournaments (id, name, rounds, laws_edition, tiebreak_edition, pairing_edition, pab_value, half_bye_value, late_value, created_at)
		VALUES (1, 'Old', 6, 2023, 2023, 2025, 2, 1, 0, '2026-05-01T20:00:00Z')`)
	exec(`INSERT INTO tournament_formats (tournament_id, system, cycles, closed) VALUES (1, 'round-robin', 2, 1)`)
	exec(`INSERT INTO players (id, name, name_key, created_at) VALUES (1, 'A', 'a', 'x'), (2, 'B', 'b', 'x')`)
	exec(`INSERT INTO entries (tournament_id, player_id, pn, created_at) VALUES (1, 1, 1, 'x'), (1, 2, 2, 'x')`)
	exec(`INSERT INTO rounds (tournament_id, number, paired_at) VALUES (1, 1, '2026-05-01T20:00:00Z')`)
	exec(`INSERT INTO boards (tournament_id, round, board, white, black, result) VALUES (1, 1, 1, 1, 2, ?)`, arbiter.WhiteWins)
	if err := raw.Close(); err != nil {
		t.Fatal(err)
	}

	db := mustOpenPath(t, path)
	if v, err := schemaVersion(ctx, db.db); err != nil || v != SchemaVersion() {
		t.Fatalf("schema version %d, %v; want %d", v, err, SchemaVersion())
	}
	s, err := db.Snapshot(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	if tr := s.Tournament; tr.System != arbiter.RoundRobin || tr.Cycles != 2 || !tr.Closed {
		t.Errorf("format after migration: %v, %d cycles, closed %v; want round-robin, 2, closed", tr.System, tr.Cycles, tr.Closed)
	}
	if b := s.Rounds[0].Boards[0]; b.Result != arbiter.WhiteWins || b.Second != arbiter.NoResult {
		t.Errorf("board after migration: %v %v, want 1-0 and no second game", b.Result, b.Second)
	}
	// The new system can be stored.
	tr := s.Tournament
	tr.ID = 0
	tr.Name = "New"
	tr.Cycles = 1
	tr.DoubleSwissValues()
	if _, err := db.CreateTournament(ctx, tr); err != nil {
		t.Errorf("a Double-Swiss tournament after migration: %v", err)
	}
}
