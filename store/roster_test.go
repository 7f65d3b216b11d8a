package store

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter"
)

// clubList is a club's list of players as read from a file.
func clubList() []ImportRow {
	return []ImportRow{
		{Line: 2, Player: arbiter.Player{Name: "Ferretti, Niccolò", Rating: 2104, Club: "Labyrinth", Federation: "ITA", Title: "CM"}},
		{Line: 3, Player: arbiter.Player{Name: "Kowalczyk, Zofia", Rating: 2051, Club: "Labyrinth", Federation: "POL", Title: "WFM"}},
		{Line: 4, Player: arbiter.Player{Name: "De Luca, Tommaso", Club: "Labyrinth"}},
	}
}

func TestImportRoster(t *testing.T) {
	db := mustOpenDB(t)
	ctx := context.Background()
	got, err := db.ImportRoster(ctx, "club.csv", clubList(), AddOptions{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range got {
		if !r.New || r.Player.ID == 0 || r.Line != clubList()[i].Line {
			t.Errorf("row %d = %+v, want a new roster player from line %d", i, r, clubList()[i].Line)
		}
	}
	roster, err := db.Roster(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(roster) != 3 {
		t.Fatalf("roster has %d players, want 3: %v", len(roster), roster)
	}

	// The same list a month later: one new rating, one name written the
	// other way round and without its accent, one new member.
	later := []ImportRow{
		{Line: 2, Player: arbiter.Player{Name: "Niccolo Ferretti", Rating: 2120}},
		{Line: 3, Player: arbiter.Player{Name: "Kowalczyk, Zofia", Rating: 2051}},
		{Line: 4, Player: arbiter.Player{Name: "Villa, Noemi", Club: "Labyrinth"}},
	}
	got, err = db.ImportRoster(ctx, "club.csv", later, AddOptions{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	type summary struct {
		name    string
		isNew   bool
		changed []string
	}
	var sums []summary
	for _, r := range got {
		sums = append(sums, summary{r.Player.Name, r.New, r.Changed})
	}
	want := []summary{
		{"Ferretti, Niccolò", false, []string{"rating"}},
		{"Kowalczyk, Zofia", false, nil},
		{"Villa, Noemi", true, nil},
	}
	if !slices.EqualFunc(sums, want, func(a, b summary) bool {
		return a.name == b.name && a.isNew == b.isNew && slices.Equal(a.changed, b.changed)
	}) {
		t.Errorf("second import = %+v, want %+v", sums, want)
	}
	if p, _ := db.Player(ctx, got[0].Player.ID); p.Rating != 2120 || p.Title != "CM" || p.Club != "Labyrinth" {
		t.Errorf("Ferretti after the update = %+v, want rating 2120 with title and club kept", p)
	}

	evs, err := db.Events(ctx, 0)
	if err != nil {
		t.Fatal(err)
	}
	var imports, edits []string
	for _, e := range evs {
		switch e.Action {
		case ActRosterImport:
			imports = append(imports, e.Subject+": "+e.New)
		case ActPlayerEdit:
			edits = append(edits, e.Subject+": "+e.Old+" -> "+e.New)
		}
		if e.TournamentID != 0 {
			t.Errorf("event %+v belongs to a tournament, want the roster alone", e)
		}
	}
	wantImports := []string{"club.csv: 3 players: 3 new, 0 updated", "club.csv: 3 players: 1 new, 1 updated"}
	if !slices.Equal(imports, wantImports) {
		t.Errorf("import events = %q, want %q", imports, wantImports)
	}
	if wantEdits := []string{"Ferretti, Niccolò: rating: 2104 -> 2120"}; !slices.Equal(edits, wantEdits) {
		t.Errorf("edit events = %q, want %q", edits, wantEdits)
	}

	// Registration finds the imported players: no new roster player.
	tour, err := db.CreateTournament(ctx, arbiter.NewTournament("Labyrinth 12 May"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"Noemi Villa", "De Luca, Tommaso", "Ferretti, Niccolo"} {
		a, err := db.AddEntry(ctx, tour.ID, arbiter.Player{Name: name}, AddOptions{}, nil, nil)
		if err != nil {
			t.Fatalf("AddEntry(%q): %v", name, err)
		}
		if a.NewPlayer {
			t.Errorf("AddEntry(%q) made a new roster player, want the imported one", name)
		}
	}
}

func TestImportRosterRefusals(t *testing.T) {
	tests := []struct {
		name string
		rows []ImportRow
		opt  AddOptions
		err  error
		msg  string // the start of the message
	}{
		{"twice in the file", []ImportRow{
			{Line: 2, Player: arbiter.Player{Name: "Rossi, Mario"}},
			{Line: 5, Player: arbiter.Player{Name: "Mario Rossi"}},
		}, AddOptions{}, ErrConflict, "line 5: Rossi, Mario is already on line 2"},
		{"a roster player twice", []ImportRow{
			{Line: 2, Player: arbiter.Player{Name: "De Luca, Tommaso"}},
			{Line: 3, Player: arbiter.Player{Name: "Tommaso De Luca", Rating: 1200}},
		}, AddOptions{}, ErrConflict, "line 3: De Luca, Tommaso is already on line 2"},
		{"bad rating", []ImportRow{
			{Line: 2, Player: arbiter.Player{Name: "Villa, Noemi"}},
			{Line: 3, Player: arbiter.Player{Name: "Conti, Elena", Rating: 9000}},
		}, AddOptions{}, ErrInvalid, "line 3: rating 9000 of Conti, Elena is out of range"},
		{"bad title", []ImportRow{{Line: 4, Player: arbiter.Player{Name: "Conti, Elena", Title: "XM"}}}, AddOptions{},
			ErrInvalid, "line 4: "},
		{"no name", []ImportRow{{Line: 9, Player: arbiter.Player{Name: "  ", Rating: 1500}}}, AddOptions{},
			ErrInvalid, "line 9: a player needs a name"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			db := mustOpenDB(t)
			ctx := context.Background()
			if _, err := db.ImportRoster(ctx, "club.csv", clubList(), AddOptions{}, nil); err != nil {
				t.Fatal(err)
			}
			before := dump(t, db)
			_, err := db.ImportRoster(ctx, "more.csv", tt.rows, tt.opt, nil)
			if !errors.Is(err, tt.err) {
				t.Fatalf("ImportRoster = %v, want %v", err, tt.err)
			}
			if !strings.HasPrefix(err.Error(), tt.msg) {
				t.Errorf("message %q, want it to start with %q", err, tt.msg)
			}
			if after := dump(t, db); after != before {
				t.Errorf("a refused import changed the database:\n%s", diffLines(before, after))
			}
		})
	}
}

// TestImportRosterNew checks that AddOptions.New adds a name that looks
// like a roster player's as someone else.
func TestImportRosterNew(t *testing.T) {
	db := mustOpenDB(t)
	ctx := context.Background()
	if _, err := db.ImportRoster(ctx, "club.csv", clubList(), AddOptions{}, nil); err != nil {
		t.Fatal(err)
	}
	rows := []ImportRow{{Line: 2, Player: arbiter.Player{Name: "Feretti, Niccolò", Rating: 1400}}}
	got, err := db.ImportRoster(ctx, "club.csv", rows, AddOptions{New: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || !got[0].New {
		t.Fatalf("ImportRoster with New = %+v, want one new player", got)
	}
	if roster, _ := db.Roster(ctx); len(roster) != 4 {
		t.Errorf("roster has %d players, want 4", len(roster))
	}
}
