package desk

import (
	"reflect"
	"testing"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/tiebreak"
	"github.com/labyrinth-chess/arbiter/trf"
)

// TestGapsOf: what a report file lacks, as an export and as a rating
// report after round 3.
func TestGapsOf(t *testing.T) {
	full := trf.Header{Name: "Club", City: "Milano", Federation: "ITA", StartDate: "2026/05/12", EndDate: "2026/05/26",
		Arbiter: "Marta", RoundDates: []string{"26/05/12", "26/05/19", "26/05/26"}}
	bare := trf.Header{Name: "Club", RoundDates: []string{"26/05/12", "", "26/05/26", "26/06/02"}}
	tests := []struct {
		name    string
		date    string
		edition int
		h       trf.Header
		report  bool
		want    TRFGaps
	}{
		{name: "the edition in force", date: "2026-05-12", edition: tiebreak.Edition2026, h: full, report: true},
		{name: "no date", edition: tiebreak.Edition2009, h: full},
		{name: "the 2023 rules in May 2026", date: "2026-05-12", edition: tiebreak.Edition2023, h: bare,
			want: TRFGaps{Edition: tiebreak.Edition2023, InForce: tiebreak.Edition2026}},
		{name: "a rating report lacking lines", date: "2022-05-12", edition: tiebreak.Edition2009, h: bare, report: true,
			want: TRFGaps{Missing: []string{"022", "032", "042", "052", "102"}, Undated: 1}},
		{name: "no round dates", date: "2026-05-12", edition: tiebreak.Edition2026, h: trf.Header{Name: "Club", City: "Milano",
			Federation: "ITA", StartDate: "2026/05/12", EndDate: "2026/05/26", Arbiter: "Marta"}, report: true,
			want: TRFGaps{Undated: 3}},
	}
	for _, tt := range tests {
		tour := arbiter.Tournament{Name: "Club", Date: tt.date, TiebreakEdition: tt.edition}
		if got := GapsOf(tour, &trf.File{Header: tt.h}, 3, tt.report); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: GapsOf = %+v, want %+v", tt.name, got, tt.want)
		}
	}
}
