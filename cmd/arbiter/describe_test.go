package main

import (
	"testing"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/locale"
)

// TestDescribeTournament: the notice of tournament new and set sums up
// the settings; a round robin whose registration is open has no rounds
// yet (they are decided from the field when it closes) and will rank by
// the round-robin chain, in either language.
func TestDescribeTournament(t *testing.T) {
	swiss := arbiter.Tournament{Rounds: 7, TimeControl: "10'", Pace: arbiter.Blitz, Tiebreaks: arbiter.DefaultTiebreaks}
	rr := swiss
	rr.System = arbiter.RoundRobin
	double := rr
	double.Cycles = 2
	own := rr
	own.Tiebreaks = []string{"SB", "BH"}
	closed := rr
	closed.Closed, closed.Rounds, closed.Tiebreaks = true, 5, arbiter.RoundRobinTiebreaks
	tests := []struct {
		name   string
		t      arbiter.Tournament
		en, it string
	}{
		{"swiss", swiss, "7 rounds, 10', blitz, tie-breaks BH DE SB", "7 turni, 10', blitz, spareggi BH DE SB"},
		{"round robin", rr,
			"a round robin, its rounds set when registration closes (one fewer than the players, or as many when they are odd), 10', blitz, tie-breaks SB DE WIN KS",
			"girone all'italiana, con i turni fissati alla chiusura delle iscrizioni (uno meno dei giocatori, o quanti i giocatori se sono dispari), 10', blitz, spareggi SB DE WIN KS"},
		{"double round robin", double,
			"a double round robin, its rounds set when registration closes (two cycles, each of one round fewer than the players, or of as many rounds as players when they are odd), 10', blitz, tie-breaks SB DE WIN KS",
			"girone all'italiana doppio, con i turni fissati alla chiusura delle iscrizioni (due gironi, ognuno di tanti turni quanti i giocatori meno uno, o quanti i giocatori se sono dispari), 10', blitz, spareggi SB DE WIN KS"},
		{"round robin, the organizer's chain", own,
			"a round robin, its rounds set when registration closes (one fewer than the players, or as many when they are odd), 10', blitz, tie-breaks SB BH",
			"girone all'italiana, con i turni fissati alla chiusura delle iscrizioni (uno meno dei giocatori, o quanti i giocatori se sono dispari), 10', blitz, spareggi SB BH"},
		{"round robin closed", closed, "5 rounds, 10', blitz, tie-breaks SB DE WIN KS", "5 turni, 10', blitz, spareggi SB DE WIN KS"},
	}
	for _, tt := range tests {
		for lang, want := range map[locale.Lang]string{locale.English: tt.en, locale.Italian: tt.it} {
			if got := describeTournament(locale.New(lang), tt.t); got != want {
				t.Errorf("%s, %s: describeTournament = %q, want %q", tt.name, lang, got, want)
			}
		}
	}
}
