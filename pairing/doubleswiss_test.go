package pairing

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/trf"
)

// dsTour builds a Double-Swiss file from compact rows, one per player in
// pairing number order, a token per match:
//
//	5w:1=   opponent 5, White in game 1, game 1 won, game 2 drawn
//	        (codes 1 = 0 + - from the player's side, each in its game)
//	U H F Z PAB, half-point, full-point, zero-point bye (both columns)
//	.       not paired
//
// A row may end with "| H" (or F, Z) for a bye already asked for the match
// to pair. Points are computed; rounds is the number of matches planned.
func dsTour(t testing.TB, rounds int, initial arbiter.Colour, rows ...string) *trf.File {
	t.Helper()
	f := &trf.File{Rounds: 2 * rounds, InitialColour: initial, Points: trf.DefaultPoints}
	f.Header.System = trf.DoubleSwissSystem
	f.Points.PAB = 15
	for i, row := range rows {
		p := trf.Player{ID: i + 1, Name: fmt.Sprintf("Player %d", i+1), Rating: 2400 - 10*i}
		played, next, _ := strings.Cut(row, "|")
		toks := strings.Fields(played)
		if next = strings.TrimSpace(next); next != "" {
			toks = append(toks, next)
		}
		for _, tok := range toks {
			g1, g2 := dsToken(t, tok)
			p.Games = append(p.Games, g1, g2)
		}
		f.Players = append(f.Players, p)
	}
	fillMatchPoints(f)
	return f
}

func dsToken(t testing.TB, tok string) (trf.Game, trf.Game) {
	t.Helper()
	switch tok {
	case "U", "H", "F", "Z":
		g := trf.Game{Result: trf.Result(tok[0])}
		return g, g
	case ".":
		return trf.Game{Result: trf.Blank}, trf.Game{Result: trf.Blank}
	}
	head, res, ok := strings.Cut(tok, ":")
	if !ok || len(res) != 2 || len(head) < 2 {
		t.Fatalf("bad match token %q", tok)
	}
	opp, err := strconv.Atoi(head[:len(head)-1])
	if err != nil {
		t.Fatalf("bad match token %q", tok)
	}
	c := arbiter.White
	if head[len(head)-1] == 'b' {
		c = arbiter.Black
	}
	return trf.Game{Opponent: opp, Colour: c, Result: trf.Result(res[0])},
		trf.Game{Opponent: opp, Colour: c.Opposite(), Result: trf.Result(res[1])}
}

// pairText writes a pairing as "1-5 2-6 bye 9", White of game 1 first.
func pairText(r Result) string {
	var s []string
	for _, b := range r.Boards {
		s = append(s, fmt.Sprintf("%d-%d", b.White, b.Black))
	}
	if r.Bye != 0 {
		s = append(s, fmt.Sprintf("bye %d", r.Bye))
	}
	return strings.Join(s, " ")
}

