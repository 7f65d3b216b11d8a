package desk

import (
	"context"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/store"
)

// Option keys and values (see Options).
const (
	OptNoShows        = "no-shows"
	NoShowsFlag       = "flag"
	NoShowsWithdraw   = "withdraw"
	OptNames          = "names"
	NamesAny          = "any"
	NamesSurnameFirst = "surname-first"
)

// Options lists the options of the desk with their values, the default
// first.
func Options() map[string][]string {
	out := map[string][]string{}
	for k, v := range store.Options {
		out[k] = append([]string(nil), v...)
	}
	return out
}

// Option returns option key of tournament tid (0: the club).
func (d *Desk) Option(ctx context.Context, tid int64, key string) (string, error) {
	v, err := d.db.Option(ctx, tid, key)
	return v, inputErr("option", err)
}

// SetOption sets option key of tournament tid (0: the club), logged.
func (d *Desk) SetOption(ctx context.Context, tid int64, key, value string) error {
	return inputErr("option", d.db.SetOption(ctx, tid, key, value))
}

// NoShow is a player who lost the round before by forfeit and is still
// to be paired: most often someone who left without a word.
type NoShow struct {
	Entry arbiter.Entry
	Round int // the round lost by forfeit
}

// NoShows returns the players of s who lost the last round paired by
// forfeit (a game not played, FIDE Laws art. 6.7; C.04.1 art. 3.2 for
// players who withdraw) and would be paired in the next round: no
// withdrawal, no bye asked for.
func NoShows(s *Snapshot) []NoShow {
	n := len(s.Rounds)
	if n == 0 {
		return nil
	}
	var out []NoShow
	add := func(pn int) {
		e := s.Entry(pn)
		if e == nil || !e.Plays(n+1) || s.Request(pn, n+1) != arbiter.NoBye {
			return
		}
		out = append(out, NoShow{Entry: *e, Round: n})
	}
	for _, b := range s.Rounds[n-1].Boards {
		if s.Tournament.System == arbiter.DoubleSwiss {
			// A match is lost by forfeit only by forfeiting both games
			// (C.04.5 Preface).
			m := b.Match()
			if m.ForfeitedBy(arbiter.White) {
				add(b.White)
			}
			if m.ForfeitedBy(arbiter.Black) {
				add(b.Black)
			}
			continue
		}
		switch b.Result {
		case arbiter.WhiteForfeit:
			add(b.Black)
		case arbiter.BlackForfeit:
			add(b.White)
		case arbiter.DoubleForfeit:
			add(b.White)
			add(b.Black)
		}
	}
	return out
}

// surnameFirst reports whether new names must be typed "Surname, Name":
// the tournament's option names, or else the club's.
func (d *Desk) surnameFirst(ctx context.Context, tid int64) (bool, error) {
	for _, id := range []int64{tid, 0} {
		v, err := d.db.Option(ctx, id, OptNames)
		if err != nil {
			return false, err
		}
		if v != NamesAny {
			return v == NamesSurnameFirst, nil
		}
	}
	return false, nil
}
