package store

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/labyrinth-chess/arbiter"
)

// reseedPlayers are three roster players with a FIDE standard, a FIDE
// rapid and a national rating each.
var reseedPlayers = []arbiter.Player{
	{Name: "Rossi, Mario", Rating: 1800, RapidRating: 1700, NationalRating: 1900, FIDEID: "111", NationalID: "N1"},
	{Name: "Bianchi, Luca", Rating: 1750, RapidRating: 1820, NationalRating: 1600, FIDEID: "222", NationalID: "N2"},
	{Name: "Verdi, Anna", NationalRating: 1850, NationalID: "N3"},
}

// entriesOf returns the entries of tid as "PN name seed/fide/national".
func entriesOf(t *testing.T, db *DB, tid int64) []string {
	t.Helper()
	s, err := db.Snapshot(context.Background(), tid)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range s.Entries {
		out = append(out, fmt.Sprintf("%d %s %d/%d/%d", e.PN, e.Player.Name, e.Player.Rating, e.FIDERating, e.Player.NationalRating))
	}
	return out
}

// newSeeded makes a tournament of the ITA federation entering the three
// players, seeded by the FIDE standard rating.
func newSeeded(t *testing.T, db *DB, name string) arbiter.Tournament {
	t.Helper()
	ctx := context.Background()
	tn := arbiter.NewTournament(name)
	tn.Rounds, tn.Federation = 3, "ITA"
	tn, err := db.CreateTournament(ctx, tn)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range reseedPlayers {
		if _, err := db.AddEntry(ctx, tn.ID, p, AddOptions{}, nil, nil); err != nil {
			t.Fatal(err)
		}
	}
	return tn
}

