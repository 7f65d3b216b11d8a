package desk

import (
	"testing"

	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/labyrinth-chess/arbiter/pairing"
	"github.com/labyrinth-chess/arbiter/phrase"
)

// TestEventWords words logged changes as the store writes them: in
// Italian from the catalog, in English as kept, and a text of no known
// shape (a name) as it is.
func TestEventWords(t *testing.T) {
	rematch := pairing.Warning{Article: "C.04.1 art. 2", PN: 1,
		Text: phrase.New("pair.warn.rematch", "Board", 1, "White", "1 Bianchi, Anna", "Black", "3 Rossi, Mario", "Round", 1)}
	tests := []struct {
		e      Event
		it, en [3]string
	}{
		{Event{Action: "result.enter", Subject: "round 2 board 1 (5 Verdi, Ugo - 1 Bianchi, Anna)", New: "1/2-1/2 (time)"},
			[3]string{"risultato.inserito", "turno 2 scacchiera 1 (5 Verdi, Ugo - 1 Bianchi, Anna)", "½-½ (tempo)"},
			[3]string{"result.enter", "round 2 board 1 (5 Verdi, Ugo - 1 Bianchi, Anna)", "1/2-1/2 (time)"}},
		{Event{Action: "result.correct", Subject: "round 1 board 2", Old: "1-0", New: "+- (forfeit)"},
			[3]string{"risultato.corretto", "turno 1 scacchiera 2", "1-0 → +- (forfait)"},
			[3]string{"result.correct", "round 1 board 2", "1-0 → +- (forfeit)"}},
		{Event{Action: "round.pair", Subject: "round 1 (dutch-2025)", New: "1-3, 4-2, 5 bye, 6 H"},
			[3]string{"turno.abbinato", "turno 1 (olandese 2025)", "1-3, 4-2, 5 riposo, 6 H"},
			[3]string{"round.pair", "round 1 (dutch-2025)", "1-3, 4-2, 5 bye, 6 H"}},
		{Event{Action: "result.enter", Subject: "round 2 board 2", New: "1/2-1/2"},
			[3]string{"risultato.inserito", "turno 2 scacchiera 2", "½-½"},
			[3]string{"result.enter", "round 2 board 2", "1/2-1/2"}},
		{Event{Action: "result.correct", Subject: "round 1 board 1", Old: "1-0 1/2-1/2", New: "0-1 0-1"},
			[3]string{"risultato.corretto", "turno 1 scacchiera 1", "1-0 ½-½ → 0-1 0-1"},
			[3]string{"result.correct", "round 1 board 1", "1-0 1/2-1/2 → 0-1 0-1"}},
		// The warning a pairing was kept despite, stored as a phrase.
		{Event{Action: "round.pair", Subject: "round 2 (manual): kept despite a warning", New: rematch.Phrase().Stored()},
			[3]string{"turno.abbinato", "turno 2 (a mano): tenuto nonostante un avviso",
				"partita ripetuta sulla scacchiera 1: 1 Bianchi, Anna e 3 Rossi, Mario si sono già incontrati nel 1° turno (C.04.1 art. 2)"},
			[3]string{"round.pair", "round 2 (manual): kept despite a warning",
				"rematch on board 1: 1 Bianchi, Anna and 3 Rossi, Mario already played each other in round 1 (C.04.1 art. 2)"}},
		// One stored in English by an earlier version, shown as kept.
		{Event{Action: "round.pair", Subject: "round 3 (dutch-2025): kept despite a warning", New: "same colour"},
			[3]string{"turno.abbinato", "turno 3 (olandese 2025): tenuto nonostante un avviso", "same colour"},
			[3]string{"round.pair", "round 3 (dutch-2025): kept despite a warning", "same colour"}},
		{Event{Action: "round.pair", Subject: "round 2 (manual)", New: "1-3, 4-2"},
			[3]string{"turno.abbinato", "turno 2 (a mano)", "1-3, 4-2"},
			[3]string{"round.pair", "round 2 (manual)", "1-3, 4-2"}},
		{Event{Action: "round.pair", Subject: "round 4 (berger)", New: "1-3, 4-2"},
			[3]string{"turno.abbinato", "turno 4 (tabelle Berger)", "1-3, 4-2"},
			[3]string{"round.pair", "round 4 (berger)", "1-3, 4-2"}},
		{Event{Action: "round.pair", Subject: "round 5 (swiss-7)", New: "1-3"},
			[3]string{"turno.abbinato", "turno 5 (swiss-7)", "1-3"},
			[3]string{"round.pair", "round 5 (swiss-7)", "1-3"}},
		{Event{Action: "game.ruling", Subject: "game 1, round 1 board 1 (1 A - 3 B)", New: "mossa illegale"},
			[3]string{"partita.decisione", "partita 1, turno 1 scacchiera 1 (1 A - 3 B)", "mossa illegale"},
			[3]string{"game.ruling", "game 1, round 1 board 1 (1 A - 3 B)", "mossa illegale"}},
		{Event{Action: "tournament.new", Subject: "Open round 3", New: "7 rounds, 90'+30\", standard, tie-breaks BH DE SB"},
			[3]string{"torneo.nuovo", "Open round 3", "7 turni, 90'+30\", standard, spareggi BH DE SB"},
			[3]string{"tournament.new", "Open round 3", "7 rounds, 90'+30\", standard, tie-breaks BH DE SB"}},
		{Event{Action: "player.remove", Subject: "6 Neri, Carlo", Old: "entered", New: "removed: never played"},
			[3]string{"giocatore.tolto", "6 Neri, Carlo", "iscritto → tolto: non ha mai giocato"},
			[3]string{"player.remove", "6 Neri, Carlo", "entered → removed: never played"}},
		{Event{Action: "player.bye", Subject: "2 Rossi, Mario, round 4", Old: "H"},
			[3]string{"giocatore.riposo", "2 Rossi, Mario, turno 4", "era H"},
			[3]string{"player.bye", "2 Rossi, Mario, round 4", "was H"}},
		{Event{Action: "undo", Subject: "events 13-14", Old: "game.add round 1 board 2 (4 R - 2 C) (game 2) and 1 more change", New: "undone"},
			[3]string{"annulla", "modifiche 13-14", "partita.aggiunta turno 1 scacchiera 2 (4 R - 2 C) (partita 2) e 1 altra modifica → annullato"},
			[3]string{"undo", "events 13-14", "game.add round 1 board 2 (4 R - 2 C) (game 2) and 1 more change → undone"}},
		{Event{Action: "undo", Subject: "event 9", Old: "result.enter round 1 board 1 (1-0) and 3 more changes", New: "undone"},
			[3]string{"annulla", "modifica 9", "risultato.inserito turno 1 scacchiera 1 (1-0) e altre 3 modifiche → annullato"},
			[3]string{"undo", "event 9", "result.enter round 1 board 1 (1-0) and 3 more changes → undone"}},
		{Event{Action: "some.future", Subject: "anything", New: "kept"},
			[3]string{"some.future", "anything", "kept"},
			[3]string{"some.future", "anything", "kept"}},
	}
	it, en := locale.New(locale.Italian), locale.New(locale.English)
	for _, tt := range tests {
		for _, c := range []struct {
			l    *locale.Localizer
			want [3]string
		}{{it, tt.it}, {en, tt.en}} {
			a, s, ch := EventWords(c.l, tt.e)
			if got := [3]string{a, s, ch}; got != c.want {
				t.Errorf("EventWords(%s, %+v) = %q, want %q", c.l.Lang(), tt.e, got, c.want)
			}
		}
	}
}

// TestEventViewWordsPhrase: the JSON view of the log keeps its values in
// English, a warning stored as a phrase too.
func TestEventViewWordsPhrase(t *testing.T) {
	w := pairing.Warning{Article: "C.04.1 art. 2",
		Text: phrase.New("pair.warn.rematch", "Board", 1, "White", "1 A", "Black", "2 B", "Round", 1)}
	e := Event{Action: "round.pair", Subject: "round 2 (manual): kept despite a warning", New: w.Phrase().Stored()}
	if got, want := EventViewOf(e).New, "rematch on board 1: 1 A and 2 B already played each other in round 1 (C.04.1 art. 2)"; got != want {
		t.Errorf("EventViewOf(%q).New = %q, want %q", e.New, got, want)
	}
	e.New = "1-3, 4-2"
	if got := EventViewOf(e).New; got != e.New {
		t.Errorf("EventViewOf(%q).New = %q, want it as stored", e.New, got)
	}
}
