package main

import (
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/locale"
)

// describeTournament sums up a tournament's settings in l's words, as the
// notices of tournament new and set say them: "7 rounds, 10', blitz,
// tie-breaks BH DE SB".
func describeTournament(l *locale.Localizer, t arbiter.Tournament) string {
	parts := []string{l.N("cli.rounds", t.Rounds)}
	if t.TimeControl != "" {
		parts = append(parts, t.TimeControl)
	}
	parts = append(parts, l.T("cli.pace."+t.Pace.String()))
	if len(t.Tiebreaks) > 0 {
		parts = append(parts, l.T("cli.tdesc.tiebreaks", "Codes", strings.Join(t.Tiebreaks, " ")))
	}
	return strings.Join(parts, ", ")
}
