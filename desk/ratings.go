package desk

import (
	"context"
	"sort"
	"strconv"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/rating"
	"github.com/labyrinth-chess/arbiter/store"
)

// RatingChange is a player's FIDE rating change over an event (FIDE
// Rating Regulations 8.3): the rating and K it starts from, and the
// games it counts.
type RatingChange struct {
	PN int
	rating.Change
}

// ratingKind is the FIDE rating a tournament's games count for.
func ratingKind(p arbiter.Pace) rating.Kind {
	switch p {
	case arbiter.Rapid:
		return rating.Rapid
	case arbiter.Blitz:
		return rating.Blitz
	}
	return rating.Standard
}

// RatingChanges returns every entry's FIDE rating change over rounds 1
// to n of s, by the Rating Regulations in force: each game played over
// the board against a rated opponent counts (8.3.1), forfeits and byes do
// not; the expected score comes from the table of 8.1.2 with the
// 400-point rule; K is the one the roster has from FIDE's list for the
// standard rating, else the one article 8.3.3 gives from the rating, the
// age and the pace (20 for rapid and blitz). The ratings are the FIDE
// ratings of the tournament's pace the players entered with.
func RatingChanges(s *Snapshot, n int) ([]RatingChange, error) {
	tab, err := s.Table(n)
	if err != nil {
		return nil, err
	}
	kind := ratingKind(s.Tournament.Pace)
	year := 0
	if len(s.Tournament.Date) >= 4 {
		year, _ = strconv.Atoi(s.Tournament.Date[:4])
	}
	out := make([]RatingChange, 0, len(s.Entries))
	for _, e := range s.Entries {
		card := tab.Card(e.PN)
		var games []rating.Game
		if card != nil {
			for r, o := range card.Rounds {
				if !o.Played() || o.Pending {
					continue
				}
				opp := s.Entry(o.Opponent)
				if opp == nil {
					continue
				}
				games = append(games, rating.Game{Round: r + 1, Opponent: opp.FIDERating, Score: o.Points.Points(), Played: true})
			}
		}
		k := e.Player.K
		if k == 0 || kind != rating.Standard {
			k = rating.KFactor(rating.Player{Rating: e.FIDERating, BirthYear: e.Player.BirthYear, Games: -1}, kind, year)
		}
		out = append(out, RatingChange{PN: e.PN, Change: rating.FIDE(e.FIDERating, k, games)})
	}
	return out, nil
}

// The option that shows the FIDE rating change (see Options).
const (
	OptRatingChange  = "rating-change"
	RatingChangeHide = "hide"
	RatingChangeShow = "show"
)

// ShowRatingChange reports whether tournament tid shows the FIDE rating
// change: on the standings, in the workbook and on the players' pages.
// It does when the tournament's option rating-change, or else the
// club's, says show; by default it is hidden.
func (d *Desk) ShowRatingChange(ctx context.Context, tid int64) (bool, error) {
	for _, id := range []int64{tid, 0} {
		v, err := d.db.Option(ctx, id, OptRatingChange)
		if err != nil {
			return false, err
		}
		if v != RatingChangeHide {
			return v == RatingChangeShow, nil
		}
	}
	return false, nil
}

// RatingChangeMap returns RatingChanges of s after round n by pairing
// number, as the reports take them (reports.Event.Ratings).
func RatingChangeMap(s *Snapshot, n int) (map[int]rating.Change, error) {
	rc, err := RatingChanges(s, n)
	if err != nil {
		return nil, err
	}
	out := make(map[int]rating.Change, len(rc))
	for _, c := range rc {
		out[c.PN] = c.Change
	}
	return out, nil
}

// ClubRating is a roster player's club rating (Glicko-2) after every
// evening in the database.
type ClubRating struct {
	Player   arbiter.Player
	Rating   int     // rounded
	Exact    float64 // unrounded
	RD       float64 // rating deviation
	Games    int
	Evenings int
}

