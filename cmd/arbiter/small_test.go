package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/pairing"
)

var smallNames = []string{"Neri, Paolo", "Bianchi, Anna", "Rossi, Mario", "Verdi, Ugo", "Conti, Sara", "Gallo, Piero",
	"Ferri, Luca", "Marino, Elena", "Greco, Dario", "Bruno, Irene", "Costa, Fabio", "Fontana, Giulia",
	"Caruso, Marco", "Mancini, Rita", "Lombardi, Sergio", "Moretti, Tina", "Barbieri, Enzo", "Colombo, Laura",
	"Ricci, Aldo", "Romano, Silvia"}

// smallEvening creates a labyrinth evening of n players, unrated but in a
// fixed order.
func smallEvening(t *testing.T, n int) *cli {
	t.Helper()
	c := newCLI(t)
	c.ok("tournament", "new", "Small evening", "--preset", "labyrinth", "--first-colour", "white")
	for i := 1; i <= n; i++ {
		c.ok("player", "add", smallNames[i-1], "--rating", fmt.Sprint(2100-10*i))
	}
	return c
}

// playOut pairs every round without --manual and enters a result on every
// board (the lower pairing number wins, every third board is drawn) until
// the last round; it returns the rounds played.
func playOut(t *testing.T, c *cli) int {
	t.Helper()
	played := 0
	for {
		out, errs, code := c.run("round", "pair", "--json")
		if code != 0 {
			if strings.Contains(errs, "are paired") {
				return played
			}
			t.Fatalf("round %d: round pair: exit %d: %s", played+1, code, errs)
		}
		var r struct {
			Boards []struct {
				Board int `json:"board"`
				White int `json:"white"`
				Black int `json:"black"`
			} `json:"boards"`
		}
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatalf("round pair --json: %v\n%s", err, out)
		}
		played++
		for i, b := range r.Boards {
			if b.Board == 0 { // a bye
				continue
			}
			res := "1-0"
			switch {
			case (i+played)%3 == 0:
				res = "1/2"
			case b.Black < b.White:
				res = "0-1"
			}
			c.ok("round", "result", fmt.Sprint(b.Board), res)
		}
	}
}

// TestSmallEvenings plays the labyrinth evening of 3 players through the
// command line: the first round pair refuses the 7 rounds that do not fit
// and names the commands, tournament show says the fit; closing
// registration with the rounds proposed, or as an all-play-all, lets the
// evening run to its end, and the all-play-all exports, prints and ranks
// as one. The rule itself, for 3 to 12 players, is the desk's
// TestSmallEvenings.
func TestSmallEvenings(t *testing.T) {
	t.Parallel()
	const n = 3
	t.Run(fmt.Sprintf("%d players swiss", n), func(t *testing.T) {
		t.Parallel()
		c := smallEvening(t, n)
		fit := pairing.SwissRounds(n)
		_, errs, code := c.run("round", "pair")
		if code != 1 || !strings.Contains(errs, fmt.Sprintf("always be paired for %d", fit)) || !strings.Contains(errs, "close-registration --rounds") || !strings.Contains(errs, "nothing was paired") {
			t.Fatalf("round pair before closing = exit %d %q, want the refusal with the choices", code, errs)
		}
		var show struct {
			Fit arbiter.FieldFit `json:"fit"`
		}
		if err := json.Unmarshal([]byte(c.ok("tournament", "show", "--json")), &show); err != nil {
			t.Fatal(err)
		}
		if show.Fit.Swiss != fit || show.Fit.Fits || show.Fit.Players != n {
			t.Errorf("tournament show --json fit = %+v, want %d players, swiss %d, not fitting", show.Fit, n, fit)
		}
		c.ok("tournament", "close-registration")
		if got := playOut(t, c); got != fit {
			t.Errorf("%d players: played %d rounds, want %d", n, got, fit)
		}
	})
	t.Run(fmt.Sprintf("%d players round robin", n), func(t *testing.T) {
		t.Parallel()
		c := smallEvening(t, n)
		c.ok("tournament", "close-registration", "--system", "round-robin")
		want := pairing.RoundRobinRounds(n, 1)
		if got := playOut(t, c); got != want {
			t.Errorf("%d players: played %d rounds, want %d", n, got, want)
		}
		// Every pair met once: the crosstable has no empty cell.
		met := map[[2]int]int{}
		for r := 1; r <= want; r++ {
			var rd struct {
				Boards []struct{ White, Black int } `json:"boards"`
			}
			if err := json.Unmarshal([]byte(c.ok("round", "show", fmt.Sprint(r), "--json")), &rd); err != nil {
				t.Fatal(err)
			}
			for _, b := range rd.Boards {
				if b.White == 0 || b.Black == 0 {
					continue
				}
				met[[2]int{min(b.White, b.Black), max(b.White, b.Black)}]++
			}
		}
		if len(met) != n*(n-1)/2 {
			t.Errorf("%d players: %d pairs met, want %d", n, len(met), n*(n-1)/2)
		}
		// Exported and printed like a Swiss.
		dir := t.TempDir()
		trfFile, pdf := filepath.Join(dir, "rr.trf"), filepath.Join(dir, "cross.pdf")
		c.ok("export", "trf", trfFile)
		data, err := os.ReadFile(trfFile)
		if err != nil || !strings.Contains(string(data), "192 FIDE_ROUNDROBIN") || !strings.Contains(string(data), "Round-Robin") {
			t.Errorf("TRF of a round robin lacks its system (%v):\n%s", err, data)
		}
		c.ok("print", "crosstable", "-o", pdf)
		st := c.ok("standings")
		for _, code := range []string{"SB", "DE", "WIN", "KS"} {
			if !strings.Contains(st, code) {
				t.Errorf("standings of a round robin lack %s:\n%s", code, st)
			}
		}
	})
}

