package tiebreak

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/labyrinth-chess/arbiter/phrase"
)

// TestExplainGolden keeps the explanations of a few players in
// testdata/explain-*.golden; run with -update to rewrite them.
func TestExplainGolden(t *testing.T) {
	tests := []struct {
		name    string
		table   string
		edition int
		ratings []int
		codes   []string
		players []int
	}{
		// 9: half-point bye, forfeit loss, PAB; 11: forfeit win; 12:
		// withdrawn after a PAB and a forfeit win.
		{"exercise", fideExercise, Edition2023, nil, []string{"BH", "BH-C1", "SB", "SB-C1", "FB", "WIN", "PS-C1"}, []int{9, 11, 12}},
		{"exercise-2009", fideExercise, Edition2009, nil, []string{"BH", "BH-C1", "SB"}, []int{9, 12}},
		// The worked example with DE twice, and the rating tie-breaks.
		{"worked", sixPlayers, Edition2023, sixRatings, []string{"DE", "BH", "DE", "SB", "ARO", "ARO-C1", "TPR", "AOB", "KS", "BPG"}, []int{1, 3, 6}},
		// DE: a sure first place, then DE again on the rest (C.07 6.3).
		{"de-swiss", firstOnly, Edition2023, nil, []string{"DE", "BH"}, []int{1, 2, 4}},
		// A zero-point bye: SB-C1 cuts the least significant value,
		// worth more than the VUR (16.5); a pending game.
		{"zpb", zpb, Edition2023, nil, []string{"SB-C1", "BH-C1"}, []int{1}},
		{"pending", pending, Edition2023, nil, []string{"BH", "WON", "DE"}, []int{2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tour, tab := crosstable(t, tt.table)
			tour.TiebreakEdition = tt.edition
			chain, err := ParseChain(tt.codes)
			if err != nil {
				t.Fatal(err)
			}
			// English keeps the name it had before the notes were
			// worded through the catalogs: the text must not change.
			for _, lang := range []struct {
				loc    *locale.Localizer
				suffix string
			}{{locale.New(locale.English), ""}, {locale.New(locale.Italian), ".it"}} {
				var b strings.Builder
				for _, pn := range tt.players {
					ex, err := Explain(Input{Tournament: tour, Table: tab, Ratings: tt.ratings, Chain: chain}, pn)
					if err != nil {
						t.Fatal(err)
					}
					fmt.Fprintf(&b, "# player %d\n", pn)
					for _, e := range ex {
						b.WriteString(e.Format(lang.loc.Word))
					}
				}
				golden(t, "explain-"+tt.name+lang.suffix+".golden", []byte(b.String()))
			}
		})
	}
}

// TestExplainLines checks the lines a user relies on.
func TestExplainLines(t *testing.T) {
	tour, tab := crosstable(t, fideExercise)
	chain := []Spec{{Code: BH}, {Code: BH, Modifier: Cut1}}
	ex, err := Explain(Input{Tournament: tour, Table: tab, Chain: chain}, 11)
	if err != nil {
		t.Fatal(err)
	}
	// 11 won by forfeit against 9 in round 4: a dummy opponent on his own
	// 2.5 points (C.07 16.4), not 9's 1.5.
	if l := ex[0].Lines[3]; l.Round != 4 || l.Value != 2.5 || l.Opponent != 0 || !strings.Contains(english(l.Note), "16.4") || !strings.Contains(english(l.Note), "9") {
		t.Errorf("player 11 BH round 4 = %+v, want the dummy opponent on 2.5", l)
	}
	ex, err = Explain(Input{Tournament: tour, Table: tab, Chain: chain}, 12)
	if err != nil {
		t.Fatal(err)
	}
	// 12 was absent in rounds 4 and 5: BH-C1 cuts a VUR first (16.5).
	var cut []Line
	for _, l := range ex[1].Lines {
		if !l.Counted {
			cut = append(cut, l)
		}
	}
	if len(cut) != 1 || cut[0].Round != 4 || !strings.Contains(english(cut[0].Note), "16.5") {
		t.Errorf("player 12 BH-C1 cut lines = %+v, want round 4, a VUR cut first", cut)
	}
	// 4 is worth 3.5 to 12; as an opponent 12 counts 3 points: his two
	// absences at the end count as draws (16.3).
	ex, err = Explain(Input{Tournament: tour, Table: tab, Chain: chain}, 4)
	if err != nil {
		t.Fatal(err)
	}
	if l := ex[0].Lines[0]; l.Opponent != 12 || l.Value != 3 || !strings.Contains(english(l.Note), "16.3") {
		t.Errorf("player 4 BH round 1 = %+v, want 12 adjusted to 3", l)
	}

	in := sixInput(t, "DE", "BH", "DE", "SB")
	ex, err = Explain(in, 6)
	if err != nil {
		t.Fatal(err)
	}
	// 6 met neither 1 nor 2: DE decides nothing (C.07 6.3).
	de := ex[0]
	if de.Value != 0 || len(de.Lines) != 2 || de.Lines[0].Counted || de.Lines[0].Opponent != 1 || de.Lines[1].Opponent != 2 ||
		!strings.Contains(english(de.Summary), "decides nothing") {
		t.Errorf("player 6 first DE = %+v, want two missing encounters and no decision", de)
	}
	// BH separated 6 from 1 and 2: the second DE does not concern him.
	if de := ex[2]; de.Value != 0 || len(de.Lines) != 0 || !strings.Contains(english(de.Summary), "not tied") {
		t.Errorf("player 6 second DE = %+v, want not tied", de)
	}
	ex, err = Explain(in, 1)
	if err != nil {
		t.Fatal(err)
	}
	// 1 and 2 level on BH: 2 beat 1 in round 3, 1 is second.
	if de := ex[2]; de.Value != 2 || len(de.Lines) != 1 || de.Lines[0].Round != 3 || de.Lines[0].Opponent != 2 || !de.Lines[0].Counted ||
		!strings.Contains(english(de.Summary), "place 2") {
		t.Errorf("player 1 second DE = %+v, want place 2 after losing to 2", de)
	}
}

