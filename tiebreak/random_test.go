package tiebreak

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"sort"
	"testing"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/scoring"
)

// randomEvent plays a Swiss-like event of n players and the given rounds
// with a seeded generator: players paired by score (avoiding rematches when
// it is easy), PABs, requested byes, withdrawals, forfeits and double
// forfeits; with pending, the last round's games have no result. Ratings
// range over 1000-2500, one player in 20 unrated.
func randomEvent(tb testing.TB, n, rounds int, seed uint64, pending bool) (arbiter.Tournament, *scoring.Table, []int) {
	tb.Helper()
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	tour := arbiter.NewTournament("random")
	tour.Rounds = rounds
	entries := make([]arbiter.Entry, n)
	ratings := make([]int, n)
	for i := range entries {
		entries[i] = arbiter.Entry{PN: i + 1, JoinedRound: 1}
		if rng.IntN(20) > 0 {
			ratings[i] = 1000 + rng.IntN(1501)
		}
	}
	score := make([]int, n+1)
	withdrawn := make([]bool, n+1)
	met := make(map[[2]int]bool)
	var rds []arbiter.Round
	for r := 1; r <= rounds; r++ {
		rd := arbiter.Round{Number: r}
		var avail []int
		for pn := 1; pn <= n; pn++ {
			switch {
			case withdrawn[pn]:
			case rng.IntN(50) == 0:
				withdrawn[pn] = true
			case rng.IntN(30) == 0:
				kind := arbiter.HalfBye
				if rng.IntN(2) == 0 {
					kind = arbiter.ZeroBye
				}
				rd.Byes = append(rd.Byes, arbiter.Bye{PN: pn, Kind: kind})
				if kind == arbiter.HalfBye {
					score[pn]++
				}
			default:
				avail = append(avail, pn)
			}
		}
		sort.SliceStable(avail, func(a, b int) bool { return score[avail[a]] > score[avail[b]] })
		if len(avail)%2 == 1 {
			pab := avail[len(avail)-1]
			avail = avail[:len(avail)-1]
			rd.Byes = append(rd.Byes, arbiter.Bye{PN: pab, Kind: arbiter.PAB})
			score[pab] += 2
		}
		for len(avail) > 0 {
			a, j := avail[0], 1
			for k := 1; k < len(avail) && k < 8; k++ {
				if !met[[2]int{a, avail[k]}] {
					j = k
					break
				}
			}
			b := avail[j]
			avail = slices.Delete(avail, j, j+1)[1:]
			met[[2]int{a, b}], met[[2]int{b, a}] = true, true
			if rng.IntN(2) == 0 {
				a, b = b, a
			}
			res := arbiter.NoResult
			if !(pending && r == rounds) {
				switch x := rng.IntN(100); {
				case x < 2:
					res = arbiter.WhiteForfeit
				case x < 4:
					res = arbiter.BlackForfeit
				case x < 5:
					res = arbiter.DoubleForfeit
				case x < 45:
					res = arbiter.WhiteWins
				case x < 70:
					res = arbiter.Draw
				default:
					res = arbiter.BlackWins
				}
			}
			score[a] += int(res.Points(arbiter.White))
			score[b] += int(res.Points(arbiter.Black))
			rd.Boards = append(rd.Boards, arbiter.Board{Number: len(rd.Boards) + 1, White: a, Black: b, Result: res})
		}
		rds = append(rds, rd)
	}
	tab, err := scoring.Build(tour, entries, rds)
	if err != nil {
		tb.Fatal(err)
	}
	return tour, tab, ratings
}

var allCodes = []string{"BH", "BH-C1", "BH-C2", "BH-M1", "BH-M2", "FB", "FB-C1", "AOB", "SB", "SB-C1", "SB-M1", "KS", "DE",
	"WIN", "WON", "BPG", "BWG", "GE", "PS", "PS-C1", "ARO", "ARO-C1", "ARO-M1", "TPR"}

// TestRankProperties ranks random events and checks what must hold
// whatever the results: every player once, points never rising down the
// table, a shared place exactly when points and the whole chain are
// equal, a split decided by the first tie-break that differs, the input
// left untouched, and Explain agreeing with Rank.
func TestRankProperties(t *testing.T) {
	chains := [][]string{
		{"DE", "BH", "DE", "SB"},
		{"BH", "DE", "SB"},
		{"WIN", "DE", "BPG"},
		allCodes,
	}
	seeds := 12
	if testing.Short() {
		seeds = 3
	}
	for seed := range seeds {
		n := []int{7, 16, 41}[seed%3]
		rounds := 3 + seed%6
		for _, edition := range []int{Edition2023, Edition2009} {
			tour, tab, ratings := randomEvent(t, n, rounds, uint64(seed), seed%4 == 3)
			tour.TiebreakEdition = edition
			before := cloneTable(tab)
			for _, codes := range chains {
				chain, err := ParseChain(codes)
				if err != nil {
					t.Fatal(err)
				}
				in := Input{Tournament: tour, Table: tab, Ratings: ratings, Chain: chain}
				st, err := Rank(in)
				if err != nil {
					t.Fatal(err)
				}
				checkStandings(t, in, st)
				again, _ := Rank(in)
				if !reflect.DeepEqual(st, again) {
					t.Errorf("seed %d: Rank is not deterministic", seed)
				}
				checkExplain(t, in, st)
			}
			if !reflect.DeepEqual(tab, before) {
				t.Fatalf("seed %d: Rank changed the score table", seed)
			}
		}
	}
}