// TestUnpairableChoices: six players whose unmet opponents form two
// triangles after three rounds (1, 2, 3 each met 4, 5, 6). Round 4 cannot
// be paired (C.04.3 1.9); the refusal names one command per choice, and
// the first, the pairing that breaks the least, pairs the round as given.
func TestUnpairableChoices(t *testing.T) {
	t.Parallel()
	c := smallEvening(t, 6)
	c.ok("tournament", "close-registration", "--keep")
	for r, manual := range []string{"1-4, 2-5, 3-6", "5-1, 6-2, 4-3", "1-6, 2-4, 3-5"} {
		c.ok("round", "pair", "--manual", manual)
		for b := 1; b <= 3; b++ {
			c.ok("round", "result", fmt.Sprint(b), []string{"1-0", "1/2", "0-1"}[(b+r)%3])
		}
	}
	before := c.dump()
	_, errs, code := c.run("round", "pair")
	if code != 1 {
		t.Fatalf("round pair = exit %d %q, want the refusal", code, errs)
	}
	for _, want := range []string{"no legal pairing", "nothing was stored", "the pairing that breaks the least (1 rematch)", "--force",
		"end the event after round 3: arbiter tournament set --rounds 3", "pair round 4 by hand"} {
		if !strings.Contains(errs, want) {
			t.Errorf("refusal %q lacks %q", errs, want)
		}
	}
	if c.dump() != before {
		t.Errorf("a refused pairing changed the database")
	}
	_, manual, ok := strings.Cut(errs, "arbiter round pair --manual \"")
	manual, _, _ = strings.Cut(manual, "\"")
	if !ok || manual == "" {
		t.Fatalf("no --manual command in %q", errs)
	}
	_, errs, code = c.run("round", "pair", "--manual", manual, "--force")
	if code != 0 || !strings.Contains(errs, "kept despite a warning") {
		t.Errorf("the offered pairing: exit %d %q", code, errs)
	}
}

// TestCloseRegistration checks that the flags of tournament
// close-registration reach the desk as the answer they mean, with the
// rounds it leaves printed as JSON, and its refusals. What each answer
// leaves, for every answer, is the desk's TestClosingLeaves.
func TestCloseRegistration(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		players int
		planned string
		args    []string
		rounds  int
		system  string
		cycles  int
		tbs     string
	}{
		{"rounds given", 6, "7", []string{"--rounds", "4"}, 4, "swiss", 1, "BH,DE,SB"},
		{"kept", 6, "7", []string{"--keep"}, 7, "swiss", 1, "BH,DE,SB"},
		{"double round robin of 5", 5, "7", []string{"--system", "round-robin", "--double"}, 10, "round-robin", 2, "SB,DE,WIN,KS"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			c := newCLI(t)
			c.ok("tournament", "new", "Evening", "--rounds", tt.planned)
			for i := 0; i < tt.players; i++ {
				c.ok("player", "add", smallNames[i])
			}
			var j tournamentJSON
			if err := json.Unmarshal([]byte(c.ok(append([]string{"tournament", "close-registration", "--json"}, tt.args...)...)), &j); err != nil {
				t.Fatal(err)
			}
			if j.Rounds != tt.rounds || j.System != tt.system || j.Cycles != tt.cycles || !j.RegistrationClosed || strings.Join(j.Tiebreaks, ",") != tt.tbs {
				t.Errorf("close-registration %v = rounds %d, %s x%d, closed %v, %v; want %d rounds, %s x%d, %s",
					tt.args, j.Rounds, j.System, j.Cycles, j.RegistrationClosed, j.Tiebreaks, tt.rounds, tt.system, tt.cycles, tt.tbs)
			}
		})
	}
	c := newCLI(t)
	c.ok("tournament", "new", "Big", "--rounds", "7")
	for i := 0; i < 6; i++ {
		c.ok("player", "add", smallNames[i])
	}
	for _, bad := range []struct {
		args []string
		want string
	}{
		{[]string{"--system", "round-robin", "--double"}, "4 or 5 players"},
		{[]string{"--double"}, "add --system round-robin"},
		{[]string{"--system", "round-robin", "--rounds", "3"}, "drop --rounds"},
		{[]string{"--system", "knockout"}, "swiss, round-robin or double-swiss"},
	} {
		_, errs, code := c.run(append([]string{"tournament", "close-registration"}, bad.args...)...)
		if code == 0 || !strings.Contains(errs, bad.want) {
			t.Errorf("close-registration %v = exit %d %q, want %q", bad.args, code, errs, bad.want)
		}
	}
}
