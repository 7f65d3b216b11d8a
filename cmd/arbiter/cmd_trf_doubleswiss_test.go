package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/trf"
)

// TestTRFDoubleSwiss generates a Double-Swiss tournament (FIDE C.04.5),
// checks it, pairs a match again from the file and finds a match whose
// colours were changed by hand.
func TestTRFDoubleSwiss(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	fn := filepath.Join(dir, "ds.trf")
	args := []string{"trf", "generate", "--system", "double-swiss", "--players", "13", "--rounds", "5", "--seed", "21", "--forfeits", "0.1", "--byes", "0.05"}
	if code, _, errs := runTRFCommand(t, append(args, "-o", fn)...); code != 0 {
		t.Fatalf("trf generate --system double-swiss: exit %d: %s", code, errs)
	}
	data, err := os.ReadFile(fn)
	if err != nil {
		t.Fatal(err)
	}
	again := filepath.Join(dir, "again.trf")
	runTRFCommand(t, append(args, "-o", again)...)
	if same, _ := os.ReadFile(again); !bytes.Equal(same, data) {
		t.Error("the same seed gave two different files")
	}
	for _, want := range []string{"\r192 FIDE_DOUBLESWISS\r", "\r142 10\r", "P 1.5", "\r202 BH,DE,SB\r", "\r212 PTS,BH,DE,SB\r"} {
		if !bytes.Contains(data, []byte(want)) {
			t.Errorf("the file lacks %q:\n%s", want, bytes.ReplaceAll(data, []byte("\r"), []byte("\n")))
		}
	}
	if code, out, errs := runTRFCommand(t, "trf", "check", fn); code != 0 || out != "no differences\n" {
		t.Fatalf("trf check: exit %d\n%s%s", code, out, errs)
	}
	var chk trfCheckJSON
	_, out, _ := runTRFCommand(t, "trf", "check", "--json", fn)
	if err := json.Unmarshal([]byte(out), &chk); err != nil || chk.Rounds != 5 || len(chk.Differences) != 0 {
		t.Errorf("trf check --json = %s (%v), want 5 rounds and no difference", out, err)
	}

	// Match 5 paired again from the file is the match the file records,
	// each board with White of game 1 first.
	code, out, errs := runTRFCommand(t, "trf", "pair", "--round", "5", "--json", "--explain", fn)
	if code != 0 {
		t.Fatalf("trf pair --round 5: exit %d: %s", code, errs)
	}
	var pr trfPairJSON
	if err := json.Unmarshal([]byte(out), &pr); err != nil {
		t.Fatal(err)
	}
	f, err := trf.Read(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range pr.Boards {
		g1, g2 := f.Player(b.White).Games[8], f.Player(b.White).Games[9]
		if g1.Opponent != b.Black || g1.Colour != arbiter.White || g2.Opponent != b.Black || g2.Colour != arbiter.Black {
			t.Errorf("board %d-%d: the file records %+v %+v for %d in match 5", b.White, b.Black, g1, g2, b.White)
		}
		if !strings.Contains(b.Explain, "C.04.5 3.6") || !strings.Contains(b.Explain, "C.04.5 4.") {
			t.Errorf("board %d-%d explained as %q, want C.04.5 3.6 and a rule of 4.3", b.White, b.Black, b.Explain)
		}
	}
	if pr.Round != 5 || len(pr.Boards) != 6 || pr.Bye == 0 || !strings.Contains(pr.ByeExplain, "3.4") {
		t.Errorf("trf pair --round 5 = %s, want match 5: six boards and a bye explained by 3.4", out)
	}
	if code, _, errs := runTRFCommand(t, "trf", "pair", fn); code != 1 || !strings.Contains(errs, "all 5 matches") {
		t.Errorf("trf pair after the last match: exit %d: %s, want 1 saying all 5 matches are played", code, errs)
	}

	// The colours of one board of match 3 reversed in both games.
	for i := range f.Players {
		p := &f.Players[i]
		if p.Games[4].Opponent != 0 && p.ID < p.Games[4].Opponent {
			q := f.Player(p.Games[4].Opponent)
			for _, pl := range []*trf.Player{p, q} {
				pl.Games[4].Colour, pl.Games[5].Colour = pl.Games[4].Colour.Opposite(), pl.Games[5].Colour.Opposite()
			}
			break
		}
	}
	var buf bytes.Buffer
	w := trf.NewWriter(&buf)
	w.Version = trf.TRF26
	if err := w.Write(f); err != nil {
		t.Fatal(err)
	}
	bad := writeTRF(t, "bad.trf", buf.String())
	if code, out, errs := runTRFCommand(t, "trf", "check", bad); code != 1 || !strings.HasPrefix(out, "round 3 differs") || !strings.Contains(errs, "Double-Swiss") {
		t.Errorf("trf check with match 3's colours reversed: exit %d\n%s%s\nwant exit 1 and round 3 differing from the Double-Swiss pairing", code, out, errs)
	} else if !strings.Contains(out, "  why:      board ") || !strings.Contains(out, "has White in game 1") || !strings.Contains(out, "(C.04.5 4.") {
		t.Errorf("trf check with match 3's colours reversed does not say which rule of C.04.5 Article 4 gives them:\n%s", out)
	}
	var why trfCheckJSON
	if _, out, _ := runTRFCommand(t, "trf", "check", "--json", bad); json.Unmarshal([]byte(out), &why) != nil || len(why.Differences) == 0 || why.Differences[0].Round != 3 || !strings.Contains(why.Differences[0].Why, "C.04.5 4.") {
		t.Errorf("trf check --json with match 3's colours reversed: %s, want match 3 first, its why citing C.04.5 4", out)
	}
	// The ranks of the file are those of its tie-breaks, computed on
	// the matches; with another list they differ from the file's.
	if code, out, errs := runTRFCommand(t, "trf", "tiebreaks", "--check", fn); code != 0 || !strings.Contains(out, "no differences") {
		t.Errorf("trf tiebreaks --check of a generated Double-Swiss file: exit %d\n%s%s", code, out, errs)
	}
	ranked := filepath.Join(dir, "ranked.trf")
	if code, _, errs := runTRFCommand(t, append(args, "--tiebreaks", "SB,BH-C1", "-o", ranked)...); code != 0 {
		t.Fatalf("trf generate --tiebreaks: exit %d: %s", code, errs)
	}
	if code, out, errs := runTRFCommand(t, "trf", "tiebreaks", "--check", ranked); code != 0 || !strings.Contains(out, "no differences") {
		t.Errorf("trf tiebreaks --check with the list SB,BH/C1: exit %d\n%s%s", code, out, errs)
	}
	if data, _ := os.ReadFile(ranked); !bytes.Contains(data, []byte("\r202 SB,BH/C1\r")) {
		t.Errorf("trf generate --tiebreaks SB,BH-C1 wrote no 202 line of that list:\n%s", data)
	}
	// Players 12 and 7 share 5 points: Buchholz puts 12 first, the
	// pairing number 7.
	if code, _, _ := runTRFCommand(t, "trf", "tiebreaks", "--check", "--tiebreaks", "TPN", fn); code != 1 {
		t.Errorf("trf tiebreaks --check with another list than the file's: exit %d, want 1 (the ranks differ)", code)
	}
}

// TestTRFGenerateDoubleSwissFlags refuses what a Double-Swiss file cannot
// carry yet, a tie-break list that does not read, and an unknown system.
func TestTRFGenerateDoubleSwissFlags(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--system", "double-swiss", "--tiebreaks", "BH,XYZ"}, "unknown tie-break \"XYZ\""},
		{[]string{"--system", "double-swiss", "--accelerated", "baku"}, "Baku"},
		{[]string{"--system", "monrad"}, "dutch or double-swiss"},
		{[]string{"--system", "double-swiss", "--rounds", "50"}, "1 to 49"},
	}
	for _, tt := range tests {
		code, _, errs := runTRFCommand(t, append([]string{"trf", "generate"}, tt.args...)...)
		if code != 2 || !strings.Contains(errs, tt.want) {
			t.Errorf("trf generate %v: exit %d: %s, want 2 saying %q", tt.args, code, errs, tt.want)
		}
	}
}
