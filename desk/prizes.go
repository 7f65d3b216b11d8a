package desk

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/prizes"
	"github.com/labyrinth-chess/arbiter/text"
	"github.com/labyrinth-chess/arbiter/tiebreak"
)

// Prizes and categories: the organizer announces the place prizes of the
// general standings and of categories of players, how players level on
// points share them, and which of two prizes a player keeps; the desk
// stores them (one logged, undoable command each) and says who wins what
// (the prizes package decides).

// MaxCategoryName is the longest name of a category, in characters.
const MaxCategoryName = 40

// CategoryInput is a category as the organizer defines it.
type CategoryInput struct {
	Name     string
	Criteria []prizes.Criterion
	// Age is an age category by the year of birth ("U16", "O50"),
	// counted from the year the tournament is played in (its date, else
	// the year now); "" for none.
	Age        string
	MinPlayers int
}

// categoryErr is a refusal of a category or a prize: the prizes
// package's, kept for the front ends to word (errors.As *prizes.Error).
func categoryErr(input string, err error) error {
	var pe *prizes.Error
	if errors.As(err, &pe) {
		return &Error{Kind: ErrInvalid, Input: input, Msg: strings.TrimPrefix(pe.Error(), "prizes: "), Err: err}
	}
	return inputErr(input, err)
}

// AddCategory defines a category of tournament tid from in, checked
// (prizes.Category.Check): it returns the category stored. A name
// already taken, case and accents aside, is ErrConflict.
func (d *Desk) AddCategory(ctx context.Context, tid int64, in CategoryInput) (prizes.Category, error) {
	c := prizes.Category{Name: strings.Join(strings.Fields(in.Name), " "), Criteria: in.Criteria, MinPlayers: in.MinPlayers}
	if err := text.Check("category", c.Name, MaxCategoryName); err != nil {
		return c, &Error{Kind: ErrInvalid, Input: "category", Msg: err.Error(), Err: err}
	}
	if in.Age != "" {
		t, err := d.db.Tournament(ctx, tid)
		if err != nil {
			return c, inputErr("tournament", err)
		}
		x, err := prizes.Age(in.Age, d.tournamentYear(t))
		if err != nil {
			return c, categoryErr("age", err)
		}
		c.Criteria = append(c.Criteria, x)
	}
	for _, x := range c.Criteria {
		if x.Kind == prizes.Club {
			if err := text.Check("club", x.Value, text.MaxClub); err != nil {
				return c, &Error{Kind: ErrInvalid, Input: "club", Msg: err.Error(), Err: err}
			}
		}
	}
	if err := c.Check(); err != nil {
		return c, categoryErr("category", err)
	}
	if err := d.db.AddCategory(ctx, tid, c, describeCategory(c)); err != nil {
		return c, inputErr("category", err)
	}
	return c, nil
}

// tournamentYear is the year tournament t is played in: the year of its
// date, else the year now.
func (d *Desk) tournamentYear(t arbiter.Tournament) int {
	if day, err := time.Parse(time.DateOnly, t.Date); err == nil {
		return day.Year()
	}
	return d.now().Year()
}

// describeCategory writes a category for the log: its criteria and its
// minimum, "everyone" for none.
func describeCategory(c prizes.Category) string {
	s := c.Describe()
	if s == "" {
		s = "everyone"
	}
	if c.MinPlayers > 1 {
		s += fmt.Sprintf(", at least %d players", c.MinPlayers)
	}
	return s
}

// RemoveCategory removes the category of tournament tid named name and
// its prizes, in one command, and returns the prizes removed.
func (d *Desk) RemoveCategory(ctx context.Context, tid int64, name string) ([]prizes.Prize, error) {
	r, err := d.db.PrizeRules(ctx, tid)
	if err != nil {
		return nil, inputErr("tournament", err)
	}
	c := r.Category(name)
	if c == nil {
		return nil, noCategory(r, name)
	}
	removed, err := d.db.RemoveCategory(ctx, tid, c.Name, describeCategory(*c))
	return removed, inputErr("category", err)
}

// noCategory refuses a category name that r does not have, naming those
// it has.
func noCategory(r prizes.Rules, name string) error {
	fix := "define it first"
	if len(r.Categories) > 0 {
		var names []string
		for _, c := range r.Categories {
			names = append(names, c.Name)
		}
		fix = "the categories are " + strings.Join(names, ", ")
	}
	return &Error{Kind: ErrNotFound, Input: "category", Msg: fmt.Sprintf("there is no category %q", name), Fix: fix}
}

