package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/pairing"
)

// resultRule gives the result of board i (from 0) of round r.
type resultRule func(r, i, white, black int) string

// rules are ways of playing the Swiss rounds.
var swissRules = map[string]resultRule{
	// as playOut: every third board drawn, else the lower number wins
	"playOut": func(r, i, w, b int) string {
		switch {
		case (i+r)%3 == 0:
			return "1/2"
		case b < w:
			return "0-1"
		}
		return "1-0"
	},
	"white wins": func(r, i, w, b int) string { return "1-0" },
	"black wins": func(r, i, w, b int) string { return "0-1" },
	"draws":      func(r, i, w, b int) string { return "1/2" },
	"higher wins": func(r, i, w, b int) string {
		if w > b {
			return "1-0"
		}
		return "0-1"
	},
}

// stuckSwiss plays a labyrinth evening of n players kept at its 7 rounds
// (close-registration --keep), each round paired by the Dutch system and
// played by rule, until round pair refuses a round (C.04.3 1.9). It
// returns the round refused and the refusal.
func stuckSwiss(t *testing.T, n int, rule resultRule) (*cli, int, string) {
	t.Helper()
	c := smallEvening(t, n)
	c.ok("tournament", "close-registration", "--keep")
	for round := 1; ; round++ {
		out, errs, code := c.run("round", "pair", "--json")
		if code != 0 {
			if !strings.Contains(errs, "no legal pairing") {
				t.Fatalf("round %d: round pair: exit %d: %s", round, code, errs)
			}
			return c, round, errs
		}
		var r roundJSON
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatal(err)
		}
		for i, b := range r.Boards {
			if b.Bye != "" {
				continue
			}
			c.ok("round", "result", strconv.Itoa(b.Board), rule(round, i, b.White, *b.Black))
		}
	}
}

// apaCommand is the command the refusal offers for the all-play-all.
var apaCommand = regexp.MustCompile(`arbiter (tournament set --system round-robin --from-round \d+)`)

// apaShown is what tournament show --json says of the continuation.
type apaShown struct {
	Rounds     int `json:"rounds"`
	AllPlayAll *struct {
		From    int   `json:"from_round"`
		Players []int `json:"players"`
	} `json:"all_play_all"`
	System string `json:"system"`
	Fit    struct {
		Fits bool `json:"fits"`
	} `json:"fit"`
}

func (c *cli) apaShown() apaShown {
	c.t.Helper()
	var j apaShown
	if err := json.Unmarshal([]byte(c.ok("tournament", "show", "--json")), &j); err != nil {
		c.t.Fatal(err)
	}
	return j
}

