package season

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
)

// Kind is how an evening's result becomes season points. Its values are
// stored and never reordered.
type Kind int

const (
	// Places gives points by final place: Scoring.Places[0] to the
	// winner, Places[1] to the second, and nothing beyond the list.
	Places Kind = iota + 1
	// Points gives the evening's game points.
	Points
	// Percent gives the evening's game points as a percentage of the
	// rounds of the evening (3 of 4 is 75).
	Percent
)

// String returns the kind as written in a scoring string.
func (k Kind) String() string {
	switch k {
	case Places:
		return "places"
	case Points:
		return "points"
	case Percent:
		return "percent"
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// Scoring is how evenings are scored: a Kind, and for Places the points
// of each place from the first.
type Scoring struct {
	Kind   Kind
	Places []float64
}

// String returns the scoring as ParseScoring reads it:
// "places:10,8,6,5,4,3,2,1", "points" or "percent".
func (s Scoring) String() string {
	if s.Kind != Places {
		return s.Kind.String()
	}
	parts := make([]string, len(s.Places))
	for i, p := range s.Places {
		parts[i] = strconv.FormatFloat(p, 'f', -1, 64)
	}
	return "places:" + strings.Join(parts, ",")
}

// ErrScoring is wrapped by the errors of ParseScoring.
var ErrScoring = errors.New("bad scoring")

// ParseScoring reads a scoring string: "places:" followed by the points of
// each place from the first, separated by commas and not increasing
// ("places:10,8,6,5,4,3,2,1"); "points"; or "percent". Case and spaces do
// not matter. Errors wrap ErrScoring and name the part at fault.
func ParseScoring(text string) (Scoring, error) {
	t := strings.ToLower(strings.TrimSpace(text))
	switch t {
	case "points":
		return Scoring{Kind: Points}, nil
	case "percent":
		return Scoring{Kind: Percent}, nil
	}
	list, ok := strings.CutPrefix(t, "places:")
	if !ok {
		return Scoring{}, fmt.Errorf("season: scoring %q: write places:10,8,6,5,4,3,2,1, points or percent: %w", text, ErrScoring)
	}
	var s Scoring
	s.Kind = Places
	for i, f := range strings.Split(list, ",") {
		f = strings.TrimSpace(f)
		p, err := strconv.ParseFloat(f, 64)
		if err != nil || p < 0 || math.IsInf(p, 0) || math.IsNaN(p) {
			return Scoring{}, fmt.Errorf("season: scoring %q: place %d: %q is not a number of points: %w", text, i+1, f, ErrScoring)
		}
		if i > 0 && p > s.Places[i-1] {
			return Scoring{}, fmt.Errorf("season: scoring %q: place %d gets more than place %d: %w", text, i+1, i, ErrScoring)
		}
		s.Places = append(s.Places, p)
	}
	if len(s.Places) > 1000 {
		return Scoring{}, fmt.Errorf("season: scoring %q: more than 1000 places: %w", text, ErrScoring)
	}
	return s, nil
}

// MaxParticipation is the most points for taking part in an evening a
// season gives: far more than any scoring needs, and a number every
// report can print.
const MaxParticipation = 1000

// CheckParticipation refuses points for taking part that are not a
// number from 0 to MaxParticipation (a negative number, infinity, NaN).
func CheckParticipation(p float64) error {
	if math.IsNaN(p) || p < 0 || p > MaxParticipation {
		return fmt.Errorf("season: participation %v: give the points for taking part, from 0 to %d: %w", p, MaxParticipation, ErrScoring)
	}
	return nil
}

// Ties says what players sharing a place after the evening's own
// tie-breaks get. Its values are stored and never reordered.
type Ties int

const (
	// Share gives each the average of the points of the places they
	// share: two players 3rd-4th with 6 and 5 points get 5.5 each.
	Share Ties = iota
	// Break gives them the points of the places in the order the evening
	// lists them: by pairing number, as tiebreak.Rank lists players
	// level on the whole chain.
	Break
)

// String returns "share" or "break".
func (t Ties) String() string {
	if t == Break {
		return "break"
	}
	return "share"
}

// ParseTies reads "share" or "break".
func ParseTies(text string) (Ties, error) {
	switch strings.ToLower(strings.TrimSpace(text)) {
	case "share", "":
		return Share, nil
	case "break":
		return Break, nil
	}
	return Share, fmt.Errorf("season: ties %q: write share or break", text)
}

// Tiebreak is a tie-break of the season. Its values are stored and never
// reordered.
type Tiebreak int

const (
	// Evenings is the number of evenings played: more is better.
	Evenings Tiebreak = iota + 1
	// Wins is the number of evenings won, alone or sharing first place.
	Wins
	// BestResult is the best season score of a single evening.
	BestResult
	// HeadToHead is the game points scored in the games of every evening
	// against the other players still tied, as the direct encounter of
	// C.07 art. 6.4 but over the season.
	HeadToHead
)

var tiebreakCodes = map[Tiebreak]string{Evenings: "EV", Wins: "WIN", BestResult: "BEST", HeadToHead: "H2H"}

// String returns the tie-break's code: EV, WIN, BEST or H2H.
func (t Tiebreak) String() string {
	if c, ok := tiebreakCodes[t]; ok {
		return c
	}
	return "Tiebreak(" + strconv.Itoa(int(t)) + ")"
}

// DefaultTiebreaks is the chain used when a season names none.
func DefaultTiebreaks() []Tiebreak { return []Tiebreak{Evenings, Wins, BestResult, HeadToHead} }

// ParseTiebreaks reads a chain of tie-break codes separated by commas,
// "EV,WIN,BEST,H2H" (any case). The empty string is no tie-break. A code
// named twice or unknown is an error naming it.
func ParseTiebreaks(text string) ([]Tiebreak, error) {
	var out []Tiebreak
	if strings.TrimSpace(text) == "" {
		return out, nil
	}
	seen := map[Tiebreak]bool{}
	for _, f := range strings.Split(text, ",") {
		code := strings.ToUpper(strings.TrimSpace(f))
		var tb Tiebreak
		for t, c := range tiebreakCodes {
			if c == code {
				tb = t
			}
		}
		if tb == 0 {
			return nil, fmt.Errorf("season: tie-break %q: write EV, WIN, BEST or H2H", strings.TrimSpace(f))
		}
		if seen[tb] {
			return nil, fmt.Errorf("season: tie-break %s named twice", code)
		}
		seen[tb] = true
		out = append(out, tb)
	}
	return out, nil
}

// FormatTiebreaks writes a chain as ParseTiebreaks reads it.
func FormatTiebreaks(ts []Tiebreak) string {
	parts := make([]string, len(ts))
	for i, t := range ts {
		parts[i] = t.String()
	}
	return strings.Join(parts, ",")
}

// Settings are the rules of a season.
type Settings struct {
	Scoring Scoring
	// Best is how many evenings count, the player's best; 0 counts all.
	Best int
	// Participation is added to the score of every evening played.
	Participation float64
	Ties          Ties
	Tiebreaks     []Tiebreak
}

// Evening is one evening's final ranking.
type Evening struct {
	Name   string
	Rounds int // the rounds played, for Percent
	// Results lists the players in the order of the evening's final
	// standings, the first first.
	Results []Result
	// Games are the games played, for HeadToHead.
	Games []Game
}

// Result is one player's final place in an evening.
type Result struct {
	Player int64 // club roster ID
	// Rank and RankTo are the place, shared from Rank to RankTo when
	// players are level on points and every tie-break of the evening.
	Rank, RankTo int
	Points       float64 // game points
}

// Game is a game of an evening between two roster players: A scored
// ScoreA of 1 (0, ½ or 1).
type Game struct {
	A, B   int64
	ScoreA float64
}

// Cell is what one evening gives a player.
type Cell struct {
	Played       bool
	Rank, RankTo int     // the evening's place
	GamePoints   float64 // the evening's game points
	Base         float64 // season points from the place, game points or percentage
	Bonus        float64 // points for taking part
	Score        float64 // Base + Bonus
	Counted      bool    // among the evenings that count
}

// Standing is one player's line of the season table.
type Standing struct {
	Player       int64
	Rank, RankTo int     // the season place, shared from Rank to RankTo
	Total        float64 // the sum of the evenings that count
	Cells        []Cell  // one per evening, in the season's order
	Values       []float64
}

// Shared reports whether the place is shared.
func (s Standing) Shared() bool { return s.RankTo > s.Rank }

// eps is the tolerance within which two totals are level: averages of
// places may be thirds.
const eps = 1e-9

// Compute ranks the players of the evenings for the season. A player is
// in the table if he played at least one evening. Players level on the
// total and on every tie-break share their place; they are listed by
// roster ID.
func Compute(set Settings, evenings []Evening) ([]Standing, error) {
	if set.Scoring.Kind < Places || set.Scoring.Kind > Percent {
		return nil, fmt.Errorf("season: no scoring: %w", ErrScoring)
	}
	if set.Best < 0 {
		return nil, fmt.Errorf("season: best %d: count at least one evening, or 0 for all", set.Best)
	}
	index := map[int64]int{}
	var out []Standing
	for ei, ev := range evenings {
		for pos, r := range ev.Results {
			i, ok := index[r.Player]
			if !ok {
				i = len(out)
				index[r.Player] = i
				out = append(out, Standing{Player: r.Player, Cells: make([]Cell, len(evenings))})
			}
			if out[i].Cells[ei].Played {
				return nil, fmt.Errorf("season: evening %s lists player %d twice", ev.Name, r.Player)
			}
			c := Cell{Played: true, Rank: r.Rank, RankTo: r.RankTo, GamePoints: r.Points, Bonus: set.Participation}
			if c.RankTo < c.Rank {
				c.RankTo = c.Rank
			}
			c.Base = base(set, ev, r, pos)
			c.Score = c.Base + c.Bonus
			out[i].Cells[ei] = c
		}
	}
	for i := range out {
		count(&out[i], set.Best)
	}
	rank(set, evenings, out)
	return out, nil
}

// base returns the season points of result r, listed at pos (0-based) in
// ev, before the points for taking part.
func base(set Settings, ev Evening, r Result, pos int) float64 {
	switch set.Scoring.Kind {
	case Points:
		return r.Points
	case Percent:
		if ev.Rounds <= 0 {
			return 0
		}
		return 100 * r.Points / float64(ev.Rounds)
	}
	place := func(n int) float64 { // n 1-based
		if n >= 1 && n <= len(set.Scoring.Places) {
			return set.Scoring.Places[n-1]
		}
		return 0
	}
	if set.Ties == Break {
		return place(pos + 1)
	}
	to := max(r.RankTo, r.Rank)
	sum := 0.0
	for n := r.Rank; n <= to; n++ {
		sum += place(n)
	}
	return sum / float64(to-r.Rank+1)
}

// count marks the evenings that count, the best best (all for 0), and
// sums them. Of two evenings worth the same, the earlier counts.
func count(s *Standing, best int) {
	var played []int
	for i, c := range s.Cells {
		if c.Played {
			played = append(played, i)
		}
	}
	sort.SliceStable(played, func(a, b int) bool { return s.Cells[played[a]].Score > s.Cells[played[b]].Score+eps })
	if best > 0 && len(played) > best {
		played = played[:best]
	}
	s.Total = 0
	for _, i := range played {
		s.Cells[i].Counted = true
		s.Total += s.Cells[i].Score
	}
}

// rank sorts out by total then by the tie-breaks and sets the places and
// the tie-break values.
func rank(set Settings, evenings []Evening, out []Standing) {
	for i := range out {
		out[i].Values = make([]float64, len(set.Tiebreaks))
		for k, tb := range set.Tiebreaks {
			out[i].Values[k] = value(tb, out[i])
		}
	}
	sort.SliceStable(out, func(a, b int) bool {
		if d := out[a].Total - out[b].Total; math.Abs(d) > eps {
			return d > 0
		}
		return out[a].Player < out[b].Player
	})
	// Apply the chain to each group level on the total, one tie-break at
	// a time, so that head-to-head sees only the players still tied.
	var h2h map[[2]int64]float64
	for k, tb := range set.Tiebreaks {
		if tb == HeadToHead && h2h == nil {
			h2h = headToHead(evenings)
		}
		for _, g := range groups(out, k) {
			grp := out[g[0]:g[1]]
			if tb == HeadToHead {
				for i := range grp {
					v := 0.0
					for j := range grp {
						if i != j {
							v += h2h[[2]int64{grp[i].Player, grp[j].Player}]
						}
					}
					grp[i].Values[k] = v
				}
			}
			sort.SliceStable(grp, func(a, b int) bool { return grp[a].Values[k] > grp[b].Values[k]+eps })
		}
	}
	// Players level on the total and on every value share their place.
	for _, g := range groups(out, len(set.Tiebreaks)) {
		for i := g[0]; i < g[1]; i++ {
			out[i].Rank, out[i].RankTo = g[0]+1, g[1]
		}
	}
}

// groups returns the runs [a, b) of out level on the total and on the
// first k values.
func groups(out []Standing, k int) [][2]int {
	var gs [][2]int
	level := func(x, y Standing) bool {
		if math.Abs(x.Total-y.Total) > eps {
			return false
		}
		for i := 0; i < k; i++ {
			if math.Abs(x.Values[i]-y.Values[i]) > eps {
				return false
			}
		}
		return true
	}
	for a := 0; a < len(out); {
		b := a + 1
		for b < len(out) && level(out[a], out[b]) {
			b++
		}
		gs = append(gs, [2]int{a, b})
		a = b
	}
	return gs
}

// value returns the figure of tie-break tb for s; HeadToHead is computed
// per group by rank and is 0 here.
func value(tb Tiebreak, s Standing) float64 {
	v := 0.0
	for _, c := range s.Cells {
		if !c.Played {
			continue
		}
		switch tb {
		case Evenings:
			v++
		case Wins:
			if c.Rank == 1 {
				v++
			}
		case BestResult:
			v = max(v, c.Score)
		}
	}
	return v
}

// headToHead sums the game points each player scored against each other
// over the evenings: m[{a, b}] is what a scored against b.
func headToHead(evenings []Evening) map[[2]int64]float64 {
	m := map[[2]int64]float64{}
	for _, ev := range evenings {
		for _, g := range ev.Games {
			m[[2]int64{g.A, g.B}] += g.ScoreA
			m[[2]int64{g.B, g.A}] += 1 - g.ScoreA
		}
	}
	return m
}
