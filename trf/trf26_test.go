package trf

import (
	"errors"
	"os"
	"strings"
	"testing"
)

// TestReport26 reads the records of testdata/trf26.trf field by field:
// national ratings, 172, 182, 222 and 299, whose points count in the
// check of each player's total.
func TestReport26(t *testing.T) {
	data, err := os.ReadFile("testdata/trf26.trf")
	if err != nil {
		t.Fatal(err)
	}
	f, err := Read(strings.NewReader(string(data)))
	if err != nil {
		t.Fatal(err)
	}
	h := f.Header
	if h.RankFederation != "ITA" || h.RankMethod != "FIDON" || h.Controller != "arbiter" || h.TimeCode != "5400+30" {
		t.Errorf("header = %+v", h)
	}
	want := National{Federation: "ITA", Sex: "m", Class: "2N", Name: "Rossi, Mario", Rating: 1900, Origin: "LOM", ID: "123456A", Birth: "1990/01/01"}
	if p := f.Player(1); len(p.National) != 1 || p.National[0] != want {
		t.Errorf("player 1 national records = %+v, want %+v", p.National, want)
	}
	if p := f.Player(2); len(p.National) != 1 || p.National[0].Rating != 1750 || p.National[0].Name != "" {
		t.Errorf("player 2 national records = %+v", p.National)
	}
	if len(f.Abnormal) != 2 {
		t.Fatalf("299 records = %+v, want 2", f.Abnormal)
	}
	// Player 1 drew in round 2, which the 299 line scores 1.0: 1 + 1.
	if got := f.PointsOf(1, 2, f.Player(1).Games[1]); got != 10 {
		t.Errorf("player 1 round 2 scores %v, want 1.0 by the 299 line", got)
	}
	// Player 3's penalty of half a point.
	if got := f.Bonus(3); got != -5 {
		t.Errorf("player 3 bonus = %v, want -0.5", got)
	}
}

// TestErrors26 refuses malformed TRF-26 records with the line and column.
func TestErrors26(t *testing.T) {
	data, err := os.ReadFile("testdata/trf26.trf")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimRight(string(data), "\n"), "\n")
	find := func(prefix string) int {
		for i, l := range lines {
			if strings.HasPrefix(l, prefix) {
				return i + 1
			}
		}
		t.Fatalf("no line %s", prefix)
		return 0
	}
	with := func(n int, text string) string {
		ls := append([]string(nil), lines...)
		ls[n-1] = text
		return strings.Join(ls, "\n")
	}
	add := func(text string) string { return strings.Join(append(append([]string(nil), lines...), text), "\n") }
	tests := []struct {
		name      string
		text      string
		line, col int
		err       error
	}{
		{"172 method", with(find("172"), "172 ITA ELO"), find("172"), 5, ErrSyntax},
		{"299 type", with(find("299 D"), "299 Q         1.0  002    1"), find("299 D"), 5, ErrSyntax},
		{"299 points", with(find("299 D"), "299 D         x.0  002    1"), find("299 D"), 14, ErrSyntax},
		{"299 round", with(find("299 D"), "299 D         1.0  0a2    1"), find("299 D"), 20, ErrSyntax},
		{"299 unknown player", with(find("299 D"), "299 D         1.0  002    9"), find("299 D"), 24, ErrUnknown},
		{"299 points do not match", with(find("299          -0.5"), "299          -1.0  000    3"), find("001    3"), 81, ErrPoints},
		{"142 below the rounds played", with(find("142"), "142 1"), find("142"), 5, ErrInconsistent},
		{"142 and XXR disagree", add("XXR 3"), len(lines) + 1, 5, ErrInconsistent},
		{"152 and XXC disagree", add("152 W\nXXC black1"), len(lines) + 2, 5, ErrInconsistent},
		{"162 twice", with(find("162"), "162  W 1.0    W 0.5"), find("162"), 0, ErrSyntax},
		{"162 Z and A", with(find("162"), "162  A 0.0    Z 0.0"), find("162"), 0, ErrSyntax},
		{"162 too many points", with(find("162"), "162  W 100.0"), find("162"), 0, ErrSyntax},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Read(strings.NewReader(tt.text))
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("Read error = %v, want a *ParseError", err)
			}
			if pe.Line != tt.line || pe.Col != tt.col || !errors.Is(err, tt.err) {
				t.Errorf("Read error = %v (line %d, col %d), want line %d, col %d, %v", err, pe.Line, pe.Col, tt.line, tt.col, tt.err)
			}
		})
	}
}

// TestNotNational keeps lines that only look like national records in
// Extra: a TRFx DAT line, a record of a player without a 001 line.
func TestNotNational(t *testing.T) {
	text := "001    1 m    Rossi, Mario                      2150 ITA     2000011 1990/01/01  0.0    1\n" +
		"DAT 0001 EMAIL rossi@example.org\n" +
		"ITA    7                                         1750\n"
	f, err := Read(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Players[0].National) != 0 || len(f.Extra) != 2 {
		t.Errorf("national %+v, extra %q: want none and 2 lines", f.Players[0].National, f.Extra)
	}
}