// TestDoubleSwissPairs pairs hand-worked rounds read from TRF files.
func TestDoubleSwissPairs(t *testing.T) {
	tests := []struct {
		name    string
		initial arbiter.Colour
		rows    []string
		want    string // boards in board order, White of game 1 first
	}{
		{
			// 3.6.3: with every pairing legal the first identifier is
			// 1 2 3 4 5 6 7 8: 1-5, 2-6, 3-7, 4-8; colours by 4.3.1, the
			// initial colour to the odd TPNs.
			name: "round 1, eight players", initial: arbiter.White,
			rows: []string{"", "", "", "", "", "", "", ""},
			want: "1-5 6-2 3-7 8-4",
		},
		{
			name: "round 1, Black drawn", initial: arbiter.Black,
			rows: []string{"", "", "", ""},
			want: "3-1 2-4",
		},
		{
			// An odd field: the PAB to the lowest score, then the most
			// matches played, then the largest TPN (3.4): here 9.
			name: "round 1, odd field", initial: arbiter.White,
			rows: []string{"", "", "", "", "", "", "", "", ""},
			want: "1-5 6-2 3-7 8-4 bye 9",
		},
		{
			// A match forfeited (2 stayed away for both games) is no
			// meeting: the pairing may be repeated (Preface). Nobody had a
			// colour (1.6): 4.3.1 gives 1, the higher ranked, White.
			name: "a forfeited match may be repeated", initial: arbiter.White,
			rows: []string{"2w:++", "1b:--"},
			want: "1-2",
		},
		{
			// Both players forfeit both games: the same.
			name: "a double forfeit may be repeated", initial: arbiter.White,
			rows: []string{"2w:--", "1b:--"},
			want: "1-2",
		},
		{
			// 3.4.3 counts the matches played; a match with a single
			// forfeited game is played (Preface). All have 1 point: 5 had
			// a half-point bye for the match and played none, 3 and 4
			// split a match in which 4 forfeited game 1, so the PAB goes
			// to 4, the largest TPN among those with a match played. 1
			// and 2 have met, 1 forfeiting game 2: the bracket's first
			// identifier is 1 2 3 5. Colours: 1 and 3 both had White, the
			// higher ranked 1 alternates (4.3.4); 2 had Black, 5 none,
			// 2 alternates (4.3.4).
			name: "a single forfeit counts as a match played", initial: arbiter.White,
			rows: []string{"2w:1-", "1b:0+", "4w:+0", "3b:-1", "H"},
			want: "3-1 2-5 bye 4",
		},
		{
			// The same with 4 away for the whole match: a forfeit is no
			// match played and leaves 4 the lowest score; 3, who won by
			// forfeit, may not have the PAB (C2) and is alone on 2
			// points: 1 floats up (C4, C5, then 3.5.4). 3 had no colour
			// (1.6), 1 had White: 3 has had White fewer times (4.3.2).
			name: "a forfeited match is no match played", initial: arbiter.White,
			rows: []string{"2w:1-", "1b:0+", "4w:++", "3b:--", "H"},
			want: "3-1 2-5 bye 4",
		},
	}
	for _, tt := range tests {
		f := dsTour(t, 5, tt.initial, tt.rows...)
		in, err := FromTRFDoubleSwiss(f, 0)
		if err != nil {
			t.Fatalf("%s: FromTRFDoubleSwiss: %v", tt.name, err)
		}
		res, err := PairDoubleSwiss(in)
		if err != nil {
			t.Errorf("%s: PairDoubleSwiss: %v", tt.name, err)
			continue
		}
		if got := pairText(res); got != tt.want {
			t.Errorf("%s: PairDoubleSwiss = %s, want %s", tt.name, got, tt.want)
		}
	}
}

// TestDoubleSwissNoRematch: a match with a single forfeited game is a
// meeting, so two players who played one may not meet again (C1).
func TestDoubleSwissNoRematch(t *testing.T) {
	f := dsTour(t, 5, arbiter.White, "2w:1-", "1b:0+")
	in, err := FromTRFDoubleSwiss(f, 0)
	if err != nil {
		t.Fatal(err)
	}
	_, err = PairDoubleSwiss(in)
	var np *NoPairingError
	if !errors.As(err, &np) || np.Criterion != "C1" || !errors.Is(err, ErrNoPairing) {
		t.Fatalf("PairDoubleSwiss after a played match of two players = %v, want a C1 NoPairingError", err)
	}
	if !strings.Contains(err.Error(), "C.04.5 C1") {
		t.Errorf("error %q does not cite C.04.5 C1", err)
	}
}

