package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/labyrinth-chess/arbiter"
)

// ActRosterImport is the event logged for a club list read into the
// roster.
const ActRosterImport = "roster.import"

// RosterRow is what ImportRoster did with one row of a club list.
type RosterRow struct {
	Line   int
	Player arbiter.Player // the roster player, as stored after the import
	New    bool           // the row added a player to the roster
	// Changed lists the details the row changed for a player already in
	// the roster ("rating", "club", ...); empty when it changed nothing.
	Changed []string
	// Before is the roster player before UpdateRoster changed it.
	Before arbiter.Player
}

// ImportRoster reads the rows of a club list into the club roster, in one
// transaction, without entering anyone in a tournament. Each row is
// matched by match, the desk's rule, as AddEntry matches a player: the
// club player it names is updated with the details the row gives, a row
// it refuses refuses the import, and other rows become new roster
// players. Two rows naming one player are an
// ErrConflict. If any row is refused nothing is imported, and the error
// names the row's line. source names the file for the event log.
func (db *DB) ImportRoster(ctx context.Context, source string, rows []ImportRow, opt AddOptions, match NameRule) ([]RosterRow, error) {
	var out []RosterRow
	err := db.write(ctx, func(tx *sql.Tx) error {
		out = out[:0]
		roster, err := loadRoster(ctx, tx)
		if err != nil {
			return err
		}
		// The enroller's look-up is the one player add uses; no tournament
		// is involved here.
		e := &enroller{db: db, tx: tx, roster: roster, keys: make([]nameKeys, len(roster)), match: match}
		for i, r := range roster {
			e.keys[i] = keysOf(r.Name)
		}
		lineOf := map[int64]int{}
		nameOf := map[int64]string{}
		fresh, updated := 0, 0
		for _, r := range rows {
			res, err := e.importRow(ctx, r, AddOptions{New: opt.New})
			if err != nil {
				var ie *InputError
				if errors.As(err, &ie) {
					return &InputError{Kind: ie.Kind, Msg: fmt.Sprintf("line %d: %s", r.Line, ie.Msg), Players: ie.Players}
				}
				return fmt.Errorf("line %d: %w", r.Line, err)
			}
			if prev, ok := lineOf[res.Player.ID]; ok {
				return conflict("line %d: %s is already on line %d", r.Line, nameOf[res.Player.ID], prev)
			}
			lineOf[res.Player.ID] = r.Line
			nameOf[res.Player.ID] = res.Player.Name
			switch {
			case res.New:
				fresh++
			case len(res.Changed) > 0:
				updated++
			}
			out = append(out, res)
		}
		return db.logEvent(ctx, tx, 0, ActRosterImport, source, "",
			fmt.Sprintf("%d players: %d new, %d updated", len(rows), fresh, updated))
	})
	return out, err
}

// importRow adds or updates the roster player of one row.
func (e *enroller) importRow(ctx context.Context, row ImportRow, opt AddOptions) (RosterRow, error) {
	res := RosterRow{Line: row.Line}
	p := row.Player
	p.Name = strings.TrimSpace(p.Name)
	if err := CheckPlayerText(p); err != nil {
		return res, err
	}
	title, err := arbiter.ParseTitle(string(p.Title))
	if err != nil {
		return res, invalid("%v", err)
	}
	p.Title = title
	r, err := e.find(p, opt)
	if err != nil {
		return res, err
	}
	if r == nil {
		if err := checkPlayer(p); err != nil {
			return res, err
		}
		if p.ID, err = e.db.insertPlayer(ctx, e.tx, p); err != nil {
			return res, err
		}
		e.roster = append(e.roster, p)
		e.keys = append(e.keys, keysOf(p.Name))
		res.Player, res.New = p, true
		return res, nil
	}
	merged := mergePlayer(*r, p)
	// A later list corrects the spelling of a player it knows by ID, or
	// of the same name written otherwise (arbiter.BetterSpelling).
	if e.byID(p) == r || arbiter.SameName(r.Name, p.Name) {
		merged.Name = arbiter.BetterSpelling(r.Name, p.Name)
	}
	if err := checkPlayer(merged); err != nil {
		return res, err
	}
	for _, c := range diffPlayer(*r, merged) {
		res.Changed = append(res.Changed, c.field)
	}
	if err := e.db.updatePlayer(ctx, e.tx, 0, *r, merged); err != nil {
		return res, err
	}
	*r = merged
	res.Player = merged
	return res, nil
}

