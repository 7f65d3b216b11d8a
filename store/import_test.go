package store

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter"
)

// importFixture is a tournament of four players after two rounds, with a
// PAB, a half-point bye, a forfeit, a player missing from round 2 and a
// bye asked for in round 3.
func importFixture() TournamentImport {
	t := arbiter.NewTournament("Imported Open")
	t.Rounds = 4
	t.FirstColour = arbiter.White
	p := func(pn int, name, fide string, rating int) arbiter.Entry {
		return arbiter.Entry{PN: pn, JoinedRound: 1, Player: arbiter.Player{Name: name, FIDEID: fide, Rating: rating, Federation: "ITA", Sex: "M"}}
	}
	return TournamentImport{
		Source:     "open.trf",
		Method:     "trf",
		Tournament: t,
		Entries: []arbiter.Entry{
			p(1, "Rossi, Mario", "2000011", 2150), p(2, "Bianchi, Luca", "", 2050),
			p(3, "Verdi, Anna", "2000033", 1980), p(4, "Neri, Paolo", "2000044", 1890),
		},
		Rounds: []arbiter.Round{
			{Number: 1, Boards: []arbiter.Board{{Number: 1, White: 1, Black: 2, Result: arbiter.WhiteWins}},
				Byes: []arbiter.Bye{{PN: 3, Kind: arbiter.PAB}, {PN: 4, Kind: arbiter.HalfBye}}},
			{Number: 2, Boards: []arbiter.Board{{Number: 1, White: 3, Black: 1, Result: arbiter.Draw}}},
		},
		Requests: []Request{{PN: 2, Round: 3, Kind: arbiter.HalfBye}},
	}
}

