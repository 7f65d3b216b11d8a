package desk

import (
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/tiebreak"
	"github.com/labyrinth-chess/arbiter/trf"
)

// TRFGaps is what a tournament report file lacks for FIDE's checkers and
// rating officers.
type TRFGaps struct {
	// Edition and InForce: the C.07 edition for unplayed rounds the
	// tournament applies, and the one in force on its start date, which
	// FIDE's checkers apply to the file; both 0 when they agree or the
	// tournament has no date.
	Edition, InForce int
	// Missing are the header lines TRF-26 marks mandatory for rating (R)
	// that the file leaves empty, by their code: "012" name, "022" city,
	// "032" federation, "042" start date, "052" end date, "102" chief
	// arbiter. Only for a rating report.
	Missing []string
	// Undated is how many of the rounds 1 to n the file holds have no
	// date (line 132). Only for a rating report.
	Undated int
	// NoFIDEID names the players without a FIDE ID, whom the federation
	// registers before the report is rated (FIDE Handbook D.01.12, art.
	// 3: with name, sex and date of birth). Only for a rating report.
	NoFIDEID []string
}

// GapsOf returns what file f of tournament t after round n lacks; report
// says the file is a TRF-26 rating report, whose mandatory header lines
// are then checked too.
func GapsOf(t arbiter.Tournament, f *trf.File, n int, report bool) TRFGaps {
	var g TRFGaps
	if e := tiebreak.EditionFor(t.Date); t.Date != "" && e != t.TiebreakEdition {
		g.Edition, g.InForce = t.TiebreakEdition, e
	}
	if !report {
		return g
	}
	h := f.Header
	for _, x := range []struct {
		din, value string
	}{{"012", h.Name}, {"022", h.City}, {"032", h.Federation}, {"042", h.StartDate}, {"052", h.EndDate}, {"102", h.Arbiter}} {
		if strings.TrimSpace(x.value) == "" {
			g.Missing = append(g.Missing, x.din)
		}
	}
	dated := 0
	for r := 0; r < n && r < len(h.RoundDates); r++ {
		if strings.TrimSpace(h.RoundDates[r]) != "" {
			dated++
		}
	}
	g.Undated = max(n-dated, 0)
	for _, p := range f.Players {
		if strings.TrimSpace(p.FIDEID) == "" {
			g.NoFIDEID = append(g.NoFIDEID, p.Name)
		}
	}
	return g
}
