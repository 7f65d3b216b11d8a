package web

import (
	"flag"
	"html/template"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/locale"
)

var update = flag.Bool("update", false, "write the golden files of testdata")

// TestPlayerPageHTML: a player's page, drawn in Go (playerView.Draw), is
// its golden file byte for byte, on the server and in a published site,
// in English and Italian, with every part a page can have or none, and
// with names that are markup. The golden files were first written by the
// html/template the page had before, so the pages that browsers and the
// published sites show did not change. go test ./web -run
// PlayerPageHTML -update writes them again after a change made on
// purpose.
func TestPlayerPageHTML(t *testing.T) {
	chain, err := desk.ParseTiebreaks([]string{"BH", "DE"})
	if err != nil {
		t.Fatal(err)
	}
	bh, de := chain[0], chain[1]
	full := &playerView{
		Player: seatView{PN: 3, Name: evil},
		Rating: 2100,
		Club:   `Scacchi & "Torre" <Roma>`,
		Points: "2½",
		Rounds: []playerRound{
			{Round: 1, Colour: "White", Opponent: seatView{PN: 7, Name: "Costa, Rui"}, Result: "1"},
			{Round: 2, Colour: "Black", Opponent: seatView{PN: 12, Name: "O'Neil+1"}, Result: "½", Ruling: "Draw agreed <after> the flag"},
			{Round: 3, Opponent: seatView{Name: "Bye"}, Result: "1"},
		},
		Explain: []explainView{
			{Spec: bh, Value: "4½", Summary: "Sum of the opponents' scores", Lines: "<li>Round 1: Costa, Rui: 2</li><li class=\"cut\">Round 3: bye: 2½</li>"},
			{Spec: de, Value: "-"},
		},
		Prize: playerPrizeView{Award: &prizeAwardView{List: "Open", Place: "2nd", Won: "€ 50 & a <book>", Shared: "shared by 2"},
			StakeRound: 5, Stake: []prizeReachView{{List: "Open", Places: "1-3", Prizes: "€ 100"}}},
		Change: &ratingView{Total: "+5.6", Summary: "Rating 2100, K 20, 2 of 3, We 1.72",
			Lines: []ratingLineView{{Round: 1, Opponent: seatView{PN: 7, Name: "Costa, Rui"}, Rating: 1900, Result: "1", Expected: "0.76", Change: "+4.8"},
				{Round: 3, Rating: 0, Result: "1", Expected: "-", Change: "-"}}},
	}
	bare := &playerView{Player: seatView{PN: 1, Name: "Abel, Tomás"}, Points: "0",
		Prize: playerPrizeView{StakeRound: 5}, Change: &ratingView{Unrated: "No rating change: unrated."}}
	plain := &playerView{Player: seatView{PN: 2, Name: "Bauer, Jonas"}, Points: "1", Prize: playerPrizeView{Final: true,
		Award: &prizeAwardView{List: "U1800", Place: "1st", Won: "a cup"}}}
	tests := []struct {
		name   string
		lang   locale.Lang
		static bool
		v      *playerView
	}{
		{"full-server", locale.English, false, full},
		{"full-site", locale.English, true, full},
		{"full-site-it", locale.Italian, true, full},
		{"bare-server", locale.English, false, bare},
		{"plain-site-it", locale.Italian, true, plain},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := page{w: words{locale.New(tt.lang)}, static: tt.static, Data: tt.v}
			got := string(tt.v.Draw(p))
			path := filepath.Join("testdata", "player-"+tt.name+".html")
			if *update {
				if err := os.MkdirAll("testdata", 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (go test ./web -run PlayerPageHTML -update writes it)", err)
			}
			if got != string(want) {
				t.Errorf("player page %s differs from %s:\n%s", tt.name, path, firstDiff(got, string(want)))
			}
			// Whatever the golden file says, no markup of a value
			// reaches the page unescaped.
			for _, raw := range []string{evil, `<Roma>`, `<book>`, `<after>`} {
				if strings.Contains(got, raw) {
					t.Errorf("the page holds %q unescaped", raw)
				}
			}
			if want := template.HTMLEscapeString(evil); !strings.Contains(got, want) && tt.v == full {
				t.Errorf("the page lacks the name escaped, %q", want)
			}
		})
	}
}

