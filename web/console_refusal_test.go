package web

import (
	"fmt"
	"strings"
	"testing"
)

// TestConsoleRefusedEntries: the desk's refusals of a registration, on
// the organizer's page: a row of a list names its file and line, and a
// player entered and withdrawn is offered back with a button.
func TestConsoleRefusedEntries(t *testing.T) {
	f := newConsoleFixture(t)
	org := f.organizer("en")
	org.post("/admin/new", "/admin/new", "name", "Club Night", "rounds", "3", "first-colour", "white", "lang", "en")
	for _, name := range []string{"Rossi, Mario", "Bianchi, Luca", "Verdi, Anna", "Neri, Paolo"} {
		if code, loc := org.post("/admin/players", "/admin/players/add", "name", name); code >= 400 {
			t.Fatalf("entering %s = %d %s", name, code, loc)
		}
	}
	before := len(f.snap().Entries)
	_, page := org.upload("tournament", "iscritti.csv", "name\n\"Ricci, Luca\"\n\"Verdi, Anna\"\n")
	if want := "iscritti.csv: line 3: Verdi, Anna is already entered in Club Night as player"; !strings.Contains(errorOf(page), want) {
		t.Errorf("a list with a player entered already: the page says %q, want %q", errorOf(page), want)
	}
	if n := len(f.snap().Entries); n != before {
		t.Errorf("a refused list entered players: %d entries, was %d", n, before)
	}
	if code, loc := org.post("/admin", "/admin/pair"); code >= 400 {
		t.Fatalf("pair = %d %s", code, loc)
	}
	rossi := entryOf(t, f.snap(), "Rossi, Mario")
	back := fmt.Sprintf("/admin/players/%d", rossi.PN)
	if code, loc := org.post(back, back+"/withdraw"); code >= 400 {
		t.Fatalf("withdraw = %d %s", code, loc)
	}
	if e := entryOf(t, f.snap(), "Rossi, Mario"); e.WithdrawnFrom != 2 {
		t.Fatalf("Rossi after the withdrawal: %+v", e)
	}
	_, page = org.post("/admin/players", "/admin/players/add", "name", "Rossi, Mario")
	want := fmt.Sprintf("Rossi, Mario is already entered in Club Night as player %d, withdrawn from round 2", rossi.PN)
	if !strings.Contains(errorOf(page), want) || !strings.Contains(page, "Bring Rossi, Mario back") {
		t.Errorf("entering a withdrawn player again: %q, want the refusal and the button to bring the player back:\n%s", errorOf(page), page)
	}
}
