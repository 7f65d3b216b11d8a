package store

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// migration is one embedded schema change: migrations/NNNN_name.sql.
type migration struct {
	version int
	name    string
	sql     string
}

// migrations returns the embedded migrations in version order. Versions
// must run 1, 2, 3, ... without gaps.
func migrations() ([]migration, error) {
	names, err := fs.Glob(migrationFiles, "migrations/*.sql")
	if err != nil {
		return nil, err
	}
	var ms []migration
	for _, n := range names {
		base := strings.TrimPrefix(n, "migrations/")
		num, _, ok := strings.Cut(base, "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil {
			return nil, fmt.Errorf("migration %s: name must start with a number and an underscore", base)
		}
		body, err := migrationFiles.ReadFile(n)
		if err != nil {
			return nil, err
		}
		ms = append(ms, migration{version: v, name: base, sql: string(body)})
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].version < ms[j].version })
	for i, m := range ms {
		if m.version != i+1 {
			return nil, fmt.Errorf("migration %s: want version %d", m.name, i+1)
		}
	}
	return ms, nil
}

// SchemaVersion is the schema version this build of arbiter writes.
func SchemaVersion() int {
	ms, err := migrations()
	if err != nil {
		return 0
	}
	return len(ms)
}

// migrate brings the schema up to date, one migration per transaction.
// kind is what inspect found: the file is known to be arbiter's, or new,
// before anything is written to it. The version is re-read inside each
// transaction, so two commands opening a new file at once do not apply a
// migration twice.
func (db *DB) migrate(ctx context.Context, kind fileKind) error {
	ms, err := migrations()
	if err != nil {
		return err
	}
	// WAL lets commands read while another writes. The mode is kept in
	// the file, so this changes nothing but a new file (or a copy made in
	// another mode).
	if _, err := db.db.ExecContext(ctx, `PRAGMA journal_mode = WAL`); err != nil {
		return db.fault(err)
	}
	if kind == fileEmpty || kind == fileMissing {
		if _, err := db.db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
			version    INTEGER PRIMARY KEY,
			name       TEXT NOT NULL,
			applied_at TEXT NOT NULL
		) STRICT`); err != nil {
			return db.fault(err)
		}
	}
	if kind != fileOurs && kind != fileOursWAL {
		// A new file, or one made before arbiter marked its files.
		if _, err := db.db.ExecContext(ctx, fmt.Sprintf(`PRAGMA application_id = %d`, ApplicationID)); err != nil {
			return db.fault(err)
		}
	}
	current, err := schemaVersion(ctx, db.db)
	if err != nil {
		return db.fault(err)
	}
	if current > len(ms) {
		return &refusal{[]error{ErrNewerSchema}, fmt.Sprintf("%s was written by a newer arbiter (schema version %d; this one knows up to %d): install a newer arbiter to open it",
			db.path, current, len(ms))}
	}
	for _, m := range ms[current:] {
		err := db.write(ctx, func(tx *sql.Tx) error {
			v, err := schemaVersion(ctx, tx)
			if err != nil {
				return err
			}
			if v >= m.version {
				return nil
			}
			if _, err := tx.ExecContext(ctx, m.sql); err != nil {
				return fmt.Errorf("migration %s: %w", m.name, err)
			}
			if step := migrationStep(m.version); step != nil {
				if err := step(ctx, db, tx); err != nil {
					return fmt.Errorf("store: migration %s: %w", m.name, err)
				}
			}
			_, err = tx.ExecContext(ctx, `INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)`,
				m.version, m.name, db.stamp())
			if err != nil || m.version != len(ms) {
				return err
			}
			// Undo triggers stored by versions before 15 go.
			return syncUndo(ctx, tx)
		})
		if err != nil {
			return err
		}
	}
	db.undo = true
	return nil
}

func schemaVersion(ctx context.Context, q queryer) (int, error) {
	var v int
	if err := q.QueryRowContext(ctx, `SELECT coalesce(max(version), 0) FROM schema_migrations`).Scan(&v); err != nil {
		return 0, err
	}
	return v, nil
}
