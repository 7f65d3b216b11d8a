package store

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/season"
)

func TestSeasonEvenings(t *testing.T) {
	db := mustOpenDB(t)
	ctx := context.Background()
	if _, err := db.FindSeason(ctx, ""); !errors.Is(err, ErrNoSeason) || !errors.Is(err, ErrNotFound) {
		t.Errorf("FindSeason with no season: err = %v, want ErrNoSeason", err)
	}
	var ts []arbiter.Tournament
	for _, n := range []string{"Labyrinth 1", "Labyrinth 2", "Labyrinth 3"} {
		x, err := db.CreateTournament(ctx, arbiter.NewTournament(n))
		if err != nil {
			t.Fatal(err)
		}
		ts = append(ts, x)
	}
	sc, _ := season.ParseScoring("places:10,8,6")
	s, err := db.CreateSeason(ctx, Season{Name: "Winter 2026", Settings: season.Settings{Scoring: sc, Best: 2, Participation: 1, Tiebreaks: season.DefaultTiebreaks()}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.CreateSeason(ctx, Season{Name: "winter 2026", Settings: season.Settings{Scoring: sc}}); !errors.Is(err, ErrConflict) {
		t.Errorf("a second season \"winter 2026\": err = %v, want ErrConflict", err)
	}
	if _, err := db.CreateSeason(ctx, Season{Name: "Bad\x07name", Settings: season.Settings{Scoring: sc}}); !errors.Is(err, ErrInvalid) {
		t.Errorf("a season name with a control character: err = %v, want ErrInvalid", err)
	}
	other, err := db.CreateSeason(ctx, Season{Name: "Rapid cup", Settings: season.Settings{Scoring: season.Scoring{Kind: season.Points}}})
	if err != nil {
		t.Fatal(err)
	}
	if err := db.AddEvenings(ctx, s.ID, ts[:2]); err != nil {
		t.Fatal(err)
	}
	// An evening can belong to several seasons.
	if err := db.AddEvenings(ctx, other.ID, ts[1:2]); err != nil {
		t.Fatal(err)
	}
	before := dump(t, db)
	for _, bad := range [][]arbiter.Tournament{
		{ts[2], ts[0]},                     // 1 is in already
		{ts[2], ts[2]},                     // 3 named twice
		{{ID: 99, Name: "Nowhere"}, ts[2]}, // no such tournament
	} {
		err := db.AddEvenings(ctx, s.ID, bad)
		if err == nil {
			t.Errorf("AddEvenings(%v) = nil, want an error", bad)
		}
		if after := dump(t, db); after != before {
			t.Errorf("AddEvenings(%v) refused (%v) but changed the database", bad, err)
		}
	}
	if err := db.AddEvenings(ctx, s.ID, ts[2:]); err != nil {
		t.Fatal(err)
	}
	got, err := db.FindSeason(ctx, "WINTER 2026")
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Evenings) != 3 || got.Evenings[0] != ts[0].ID || got.Evenings[2] != ts[2].ID ||
		got.Settings.Best != 2 || got.Settings.Participation != 1 || got.Settings.Scoring.String() != "places:10,8,6" ||
		season.FormatTiebreaks(got.Settings.Tiebreaks) != "EV,WIN,BEST,H2H" {
		t.Errorf("FindSeason = %+v", got)
	}
	// The last season made is the current one.
	if cur, err := db.FindSeason(ctx, ""); err != nil || cur.ID != other.ID {
		t.Errorf("FindSeason(\"\") = %d, %v, want %d", cur.ID, err, other.ID)
	}
	if _, err := db.FindSeason(ctx, "Summer"); !errors.Is(err, ErrNotFound) || !strings.Contains(err.Error(), `"Winter 2026"`) {
		t.Errorf("FindSeason(Summer) error = %v, want not found listing the seasons", err)
	}
	evs, err := db.Events(ctx, 0)
	if err != nil {
		t.Fatal(err)
	}
	var acts []string
	for _, e := range evs {
		if strings.HasPrefix(e.Action, "season.") {
			acts = append(acts, e.Action+" "+e.Subject+" "+e.New)
		}
	}
	want := []string{
		"season.new Winter 2026 scoring places:10,8,6, ties share, best 2, participation 1, tie-breaks EV,WIN,BEST,H2H",
		"season.new Rapid cup scoring points, ties share",
		"season.add Winter 2026 Labyrinth 1",
		"season.add Winter 2026 Labyrinth 2",
		"season.add Rapid cup Labyrinth 2",
		"season.add Winter 2026 Labyrinth 3",
	}
	if g, w := strings.Join(acts, "\n"), strings.Join(want, "\n"); g != w {
		t.Errorf("log =\n%s\nwant\n%s", g, w)
	}
}

// TestMergePlayers merges a player entered twice under two spellings:
// his entries, his requested byes and his details go to the one kept.
func TestMergePlayers(t *testing.T) {
	db := mustOpenDB(t)
	ctx := context.Background()
	t1, _ := db.CreateTournament(ctx, arbiter.NewTournament("Evening 1"))
	t2, _ := db.CreateTournament(ctx, arbiter.NewTournament("Evening 2"))
	a, err := db.AddEntry(ctx, t1.ID, arbiter.Player{Name: "Bianchi, Luca", Rating: 1850}, AddOptions{}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	other, err := db.AddEntry(ctx, t1.ID, arbiter.Player{Name: "Verdi, Anna"}, AddOptions{}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := db.AddEntry(ctx, t2.ID, arbiter.Player{Name: "Bianchi, L.", FIDEID: "2345678"}, AddOptions{New: true}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.AddEntry(ctx, t2.ID, arbiter.Player{Name: "Verdi, Anna"}, AddOptions{}, nil, nil); err != nil {
		t.Fatal(err)
	}
	if err := db.RequestBye(ctx, t2.ID, b.Entry.Player.ID, 2, arbiter.HalfBye, nil); err != nil {
		t.Fatal(err)
	}
	keep, drop := a.Entry.Player.ID, b.Entry.Player.ID

	// Two players of one evening are two people.
	before := dump(t, db)
	if _, err := db.MergePlayers(ctx, keep, other.Entry.Player.ID); !errors.Is(err, ErrConflict) || !strings.Contains(err.Error(), "Evening 1") {
		t.Errorf("merging two players of Evening 1: err = %v, want a conflict naming the evening", err)
	}
	if _, err := db.MergePlayers(ctx, keep, keep); !errors.Is(err, ErrInvalid) {
		t.Errorf("merging a player into himself: err = %v, want ErrInvalid", err)
	}
	if _, err := db.MergePlayers(ctx, keep, 999); !errors.Is(err, ErrNotFound) {
		t.Errorf("merging an unknown player: err = %v, want ErrNotFound", err)
	}
	if dump(t, db) != before {
		t.Error("a refused merge changed the database")
	}

	p, err := db.MergePlayers(ctx, keep, drop)
	if err != nil {
		t.Fatal(err)
	}
	if p.ID != keep || p.Name != "Bianchi, Luca" || p.Rating != 1850 || p.FIDEID != "2345678" {
		t.Errorf("merged player = %+v, want Bianchi, Luca 1850 with FIDE ID 2345678", p)
	}
	s, err := db.Snapshot(ctx, t2.ID)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, e := range s.Entries {
		if e.Player.ID == drop {
			t.Errorf("player %d still entered in Evening 2", drop)
		}
		if e.Player.ID == keep {
			found = true
			if s.Request(e.PN, 2) != arbiter.HalfBye {
				t.Errorf("the half-point bye of round 2 did not follow the merge")
			}
		}
	}
	if !found {
		t.Errorf("player %d not entered in Evening 2 after the merge", keep)
	}
	if _, err := db.Player(ctx, drop); !errors.Is(err, ErrNotFound) {
		t.Errorf("Player(%d) after the merge: err = %v, want ErrNotFound", drop, err)
	}
	evs, _ := db.Events(ctx, 0)
	last := evs[len(evs)-1]
	if last.Action != ActRosterMerge || !strings.Contains(last.Old, "Bianchi, L.") || !strings.Contains(last.New, "Bianchi, Luca") {
		t.Errorf("last event = %+v, want the merge", last)
	}
}

// TestMergePlayersCarriesEveryRow: a duplicate with a PIN, an absence at
// check-in and a presence mark merges (the merge failed on a foreign key,
// found by desk's TestEveningProperty): every row that names the
// duplicate names the player kept, and the database stays sound.
func TestMergePlayersCarriesEveryRow(t *testing.T) {
	db := mustOpenDB(t)
	ctx := context.Background()
	t1 := newTournament(t, db, "Evening 1", 4)
	t2 := newTournament(t, db, "Evening 2", 3)
	keep := playerID(t, db, t1.ID, 1)
	dup, err := db.AddEntry(ctx, t2.ID, arbiter.Player{Name: "Duplicate, Dora"}, AddOptions{New: true}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	drop, pn := dup.Entry.Player.ID, dup.Entry.PN
	if _, err := db.PlayerPIN(ctx, t2.ID, pn, firstFree); err != nil {
		t.Fatal(err)
	}
	if err := db.CheckIn(ctx, t2.ID, 1, nil, []int64{drop}, arbiter.ZeroBye, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := db.MarkHere(WithOrigin(ctx, arbiter.Origin{Who: "desk"}), t2.ID, []int{pn}, asPlanned); err != nil {
		t.Fatal(err)
	}
	if _, err := db.MergePlayers(ctx, keep, drop); err != nil {
		t.Fatalf("MergePlayers: %v", err)
	}
	tables, err := playerTables(ctx, db.db)
	if err != nil || len(tables) < 5 {
		t.Fatalf("tables with a player: %v, %v", tables, err)
	}
	for _, tb := range tables {
		var n int
		if err := db.db.QueryRow(`SELECT count(*) FROM `+ident(tb)+` WHERE player_id = ?`, drop).Scan(&n); err != nil || n != 0 {
			t.Errorf("%s: %d rows still name the duplicate, %v", tb, n, err)
		}
	}
	if broken, err := db.Verify(ctx); err != nil || len(broken) > 0 {
		t.Errorf("Verify = %q, %v", broken, err)
	}
}