// TestDoubleSwissUpfloaterExample follows the example of C.04.5 3.5.4:
// the residents 4, 7 and 9 (4 points) have all met, so each needs an
// upfloater; 2, 6 and 8 have 3 points and 1, 3 and 5 have 2½. [C4] asks
// for three upfloaters; taking 2, 6 and 8 would leave 10 (who met 1, 3
// and 5) unpairable (C3), so [C5] asks for two of 3 points and one of 2½,
// and the first set in the order of 3.5.4 is 2, 6, 1.
func TestDoubleSwissUpfloaterExample(t *testing.T) {
	specs := []dsSpec{
		{tpn: 4, score: 8, met: []int{7, 9}}, {tpn: 7, score: 8, met: []int{9}}, {tpn: 9, score: 8},
		{tpn: 2, score: 6}, {tpn: 6, score: 6}, {tpn: 8, score: 6},
		{tpn: 1, score: 5, met: []int{10}}, {tpn: 3, score: 5, met: []int{10}}, {tpn: 5, score: 5, met: []int{10}},
		{tpn: 10, score: 0},
	}
	r := testRound(specs, false)
	var residents, lower []int
	for i, p := range r.players {
		if p.score == 8 {
			residents = append(residents, i)
		} else {
			lower = append(lower, i)
		}
	}
	ups, err := r.selectUpfloaters(residents, lower)
	if err != nil {
		t.Fatal(err)
	}
	var got []int
	for _, v := range ups {
		got = append(got, r.players[v].tpn)
	}
	if want := []int{2, 6, 1}; !slices.Equal(got, want) {
		t.Errorf("upfloaters = %v, want %v", got, want)
	}
	// With 10 free to meet anyone, the three of 3 points are taken.
	specs[6].met, specs[7].met, specs[8].met = nil, nil, nil
	r = testRound(specs, false)
	ups, err = r.selectUpfloaters(residents, lower)
	if err != nil {
		t.Fatal(err)
	}
	got = got[:0]
	for _, v := range ups {
		got = append(got, r.players[v].tpn)
	}
	if want := []int{2, 6, 8}; !slices.Equal(got, want) {
		t.Errorf("upfloaters with 10 free = %v, want %v", got, want)
	}
}

