package store

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"

	"github.com/labyrinth-chess/arbiter"
)

// Entries re-seeded. Until round 1 is paired an entry's ratings follow
// the roster and the tournament: when the tournament's rating type (TRF
// 172) or pace changes, or a rating list refreshes the roster (roster
// update), every entry is seeded again by the rating the tournament now
// chooses (arbiter.SeedRating), keeps the FIDE rating of the pace and the
// national rating the roster now has, and the pairing numbers follow
// the new initial order (C.04.2 art. 2.2). Once round 1 is paired the
// pairing numbers are fixed and the entries keep the ratings they were
// seeded with: the pairings, the rating tie-breaks and the FIDE rating
// change go by the ratings in force at the start of the event; an
// arbiter who must correct one does it by hand (player edit --rating).

// Reseeded is an entry whose ratings a change refreshed.
type Reseeded struct {
	PN       int // the pairing number before the change
	PlayerID int64
	Name     string
	// Seed is the rating the entry was seeded by, then is; FIDE and
	// National the ratings it entered with, then has.
	Seed, FIDE, National [2]int
}

// Reseed is what a change did to the entries of one tournament.
type Reseed struct {
	Tournament arbiter.Tournament
	// Started says round 1 is paired: the entries keep their ratings.
	Started bool
	Entries []Reseeded // the entries changed, by their old pairing number
}

// reseed refreshes the ratings of the entries of tournament t, which has
// no round paired, from the roster, and gives the pairing numbers again
// in the initial order. club gives the club ratings of a tournament
// seeded by them (rating type OTHER); nil: they are not known here, and
// such entries keep the rating they were seeded with. Each seeding
// rating changed is logged under the tournament.
func (db *DB) reseed(ctx context.Context, tx *sql.Tx, t arbiter.Tournament, club map[int64]int) ([]Reseeded, error) {
	rows, err := tx.QueryContext(ctx, `SELECT e.pn, e.rating, e.fide_rating, e.national_rating, `+playerColumns+`
		FROM entries e JOIN players p ON p.id = e.player_id WHERE e.tournament_id = ? ORDER BY e.pn`, t.ID)
	if err != nil {
		return nil, fmt.Errorf("read entries: %w", err)
	}
	var out []Reseeded
	for rows.Next() {
		var r Reseeded
		var p arbiter.Player
		var title, category string
		dest := append([]any{&r.PN, &r.Seed[0], &r.FIDE[0], &r.National[0]}, playerDest(&p, &title, &category)...)
		if err := rows.Scan(dest...); err != nil {
			rows.Close()
			return nil, fmt.Errorf("read entries: %w", err)
		}
		p.Title, p.Category = arbiter.Title(title), arbiter.Category(category)
		r.PlayerID, r.Name = p.ID, p.Name
		r.FIDE[1], r.National[1] = p.FIDERating(t.Pace), p.NationalRating
		r.Seed[1] = r.Seed[0]
		if t.RatingType != "OTHER" || club != nil {
			r.Seed[1] = arbiter.SeedRating(t, p, club[p.ID])
		}
		if r.Seed[0] != r.Seed[1] || r.FIDE[0] != r.FIDE[1] || r.National[0] != r.National[1] {
			out = append(out, r)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for _, r := range out {
		if _, err := tx.ExecContext(ctx, `UPDATE entries SET rating = ?, fide_rating = ?, national_rating = ?
			WHERE tournament_id = ? AND player_id = ?`, r.Seed[1], r.FIDE[1], r.National[1], t.ID, r.PlayerID); err != nil {
			return nil, fmt.Errorf("seed %s again: %w", r.Name, err)
		}
		if r.Seed[0] != r.Seed[1] {
			if err := db.logEvent(ctx, tx, t.ID, ActPlayerEdit, r.Name+": seeding rating",
				strconv.Itoa(r.Seed[0]), strconv.Itoa(r.Seed[1])); err != nil {
				return nil, err
			}
		}
	}
	if len(out) == 0 {
		return nil, nil
	}
	return out, renumber(ctx, tx, t.ID)
}

// reseedAll refreshes the entries of every tournament from the roster
// after a rating list changed the players in changed (see reseed): the
// tournaments whose round 1 is not paired are seeded again; those under
// way (some rounds paired, not all) are listed as started, their
// entries kept. Only tournaments with an entry of a player in changed
// are looked at, and finished ones are left out.
func (db *DB) reseedAll(ctx context.Context, tx *sql.Tx, changed map[int64]bool) ([]Reseed, error) {
	if len(changed) == 0 {
		return nil, nil
	}
	rows, err := tx.QueryContext(ctx, `SELECT DISTINCT tournament_id, player_id FROM entries ORDER BY tournament_id`)
	if err != nil {
		return nil, err
	}
	var tids []int64
	for rows.Next() {
		var tid, pid int64
		if err := rows.Scan(&tid, &pid); err != nil {
			rows.Close()
			return nil, err
		}
		if changed[pid] && (len(tids) == 0 || tids[len(tids)-1] != tid) {
			tids = append(tids, tid)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	var out []Reseed
	for _, tid := range tids {
		t, err := loadTournament(ctx, tx, tid)
		if err != nil {
			return nil, err
		}
		n, err := pairedRounds(ctx, tx, tid)
		if err != nil {
			return nil, err
		}
		rs := Reseed{Tournament: t, Started: n > 0}
		if n >= t.Rounds && n > 0 {
			continue // finished: nothing to say
		}
		if !rs.Started {
			if rs.Entries, err = db.reseed(ctx, tx, t, nil); err != nil {
				return nil, err
			}
			if len(rs.Entries) == 0 {
				continue
			}
		}
		out = append(out, rs)
	}
	return out, nil
}