// firstDiff shows where got and want first differ, with some of each
// around it.
func firstDiff(got, want string) string {
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	from := max(i-80, 0)
	return "got:  …" + got[from:min(i+80, len(got))] + "\nwant: …" + want[from:min(i+80, len(want))]
}

// TestPublicPagesHTML: the boards of a round, the standings and the
// crosstable, drawn in Go, are their golden files byte for byte, as
// TestPlayerPageHTML holds a player's page: on the server (with the link
// to late entries) and in a published site, in English and Italian, with
// names that are markup, and with no round published.
func TestPublicPagesHTML(t *testing.T) {
	round := &roundView{Number: 3,
		Boards: []boardView{
			{Number: 1, White: seatView{PN: 3, Name: evil, Points: "2"}, Black: seatView{PN: 7, Name: "Costa, Rui", Points: "1½"}, Result: "½-½"},
			{Number: 2, White: seatView{PN: 12, Name: "O'Neil+1", Points: "1"}, Black: seatView{PN: 1, Name: `Scacchi & "Torre"`, Points: "1"}},
		},
		Byes: []byeView{{Player: seatView{PN: 9, Name: "Abel, Tomás"}, Kind: "Pairing-allocated bye"}, {Player: seatView{PN: 4, Name: "<b>Lind</b>"}, Kind: "Half-point bye"}},
	}
	standings := standingsView{After: 3, Codes: []string{"BH", "DE", "SB<"},
		Lines: []standingLine{
			{Rank: "1", Player: seatView{PN: 3, Name: evil}, Rating: 2100, Points: "2½", Values: []string{"4½", "-", "3.25"}},
			{Rank: "2-3", Player: seatView{PN: 7, Name: "O'Neil+1"}, Points: "2", Values: []string{"4", "1", "2"}},
		}}
	cross := &crossView{Rounds: []int{1, 2, 3}, Legend: `w White, b Black, + & - forfeits <see>`,
		Lines: []crossLine{
			{Line: 1, Player: seatView{PN: 3, Name: evil}, Cells: []string{"2w1", "3b½", "+"}, Points: "2½"},
			{Line: 2, Player: seatView{PN: 7, Name: "Costa, Rui"}, Cells: []string{"1b0", "", "-"}, Points: "0"},
		}}
	tests := []struct {
		name   string
		lang   locale.Lang
		static bool
		late   string
		draw   func(p page) template.HTML
	}{
		{"home-server-late", locale.English, false, "Late entries <open> until 21:15", round.Draw},
		{"home-site-it", locale.Italian, true, "", round.Draw},
		{"home-none-server", locale.English, false, "", (*roundView)(nil).Draw},
		{"standings-server", locale.English, false, "", standings.Draw},
		{"standings-site-it", locale.Italian, true, "", standings.Draw},
		{"standings-none-site", locale.English, true, "", standingsView{}.Draw},
		{"crosstable-server", locale.English, false, "", cross.Draw},
		{"crosstable-site-it", locale.Italian, true, "", cross.Draw},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := page{w: words{locale.New(tt.lang)}, static: tt.static, LateLink: tt.late}
			got := string(tt.draw(p))
			path := filepath.Join("testdata", tt.name+".html")
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (go test ./web -run PublicPagesHTML -update writes it)", err)
			}
			if got != string(want) {
				t.Errorf("page %s differs from %s:\n%s", tt.name, path, firstDiff(got, string(want)))
			}
			for _, raw := range []string{evil, "<b>Lind", "<open>", "<see>", "SB<"} {
				if strings.Contains(got, raw) {
					t.Errorf("the page holds %q unescaped", raw)
				}
			}
		})
	}
}
