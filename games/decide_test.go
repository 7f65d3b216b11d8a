package games

import (
	"errors"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/labyrinth-chess/arbiter/rules"
)

var english = locale.New(locale.English)

// endOf replays a game and returns where it ended.
func endOf(t *testing.T, pgn string) *End {
	t.Helper()
	g, err := rules.NewReader(strings.NewReader(pgn)).Read()
	if err != nil {
		t.Fatalf("read %q: %v", pgn, err)
	}
	v := rules.Check(g, rules.Options{})
	if !v.Legal() {
		t.Fatalf("game %q is not legal: %v", pgn, v.Illegal)
	}
	return EndOf(v)
}

// endAt returns the end of a game whose final position is fen.
func endAt(t *testing.T, fen string) *End {
	t.Helper()
	p, err := rules.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return EndAt(p)
}

const (
	foolsMate = "1.f3 e5 2.g4 Qh4#"
	stalemate = "1.e3 a5 2.Qh5 Ra6 3.Qxa5 h5 4.h4 Rah6 5.Qxc7 f6 6.Qxd7+ Kf7 7.Qxb7 Qd3 8.Qxb8 Qh7 9.Qxc8 Kg6 10.Qe6"
	// Knights out and back four times: the start position stands a fifth
	// time after 8.Ng1 Ng8 (art. 9.6.1).
	fivefold = "1.Nf3 Nf6 2.Ng1 Ng8 3.Nf3 Nf6 4.Ng1 Ng8 5.Nf3 Nf6 6.Ng1 Ng8 7.Nf3 Nf6 8.Ng1 Ng8 9.e4"
	// The queen is taken: king against king (art. 5.2.2).
	deadGame = `[SetUp "1"] [FEN "4k3/8/8/8/8/8/3q4/3K4 w - - 0 50"] 50.Kxd2`
	// The 150th quiet half-move (art. 9.6.2).
	seventyFive = `[SetUp "1"] [FEN "3k4/8/8/8/8/8/4R3/4K3 w - - 149 100"] 100.Ra2`
	// White takes Black's last piece: Black has a bare king.
	bareKing = `[SetUp "1"] [FEN "4k3/8/8/8/8/8/3q4/3QK3 w - - 0 60"] 60.Qxd2`
)

