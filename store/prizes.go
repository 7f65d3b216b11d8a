package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/prizes"
)

// Prizes and categories (schema version 15): what the store keeps of a
// tournament's prizes. Which prizes and categories make sense is the
// desk's to decide (prizes.Category.Check); the store keeps them, one
// logged command each.

// The events of prizes and categories.
const (
	ActCategoryAdd    = "category.add"
	ActCategoryRemove = "category.remove"
	ActPrizeAdd       = "prize.add"
	ActPrizeRemove    = "prize.remove"
	ActPrizeSet       = "prize.set"
)

// PrizeRules returns the prizes of tournament tid, its categories in the
// order they were added and how prizes are shared.
func (db *DB) PrizeRules(ctx context.Context, tid int64) (prizes.Rules, error) {
	var r prizes.Rules
	err := db.read(ctx, func(tx *sql.Tx) error {
		var err error
		r, err = loadPrizeRules(ctx, tx, tid)
		return err
	})
	return r, err
}

func loadPrizeRules(ctx context.Context, q queryer, tid int64) (prizes.Rules, error) {
	var r prizes.Rules
	if _, err := loadTournament(ctx, q, tid); err != nil {
		return r, err
	}
	var sharing, prefer string
	err := q.QueryRowContext(ctx, `SELECT sharing, prefer FROM prize_settings WHERE tournament_id = ?`, tid).Scan(&sharing, &prefer)
	switch {
	case errors.Is(err, sql.ErrNoRows):
	case err != nil:
		return r, fmt.Errorf("read the prize settings: %w", err)
	default:
		if r.Sharing, err = prizes.ParseSharing(sharing); err != nil {
			return r, err
		}
		r.CategoryFirst = prefer == "category"
	}
	rows, err := q.QueryContext(ctx, `SELECT name, criteria, min_players FROM categories WHERE tournament_id = ? ORDER BY id`, tid)
	if err != nil {
		return r, fmt.Errorf("read the categories: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var c prizes.Category
		var criteria string
		if err := rows.Scan(&c.Name, &criteria, &c.MinPlayers); err != nil {
			return r, fmt.Errorf("read the categories: %w", err)
		}
		if c.Criteria, err = prizes.DecodeCriteria(criteria); err != nil {
			return r, fmt.Errorf("category %s: %w", c.Name, err)
		}
		r.Categories = append(r.Categories, c)
	}
	if err := rows.Err(); err != nil {
		return r, err
	}
	rows.Close()
	rows, err = q.QueryContext(ctx, `SELECT coalesce(c.name, ''), p.place, p.cents, p.currency, p.name FROM prizes p
		LEFT JOIN categories c ON c.id = p.category_id WHERE p.tournament_id = ? ORDER BY p.category_id IS NOT NULL, c.id, p.place`, tid)
	if err != nil {
		return r, fmt.Errorf("read the prizes: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var p prizes.Prize
		if err := rows.Scan(&p.Category, &p.Place, &p.Value.Cents, &p.Value.Currency, &p.Value.Name); err != nil {
			return r, fmt.Errorf("read the prizes: %w", err)
		}
		r.Prizes = append(r.Prizes, p)
	}
	return r, rows.Err()
}

// categoryID returns the ID of the category of tournament tid named name
// (case and accents aside); ErrNotFound when there is none.
func categoryID(ctx context.Context, q queryer, tid int64, name string) (int64, string, error) {
	var id int64
	var stored string
	err := q.QueryRowContext(ctx, `SELECT id, name FROM categories WHERE tournament_id = ? AND name_key = ?`, tid, arbiter.FoldName(name)).Scan(&id, &stored)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, "", notFound("there is no category %q", name)
	}
	return id, stored, err
}

// AddCategory stores category c of tournament tid, logged with what as
// its description. A category of the same name (case and accents aside)
// is a conflict.
func (db *DB) AddCategory(ctx context.Context, tid int64, c prizes.Category, what string) error {
	return db.write(ctx, func(tx *sql.Tx) error {
		if _, err := loadTournament(ctx, tx, tid); err != nil {
			return err
		}
		if _, name, err := categoryID(ctx, tx, tid, c.Name); err == nil {
			return conflict("there is a category %q already", name)
		} else if !errors.Is(err, ErrNotFound) {
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO categories (tournament_id, name, name_key, criteria, min_players) VALUES (?, ?, ?, ?, ?)`,
			tid, c.Name, arbiter.FoldName(c.Name), prizes.EncodeCriteria(c.Criteria), c.MinPlayers)
		if err != nil {
			return fmt.Errorf("add category %s: %w", c.Name, err)
		}
		return db.logEvent(ctx, tx, tid, ActCategoryAdd, c.Name, "", what)
	})
}

// RemoveCategory removes the category of tournament tid named name and
// its prizes, in one command; what describes it in the log. It returns
// the prizes removed with it.
func (db *DB) RemoveCategory(ctx context.Context, tid int64, name, what string) ([]prizes.Prize, error) {
	var removed []prizes.Prize
	err := db.write(ctx, func(tx *sql.Tx) error {
		if _, err := loadTournament(ctx, tx, tid); err != nil {
			return err
		}
		id, stored, err := categoryID(ctx, tx, tid, name)
		if err != nil {
			return err
		}
		r, err := loadPrizeRules(ctx, tx, tid)
		if err != nil {
			return err
		}
		for _, p := range r.Prizes {
			if p.Category != stored {
				continue
			}
			if err := db.removePrize(ctx, tx, tid, p, id); err != nil {
				return err
			}
			removed = append(removed, p)
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM categories WHERE id = ?`, id); err != nil {
			return fmt.Errorf("remove category %s: %w", stored, err)
		}
		return db.logEvent(ctx, tx, tid, ActCategoryRemove, stored, what, "")
	})
	return removed, err
}

// PrizeSubject names a prize in the event log: "place 1", "place 1 of
// U1600".
func PrizeSubject(p prizes.Prize) string {
	if p.Category == "" {
		return fmt.Sprintf("place %d", p.Place)
	}
	return fmt.Sprintf("place %d of %s", p.Place, p.Category)
}

// AddPrize stores prize p of tournament tid, logged. A place that has a
// prize already is a conflict; an unknown category is ErrNotFound.
func (db *DB) AddPrize(ctx context.Context, tid int64, p prizes.Prize) error {
	return db.write(ctx, func(tx *sql.Tx) error {
		if _, err := loadTournament(ctx, tx, tid); err != nil {
			return err
		}
		var cat any
		if p.Category != "" {
			id, stored, err := categoryID(ctx, tx, tid, p.Category)
			if err != nil {
				return err
			}
			cat, p.Category = id, stored
		}
		var had prizes.Value
		err := tx.QueryRowContext(ctx, `SELECT cents, currency, name FROM prizes WHERE tournament_id = ? AND category_id IS ? AND place = ?`,
			tid, cat, p.Place).Scan(&had.Cents, &had.Currency, &had.Name)
		switch {
		case err == nil:
			return conflict("%s has a prize already: %s", PrizeSubject(p), had)
		case !errors.Is(err, sql.ErrNoRows):
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO prizes (tournament_id, category_id, place, cents, currency, name) VALUES (?, ?, ?, ?, ?, ?)`,
			tid, cat, p.Place, p.Value.Cents, p.Value.Currency, p.Value.Name); err != nil {
			return fmt.Errorf("add the prize of %s: %w", PrizeSubject(p), err)
		}
		return db.logEvent(ctx, tx, tid, ActPrizeAdd, PrizeSubject(p), "", prizeWords(p.Value))
	})
}

// RemovePrizes removes the prizes of tournament tid that match: of the
// category named category ("" the general standings), of place place (0:
// every place of that list); all is every prize of the tournament. It
// returns the prizes removed, one logged event each, in one command; none
// removed is ErrNotFound.
func (db *DB) RemovePrizes(ctx context.Context, tid int64, category string, place int, all bool) ([]prizes.Prize, error) {
	var removed []prizes.Prize
	err := db.write(ctx, func(tx *sql.Tx) error {
		r, err := loadPrizeRules(ctx, tx, tid)
		if err != nil {
			return err
		}
		var cat int64
		if category != "" && !all {
			if cat, category, err = categoryID(ctx, tx, tid, category); err != nil {
				return err
			}
		}
		for _, p := range r.Prizes {
			if !all && (p.Category != category || (place != 0 && p.Place != place)) {
				continue
			}
			id := cat
			if all && p.Category != "" {
				if id, _, err = categoryID(ctx, tx, tid, p.Category); err != nil {
					return err
				}
			}
			if err := db.removePrize(ctx, tx, tid, p, id); err != nil {
				return err
			}
			removed = append(removed, p)
		}
		if len(removed) == 0 {
			switch {
			case all:
				return notFound("there are no prizes")
			case place != 0:
				return notFound("%s has no prize", PrizeSubject(prizes.Prize{Category: category, Place: place}))
			case category != "":
				return notFound("category %s has no prizes", category)
			}
			return notFound("the general standings have no prizes")
		}
		return nil
	})
	return removed, err
}

// removePrize deletes prize p of tournament tid (of category cat, 0 for
// the general standings), logged.
func (db *DB) removePrize(ctx context.Context, tx *sql.Tx, tid int64, p prizes.Prize, cat int64) error {
	var c any
	if cat != 0 {
		c = cat
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM prizes WHERE tournament_id = ? AND category_id IS ? AND place = ?`, tid, c, p.Place); err != nil {
		return fmt.Errorf("remove the prize of %s: %w", PrizeSubject(p), err)
	}
	return db.logEvent(ctx, tx, tid, ActPrizeRemove, PrizeSubject(p), prizeWords(p.Value), "")
}

// prizeWords writes a prize's value for the log: "100 €", "coppa",
// "coppa (worth 30)".
func prizeWords(v prizes.Value) string {
	if !v.Money() && v.Cents > 0 {
		return fmt.Sprintf("%s (worth %s)", v.Name, prizes.Amount(v.Cents, "", "."))
	}
	return v.String()
}

// SetPrizeSettings stores how tournament tid shares prizes (sharing) and
// which prize of equal value a player keeps (categoryFirst), logging
// each setting changed.
func (db *DB) SetPrizeSettings(ctx context.Context, tid int64, sharing prizes.Sharing, categoryFirst bool) error {
	return db.write(ctx, func(tx *sql.Tx) error {
		r, err := loadPrizeRules(ctx, tx, tid)
		if err != nil {
			return err
		}
		prefer := func(first bool) string {
			if first {
				return "category"
			}
			return "general"
		}
		if r.Sharing == sharing && r.CategoryFirst == categoryFirst {
			return nil
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO prize_settings (tournament_id, sharing, prefer) VALUES (?, ?, ?)
			ON CONFLICT (tournament_id) DO UPDATE SET sharing = excluded.sharing, prefer = excluded.prefer`,
			tid, sharing.String(), prefer(categoryFirst)); err != nil {
			return fmt.Errorf("save the prize settings: %w", err)
		}
		if r.Sharing != sharing {
			if err := db.logEvent(ctx, tx, tid, ActPrizeSet, "sharing", r.Sharing.String(), sharing.String()); err != nil {
				return err
			}
		}
		if r.CategoryFirst != categoryFirst {
			return db.logEvent(ctx, tx, tid, ActPrizeSet, "prefer", prefer(r.CategoryFirst), prefer(categoryFirst))
		}
		return nil
	})
}
