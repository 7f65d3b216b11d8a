package store

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/text"
)

// migrationStep returns the Go step of migration version, run after the
// migration's SQL in its transaction, or nil.
func migrationStep(version int) func(ctx context.Context, db *DB, tx *sql.Tx) error {
	switch version {
	case 4:
		return repairText
	}
	return nil
}

// ActTextRepair is the event of a text made plain by repairText.
const ActTextRepair = "text.repair"

// repairText makes every name and text of the roster and the tournaments
// plain text (text.Clean): bytes that are not UTF-8 are read as
// Windows-1252, the code page the lists they came from were written in,
// and control and bidi formatting characters become spaces. Each repair
// is logged as a "text.repair" event with the old value made visible and
// the new one. A tournament name that would then equal another's gets
// its ID added.
func repairText(ctx context.Context, db *DB, tx *sql.Tx) error {
	type fix struct {
		id       int64
		tid      int64
		subject  string
		old, new []string
	}
	var fixes []fix
	scan := func(query string, n int, subject func(id int64) string, tid bool) error {
		rows, err := tx.QueryContext(ctx, query)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var id int64
			vals := make([]string, n)
			dest := []any{&id}
			for i := range vals {
				dest = append(dest, &vals[i])
			}
			if err := rows.Scan(dest...); err != nil {
				return err
			}
			f := fix{id: id, subject: subject(id), old: vals, new: make([]string, n)}
			changed := false
			for i, v := range vals {
				f.new[i] = text.Clean(v)
				changed = changed || f.new[i] != v
			}
			if f.new[0] == "" {
				f.new[0] = "?"
			}
			if tid {
				f.tid = id
			}
			if changed {
				fixes = append(fixes, f)
			}
		}
		return rows.Err()
	}
	if err := scan(`SELECT id, name, club, federation, fide_id, sex FROM players`, 5,
		func(id int64) string { return "player id:" + strconv.FormatInt(id, 10) }, false); err != nil {
		return fmt.Errorf("store: repair text: %w", err)
	}
	for _, f := range fixes {
		_, err := tx.ExecContext(ctx, `UPDATE players SET name = ?, name_key = ?, club = ?, federation = ?, fide_id = ?, sex = ? WHERE id = ?`,
			f.new[0], arbiter.FoldName(f.new[0]), f.new[1], f.new[2], f.new[3], f.new[4], f.id)
		if err != nil {
			return fmt.Errorf("store: repair text of %s: %w", f.subject, err)
		}
	}
	players := len(fixes)
	if err := scan(`SELECT id, name, venue, time_control, date, deadline FROM tournaments`, 5,
		func(id int64) string { return "tournament " + strconv.FormatInt(id, 10) }, true); err != nil {
		return fmt.Errorf("store: repair text: %w", err)
	}
	for i := players; i < len(fixes); i++ {
		f := &fixes[i]
		var taken int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM tournaments WHERE name = ? COLLATE NOCASE AND id <> ?`, f.new[0], f.id).Scan(&taken); err != nil {
			return fmt.Errorf("store: repair text: %w", err)
		}
		if taken > 0 {
			f.new[0] += " (" + strconv.FormatInt(f.id, 10) + ")"
		}
		_, err := tx.ExecContext(ctx, `UPDATE tournaments SET name = ?, venue = ?, time_control = ?, date = ?, deadline = ? WHERE id = ?`,
			f.new[0], f.new[1], f.new[2], f.new[3], f.new[4], f.id)
		if err != nil {
			return fmt.Errorf("store: repair text of %s: %w", f.subject, err)
		}
	}
	fields := [2][]string{{"name", "club", "federation", "FIDE ID", "sex"}, {"name", "venue", "time control", "date", "deadline"}}
	for i, f := range fixes {
		names := fields[0]
		if i >= players {
			names = fields[1]
		}
		for k := range f.old {
			if f.old[k] == f.new[k] {
				continue
			}
			if err := db.logEvent(ctx, tx, f.tid, ActTextRepair, f.subject+" "+names[k], text.Visible(f.old[k]), f.new[k]); err != nil {
				return err
			}
		}
	}
	return nil
}