func TestImportTournament(t *testing.T) {
	ctx := context.Background()
	db := mustOpenDB(t)
	// The roster knows Verdi by FIDE ID (under another spelling) and
	// Bianchi by name; a Neri with another FIDE ID is someone else.
	old := newTournament(t, db, "Club evening", 0)
	for _, p := range []arbiter.Player{
		{Name: "Verdi, A.", FIDEID: "2000033", Rating: 1900, Club: "Labyrinth"},
		{Name: "Bianchi, Luca", Rating: 0},
		{Name: "Neri, Paolo", FIDEID: "9999999"},
	} {
		if _, err := db.AddEntry(ctx, old.ID, p, AddOptions{New: true}, nil, nil); err != nil {
			t.Fatal(err)
		}
	}
	got, err := db.ImportTournament(ctx, importFixture(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if cur, _ := db.Current(ctx); cur != got.Tournament.ID {
		t.Errorf("current tournament = %d, want the imported %d", cur, got.Tournament.ID)
	}
	var fresh []bool
	for _, a := range got.Players {
		fresh = append(fresh, a.NewPlayer)
	}
	if want := []bool{true, false, false, true}; !reflect.DeepEqual(fresh, want) {
		t.Errorf("new roster players = %v, want %v (Verdi by FIDE ID, Bianchi by name)", fresh, want)
	}
	s, err := db.Snapshot(ctx, got.Tournament.ID)
	if err != nil {
		t.Fatal(err)
	}
	if s.Tournament.Rounds != 4 || s.Tournament.FirstColour != arbiter.White || len(s.Rounds) != 2 {
		t.Errorf("tournament %+v with %d rounds", s.Tournament, len(s.Rounds))
	}
	// Verdi keeps the roster's name and club, with the file's rating for
	// this tournament; Bianchi's unknown rating is filled in.
	if v := s.Entries[2].Player; v.Name != "Verdi, A." || v.Club != "Labyrinth" || v.Rating != 1980 {
		t.Errorf("entry 3 = %+v", v)
	}
	if roster, _ := db.Player(ctx, s.Entries[1].Player.ID); roster.Rating != 2050 {
		t.Errorf("Bianchi in the roster = %+v, want the rating 2050 filled in", roster)
	}
	if roster, _ := db.Player(ctx, s.Entries[2].Player.ID); roster.Rating != 1900 {
		t.Errorf("Verdi in the roster = %+v, want the club's rating 1900 kept", roster)
	}
	// Round 2: 2 and 4 were in neither a board nor a bye.
	wantByes := []arbiter.Bye{{PN: 2, Kind: arbiter.Unpaired}, {PN: 4, Kind: arbiter.Unpaired}}
	if !reflect.DeepEqual(s.Rounds[1].Byes, wantByes) {
		t.Errorf("round 2 byes = %+v, want %+v", s.Rounds[1].Byes, wantByes)
	}
	if !reflect.DeepEqual(s.Rounds[0], importFixture().Rounds[0]) {
		t.Errorf("round 1 = %+v, want %+v", s.Rounds[0], importFixture().Rounds[0])
	}
	if k := s.Request(2, 3); k != arbiter.HalfBye {
		t.Errorf("request of 2 in round 3 = %v, want H", k)
	}
	d, err := db.RoundDetail(ctx, got.Tournament.ID, 1)
	if err != nil || d.Method != "trf" {
		t.Errorf("round 1 method %q, %v", d.Method, err)
	}
	evs, err := db.Events(ctx, got.Tournament.ID)
	if err != nil {
		t.Fatal(err)
	}
	var acts []string
	for _, e := range evs {
		if e.TournamentID == got.Tournament.ID {
			acts = append(acts, e.Action)
		}
	}
	if !strings.Contains(strings.Join(acts, " "), ActTournamentImport) {
		t.Errorf("events %v, want a %s", acts, ActTournamentImport)
	}
	// The next round pairs as usual.
	if _, err := db.SavePairing(ctx, got.Tournament.ID, Pairing{Round: 3, Boards: []arbiter.Board{{Number: 1, White: 4, Black: 1}}, Byes: []arbiter.Bye{{PN: 3, Kind: arbiter.PAB}}}); err != nil {
		t.Errorf("pairing round 3 of the imported tournament: %v", err)
	}
}

func TestImportTournamentRefused(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name   string
		change func(ti *TournamentImport)
		kind   error
		want   string
	}{
		{"name taken", func(ti *TournamentImport) { ti.Tournament.Name = "club EVENING" }, ErrConflict, "the name of tournament 1"},
		{"pairing number missing", func(ti *TournamentImport) { ti.Entries[3].PN = 5 }, ErrInvalid, "run from 1 to 4"},
		{"player twice", func(ti *TournamentImport) { ti.Rounds[1].Byes = []arbiter.Bye{{PN: 3, Kind: arbiter.HalfBye}} }, ErrInvalid, "player 3 appears twice"},
		{"open board before the last round", func(ti *TournamentImport) { ti.Rounds[0].Boards[0].Result = arbiter.NoResult }, ErrInvalid, "no result"},
		{"more rounds than planned", func(ti *TournamentImport) { ti.Tournament.Rounds = 1 }, ErrInvalid, "plans only 1"},
		{"bye in a played round", func(ti *TournamentImport) { ti.Requests[0].Round = 2 }, ErrInvalid, "rounds 3 to 4"},
		{"bad rating", func(ti *TournamentImport) { ti.Entries[0].Player.Rating = 4000 }, ErrInvalid, "rating 4000"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			db := mustOpenDB(t)
			newTournament(t, db, "Club evening", 2)
			before := dump(t, db)
			ti := importFixture()
			tt.change(&ti)
			_, err := db.ImportTournament(ctx, ti, nil)
			if !errors.Is(err, tt.kind) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("ImportTournament = %v, want %v saying %q", err, tt.kind, tt.want)
			}
			if dump(t, db) != before {
				t.Errorf("the database changed")
			}
		})
	}
}

// TestSavePairingSeed checks that the seed drawn for round 1 is stored
// with it, and refused with another round.
func TestSavePairingSeed(t *testing.T) {
	ctx := context.Background()
	db := mustOpenDB(t)
	tour := newTournament(t, db, "Lot", 4)
	seed := int64(42)
	p := Pairing{Round: 1, Method: "dutch-2025", Seed: &seed,
		Boards: []arbiter.Board{{Number: 1, White: 1, Black: 3}, {Number: 2, White: 4, Black: 2}}}
	if _, err := db.SavePairing(ctx, tour.ID, p); err != nil {
		t.Fatal(err)
	}
	got, err := db.Tournament(ctx, tour.ID)
	if err != nil || got.Seed != 42 {
		t.Errorf("seed after round 1 = %d, %v; want 42", got.Seed, err)
	}
	for _, b := range p.Boards {
		if _, err := db.SetResult(ctx, tour.ID, 1, b.Number, arbiter.Draw, "", false); err != nil {
			t.Fatal(err)
		}
	}
	other := int64(43)
	p = Pairing{Round: 2, Seed: &other, Boards: []arbiter.Board{{Number: 1, White: 1, Black: 2}, {Number: 2, White: 3, Black: 4}}}
	before := dump(t, db)
	if _, err := db.SavePairing(ctx, tour.ID, p); !errors.Is(err, ErrInvalid) {
		t.Errorf("a seed with round 2: %v, want ErrInvalid", err)
	}
	if dump(t, db) != before {
		t.Errorf("the refused round 2 changed the database")
	}
}