// TestDoubleSwissFloats: C7 prefers an upfloater who did not float in the
// previous round, C8 a resident opponent who did not; neither applies in
// the last round.
func TestDoubleSwissFloats(t *testing.T) {
	tests := []struct {
		name  string
		specs []dsSpec
		last  bool
		want  [][2]int
	}{
		{
			// 1 needs an upfloater from 2 and 3 (1 point); 2 floated last
			// round, so 3 goes up (C7).
			name:  "C7",
			specs: []dsSpec{{tpn: 1, score: 4}, {tpn: 2, score: 2, floated: true}, {tpn: 3, score: 2}, {tpn: 4, score: 0}},
			want:  [][2]int{{1, 3}, {2, 4}},
		},
		{
			name:  "C7 lapses in the last round",
			specs: []dsSpec{{tpn: 1, score: 4}, {tpn: 2, score: 2, floated: true}, {tpn: 3, score: 2}, {tpn: 4, score: 0}},
			last:  true,
			want:  [][2]int{{1, 2}, {3, 4}},
		},
		{
			// 1, 2, 3 have 2 points, 4 floats up from 1; 2 floated last
			// round, so 4 meets 1 rather than 2: the first identifier
			// without a C8 pair is 1 2 4 3, not 1 2 3 4.
			name:  "C8",
			specs: []dsSpec{{tpn: 1, score: 4}, {tpn: 2, score: 4, floated: true}, {tpn: 3, score: 4}, {tpn: 4, score: 2}, {tpn: 5, score: 0}, {tpn: 6, score: 0}},
			want:  [][2]int{{1, 4}, {2, 3}, {5, 6}},
		},
		{
			name:  "C8 lapses in the last round",
			specs: []dsSpec{{tpn: 1, score: 4}, {tpn: 2, score: 4, floated: true}, {tpn: 3, score: 4}, {tpn: 4, score: 2}, {tpn: 5, score: 0}, {tpn: 6, score: 0}},
			last:  true,
			want:  [][2]int{{1, 3}, {2, 4}, {5, 6}},
		},
	}
	for _, tt := range tests {
		got, _, err := searched(testRound(tt.specs, tt.last))
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: pairs = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestDoubleSwissFromTRF reads the two columns of a match as the Preface
// and 1.6 say: a forfeit only when a player forfeits both games, a colour
// only when a game was played, byes over the whole match.
func TestDoubleSwissFromTRF(t *testing.T) {
	tests := []struct {
		name   string
		token  string // player 1's match against 2 (2 gets the mirror)
		played bool
		colour arbiter.Colour
		result Outcome
		points int // tenths
	}{
		{"won 2-0", "2w:11", true, arbiter.White, Win, 20},
		{"won 1½-½", "2w:=1", true, arbiter.White, Win, 15},
		{"drawn 1-1", "2b:10", true, arbiter.Black, Draw, 10},
		{"lost ½-1½", "2w:0=", true, arbiter.White, Loss, 5},
		{"single forfeit by the opponent", "2w:+0", true, arbiter.White, Draw, 10},
		{"single forfeit by the player", "2w:-=", true, arbiter.White, Loss, 5},
		{"each forfeits one game: played, no colour", "2w:+-", true, arbiter.NoColour, Draw, 10},
		{"won by forfeit", "2w:++", false, arbiter.NoColour, Win, 20},
		{"lost by forfeit", "2b:--", false, arbiter.NoColour, Loss, 0},
	}
	mirror := map[byte]byte{'1': '0', '0': '1', '=': '=', '+': '-', '-': '+'}
	for _, tt := range tests {
		head, res, _ := strings.Cut(tt.token, ":")
		c := "b"
		if strings.HasSuffix(head, "b") {
			c = "w"
		}
		other := "1" + c + ":" + string([]byte{mirror[res[0]], mirror[res[1]]})
		if res == "--" {
			other = "1w:++"
		}
		f := dsTour(t, 3, arbiter.White, tt.token, other)
		in, err := FromTRFDoubleSwiss(f, 0)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		g := in.Players[0].Matches[0]
		if g.Opponent != 2 || !g.Paired || g.Played != tt.played || g.Colour != tt.colour || g.Result != tt.result || g.Points != tt.points {
			t.Errorf("%s: %s reads as %+v, want played %v, colour %v, result %v, %d tenths", tt.name, tt.token, g, tt.played, tt.colour, tt.result, tt.points)
		}
	}
	// Byes cover the match; the PAB counts once, worth a game won and a
	// game drawn (1.4).
	f := dsTour(t, 3, arbiter.White, "U", "H", "F", "Z", ".")
	in, err := FromTRFDoubleSwiss(f, 0)
	if err != nil {
		t.Fatal(err)
	}
	byes := []Game{
		{Paired: true, Result: Win, Points: 15},
		{Result: Draw, Points: 10},
		{Result: Win, Points: 20},
		{Points: 0},
		{Points: 0},
	}
	for i, want := range byes {
		if got := in.Players[i].Matches[0]; got != want {
			t.Errorf("bye %s reads as %+v, want %+v", []string{"U", "H", "F", "Z", "."}[i], got, want)
		}
		if got, want := f.Players[i].Points, trf.Points(want.Points); got != want {
			t.Errorf("bye %s: player points %v, want %v", []string{"U", "H", "F", "Z", "."}[i], got, want)
		}
	}
}

// TestDoubleSwissFileErrors refuses a match whose two columns disagree,
// naming the line, the player and the match.
func TestDoubleSwissFileErrors(t *testing.T) {
	tests := []struct {
		name string
		edit func(f *trf.File)
		want string
	}{
		{"another opponent in game 2", func(f *trf.File) {
			f.Players[0].Games[1].Opponent = 3
			f.Players[2].Games[1] = trf.Game{Opponent: 1, Colour: arbiter.White, Result: trf.Win}
			f.Players[1].Games[1] = trf.Game{Result: trf.Blank}
		}, "opponent 2 in game 1 and 3 in game 2"},
		{"the same colour twice", func(f *trf.File) {
			f.Players[0].Games[1].Colour = arbiter.White
			f.Players[1].Games[1].Colour = arbiter.Black
		}, "white in both games"},
		{"a bye for one game", func(f *trf.File) {
			f.Players[2].Games[1] = trf.Game{Result: trf.Blank}
		}, "a bye covers both games"},
	}
	for _, tt := range tests {
		f := dsTour(t, 3, arbiter.White, "2w:1=", "1b:0=", "U")
		tt.edit(f)
		_, err := FromTRFDoubleSwiss(f, 0)
		if !errors.Is(err, ErrDoubleSwissFile) || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), "match 1 (TRF rounds 1 and 2)") {
			t.Errorf("%s: FromTRFDoubleSwiss = %v, want an ErrDoubleSwissFile naming match 1 and saying %q", tt.name, err, tt.want)
		}
	}
}