func cloneTable(t *scoring.Table) *scoring.Table {
	c := &scoring.Table{Rounds: t.Rounds, Cards: make([]scoring.Card, len(t.Cards))}
	for i, card := range t.Cards {
		c.Cards[i] = scoring.Card{PN: card.PN, Rounds: slices.Clone(card.Rounds)}
	}
	return c
}

// checkStandings checks the ranking invariants of st.
func checkStandings(t *testing.T, in Input, st []Standing) {
	t.Helper()
	n := len(in.Table.Cards)
	if len(st) != n {
		t.Fatalf("%d standings for %d players", len(st), n)
	}
	seen := make([]bool, n+1)
	for i, s := range st {
		if seen[s.PN] {
			t.Fatalf("player %d listed twice", s.PN)
		}
		seen[s.PN] = true
		if s.Points != in.Table.Card(s.PN).Score() {
			t.Errorf("player %d points %v, card says %v", s.PN, s.Points, in.Table.Card(s.PN).Score())
		}
		if s.Rank > i+1 || s.RankTo < i+1 {
			t.Errorf("line %d: player %d ranked %d-%d", i+1, s.PN, s.Rank, s.RankTo)
		}
		if i == 0 {
			continue
		}
		p := st[i-1]
		if p.Points < s.Points {
			t.Errorf("player %d (%v) above player %d (%v)", p.PN, p.Points, s.PN, s.Points)
		}
		same := p.Points == s.Points && reflect.DeepEqual(p.Values, s.Values)
		if shared := p.Rank == s.Rank; shared != same {
			t.Errorf("%v: players %d %v and %d %v: shared place %v, equal chain %v", in.Chain, p.PN, p.Values, s.PN, s.Values, shared, same)
		}
		if same && p.PN > s.PN {
			t.Errorf("shared place lists %d before %d", p.PN, s.PN)
		}
		if same || p.Points != s.Points {
			continue
		}
		for k, spec := range in.Chain {
			a, b := p.Values[k], s.Values[k]
			if a == b {
				continue
			}
			if spec.Code == DE && !(a > 0 && a < b) || spec.Code != DE && a < b {
				t.Errorf("%v: %d %v ranked above %d %v by %s", in.Chain, p.PN, p.Values, s.PN, s.Values, spec)
			}
			break
		}
	}
}

// checkExplain checks that Explain gives Rank's figures, and that counted
// lines add up to them where the figure is a sum.
func checkExplain(t *testing.T, in Input, st []Standing) {
	t.Helper()
	for _, s := range st {
		ex, err := Explain(in, s.PN)
		if err != nil {
			t.Fatal(err)
		}
		for k, e := range ex {
			if e.Value != s.Values[k] || e.Spec != in.Chain[k] {
				t.Errorf("Explain(%d) %s = %v, Rank says %v", s.PN, e.Spec, e.Value, s.Values[k])
			}
			if e.Summary.IsZero() {
				t.Errorf("Explain(%d) %s has no summary", s.PN, e.Spec)
			}
			switch e.Spec.Code {
			case BH, SB, FB, PS, KS, WIN, WON, BPG, BWG, GE:
				var sum float64
				for _, l := range e.Lines {
					if l.Counted {
						sum += l.Value
					}
				}
				if sum != e.Value {
					t.Errorf("Explain(%d) %s: counted lines add up to %v, value %v", s.PN, e.Spec, sum, e.Value)
				}
			}
		}
	}
}

// BenchmarkRank ranks a 1,000-player, 10-round event.
func BenchmarkRank(b *testing.B) {
	tour, tab, ratings := randomEvent(b, 1000, 10, 1, false)
	for _, bc := range []struct {
		name  string
		codes []string
	}{
		{"labyrinth", arbiter.DefaultTiebreaks},
		{"de-first", []string{"DE", "BH", "DE", "SB"}},
		{"all-codes", allCodes},
	} {
		chain, err := ParseChain(bc.codes)
		if err != nil {
			b.Fatal(err)
		}
		in := Input{Tournament: tour, Table: tab, Ratings: ratings, Chain: chain}
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Rank(in); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