// ClubRatings computes the club rating of every roster player who has
// played a game at the club, from every evening (tournament) of the
// database in the order they were played (date, then ID), each evening a
// Glicko-2 rating period (see package rating). A player's first evening
// starts from the FIDE rating they entered it with, else the national
// one, with deviation 200, or as a newcomer (1500, deviation 350) when
// they had neither. Games not played over the board do not count.
func (d *Desk) ClubRatings(ctx context.Context) ([]ClubRating, error) {
	infos, err := d.db.Tournaments(ctx)
	if err != nil {
		return nil, err
	}
	sort.SliceStable(infos, func(i, j int) bool {
		if infos[i].Date != infos[j].Date {
			return infos[i].Date < infos[j].Date
		}
		return infos[i].ID < infos[j].ID
	})
	var evenings []rating.Evening
	first := map[int64]int{} // roster ID -> the rating entered the first evening with
	for _, t := range infos {
		s, err := d.db.Snapshot(ctx, t.ID)
		if err != nil {
			return nil, err
		}
		evenings = append(evenings, eveningOf(s, first))
	}
	start := func(id int64) (rating.Glicko, bool) {
		if r := first[id]; r > 0 {
			return rating.Glicko{Rating: float64(r), Deviation: 200, Volatility: rating.NewVolatility}, true
		}
		return rating.Glicko{}, false
	}
	players, err := d.db.Roster(ctx)
	if err != nil {
		return nil, err
	}
	byID := map[int64]arbiter.Player{}
	for _, p := range players {
		byID[p.ID] = p
	}
	var out []ClubRating
	for _, c := range rating.Club(evenings, start) {
		p, ok := byID[c.ID]
		if !ok {
			continue // removed from the roster since
		}
		out = append(out, ClubRating{Player: p, Rating: c.Glicko.Rounded(), Exact: c.Glicko.Rating, RD: c.Glicko.Deviation, Games: c.Games, Evenings: c.Evenings})
	}
	return out, nil
}

// eveningOf returns the games of s played over the board, by roster ID,
// noting in first the rating each player entered their first evening with.
func eveningOf(s *store.Snapshot, first map[int64]int) rating.Evening {
	var ev rating.Evening
	for _, rd := range s.Rounds {
		for _, b := range rd.Boards {
			var score float64
			switch b.Result {
			case arbiter.WhiteWins:
				score = 1
			case arbiter.Draw:
				score = 0.5
			case arbiter.BlackWins:
				score = 0
			default:
				continue // no result, or not played over the board
			}
			w, bl := s.Entry(b.White), s.Entry(b.Black)
			if w == nil || bl == nil {
				continue
			}
			for _, e := range []*arbiter.Entry{w, bl} {
				if _, ok := first[e.Player.ID]; !ok {
					r := e.FIDERating
					if r == 0 {
						r = e.Player.NationalRating
					}
					first[e.Player.ID] = r
				}
			}
			ev.Games = append(ev.Games, rating.ClubGame{White: w.Player.ID, Black: bl.Player.ID, Score: score})
		}
	}
	return ev
}

// clubSeed gives opt the club ratings when tournament tid is seeded by
// them (rating type OTHER).
func (d *Desk) clubSeed(ctx context.Context, tid int64, opt *AddOptions) error {
	t, err := d.db.Tournament(ctx, tid)
	if err != nil || t.RatingType != "OTHER" {
		return err
	}
	rs, err := d.ClubRatings(ctx)
	if err != nil {
		return err
	}
	opt.Club = map[int64]int{}
	for _, r := range rs {
		opt.Club[r.Player.ID] = r.Rating
	}
	return nil
}

// UpdateResult is what a rating list changed in the roster.
type UpdateResult struct {
	Listed  int         // players the list held
	Matched int         // of them, players of the roster (by FIDE or national ID)
	Changed []RosterRow // the roster players changed, with what changed
	// Reseeds lists the tournaments with entries of the players changed:
	// those whose round 1 is not paired are seeded again from the
	// updated roster (see UpdateTournamentSeeds); those under way keep
	// their entries' ratings (Started).
	Reseeds []Reseed
}

// UpdateRoster refreshes the roster from a rating list by ID (FIDE ID,
// else national ID): scan calls keep with each player of the list; only
// the roster's players are held, so a list of hundreds of thousands
// takes the memory of the roster. Ratings, K, titles and categories are
// updated, and names where the list spells them better; no one is added.
// The entries of the players changed are seeded again in the tournaments
// whose round 1 is not paired (UpdateResult.Reseeds). One transaction.
func (d *Desk) UpdateRoster(ctx context.Context, source string, scan func(keep func(ImportRow) error) error) (UpdateResult, error) {
	var res UpdateResult
	fide, national, err := d.db.RosterIDs(ctx)
	if err != nil {
		return res, err
	}
	var rows []ImportRow
	err = scan(func(r ImportRow) error {
		res.Listed++
		if fide[r.Player.FIDEID] || national[r.Player.NationalID] {
			rows = append(rows, r)
		}
		return ctx.Err()
	})
	if err != nil {
		return res, err
	}
	res.Matched = len(rows)
	res.Changed, res.Reseeds, err = d.db.UpdateRoster(ctx, source, res.Listed, rows)
	return res, inputErr("file", err)
}
