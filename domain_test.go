package arbiter

import (
	"sort"
	"testing"
)

func TestParseScore(t *testing.T) {
	tests := []struct {
		in   string
		want Score
		err  bool
	}{
		{"0", 0, false}, {"1", 2, false}, {"0.5", 1, false}, {"0,5", 1, false},
		{"½", 1, false}, {"2½", 5, false}, {"3.5", 7, false}, {"4.0", 8, false},
		{"", 0, true}, {"x", 0, true}, {"1.25", 0, true}, {"-1", -2, false},
	}
	for _, tt := range tests {
		got, err := ParseScore(tt.in)
		if (err != nil) != tt.err || got != tt.want {
			t.Errorf("ParseScore(%q) = %v, %v; want %v, error %v", tt.in, got, err, tt.want, tt.err)
		}
	}
}

func TestScoreFormat(t *testing.T) {
	tests := []struct {
		s         Score
		str, frac string
	}{
		{0, "0", "0"}, {1, "0.5", "½"}, {2, "1", "1"}, {7, "3.5", "3½"}, {-1, "-0.5", "-½"}, {-3, "-1.5", "-1½"},
	}
	for _, tt := range tests {
		if got := tt.s.String(); got != tt.str {
			t.Errorf("Score(%d).String() = %q, want %q", int(tt.s), got, tt.str)
		}
		if got := tt.s.Fraction(); got != tt.frac {
			t.Errorf("Score(%d).Fraction() = %q, want %q", int(tt.s), got, tt.frac)
		}
	}
}

func TestParseResult(t *testing.T) {
	tests := []struct {
		in   string
		want Result
		err  bool
	}{
		{"1-0", WhiteWins, false}, {"0-1", BlackWins, false}, {"1/2", Draw, false},
		{"½-½", Draw, false}, {"=", Draw, false}, {"½", Draw, false}, {"x", Draw, false}, {"X", Draw, false}, {"patta", Draw, false}, {"Patta", Draw, false}, {"0.5-0.5", Draw, false}, {"1/2-1/2", Draw, false},
		{"+-", WhiteForfeit, false}, {"-+", BlackForfeit, false}, {"--", DoubleForfeit, false},
		{"", NoResult, false}, {"1-1", NoResult, true}, {"10", NoResult, true},
	}
	for _, tt := range tests {
		got, err := ParseResult(tt.in)
		if (err != nil) != tt.err || got != tt.want {
			t.Errorf("ParseResult(%q) = %v, %v; want %v, error %v", tt.in, got, err, tt.want, tt.err)
		}
	}
	for r := NoResult; r <= DoubleForfeit; r++ {
		back, err := ParseResult(r.String())
		if err != nil || back != r {
			t.Errorf("ParseResult(%q) = %v, %v; want %v", r.String(), back, err, r)
		}
	}
}

func TestResultPoints(t *testing.T) {
	tests := []struct {
		r    Result
		w, b Score
	}{
		{WhiteWins, One, Zero}, {BlackWins, Zero, One}, {Draw, Half, Half},
		{WhiteForfeit, One, Zero}, {BlackForfeit, Zero, One}, {DoubleForfeit, Zero, Zero}, {NoResult, Zero, Zero},
	}
	for _, tt := range tests {
		if w, b := tt.r.Points(White), tt.r.Points(Black); w != tt.w || b != tt.b {
			t.Errorf("%v points = %v-%v, want %v-%v", tt.r, w, b, tt.w, tt.b)
		}
		if rw := tt.r.Reverse().Points(Black); rw != tt.w {
			t.Errorf("%v reversed: black gets %v, want %v", tt.r, rw, tt.w)
		}
	}
}

// TestInitialOrder checks the initial order of C.04.2 (2026) art. 2.2:
// rating, then title, then name.
func TestInitialOrder(t *testing.T) {
	ps := []Player{
		{ID: 1, Name: "Zanetti, Luca", Rating: 1800},
		{ID: 2, Name: "Bianchi, Anna", Rating: 1800, Title: "WFM"},
		{ID: 3, Name: "Àlvarez, Juan", Rating: 1800},
		{ID: 4, Name: "Neri, Paolo", Rating: 2000},
		{ID: 5, Name: "Conti, Sara", Rating: 0},
		{ID: 6, Name: "Bassi, Gino", Rating: 1800, Title: "FM"},
	}
	sort.Slice(ps, func(i, j int) bool { return InitialOrderLess(ps[i], ps[j]) })
	var got []int64
	for _, p := range ps {
		got = append(got, p.ID)
	}
	want := []int64{4, 6, 2, 3, 1, 5} // rating, then FM before WFM, then name with accents folded
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("initial order = %v, want %v", got, want)
		}
	}
}

func TestSameName(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"Rossi, Mario", "Mario Rossi", true},
		{"Nicolò D'Amato", "nicolo d amato", true},
		{"Müller, Jürgen", "JURGEN MULLER", true},
		{"Rossi, Mario", "Rossi, Maria", false},
	}
	for _, tt := range tests {
		if got := SameName(tt.a, tt.b); got != tt.want {
			t.Errorf("SameName(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

func TestParseTitle(t *testing.T) {
	for in, want := range map[string]Title{"gm": "GM", "m": "IM", "wg": "WGM", "": "", "CM": "CM"} {
		got, err := ParseTitle(in)
		if err != nil || got != want {
			t.Errorf("ParseTitle(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	if _, err := ParseTitle("XM"); err == nil {
		t.Error("ParseTitle(XM) succeeded, want an error")
	}
}

func TestEntryPlays(t *testing.T) {
	e := Entry{PN: 1, JoinedRound: 2, Status: Withdrawn, WithdrawnFrom: 5}
	for r, want := range map[int]bool{1: false, 2: true, 4: true, 5: false, 6: false} {
		if got := e.Plays(r); got != want {
			t.Errorf("Plays(%d) = %v, want %v", r, got, want)
		}
	}
}

// TestContinuation: an all-play-all continuation reads back as written,
// and what cannot be one is refused.
func TestContinuation(t *testing.T) {
	c := Continuation{From: 5, Players: []int{6, 3, 1, 2, 4, 5}}
	if got, err := ParseContinuation(c.String()); err != nil || got.String() != c.String() || got.From != 5 || len(got.Players) != 6 {
		t.Errorf("ParseContinuation(%q) = %+v, %v", c.String(), got, err)
	}
	if got, err := ParseContinuation(""); err != nil || got.From != 0 || got.On(9) {
		t.Errorf("ParseContinuation(\"\") = %+v, %v, want none", got, err)
	}
	if !c.On(5) || c.On(4) {
		t.Errorf("On: from round 5")
	}
	for _, bad := range []string{"5", "1: 1, 2", "x: 1, 2", "5: 1", "5: 1, 1", "5: 1, 0", "5: 1, two", "5: 1,, 2"} {
		if _, err := ParseContinuation(bad); err == nil {
			t.Errorf("ParseContinuation(%q) accepted", bad)
		}
	}
}

// FuzzParseContinuation: any text is read or refused, never a panic, and
// what is read writes back to itself.
func FuzzParseContinuation(f *testing.F) {
	f.Add("5: 3, 1, 6, 2, 4, 5")
	f.Add("")
	f.Add("2:1,2")
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseContinuation(s)
		if err != nil {
			return
		}
		back, err := ParseContinuation(c.String())
		if err != nil || back.String() != c.String() {
			t.Fatalf("%q read as %q, which reads back as %q, %v", s, c.String(), back.String(), err)
		}
	})
}
