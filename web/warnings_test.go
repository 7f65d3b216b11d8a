package web

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// TestConsoleKeptWarningsItalian: a board swapped by hand into two
// rematches, on an Italian organizer's page: the refusal names the round
// and the warnings in Italian, the button keeps the pairing, and the log
// page words what was kept in Italian too.
func TestConsoleKeptWarningsItalian(t *testing.T) {
	f := newConsoleFixture(t)
	org := f.organizer("it")
	org.post("/admin/new", "/admin/new", "name", "Serata", "rounds", "3", "first-colour", "white", "lang", "it")
	for _, name := range []string{"Rossi, Mario", "Bianchi, Luca", "Verdi, Anna", "Neri, Paolo"} {
		if code, loc := org.post("/admin/players", "/admin/players/add", "name", name); code >= 400 {
			t.Fatalf("entering %s = %d %s", name, code, loc)
		}
	}
	if code, loc := org.post("/admin", "/admin/pair"); code >= 400 {
		t.Fatalf("pair round 1 = %d %s", code, loc)
	}
	org.post("/admin", "/admin/result", "round", "1", "board", "1", "result", "1-0")
	org.post("/admin", "/admin/result", "round", "1", "board", "2", "result", "1/2")
	if code, loc := org.post("/admin", "/admin/pair"); code >= 400 {
		t.Fatalf("pair round 2 = %d %s", code, loc)
	}
	s := f.snap()
	first, second := s.Rounds[0].Boards[0], s.Rounds[1].Boards
	// The board of round 2 where round 1's first White sits, and the
	// opponent there: swapping that opponent with round 1's first Black
	// makes both boards rematches of round 1.
	board, opp := 0, 0
	for _, b := range second {
		switch first.White {
		case b.White:
			board, opp = b.Number, b.Black
		case b.Black:
			board, opp = b.Number, b.White
		}
	}
	if board == 0 || opp == first.Black {
		t.Fatalf("round 2 %+v after round 1 %+v: no swap makes a rematch", second, first)
	}
	path := fmt.Sprintf("/admin/board/%d", board)
	code, page := org.post(path, path+"/edit", "swap", "1", "a", fmt.Sprint(first.Black), "b", fmt.Sprint(opp))
	if code != http.StatusConflict {
		t.Fatalf("a swap into two rematches = %d, want %d (refused):\n%s", code, http.StatusConflict, page)
	}
	msg := errorOf(page)
	for _, want := range []string{"il 2° turno non è stato cambiato: 2 avvisi: partita ripetuta sulla scacchiera", "(C.04.1 art. 2); partita ripetuta", "Mantieni comunque"} {
		if !strings.Contains(msg, want) && !strings.Contains(page, want) {
			t.Errorf("the refusal = %q, want it to say %q", msg, want)
		}
	}
	for _, en := range []string{"warning", "rematch", "not changed", "--force"} {
		if strings.Contains(msg, en) {
			t.Errorf("the refusal = %q: English %q in an Italian page", msg, en)
		}
	}
	if code, loc := org.post(path, path+"/edit", "swap", "1", "a", fmt.Sprint(first.Black), "b", fmt.Sprint(opp), "force", "1"); code >= 400 {
		t.Fatalf("keeping the swap = %d %s", code, loc)
	}
	_, log := org.get("/admin/log")
	for _, want := range []string{"tenuto nonostante un avviso", "partita ripetuta sulla scacchiera", "risultato.inserito", "½-½"} {
		if !strings.Contains(log, want) {
			t.Errorf("the log page does not say %q:\n%s", want, log)
		}
	}
	for _, en := range []string{"kept despite", "rematch on board", "already played", "result.enter"} {
		if strings.Contains(log, en) {
			t.Errorf("the log page says %q in English:\n%s", en, log)
		}
	}
}