// TestReseedOnRatingType: before round 1 a new rating type or pace seeds
// every entry again and renumbers them in the new initial order; once
// round 1 is paired the entries keep their ratings and numbers.
func TestReseedOnRatingType(t *testing.T) {
	db := mustOpenDB(t)
	ctx := context.Background()
	tn := newSeeded(t, db, "Open")
	if got, want := entriesOf(t, db, tn.ID), []string{"1 Rossi, Mario 1800/1800/1900", "2 Bianchi, Luca 1750/1750/1600", "3 Verdi, Anna 0/0/1850"}; !slices.Equal(got, want) {
		t.Fatalf("entries = %q, want %q", got, want)
	}
	steps := []struct {
		name   string
		set    func(*arbiter.Tournament)
		want   []string
		seeded int // entries whose ratings changed
	}{
		{"national rating (NRO)", func(t *arbiter.Tournament) { t.RatingType = "NRO" },
			[]string{"1 Rossi, Mario 1900/1800/1900", "2 Verdi, Anna 1850/0/1850", "3 Bianchi, Luca 1600/1750/1600"}, 3},
		{"the higher (HBFN)", func(t *arbiter.Tournament) { t.RatingType = "HBFN" },
			[]string{"1 Rossi, Mario 1900/1800/1900", "2 Verdi, Anna 1850/0/1850", "3 Bianchi, Luca 1750/1750/1600"}, 1},
		{"rapid, FIDE", func(t *arbiter.Tournament) { t.Pace, t.RatingType = arbiter.Rapid, "FIDE" },
			[]string{"1 Bianchi, Luca 1820/1820/1600", "2 Rossi, Mario 1700/1700/1900", "3 Verdi, Anna 0/0/1850"}, 3},
		{"the venue alone changes nothing", func(t *arbiter.Tournament) { t.Venue = "Circolo" },
			[]string{"1 Bianchi, Luca 1820/1820/1600", "2 Rossi, Mario 1700/1700/1900", "3 Verdi, Anna 0/0/1850"}, 0},
	}
	for _, st := range steps {
		cur, err := db.Tournament(ctx, tn.ID)
		if err != nil {
			t.Fatal(err)
		}
		st.set(&cur)
		rs, err := db.UpdateTournamentSeeds(ctx, cur, nil, nil)
		if err != nil {
			t.Fatalf("%s: %v", st.name, err)
		}
		if rs.Started || len(rs.Entries) != st.seeded {
			t.Errorf("%s: Reseed = started %v, %d entries, want %d", st.name, rs.Started, len(rs.Entries), st.seeded)
		}
		if got := entriesOf(t, db, tn.ID); !slices.Equal(got, st.want) {
			t.Errorf("%s: entries = %q, want %q", st.name, got, st.want)
		}
	}
	// Round 1 paired: the numbers and the ratings stay.
	pairRound(t, db, tn.ID, 1, [][2]int{{1, 2}}, 3)
	before := entriesOf(t, db, tn.ID)
	cur, _ := db.Tournament(ctx, tn.ID)
	cur.RatingType = "NRO"
	rs, err := db.UpdateTournamentSeeds(ctx, cur, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !rs.Started || len(rs.Entries) != 0 {
		t.Errorf("after round 1: Reseed = %+v, want started and no entry", rs)
	}
	if got := entriesOf(t, db, tn.ID); !slices.Equal(got, before) {
		t.Errorf("after round 1 entries = %q, want them kept %q", got, before)
	}
	// A club-rated tournament takes the club ratings given, and keeps
	// its seeds when they are not known.
	club := newSeeded(t, db, "Club")
	cur, _ = db.Tournament(ctx, club.ID)
	cur.RatingType = "OTHER"
	ids := map[string]int64{}
	s, _ := db.Snapshot(ctx, club.ID)
	for _, e := range s.Entries {
		ids[e.Player.Name] = e.Player.ID
	}
	if _, err := db.UpdateTournamentSeeds(ctx, cur, map[int64]int{ids["Verdi, Anna"]: 1620, ids["Rossi, Mario"]: 1510}, nil); err != nil {
		t.Fatal(err)
	}
	if got, want := entriesOf(t, db, club.ID), []string{"1 Verdi, Anna 1620/0/1850", "2 Rossi, Mario 1510/1800/1900", "3 Bianchi, Luca 0/1750/1600"}; !slices.Equal(got, want) {
		t.Errorf("club-rated entries = %q, want %q", got, want)
	}
	cur.Pace = arbiter.Blitz
	if _, err := db.UpdateTournamentSeeds(ctx, cur, nil, nil); err != nil {
		t.Fatal(err)
	}
	if got, want := entriesOf(t, db, club.ID), []string{"1 Verdi, Anna 1620/0/1850", "2 Rossi, Mario 1510/1800/1900", "3 Bianchi, Luca 0/1750/1600"}; !slices.Equal(got, want) {
		t.Errorf("club-rated entries with the club ratings not known = %q, want them kept %q", got, want)
	}
	if findings, err := db.Verify(ctx); err != nil || len(findings) > 0 {
		t.Errorf("Verify after the re-seeding = %q, %v", findings, err)
	}
}

// TestReseedOnRosterUpdate: a rating list seeds again the entries of the
// tournaments whose round 1 is not paired; a tournament under way keeps
// them and is listed as started; a finished one is not listed.
func TestReseedOnRosterUpdate(t *testing.T) {
	db := mustOpenDB(t)
	ctx := context.Background()
	done := newSeeded(t, db, "Done")
	cur, _ := db.Tournament(ctx, done.ID)
	cur.Rounds = 1
	if err := db.UpdateTournament(ctx, cur); err != nil {
		t.Fatal(err)
	}
	pairRound(t, db, done.ID, 1, [][2]int{{1, 2}}, 3)
	under := newSeeded(t, db, "Under way")
	pairRound(t, db, under.ID, 1, [][2]int{{1, 2}}, 3)
	next := newSeeded(t, db, "Next")
	keptDone, keptUnder := entriesOf(t, db, done.ID), entriesOf(t, db, under.ID)

	list := []ImportRow{
		{Line: 2, Player: arbiter.Player{Name: "ROSSI MARIO", Rating: 1700, FIDEID: "111"}},
		{Line: 3, Player: arbiter.Player{Name: "Bianchi, Luca", Rating: 1850, FIDEID: "222"}},
	}
	changed, seeds, err := db.UpdateRoster(ctx, "list.txt", 2, list)
	if err != nil {
		t.Fatal(err)
	}
	if len(changed) != 2 {
		t.Errorf("changed %d players, want 2", len(changed))
	}
	var got []string
	for _, r := range seeds {
		got = append(got, fmt.Sprintf("%s started=%v entries=%d", r.Tournament.Name, r.Started, len(r.Entries)))
	}
	if want := []string{"Under way started=true entries=0", "Next started=false entries=2"}; !slices.Equal(got, want) {
		t.Errorf("Reseeds = %q, want %q", got, want)
	}
	if got, want := entriesOf(t, db, next.ID), []string{"1 Bianchi, Luca 1850/1850/1600", "2 Rossi, Mario 1700/1700/1900", "3 Verdi, Anna 0/0/1850"}; !slices.Equal(got, want) {
		t.Errorf("the next tournament's entries = %q, want %q", got, want)
	}
	if got := entriesOf(t, db, under.ID); !slices.Equal(got, keptUnder) {
		t.Errorf("the tournament under way's entries = %q, want them kept %q", got, keptUnder)
	}
	if got := entriesOf(t, db, done.ID); !slices.Equal(got, keptDone) {
		t.Errorf("the finished tournament's entries = %q, want them kept %q", got, keptDone)
	}
	if findings, err := db.Verify(ctx); err != nil || len(findings) > 0 {
		t.Errorf("Verify after the update = %q, %v", findings, err)
	}
}