func TestDecide(t *testing.T) {
	mate, stale := endOf(t, foolsMate), endOf(t, stalemate)
	five, dead, seventy, bare := endOf(t, fivefold), endOf(t, deadGame), endOf(t, seventyFive), endOf(t, bareKing)
	opening := endOf(t, "1.e4 e5 2.Nf3")
	tests := []struct {
		name   string
		facts  Facts
		want   arbiter.Result
		reason string
		refuse bool     // a *Refusal is expected
		says   []string // parts of Why, the notes or the refusal
	}{
		{name: "mate, no result", facts: Facts{End: mate}, want: arbiter.BlackWins, reason: "mate", says: []string{"White is checkmated after 2...Qh4# (art. 5.1.1)"}},
		{name: "mate, right result", facts: Facts{Result: arbiter.BlackWins, End: mate}, want: arbiter.BlackWins, reason: "mate"},
		{name: "mate, wrong result", facts: Facts{Result: arbiter.WhiteWins, End: mate}, refuse: true, says: []string{"White is checkmated after 2...Qh4# (art. 5.1.1): the result is 0-1, not 1-0"}},
		{name: "mate, then a flag", facts: Facts{Result: arbiter.WhiteWins, Reason: "time", End: mate}, refuse: true, says: []string{"the result is 0-1"}},
		{name: "mate, arbiter decides", facts: Facts{Result: arbiter.WhiteWins, End: mate, Override: true}, want: arbiter.WhiteWins, reason: "arbiter", says: []string{"which gives 0-1; the arbiter's decision 1-0 stands"}},
		{name: "mate, arbiter gives no result", facts: Facts{End: mate, Override: true}, want: arbiter.BlackWins, reason: "mate"},
		{name: "stalemate", facts: Facts{End: stale}, want: arbiter.Draw, reason: "stalemate", says: []string{"stalemate after 10.Qe6 (art. 5.2.1)"}},
		{name: "stalemate, a win typed", facts: Facts{Result: arbiter.WhiteWins, End: stale}, refuse: true, says: []string{"the result is 1/2-1/2, not 1-0"}},
		{name: "fivefold", facts: Facts{Result: arbiter.Draw, End: five}, want: arbiter.Draw, reason: "fivefold", says: []string{"fivefold repetition after 8...Ng8 (art. 9.6.1)"}},
		{name: "dead position", facts: Facts{End: dead}, want: arbiter.Draw, reason: "dead", says: []string{"dead position after 50.Kxd2", "(art. 5.2.2)"}},
		{name: "75 moves", facts: Facts{End: seventy}, want: arbiter.Draw, reason: "seventy-five", says: []string{"75 moves", "after 100.Ra2 (art. 9.6.2)"}},
		{name: "75 moves from a FEN", facts: Facts{End: endAt(t, "4k3/8/8/8/8/8/R7/4K3 b - - 150 100"), Result: arbiter.WhiteWins}, refuse: true, says: []string{"in the position given (art. 9.6.2)"}},
		{name: "checkmate from a FEN", facts: Facts{End: endAt(t, "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1")}, want: arbiter.WhiteWins, reason: "mate", says: []string{"Black is checkmated in the position given"}},
		{name: "bare king wins on time", facts: Facts{Result: arbiter.BlackWins, Reason: "time", End: bare}, want: arbiter.Draw, reason: "time",
			says: []string{"White lost on time but Black cannot checkmate by any series of legal moves (lone king): the game is drawn (art. 6.9)"}},
		{name: "bare king on time, from a FEN", facts: Facts{Result: arbiter.BlackWins, Reason: "time", End: endAt(t, "8/8/4k3/8/8/8/3QK3/8 b - - 0 61")}, want: arbiter.Draw, reason: "time", says: []string{"art. 6.9"}},
		{name: "queen wins on time", facts: Facts{Result: arbiter.WhiteWins, Reason: "time", End: bare}, want: arbiter.WhiteWins, reason: "time"},
		{name: "a win on time, position unknown", facts: Facts{Result: arbiter.BlackWins, Reason: "time"}, want: arbiter.BlackWins, reason: "time"},
		{name: "resignation to a bare king, 2023", facts: Facts{Laws: 2023, Result: arbiter.BlackWins, Reason: "resign", End: bare}, want: arbiter.Draw, reason: "resign",
			says: []string{"White resigned but Black cannot checkmate", "under the Laws of 2023 the game is drawn (art. 5.1.2)"}},
		{name: "resignation to a bare king, 2018", facts: Facts{Laws: 2018, Result: arbiter.BlackWins, Reason: "resign", End: bare}, want: arbiter.BlackWins, reason: "resign",
			says: []string{"under the Laws of 2018 a resignation stands (art. 5.1.2); from 2023 it would be a draw"}},
		{name: "resignation to a bare king, 2009", facts: Facts{Laws: 2009, Result: arbiter.BlackWins, Reason: "resign", End: bare}, want: arbiter.BlackWins, reason: "resign", says: []string{"(art. 5.1 b)"}},
		{name: "resignation to a queen", facts: Facts{Laws: 2023, Result: arbiter.WhiteWins, Reason: "resign", End: bare}, want: arbiter.WhiteWins, reason: "resign"},
		{name: "agreement", facts: Facts{Result: arbiter.Draw, Reason: "agreement", End: opening}, want: arbiter.Draw, reason: "agreement"},
		{name: "both flags, blitz 2023", facts: Facts{Laws: 2023, Pace: arbiter.Blitz, Result: arbiter.WhiteWins, Reason: "time", BothFlags: true}, want: arbiter.Draw, reason: "time",
			says: []string{"both flags fell and it cannot be told which fell first: the game is drawn (Laws of 2023: no rule for blitz (Guidelines III.2.2)", "not 1-0"}},
		{name: "both flags, rapid 2005", facts: Facts{Laws: 2005, Pace: arbiter.Rapid, Result: arbiter.Draw, BothFlags: true, End: opening}, want: arbiter.Draw, reason: "time", says: []string{"appendix B.9"}},
		{name: "both flags, after a mate", facts: Facts{Laws: 2023, Result: arbiter.Draw, BothFlags: true, End: mate}, refuse: true, says: []string{"the result is 0-1"}},
		{name: "nothing submitted, nothing known", facts: Facts{}, want: arbiter.NoResult},
		{name: "forfeit, position unknown", facts: Facts{Result: arbiter.WhiteForfeit, Reason: "forfeit"}, want: arbiter.WhiteForfeit, reason: "forfeit"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := Decide(tt.facts)
			var ref *Refusal
			if tt.refuse {
				if !errors.As(err, &ref) {
					t.Fatalf("Decide = %+v, %v; want a refusal", d, err)
				}
				for _, s := range tt.says {
					if !strings.Contains(err.Error(), s) {
						t.Errorf("refusal %q, want it to say %q", err, s)
					}
				}
				// Its phrase says in English what Error says.
				if en := english.Word(ref.Phrase()); en != err.Error() {
					t.Errorf("the phrase of %q is %q in English", err, en)
				}
				return
			}
			if err != nil {
				t.Fatalf("Decide: %v", err)
			}
			if d.Result != tt.want || d.Reason != tt.reason {
				t.Errorf("Decide = %s (%s), want %s (%s)", d.Result, d.Reason, tt.want, tt.reason)
			}
			all := d.Why + "\n" + strings.Join(d.Notes, "\n")
			for _, s := range tt.says {
				if !strings.Contains(all, s) {
					t.Errorf("Decide says %q, want it to say %q", all, s)
				}
			}
		})
	}
}