// TestAllPlayAllContinuation: a labyrinth evening kept at 7 Swiss rounds
// gets stuck (C.04.3 1.9); the refusal offers the all-play-all among the
// players still in as one command; once it is typed, round pair pairs
// every remaining round from the Berger table (C.05 Annex 1) without
// --manual, with the table's boards and colours under the Berger numbers
// given by the scores (C.04.3 art. 1.2), each pair meeting once inside the
// continuation, an odd field's bye as a pairing-allocated bye, and the
// standings, crosstable and TRF of the whole event come out.
func TestAllPlayAllContinuation(t *testing.T) {
	t.Parallel()
	tests := []struct {
		players int
		rule    string // how the Swiss rounds are played
		stuck   int    // the round the Swiss cannot pair
	}{
		{players: 6, rule: "black wins", stuck: 5}, // the six-player evening of issue 13
		{players: 6, rule: "playOut", stuck: 6},
		{players: 5, rule: "higher wins", stuck: 4}, // odd: a bye each round
		{players: 5, rule: "draws", stuck: 6},
		{players: 4, rule: "white wins", stuck: 4},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%d players, %s", tt.players, tt.rule), func(t *testing.T) {
			t.Parallel()
			c, stuck, errs := stuckSwiss(t, tt.players, swissRules[tt.rule])
			if stuck != tt.stuck {
				t.Fatalf("the Swiss got stuck at round %d, want %d: %s", stuck, tt.stuck, errs)
			}
			cycle := pairing.BergerRounds(tt.players, 1)
			total := stuck - 1 + cycle
			want := fmt.Sprintf("continue as an all-play-all among the %d players still in, rounds %d to %d from the Berger tables (%d rounds in all): arbiter tournament set --system round-robin --from-round %d",
				tt.players, stuck, total, total, stuck)
			if !strings.Contains(errs, want) {
				t.Fatalf("refusal %q lacks %q", errs, want)
			}
			if i, j := strings.Index(errs, "breaks the least"), strings.Index(errs, "all-play-all"); i < 0 || j < i || strings.Index(errs, "end the event") < j {
				t.Errorf("refusal %q: want the least broken, the all-play-all, then the end, in that order", errs)
			}
			m := apaCommand.FindStringSubmatch(errs)
			out, notes, code := c.run(strings.Fields(m[1])...)
			if code != 0 {
				t.Fatalf("%s: exit %d %s", m[1], code, notes)
			}
			if !strings.Contains(notes, fmt.Sprintf("%d rounds in all", total)) {
				t.Errorf("%s says %q, want the %d rounds in all", m[1], notes, total)
			}
			shown := c.apaShown()
			if shown.Rounds != total || shown.System != "swiss" || shown.AllPlayAll == nil || shown.AllPlayAll.From != stuck || len(shown.AllPlayAll.Players) != tt.players {
				t.Fatalf("tournament show --json = %+v, want a Swiss of %d rounds continued from round %d among %d", shown, total, stuck, tt.players)
			}
			if !shown.Fit.Fits {
				t.Errorf("tournament show --json: %d rounds do not fit the continued event", shown.Rounds)
			}
			order := shown.AllPlayAll.Players
			checkBergerOrder(t, c, out, order, stuck)

			if got := playOut(t, c); got != cycle {
				t.Errorf("round pair paired %d rounds of the all-play-all, want %d", got, cycle)
			}
			met := map[[2]int]bool{}
			byes := map[int]int{}
			for r := stuck; r <= total; r++ {
				rd := c.roundShown(strconv.Itoa(r))
				boards, bye, err := pairing.BergerRound(tt.players, 1, r-stuck+1)
				if err != nil {
					t.Fatal(err)
				}
				var want []string
				for _, b := range boards {
					want = append(want, fmt.Sprintf("%d %d", order[b.White-1], order[b.Black-1]))
				}
				if bye != 0 {
					want = append(want, fmt.Sprintf("%d 0", order[bye-1]))
				}
				if got := pairsOf(rd); strings.Join(got, ",") != strings.Join(want, ",") {
					t.Errorf("round %d = %v, want the Berger table's %v", r, got, want)
				}
				for _, b := range rd.Boards {
					if b.Bye != "" {
						if b.Bye != arbiter.PAB.String() {
							t.Errorf("round %d: player %d has a bye %s, want the pairing-allocated bye", r, b.White, b.Bye)
						}
						byes[b.White]++
						continue
					}
					k := [2]int{min(b.White, *b.Black), max(b.White, *b.Black)}
					if met[k] {
						t.Errorf("round %d: %d and %d meet a second time in the all-play-all", r, k[0], k[1])
					}
					met[k] = true
				}
			}
			if n := tt.players; len(met) != n*(n-1)/2 {
				t.Errorf("%d games in the all-play-all, want every pair of %d players once: %d", len(met), n, n*(n-1)/2)
			}
			if tt.players%2 == 1 {
				for pn := 1; pn <= tt.players; pn++ {
					if byes[pn] != 1 {
						t.Errorf("player %d had %d byes in the all-play-all, want 1", pn, byes[pn])
					}
				}
			}
			var st []struct {
				Points float64 `json:"points"`
			}
			if err := json.Unmarshal([]byte(c.ok("standings", "--json")), &st); err != nil {
				t.Fatal(err)
			}
			sum := 0.0
			for _, s := range st {
				sum += s.Points
			}
			// Every game gives 1 point, every bye the PAB's 1.
			if games, byes := (stuck-1+cycle)*(tt.players/2), (stuck-1+cycle)*(tt.players%2); len(st) != tt.players || sum != float64(games+byes) {
				t.Errorf("standings of %d players with %g points, want %d players and %d points", len(st), sum, tt.players, games+byes)
			}
			dir := t.TempDir()
			c.ok("print", "crosstable", "-o", filepath.Join(dir, "cross.pdf"))
			trf := string(c.exportTRF())
			if !strings.Contains(trf, "Swiss") || strings.Count(trf, "\n001 ") != tt.players {
				t.Errorf("the TRF of the event:\n%s", trf)
			}
			c.ok("check")
		})
	}
}