// PrizeRules returns the prizes of tournament tid, its categories and
// how prizes are shared.
func (d *Desk) PrizeRules(ctx context.Context, tid int64) (prizes.Rules, error) {
	return d.db.PrizeRules(ctx, tid)
}

// PrizeInput is a prize as the organizer announces it.
type PrizeInput struct {
	Category string // "" for the general standings
	Place    int
	Value    string // as typed: "100", "50 €", "coppa"
	// Worth is what a named prize is worth when a player could win it
	// and another (one prize per player), as typed ("30"); "" for
	// nothing. Money is worth its amount.
	Worth string
}

// AddPrize stores the prize of a place of the general standings or of a
// category of tournament tid, and returns it. A place with a prize
// already is ErrConflict; an unknown category ErrNotFound.
func (d *Desk) AddPrize(ctx context.Context, tid int64, in PrizeInput) (prizes.Prize, error) {
	p := prizes.Prize{Category: in.Category, Place: in.Place}
	if in.Place < 1 || in.Place > arbiter.MaxPlayers {
		return p, &Error{Kind: ErrInvalid, Input: "place", Msg: fmt.Sprintf("place %d is not a place", in.Place),
			Fix: fmt.Sprintf("type a place from 1 to %d", arbiter.MaxPlayers)}
	}
	v, err := prizes.ParseValue(in.Value)
	if err != nil {
		return p, categoryErr("value", err)
	}
	if !v.Money() {
		if err := text.Check("prize", v.Name, MaxCategoryName); err != nil {
			return p, &Error{Kind: ErrInvalid, Input: "value", Msg: err.Error(), Err: err}
		}
	}
	if strings.TrimSpace(in.Worth) != "" {
		w, err := prizes.ParseValue(in.Worth)
		switch {
		case err != nil:
			return p, categoryErr("worth", err)
		case !w.Money():
			return p, &Error{Kind: ErrInvalid, Input: "worth", Msg: fmt.Sprintf("worth %q is not an amount", in.Worth), Fix: "type an amount such as 30"}
		case v.Money():
			return p, &Error{Kind: ErrInvalid, Input: "worth", Msg: fmt.Sprintf("%s is money, worth what it says", v),
				Fix: "give a worth to a named prize only, such as a cup"}
		}
		v.Cents = w.Cents
	}
	p.Value = v
	if in.Category != "" {
		r, err := d.db.PrizeRules(ctx, tid)
		if err != nil {
			return p, inputErr("tournament", err)
		}
		c := r.Category(in.Category)
		if c == nil {
			return p, noCategory(r, in.Category)
		}
		p.Category = c.Name
	}
	if err := d.db.AddPrize(ctx, tid, p); err != nil {
		return p, inputErr("place", err)
	}
	return p, nil
}

// RemovePrizes removes prizes of tournament tid: the prize of place
// place of category ("" the general standings), every prize of that list
// for place 0, every prize of the tournament with all. It returns those
// removed, in one command; none is ErrNotFound.
func (d *Desk) RemovePrizes(ctx context.Context, tid int64, category string, place int, all bool) ([]prizes.Prize, error) {
	if category != "" && !all {
		r, err := d.db.PrizeRules(ctx, tid)
		if err != nil {
			return nil, inputErr("tournament", err)
		}
		c := r.Category(category)
		if c == nil {
			return nil, noCategory(r, category)
		}
		category = c.Name
	}
	removed, err := d.db.RemovePrizes(ctx, tid, category, place, all)
	return removed, inputErr("place", err)
}

// SetPrizeSharing sets how players level on points share the prizes of
// tournament tid, logged.
func (d *Desk) SetPrizeSharing(ctx context.Context, tid int64, s prizes.Sharing) error {
	r, err := d.db.PrizeRules(ctx, tid)
	if err != nil {
		return inputErr("tournament", err)
	}
	return d.db.SetPrizeSettings(ctx, tid, s, r.CategoryFirst)
}

// SetPrizePreference sets which of two prizes of equal value a player
// keeps: the category's (categoryFirst) or the general standings'.
func (d *Desk) SetPrizePreference(ctx context.Context, tid int64, categoryFirst bool) error {
	r, err := d.db.PrizeRules(ctx, tid)
	if err != nil {
		return inputErr("tournament", err)
	}
	return d.db.SetPrizeSettings(ctx, tid, r.Sharing, categoryFirst)
}

