package store

import (
	"context"
	"database/sql"
	"fmt"
	"testing"
)

// TestRawRow: the columns of a row convert as database/sql's Scan
// converts them into an int, an int8 and a string, and a column that
// Scan refuses is refused.
func TestRawRow(t *testing.T) {
	db := mustOpenDB(t)
	ctx := context.Background()
	for _, tc := range []struct {
		name  string
		query string
		read  func(r *rawRow) any
		want  any
		bad   bool
		into  string // what database/sql's Scan is compared into: int, int8, int64, string, or "" for none
	}{
		{"int", `SELECT 1850`, func(r *rawRow) any { return r.int() }, 1850, false, "int"},
		{"negative", `SELECT -3`, func(r *rawRow) any { return r.int() }, -3, false, "int"},
		{"int from text", `SELECT '42'`, func(r *rawRow) any { return r.int() }, 42, false, "int"},
		{"int from words", `SELECT 'abc'`, func(r *rawRow) any { return r.int() }, 0, true, "int"},
		{"int from NULL", `SELECT NULL`, func(r *rawRow) any { return r.int() }, 0, true, "int"},
		{"int from real", `SELECT 1.5`, func(r *rawRow) any { return r.int() }, 0, true, "int"},
		{"int8", `SELECT 127`, func(r *rawRow) any { return r.intBits(8) }, int64(127), false, "int8"},
		{"int8 too big", `SELECT 128`, func(r *rawRow) any { return r.intBits(8) }, int64(0), true, "int8"},
		{"int8 too small", `SELECT -129`, func(r *rawRow) any { return r.intBits(8) }, int64(0), true, "int8"},
		{"int64", `SELECT 9007199254740993`, func(r *rawRow) any { return r.int64() }, int64(9007199254740993), false, "int64"},
		{"string", `SELECT 'Rossi, Mario'`, func(r *rawRow) any { return r.string() }, "Rossi, Mario", false, "string"},
		{"empty string", `SELECT ''`, func(r *rawRow) any { return r.string() }, "", false, "string"},
		{"string from int", `SELECT 1990`, func(r *rawRow) any { return r.string() }, "1990", false, "string"},
		{"string from NULL", `SELECT NULL`, func(r *rawRow) any { return r.string() }, "", true, "string"},
		{"past the last column", `SELECT 1`, func(r *rawRow) any { r.int(); return r.int() }, 0, true, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got any
			var rerr error
			err := db.read(ctx, func(tx *sql.Tx) error {
				rows, err := tx.QueryContext(ctx, tc.query)
				if err != nil {
					return err
				}
				defer rows.Close()
				var r rawRow
				for rows.Next() {
					if err := r.scan(rows, 1); err != nil {
						return err
					}
					got = tc.read(&r)
					rerr = r.err
				}
				return rows.Err()
			})
			if err != nil {
				t.Fatal(err)
			}
			if (rerr != nil) != tc.bad {
				t.Fatalf("%s: error %v, want an error: %v", tc.query, rerr, tc.bad)
			}
			if wrapped := fmt.Errorf("read entries: %w", rerr); tc.bad && !scanError(wrapped) {
				t.Errorf("%s: scanError(%v) = false, want the file taken as damaged", tc.query, wrapped)
			}
			if got != tc.want {
				t.Errorf("%s = %v (%T), want %v (%T)", tc.query, got, got, tc.want, tc.want)
			}
			// database/sql's Scan agrees on what it accepts.
			dest := map[string]any{"int": new(int), "string": new(string), "int8": new(int8), "int64": new(int64)}[tc.into]
			if dest == nil {
				return
			}
			scanErr := db.read(ctx, func(tx *sql.Tx) error { return tx.QueryRowContext(ctx, tc.query).Scan(dest) })
			if (scanErr != nil) != tc.bad {
				t.Errorf("%s: Scan into %s: error %v, rawRow's error %v", tc.query, tc.into, scanErr, rerr)
			}
		})
	}
}
