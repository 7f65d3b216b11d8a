package desk

import (
	"github.com/labyrinth-chess/arbiter/prizes"
)

// CriterionView is a criterion of a category in JSON.
type CriterionView struct {
	Kind  string `json:"kind"`
	Value string `json:"value"`
}

// CategoryView is a category in JSON, with how many players of the
// tournament are in it.
type CategoryView struct {
	Name       string          `json:"name"`
	Criteria   []CriterionView `json:"criteria"`
	MinPlayers int             `json:"min_players"`
	Players    int             `json:"players"`
}

// CategoryViews returns the categories of r as JSON, with the players of
// s each one has.
func CategoryViews(s *Snapshot, r prizes.Rules) []CategoryView {
	out := []CategoryView{}
	for _, c := range r.Categories {
		v := CategoryView{Name: c.Name, Criteria: []CriterionView{}, MinPlayers: c.MinPlayers}
		for _, x := range c.Criteria {
			v.Criteria = append(v.Criteria, CriterionView{Kind: string(x.Kind), Value: x.Value})
		}
		for _, e := range s.Entries {
			if c.Admits(prizes.MemberOf(e.Player)) {
				v.Players++
			}
		}
		out = append(out, v)
	}
	return out
}

// PrizeView is a prize in JSON: money (amount in hundredths, currency)
// or a named prize (name, and worth in hundredths); value is how it
// prints, with a point for decimals.
type PrizeView struct {
	Category string `json:"category"` // "" for the general standings
	Place    int    `json:"place"`
	Value    string `json:"value"`
	Amount   int64  `json:"amount"`
	Currency string `json:"currency"`
	Name     string `json:"name"`
}

func prizeView(p prizes.Prize) PrizeView {
	v := PrizeView{Category: p.Category, Place: p.Place, Value: p.Value.String(), Amount: p.Value.Cents, Currency: p.Value.Currency, Name: p.Value.Name}
	return v
}

// AwardView is what one player wins, in JSON: the place in the list
// (category "" for the general standings), the places shared ("1-3"),
// the money in hundredths and the named prizes, the value as it prints,
// and the players the money is shared with.
type AwardView struct {
	Category   string   `json:"category"`
	Place      int      `json:"place"`
	Places     string   `json:"places"`
	Value      string   `json:"value"`
	Amount     int64    `json:"amount"`
	Currency   string   `json:"currency"`
	Items      []string `json:"items"`
	Player     int      `json:"player"`
	Name       string   `json:"name"`
	SharedWith []int    `json:"shared_with"`
}

// UnawardedView is a prize given to no one, and why: "no-one" (no player
// left for it) or "too-few" (the category has fewer players, Players,
// than its minimum).
type UnawardedView struct {
	PrizeView
	Reason  string `json:"reason"`
	Players int    `json:"players"`
}

// ReachView is a list in which a player can still win a prize.
type ReachView struct {
	Category string   `json:"category"`
	From     int      `json:"from"`
	To       int      `json:"to"`
	Prizes   []string `json:"prizes"`
}

// StakeView is what one player can still win before the last round.
type StakeView struct {
	Player int         `json:"player"`
	Name   string      `json:"name"`
	Reach  []ReachView `json:"reach"`
}

// PrizeListView is the prize list in JSON. Field names are stable: add,
// never rename.
type PrizeListView struct {
	Round     int             `json:"round"`
	Rounds    int             `json:"rounds"`
	Final     bool            `json:"final"`
	Sharing   string          `json:"sharing"`
	Prefer    string          `json:"prefer"`
	Prizes    []PrizeView     `json:"prizes"`
	Awards    []AwardView     `json:"awards"`
	Unawarded []UnawardedView `json:"unawarded"`
	Stake     []StakeView     `json:"stake"`
}

// PrizeListViewOf returns the prize list l of s as JSON.
func PrizeListViewOf(s *Snapshot, l *prizes.List) PrizeListView {
	v := PrizeListView{Round: l.Round, Rounds: l.Rounds, Final: l.Final, Sharing: l.Rules.Sharing.String(), Prefer: "general",
		Prizes: []PrizeView{}, Awards: []AwardView{}, Unawarded: []UnawardedView{}, Stake: []StakeView{}}
	if l.Rules.CategoryFirst {
		v.Prefer = "category"
	}
	for _, p := range l.Rules.Prizes {
		v.Prizes = append(v.Prizes, prizeView(p))
	}
	for _, a := range l.Outcome.Awards {
		av := AwardView{Category: a.Category, Place: a.Place, Places: PlaceText(a.From, a.To), Value: a.Text("."),
			Amount: a.Cents, Currency: a.Currency, Items: append([]string{}, a.Items...), Player: a.PN, SharedWith: append([]int{}, a.SharedWith()...)}
		if e := s.Entry(a.PN); e != nil {
			av.Name = e.Player.Name
		}
		v.Awards = append(v.Awards, av)
	}
	for _, u := range l.Outcome.Unawarded {
		uv := UnawardedView{PrizeView: prizeView(u.Prize), Reason: "no-one"}
		if u.Reason == prizes.TooFew {
			uv.Reason, uv.Players = "too-few", u.Players
		}
		v.Unawarded = append(v.Unawarded, uv)
	}
	for _, e := range s.Entries {
		rs, ok := l.Stake[e.PN]
		if !ok {
			continue
		}
		sv := StakeView{Player: e.PN, Name: e.Player.Name, Reach: []ReachView{}}
		for _, rc := range rs {
			rv := ReachView{Category: rc.Category, From: rc.From, To: rc.To, Prizes: []string{}}
			for _, p := range rc.Prizes {
				rv.Prizes = append(rv.Prizes, p.Value.String())
			}
			sv.Reach = append(sv.Reach, rv)
		}
		v.Stake = append(v.Stake, sv)
	}
	return v
}