// Prizes returns the prize list of s after round n (PrizeList), with the
// tournament's prizes as stored.
func (d *Desk) Prizes(ctx context.Context, s *Snapshot, n int) (*prizes.List, error) {
	r, err := d.db.PrizeRules(ctx, s.Tournament.ID)
	if err != nil {
		return nil, err
	}
	return PrizeList(s, r, n)
}

// PrizeList returns who wins what by rules r in the standings of s after
// round n, ranked as Rank ranks them, and, while the last round planned
// is the one left to play, what each player can still win (Stake).
func PrizeList(s *Snapshot, r prizes.Rules, n int) (*prizes.List, error) {
	_, st, err := Rank(s, n)
	if err != nil {
		return nil, err
	}
	return RankedPrizeList(s, r, st, n)
}

// RankedPrizeList is PrizeList with the standings after round n already
// ranked (Rank), for a front end that has them.
func RankedPrizeList(s *Snapshot, r prizes.Rules, st []tiebreak.Standing, n int) (*prizes.List, error) {
	var err error
	lines := make([]prizes.Line, len(st))
	for i, x := range st {
		lines[i] = prizes.Line{PN: x.PN, Rank: x.Rank, Points: x.Points, Member: prizes.MemberOf(s.Entry(x.PN).Player)}
	}
	l := &prizes.List{Rules: r, Round: n, Rounds: s.Tournament.Rounds, Outcome: prizes.Allot(r, lines)}
	l.Final = n >= s.Tournament.Rounds && n == CompleteRounds(s) && n > 0
	if l.Stake, err = Stake(s, r); err != nil {
		return nil, err
	}
	return l, nil
}

// Stake returns what each player of s can still win by rules r while the
// last round planned is the one left to play, paired or not (every round
// before it has all its results): nil at any other time. A player's
// points can end from those scored (a result entered, a bye, an absence
// counting the same) to one more for each game still without a result or
// round not yet paired (prizes.InReach).
func Stake(s *Snapshot, r prizes.Rules) (map[int][]prizes.Reach, error) {
	last := s.Tournament.Rounds
	if len(r.Prizes) == 0 || last < 1 || CompleteRounds(s) != last-1 || len(s.Rounds) > last {
		return nil, nil
	}
	tab, err := s.Table(len(s.Rounds))
	if err != nil {
		return nil, err
	}
	cs := make([]prizes.Contender, len(s.Entries))
	for i, e := range s.Entries {
		c := prizes.Contender{PN: e.PN, Member: prizes.MemberOf(e.Player)}
		card := tab.Card(e.PN)
		c.Min = card.ScoreAfter(last - 1)
		c.Max = c.Min
		switch {
		case len(s.Rounds) == last:
			o := card.Rounds[last-1]
			if o.Pending {
				c.Max += arbiter.One
			} else {
				c.Min += o.Points
				c.Max += o.Points
			}
		case !e.Plays(last):
		default:
			if k := s.Request(e.PN, last); k != arbiter.NoBye {
				c.Min += s.Tournament.ByeValue(k)
				c.Max = c.Min
			} else {
				// The round is not paired: a game, a forfeit or a
				// pairing-allocated bye, worth one point at most.
				c.Max += max(arbiter.One, s.Tournament.PABValue)
			}
		}
		cs[i] = c
	}
	return prizes.InReach(r, cs), nil
}

// CategoryStandings returns the players of standings st of s who are in
// the category named name of r, in the same order, placed among
// themselves: players who share a place in st share it in the category.
// An unknown name is ErrNotFound.
func CategoryStandings(s *Snapshot, r prizes.Rules, st []tiebreak.Standing, name string) (prizes.Category, []tiebreak.Standing, error) {
	c := r.Category(name)
	if c == nil {
		return prizes.Category{}, nil, noCategory(r, name)
	}
	var out []tiebreak.Standing
	for _, x := range st {
		if c.Admits(prizes.MemberOf(s.Entry(x.PN).Player)) {
			out = append(out, x)
		}
	}
	for i := 0; i < len(out); {
		j := i + 1
		for j < len(out) && out[j].Rank == out[i].Rank {
			j++
		}
		for k := i; k < j; k++ {
			out[k].Rank, out[k].RankTo = i+1, j
		}
		i = j
	}
	return *c, out, nil
}

// PlaceText writes the places a prize or an award covers: "1", "2-4".
func PlaceText(from, to int) string {
	if to > from {
		return strconv.Itoa(from) + "-" + strconv.Itoa(to)
	}
	return strconv.Itoa(from)
}