// checkBergerOrder checks the Berger numbers against the scores after
// round stuck-1 (C.04.3 art. 1.2: score descending, then pairing number)
// and the table the command printed.
func checkBergerOrder(t *testing.T, c *cli, out string, order []int, stuck int) {
	t.Helper()
	var st []struct {
		PN     int     `json:"pairing_number"`
		Points float64 `json:"points"`
	}
	if err := json.Unmarshal([]byte(c.ok("standings", "--json", "--round", strconv.Itoa(stuck-1))), &st); err != nil {
		t.Fatal(err)
	}
	pts := map[int]float64{}
	for _, s := range st {
		pts[s.PN] = s.Points
	}
	for i := 1; i < len(order); i++ {
		a, b := order[i-1], order[i]
		if pts[a] < pts[b] || (pts[a] == pts[b] && a > b) {
			t.Errorf("Berger numbers %d and %d go to players %d (%g) and %d (%g): want score, then pairing number", i, i+1, a, pts[a], b, pts[b])
		}
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != len(order)+1 {
		t.Fatalf("the command printed %q, want a line per Berger number", out)
	}
	for i, pn := range order {
		if f := strings.Fields(lines[i+1]); len(f) < 2 || f[0] != strconv.Itoa(i+1) || f[1] != strconv.Itoa(pn) {
			t.Errorf("line %q, want Berger number %d for player %d", lines[i+1], i+1, pn)
		}
	}
}

// TestAllPlayAllUndo: undo takes the continuation back whole, rounds
// planned included, and the round is refused as before; the continuation
// stored again pairs from the table.
func TestAllPlayAllUndo(t *testing.T) {
	t.Parallel()
	c, stuck, errs := stuckSwiss(t, 6, swissRules["black wins"])
	before := c.ok("tournament", "show", "--json")
	m := apaCommand.FindStringSubmatch(errs)
	if m == nil {
		t.Fatalf("no all-play-all in %q", errs)
	}
	c.ok(strings.Fields(m[1])...)
	if c.apaShown().AllPlayAll == nil {
		t.Fatal("the continuation was not stored")
	}
	out, _, code := c.run("undo")
	if code != 0 || !strings.Contains(out, "all-play-all") {
		t.Errorf("undo shows %q, want the continuation", out)
	}
	c.ok("undo", "--yes")
	if after := c.ok("tournament", "show", "--json"); after != before {
		t.Errorf("after undo:\n%s\nwant as before:\n%s", after, before)
	}
	out, again, code := c.run("round", "pair", "--json")
	if code != 1 || again != errs {
		t.Errorf("round pair after undo = exit %d %q, want the refusal %q", code, again, errs)
	}
	// --json gives the same choices as data, each with its command.
	var j struct {
		Round   int `json:"round"`
		Choices []struct {
			Kind    string `json:"kind"`
			From    int    `json:"from_round"`
			Players int    `json:"players"`
			Rounds  int    `json:"rounds"`
			Command string `json:"command"`
		} `json:"choices"`
	}
	if err := json.Unmarshal([]byte(out), &j); err != nil {
		t.Fatalf("round pair --json refused: %v\n%s", err, out)
	}
	var kinds []string
	for _, ch := range j.Choices {
		kinds = append(kinds, ch.Kind)
		if ch.Kind == "all-play-all" && (ch.Command != "arbiter "+m[1] || ch.From != stuck || ch.Players != 6 || ch.Rounds != stuck+4) {
			t.Errorf("--json all-play-all choice %+v, want %q from round %d, 6 players, %d rounds", ch, m[1], stuck, stuck+4)
		}
		if !strings.Contains(errs, ch.Command) {
			t.Errorf("the refusal lacks the command %q of --json", ch.Command)
		}
	}
	if j.Round != stuck || strings.Join(kinds, ",") != "least-broken,all-play-all,end,by-hand" {
		t.Errorf("--json round %d choices %v", j.Round, kinds)
	}
	c.ok(strings.Fields(m[1])...)
	if r := c.ok("round", "pair", "--json"); !strings.Contains(r, "Berger table for 6 players, round 1") {
		t.Errorf("round %d after the continuation stored again: %s", stuck, r)
	}
}

// TestAllPlayAllRefused: the continuation is one command for the next
// round of a Swiss, and says so otherwise; --system round-robin alone
// once rounds are paired names it.
func TestAllPlayAllRefused(t *testing.T) {
	t.Parallel()
	c, stuck, _ := stuckSwiss(t, 6, swissRules["black wins"])
	before := c.dump()
	for _, bad := range []struct {
		args []string
		want string
	}{
		{[]string{"--from-round", strconv.Itoa(stuck)}, "give it with --system round-robin"},
		{[]string{"--system", "round-robin", "--from-round", strconv.Itoa(stuck), "--rounds", "9"}, "drop --rounds"},
		{[]string{"--system", "round-robin", "--from-round", strconv.Itoa(stuck - 1)}, fmt.Sprintf("round %d is paired already", stuck-1)},
		{[]string{"--system", "round-robin", "--from-round", strconv.Itoa(stuck + 1)}, fmt.Sprintf("the next round to pair")},
		{[]string{"--system", "round-robin"}, fmt.Sprintf("--from-round %d", stuck)},
	} {
		_, errs, code := c.run(append([]string{"tournament", "set"}, bad.args...)...)
		if code == 0 || !strings.Contains(errs, bad.want) {
			t.Errorf("tournament set %v = exit %d %q, want %q", bad.args, code, errs, bad.want)
		}
	}
	if c.dump() != before {
		t.Error("a refused continuation changed the database")
	}
	c.ok("tournament", "set", "--system", "round-robin", "--from-round", strconv.Itoa(stuck))
	if _, errs, code := c.run("tournament", "set", "--system", "round-robin", "--from-round", strconv.Itoa(stuck)); code == 0 || !strings.Contains(errs, "already") {
		t.Errorf("a second continuation = exit %d %q, want refused", code, errs)
	}
	// The organizer may end the event earlier.
	c.ok("round", "pair")
	c.enterResults(0)
	c.ok("tournament", "set", "--rounds", strconv.Itoa(stuck+1))
	if got := playOut(t, c); got != 1 {
		t.Errorf("after --rounds %d: %d rounds paired, want 1", stuck+1, got)
	}
}