// TestDoubleSwissColours follows 4.3: the initial colour to an odd TPN
// when neither player has had a colour (4.3.1), then White to the player
// who had it fewer times (4.3.2), then alternation from the last round
// the colours differed (4.3.3), of the higher-ranked player (4.3.4), of
// the opponent (4.3.5). The higher-ranked player has the higher score,
// then the smaller TPN (4.2).
func TestDoubleSwissColours(t *testing.T) {
	tests := []struct {
		name    string
		hi, lo  dsSpec
		initial arbiter.Colour
		white   int // TPN with White in game 1
		rule    string
	}{
		{"4.3.1 odd TPN", dsSpec{tpn: 3}, dsSpec{tpn: 6}, arbiter.White, 3, "4.3.1"},
		{"4.3.1 even TPN", dsSpec{tpn: 4, score: 2}, dsSpec{tpn: 1}, arbiter.White, 1, "4.3.1"},
		{"4.3.1 Black drawn", dsSpec{tpn: 5, score: 2}, dsSpec{tpn: 2}, arbiter.Black, 2, "4.3.1"},
		{"4.3.2 fewer Whites", dsSpec{tpn: 1, colours: "ww"}, dsSpec{tpn: 2, colours: "wb"}, arbiter.White, 2, "4.3.2"},
		{"4.3.2 no colour yet", dsSpec{tpn: 1, colours: "w"}, dsSpec{tpn: 2}, arbiter.White, 2, "4.3.2"},
		{"4.3.3 latest difference", dsSpec{tpn: 1, colours: "wbb"}, dsSpec{tpn: 2, colours: "bwb"}, arbiter.White, 1, "4.3.3"},
		{"4.3.4 the higher alternates", dsSpec{tpn: 1, colours: "wb"}, dsSpec{tpn: 2, colours: "wb"}, arbiter.White, 1, "4.3.4"},
		{"4.3.4 by score, not TPN", dsSpec{tpn: 7, score: 2, colours: "b"}, dsSpec{tpn: 2, score: 0, colours: "b"}, arbiter.White, 7, "4.3.4"},
	}
	for _, tt := range tests {
		r := testRound([]dsSpec{tt.hi, tt.lo}, false)
		r.in.InitialColour = tt.initial
		hi, lo := r.players[0], r.players[1]
		if hi.tpn != tt.hi.tpn {
			t.Fatalf("%s: %d ranks above %d", tt.name, lo.tpn, hi.tpn)
		}
		c, rule := r.colour(hi, lo)
		white := hi.tpn
		if c == arbiter.Black {
			white = lo.tpn
		}
		if white != tt.white || rule != tt.rule {
			t.Errorf("%s: White in game 1 to %d by %s, want %d by %s", tt.name, white, rule, tt.white, tt.rule)
		}
	}
	// 4.3.5 is reached only when the higher-ranked player has had no
	// colour and the opponent no White.
	r := testRound([]dsSpec{{tpn: 1}, {tpn: 2, colours: "b"}}, false)
	if c, rule := r.colour(r.players[0], r.players[1]); c != arbiter.Black || rule != "4.3.5" {
		t.Errorf("1 without colours against 2 who had Black: 1 gets %v by %s, want black by 4.3.5", c, rule)
	}
}