// ActRosterUpdate is the event logged for a rating list the roster was
// refreshed from.
const ActRosterUpdate = "roster.update"

// RosterIDs returns the FIDE IDs and the national IDs of the roster's
// players, the keys a rating list refreshes them by.
func (db *DB) RosterIDs(ctx context.Context) (fide, national map[string]bool, err error) {
	fide, national = map[string]bool{}, map[string]bool{}
	err = db.read(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT fide_id, national_id FROM players WHERE fide_id <> '' OR national_id <> ''`)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var f, n string
			if err := rows.Scan(&f, &n); err != nil {
				return err
			}
			if f != "" {
				fide[f] = true
			}
			if n != "" {
				national[n] = true
			}
		}
		return rows.Err()
	})
	return fide, national, err
}

// UpdateRoster refreshes the roster players a rating list names by ID
// (FIDE ID, else national ID) with what the list gives: ratings and K,
// titles, categories, and the name where the list spells it better
// (arbiter.BetterSpelling). It adds no one: rows of players not in the
// roster are left out. One transaction; each change is logged, and the
// result lists the players changed with what changed. listed is the
// number of players the list held, for the log. The entries of those
// players in tournaments whose round 1 is not paired are seeded again in
// the same transaction (see Reseeded); the tournaments under way keep
// theirs, and are listed as started.
func (db *DB) UpdateRoster(ctx context.Context, source string, listed int, rows []ImportRow) ([]RosterRow, []Reseed, error) {
	var out []RosterRow
	var seeds []Reseed
	err := db.write(ctx, func(tx *sql.Tx) error {
		out = out[:0]
		roster, err := loadRoster(ctx, tx)
		if err != nil {
			return err
		}
		e := &enroller{db: db, tx: tx, roster: roster}
		for _, row := range rows {
			p := row.Player
			r := e.byID(p)
			if r == nil {
				continue
			}
			p.Club = "" // a rating list's club is not the club's
			merged := mergePlayer(*r, p)
			merged.Name = arbiter.BetterSpelling(r.Name, strings.TrimSpace(p.Name))
			if err := CheckPlayerText(merged); err != nil {
				return &InputError{Kind: ErrInvalid, Msg: fmt.Sprintf("line %d: %v", row.Line, err)}
			}
			if err := checkPlayer(merged); err != nil {
				var ie *InputError
				if errors.As(err, &ie) {
					return &InputError{Kind: ie.Kind, Msg: fmt.Sprintf("line %d: %s", row.Line, ie.Msg)}
				}
				return err
			}
			changes := diffPlayer(*r, merged)
			if len(changes) == 0 {
				continue
			}
			res := RosterRow{Line: row.Line, Player: merged}
			for _, c := range changes {
				res.Changed = append(res.Changed, c.field)
			}
			res.Before = *r
			if err := db.updatePlayer(ctx, tx, 0, *r, merged); err != nil {
				return err
			}
			*r = merged
			out = append(out, res)
		}
		if err := db.logEvent(ctx, tx, 0, ActRosterUpdate, source, "",
			fmt.Sprintf("%d players in the list, %d of the roster updated", listed, len(out))); err != nil {
			return err
		}
		changed := make(map[int64]bool, len(out))
		for _, r := range out {
			changed[r.Player.ID] = true
		}
		seeds, err = db.reseedAll(ctx, tx, changed)
		return err
	})
	return out, seeds, err
}