func TestBothFlagsRule(t *testing.T) {
	tests := []struct {
		laws int
		pace arbiter.Pace
		want string
	}{
		{2001, arbiter.Standard, "Laws of 2001, art. 6.11 b"},
		{2001, arbiter.Blitz, "Laws of 2001, appendix B.8"},
		{2005, arbiter.Standard, "Laws of 2005, art. 6.12 b"},
		{2005, arbiter.Rapid, "Laws of 2005, appendix B.9"},
		{2005, arbiter.Blitz, "Laws of 2005, appendix B.9"},
		{2009, arbiter.Rapid, "Laws of 2009, art. 6.11 b"},
		{2014, arbiter.Standard, "Laws of 2014, Guidelines III.3.1"},
		{2018, arbiter.Rapid, "Laws of 2018, Guidelines III.3.1"},
		{2023, arbiter.Standard, "Laws of 2023, Guidelines III.3.1"},
		{2023, arbiter.Blitz, "Laws of 2023: no rule for blitz (Guidelines III.2.2), drawn as by the rapidplay rule the Labyrinth regulation adopts"},
		{0, arbiter.Rapid, "Laws of 2023, Guidelines III.3.1"},
	}
	for _, tt := range tests {
		if got := BothFlagsRule(tt.laws, tt.pace); got != tt.want {
			t.Errorf("BothFlagsRule(%d, %s) = %q, want %q", tt.laws, tt.pace, got, tt.want)
		}
	}
}

// TestTermination checks that every result and reason written as PGN
// Result and Termination tags reads back as a result and a reason that
// are written the same way.
func TestTermination(t *testing.T) {
	results := []arbiter.Result{arbiter.NoResult, arbiter.WhiteWins, arbiter.BlackWins, arbiter.Draw, arbiter.WhiteForfeit, arbiter.BlackForfeit, arbiter.DoubleForfeit}
	reasons := []string{"", ReasonTime, ReasonResign, ReasonAgreement, ReasonMate, ReasonStalemate, ReasonClaim, ReasonForfeit, ReasonArbiter, ReasonDead, ReasonFivefold, ReasonSeventyFive}
	for _, r := range results {
		for _, why := range reasons {
			term := Termination(r, why)
			played := !r.Forfeit()
			r2, why2 := ParseTermination(PGNResult(r), term, played)
			if r2 != r {
				t.Errorf("%s (%s) written as %s, %q reads %s", r, why, PGNResult(r), term, r2)
			}
			if again := Termination(r2, why2); again != term {
				t.Errorf("%s (%s): Termination %q reads back as %s (%s), written %q", r, why, term, r2, why2, again)
			}
		}
	}
	for _, tt := range []struct {
		result, term string
		played       bool
		want         arbiter.Result
		reason       string
	}{
		{"0-1", "Time forfeit", true, arbiter.BlackWins, "time"},
		{"1-0", "abandoned", true, arbiter.WhiteWins, ""},
		{"1-0", "abandoned", false, arbiter.WhiteForfeit, "forfeit"},
		{"*", "abandoned", false, arbiter.DoubleForfeit, "forfeit"},
		{"1/2-1/2", "rules infraction", true, arbiter.Draw, ""},
		{"?", "", true, arbiter.NoResult, ""},
	} {
		r, why := ParseTermination(tt.result, tt.term, tt.played)
		if r != tt.want || why != tt.reason {
			t.Errorf("ParseTermination(%q, %q, %v) = %s, %q; want %s, %q", tt.result, tt.term, tt.played, r, why, tt.want, tt.reason)
		}
	}
}
