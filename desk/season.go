package desk

import (
	"context"
	"fmt"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/reports"
	"github.com/labyrinth-chess/arbiter/season"
	"github.com/labyrinth-chess/arbiter/store"
)

// Season is a club season: its rules and its evenings.
type Season = store.Season

// ErrNoSeason: the database has no season yet (ErrNotFound).
var ErrNoSeason = store.ErrNoSeason

// CreateSeason starts a season with no evening and makes it the current
// one. A name already taken is an *Error with Input "season".
func (d *Desk) CreateSeason(ctx context.Context, s Season) (Season, error) {
	s, err := d.db.CreateSeason(ctx, s)
	return s, inputErr("season", err)
}

// FindSeason returns the season ref names, by number or name, or the
// current season for "". An *Error with Input "season" says none is.
func (d *Desk) FindSeason(ctx context.Context, ref string) (Season, error) {
	s, err := d.db.FindSeason(ctx, ref)
	return s, inputErr("season", err)
}

// AddEvenings adds the tournaments refs name (by ID or name) to season
// ref's evenings, in one transaction: an unknown tournament, one named
// twice or already in the season is an *Error with Input "tournament",
// and nothing is added. It returns the season as it is now and the
// tournaments added.
func (d *Desk) AddEvenings(ctx context.Context, ref string, refs []string) (Season, []arbiter.Tournament, error) {
	s, err := d.FindSeason(ctx, ref)
	if err != nil {
		return s, nil, err
	}
	var ts []arbiter.Tournament
	for _, r := range refs {
		t, err := d.FindTournament(ctx, r)
		if err != nil {
			return s, nil, err
		}
		ts = append(ts, t)
	}
	if err := d.db.AddEvenings(ctx, s.ID, ts); err != nil {
		return s, nil, inputErr("tournament", err)
	}
	for _, t := range ts {
		s.Evenings = append(s.Evenings, t.ID)
	}
	return s, ts, nil
}

// MergePlayers merges roster player drop into keep: drop's evenings
// become keep's, and drop leaves the roster (store.DB.MergePlayers).
// Refusals are *Error with Input "player".
func (d *Desk) MergePlayers(ctx context.Context, keep, drop int64) (arbiter.Player, error) {
	p, err := d.db.MergePlayers(ctx, keep, drop)
	return p, inputErr("player", err)
}

// SeasonTable is a season computed: the snapshots of its evenings, in
// order, and the table.
type SeasonTable = store.SeasonTable

// SeasonTable computes season ref's table (ref as FindSeason takes it)
// from the final standings of its evenings, each ranked by its own rules
// (Rank, after its last round paired).
func (d *Desk) SeasonTable(ctx context.Context, ref string) (*SeasonTable, error) {
	s, err := d.FindSeason(ctx, ref)
	if err != nil {
		return nil, err
	}
	return d.seasonTable(ctx, s)
}

// seasonTable computes the table of season s.
func (d *Desk) seasonTable(ctx context.Context, s Season) (*SeasonTable, error) {
	var err error
	st := &SeasonTable{Season: s, Names: map[int64]string{}}
	var evs []season.Evening
	for _, id := range s.Evenings {
		snap, err := d.db.Snapshot(ctx, id)
		if err != nil {
			return nil, err
		}
		ev, err := SeasonEvening(snap)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", snap.Tournament.Name, err)
		}
		for _, e := range snap.Entries {
			st.Names[e.Player.ID] = e.Player.Name
		}
		st.Evenings = append(st.Evenings, snap)
		evs = append(evs, ev)
	}
	st.Standings, err = season.Compute(s.Settings, evs)
	return st, err
}

// SeasonEvening returns the final ranking of an evening, after its last round
// paired, as Rank ranks it, with the games played for the season's
// head-to-head. Nobody has played an evening with no round paired yet:
// it has no results.
func SeasonEvening(s *Snapshot) (season.Evening, error) {
	n := len(s.Rounds)
	ev := season.Evening{Name: s.Tournament.Name, Rounds: n}
	if n == 0 {
		return ev, nil
	}
	_, st, err := Rank(s, n)
	if err != nil {
		return ev, err
	}
	for _, x := range st {
		ev.Results = append(ev.Results, season.Result{Player: s.Entry(x.PN).Player.ID, Rank: x.Rank, RankTo: x.RankTo, Points: x.Points.Points()})
	}
	for _, rd := range s.Rounds {
		for _, b := range rd.Boards {
			if !b.Result.Played() || b.Result == arbiter.NoResult {
				continue
			}
			ev.Games = append(ev.Games, season.Game{A: s.Entry(b.White).Player.ID, B: s.Entry(b.Black).Player.ID,
				ScoreA: b.Result.Points(arbiter.White).Points()})
		}
	}
	return ev, nil
}

// HistoryLine is one evening of a player's history.
type HistoryLine struct {
	Tournament   arbiter.Tournament
	Rank, RankTo int // the final place, after the last round paired
	Players      int
	Points       arbiter.Score
	Rounds       int // rounds paired
	Performance  int // tournament performance rating (C.07 art. 10), 0 if undefined
}

// History returns every tournament roster player id entered, oldest
// first, with the place and points Rank gives after its last round
// paired.
func (d *Desk) History(ctx context.Context, id int64) ([]HistoryLine, error) {
	ts, err := d.db.Tournaments(ctx)
	if err != nil {
		return nil, err
	}
	var out []HistoryLine
	for i := len(ts) - 1; i >= 0; i-- { // oldest first
		s, err := d.db.Snapshot(ctx, ts[i].Tournament.ID)
		if err != nil {
			return nil, err
		}
		pn := 0
		for _, e := range s.Entries {
			if e.Player.ID == id {
				pn = e.PN
			}
		}
		if pn == 0 {
			continue
		}
		n := len(s.Rounds)
		in, st, err := Rank(s, n)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", s.Tournament.Name, err)
		}
		perf := reports.PerformancesOf(s.Tournament, in.Table, s.Entries)
		for _, x := range st {
			if x.PN == pn {
				out = append(out, HistoryLine{s.Tournament, x.Rank, x.RankTo, len(s.Entries), x.Points, n, perf[pn-1]})
			}
		}
	}
	return out, nil
}

// Seasons returns the tables of the seasons the tournament is an evening
// of, oldest season first; none when it is in no season.
func (e *Evening) Seasons(ctx context.Context) ([]*SeasonTable, error) {
	all, err := e.d.db.Seasons(ctx)
	if err != nil {
		return nil, err
	}
	var out []*SeasonTable
	for _, s := range all {
		for _, id := range s.Evenings {
			if id == e.tid {
				st, err := e.d.seasonTable(ctx, s)
				if err != nil {
					return nil, err
				}
				out = append(out, st)
				break
			}
		}
	}
	return out, nil
}
