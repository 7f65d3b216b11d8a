package store

import (
	"context"
	"path/filepath"
	"testing"
	"time"
)

// TestOpenAtStampsMigrations checks that a database made with OpenAt
// records its migrations at the clock's time, so that a file made on a
// simulated clock is the same from one run to the next.
func TestOpenAtStampsMigrations(t *testing.T) {
	at := time.Date(2026, 5, 12, 20, 40, 0, 0, time.FixedZone("CEST", 2*60*60))
	db, err := OpenAt(context.Background(), filepath.Join(t.TempDir(), "club.db"), func() time.Time { return at })
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rows, err := db.db.Query(`SELECT applied_at FROM schema_migrations ORDER BY version`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		if s != "2026-05-12T18:40:00Z" {
			t.Errorf("migration %d applied at %s, want the clock's 2026-05-12T18:40:00Z", n+1, s)
		}
		n++
	}
	if n != SchemaVersion() {
		t.Errorf("%d migrations recorded, want %d", n, SchemaVersion())
	}
}