// TestDoubleSwissCheck finds a match paired otherwise than the system does
// and says which.
func TestDoubleSwissCheck(t *testing.T) {
	f, err := GenerateDoubleSwiss(GenerateOptions{Players: 10, Rounds: 4, Seed: 9, Draws: 0.3})
	if err != nil {
		t.Fatal(err)
	}
	if diffs, err := CheckTRF(f, 0); err != nil || len(diffs) != 0 {
		t.Fatalf("CheckTRF of a generated file = %v, %v; want no difference", diffs, err)
	}
	// Swap the colours of one board of match 3 in both games.
	var p, q *trf.Player
	for i := range f.Players {
		if g := f.Players[i].Games[4]; g.Opponent != 0 {
			p, q = &f.Players[i], f.Player(g.Opponent)
			break
		}
	}
	for _, pl := range []*trf.Player{p, q} {
		pl.Games[4].Colour, pl.Games[5].Colour = pl.Games[4].Colour.Opposite(), pl.Games[5].Colour.Opposite()
	}
	diffs, err := CheckTRF(f, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(diffs) == 0 || diffs[0].Round != 3 {
		t.Fatalf("CheckTRF after swapping colours in match 3 = %v, want match 3 to differ", diffs)
	}
}

// TestDoubleSwissExplained says why each board was paired, citing C.04.5.
func TestDoubleSwissExplained(t *testing.T) {
	f := dsTour(t, 5, arbiter.White, "2w:1-", "1b:0+", "4w:++", "3b:--", "H")
	in, err := FromTRFDoubleSwiss(f, 0)
	if err != nil {
		t.Fatal(err)
	}
	res, err := PairDoubleSwissExplained(in)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Explanations) != len(res.Boards)+1 {
		t.Fatalf("%d explanations for %d boards and a bye", len(res.Explanations), len(res.Boards))
	}
	ids := func(e Explanation) string {
		b, _ := json.Marshal(e.Text)
		c, _ := json.Marshal(e.Bracket)
		return string(b) + string(c)
	}
	wants := []string{
		`"pair.ds.first"`, `"pair.ds.up"`, `"pair.ds.colour.fewer"`, `"pair.ds.upfloaters"`, // 3-1: 1 floats up to 3
		`"pair.ds.first"`, `"pair.ds.colour.higher"`, `"pair.ds.games"`, // 2-5
		`"pair.ds.bye"`,
	}
	all := ids(res.Explanations[0]) + "|" + ids(res.Explanations[1]) + "|" + ids(res.Explanations[2])
	for _, w := range wants {
		if !strings.Contains(all, w) {
			t.Errorf("explanations %s do not say %s", all, w)
		}
	}
	if res.Explanations[2].Board != 0 {
		t.Errorf("the last explanation is for board %d, want 0 (the bye)", res.Explanations[2].Board)
	}
}

// TestDoubleSwissCheckFile checks the hand-made file of the trf package:
// both matches are paired as the system pairs them, the ½-0 game of match
// 1 scores through its 299 line.
func TestDoubleSwissCheckFile(t *testing.T) {
	data, err := os.ReadFile("../trf/testdata/doubleswiss.trf")
	if err != nil {
		t.Fatal(err)
	}
	f, err := trf.Read(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	diffs, err := CheckTRF(f, 0)
	if err != nil || len(diffs) != 0 {
		t.Fatalf("CheckTRF = %+v, %v; want no difference", diffs, err)
	}
	in, err := FromTRFDoubleSwiss(f, 2)
	if err != nil {
		t.Fatal(err)
	}
	if g := in.Players[1].Matches[0]; g.Points != 10 || g.Colour != arbiter.Black || !g.Played {
		t.Errorf("player 2's match 1 (½-0 lost, then won) reads as %+v, want 1 point, Black, played", g)
	}
	res, err := PairDoubleSwiss(in)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := pairText(res), "5-1 2-3 bye 4"; got != want {
		t.Errorf("match 2 = %s, want %s", got, want)
	}
}

// TestDoubleSwissRefusesAcceleration: C.04.7 does not say whether a win is
// a game or a match, and the file counts columns: refused, not guessed.
func TestDoubleSwissRefusesAcceleration(t *testing.T) {
	f := dsTour(t, 3, arbiter.White, "", "")
	f.Header.System = "FIDE_DOUBLESWISS_BAKU"
	if _, err := FromTRFDoubleSwiss(f, 0); err == nil || !strings.Contains(err.Error(), "C.04.7") {
		t.Errorf("FromTRFDoubleSwiss of a _BAKU file = %v, want an error citing C.04.7", err)
	}
	if _, err := GenerateDoubleSwiss(GenerateOptions{Players: 8, Rounds: 3, Baku: true}); !errors.Is(err, ErrGenerate) {
		t.Errorf("GenerateDoubleSwiss with Baku = %v, want ErrGenerate", err)
	}
}