func TestExplainErrors(t *testing.T) {
	tour, tab := crosstable(t, hpb)
	for _, pn := range []int{0, -1, 5} {
		if _, err := Explain(Input{Tournament: tour, Table: tab}, pn); err == nil || !strings.Contains(err.Error(), "1 to 4") {
			t.Errorf("Explain(%d) error = %v, want one naming the range 1 to 4", pn, err)
		}
	}
	if _, err := Explain(Input{Tournament: tour}, 1); err == nil {
		t.Error("Explain without a table succeeded, want an error")
	}
}

// english words a note as the English catalog does.
func english(t phrase.Text) string { return locale.New(locale.English).Word(t) }

// TestExplainer checks that an Explainer, ranking once, explains every
// player of each table exactly as Explain does ranking for him alone,
// and that its Explain may be called from several goroutines at once.
func TestExplainer(t *testing.T) {
	tests := []struct {
		name    string
		table   string
		edition int
		ratings []int
		codes   []string
	}{
		{"exercise", fideExercise, Edition2023, nil, []string{"BH", "BH-C1", "SB", "SB-C1", "FB", "WIN", "PS-C1", "AOB"}},
		{"worked", sixPlayers, Edition2023, sixRatings, []string{"DE", "BH", "DE", "SB", "ARO", "ARO-C1", "TPR", "AOB", "KS", "BPG"}},
		{"de-swiss", firstOnly, Edition2023, nil, []string{"DE", "BH"}},
		{"zpb", zpb, Edition2023, nil, []string{"SB-C1", "BH-C1", "DE"}},
		{"pending", pending, Edition2023, nil, []string{"BH", "WON", "DE", "FB"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tour, tab := crosstable(t, tt.table)
			tour.TiebreakEdition = tt.edition
			chain, err := ParseChain(tt.codes)
			if err != nil {
				t.Fatal(err)
			}
			in := Input{Tournament: tour, Table: tab, Ratings: tt.ratings, Chain: chain}
			x, err := NewExplainer(in)
			if err != nil {
				t.Fatal(err)
			}
			n := len(tab.Cards)
			got := make([][]Explanation, n+1)
			done := make(chan int)
			for pn := 1; pn <= n; pn++ {
				go func() {
					got[pn], _ = x.Explain(pn)
					done <- pn
				}()
			}
			for range n {
				<-done
			}
			for pn := 1; pn <= n; pn++ {
				want, err := Explain(in, pn)
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(got[pn], want) {
					t.Errorf("player %d: Explainer gives %+v, want %+v", pn, got[pn], want)
				}
			}
			for _, pn := range []int{0, n + 1} {
				if _, err := x.Explain(pn); err == nil {
					t.Errorf("Explain(%d) of %d players: no error", pn, n)
				}
			}
		})
	}
}
