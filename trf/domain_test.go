package trf

import (
	"bytes"
	"reflect"
	"strconv"
	"testing"

	"github.com/labyrinth-chess/arbiter"
)

// TestDomain converts the example file to the domain and checks the
// mapping of each kind of block.
func TestDomain(t *testing.T) {
	f := mustRead(t, "testdata/example.trf")
	d, err := f.Domain()
	if err != nil {
		t.Fatal(err)
	}
	if d.Tournament.Name != "Circolo Demo Open" || d.Tournament.Date != "2025-03-01" || d.Tournament.Rounds != 2 || d.Tournament.FirstColour != arbiter.White {
		t.Errorf("tournament = %+v", d.Tournament)
	}
	if len(d.Entries) != 4 || d.Entries[2].Player.Name != "Verdi, Anna" || d.Entries[2].Player.Sex != "w" || d.Entries[2].Player.BirthYear != 1990 {
		t.Errorf("entries = %+v", d.Entries)
	}
	want := []arbiter.Round{
		{Number: 1, Boards: []arbiter.Board{{Number: 1, White: 1, Black: 2, Result: arbiter.WhiteWins}},
			Byes: []arbiter.Bye{{PN: 3, Kind: arbiter.PAB}, {PN: 4, Kind: arbiter.HalfBye}}},
		{Number: 2, Boards: []arbiter.Board{{Number: 1, White: 2, Black: 4, Result: arbiter.WhiteForfeit}, {Number: 2, White: 3, Black: 1, Result: arbiter.WhiteWins}}},
	}
	if !reflect.DeepEqual(d.Rounds, want) {
		t.Errorf("rounds = %+v\nwant %+v", d.Rounds, want)
	}
}

// TestDomainRoundTrip converts the domain to a file and back.
func TestDomainRoundTrip(t *testing.T) {
	tour := arbiter.NewTournament("Club")
	tour.Rounds, tour.FirstColour, tour.Date = 3, arbiter.Black, "2026-01-09"
	var entries []arbiter.Entry
	for i := 1; i <= 5; i++ {
		entries = append(entries, arbiter.Entry{PN: i, JoinedRound: 1, Player: arbiter.Player{Name: "Player " + string(rune('A'+i-1)), Rating: 2000 - 10*i}})
	}
	rounds := []arbiter.Round{
		{Number: 1, Boards: []arbiter.Board{{Number: 1, White: 1, Black: 3, Result: arbiter.Draw}, {Number: 2, White: 4, Black: 2, Result: arbiter.BlackForfeit}}, Byes: []arbiter.Bye{{PN: 5, Kind: arbiter.PAB}}},
		{Number: 2, Boards: []arbiter.Board{{Number: 1, White: 2, Black: 1, Result: arbiter.DoubleForfeit}, {Number: 2, White: 5, Black: 3, Result: arbiter.BlackWins}}, Byes: []arbiter.Bye{{PN: 4, Kind: arbiter.FullBye}}},
	}
	in := &Domain{Tournament: tour, Entries: entries, Rounds: rounds, NextByes: []arbiter.Bye{{PN: 3, Kind: arbiter.HalfBye}}}
	f, err := FromDomain(in)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := NewWriter(&buf).Write(f); err != nil {
		t.Fatal(err)
	}
	back, err := Read(&buf)
	if err != nil {
		t.Fatalf("reading %s: %v", buf.String(), err)
	}
	out, err := back.Domain()
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(out.Rounds, in.Rounds) {
		t.Errorf("rounds = %+v\nwant %+v", out.Rounds, in.Rounds)
	}
	if !reflect.DeepEqual(out.NextByes, in.NextByes) {
		t.Errorf("next byes = %+v, want %+v", out.NextByes, in.NextByes)
	}
	if out.Tournament.FirstColour != arbiter.Black || out.Tournament.Rounds != 3 || out.Tournament.Date != "2026-01-09" {
		t.Errorf("tournament = %+v", out.Tournament)
	}
	if got := back.Player(5).Points; got != 10 {
		t.Errorf("player 5 points = %v, want 1.0 (PAB and a loss)", got)
	}
}

// TestISODate checks the date forms real TRF files use.
func TestISODate(t *testing.T) {
	tests := map[string]string{
		"2025/03/01":   "2025-03-01",
		"2025.03.01":   "2025-03-01",
		"24/09/2010":   "2010-09-24",
		"28. 07. 2005": "2005-07-28",
		"May 29, 2020": "2020-05-29",
		"Sep 3, 2021":  "2021-09-03",
		"31/02/2020":   "", // no such day
		"2020":         "",
		"next Friday":  "",
	}
	for in, want := range tests {
		if got := isoDate(in); got != want {
			t.Errorf("isoDate(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestSystemCode checks the TRF-26 192 codes written for arbiter's pairing
// systems and read back (ETT26, the Tournament-Type Code Table), and the
// codes arbiter does not pair by.
func TestSystemCode(t *testing.T) {
	tests := []struct {
		name string
		set  func(*arbiter.Tournament)
		code string
	}{
		{"Dutch", func(*arbiter.Tournament) {}, "FIDE_DUTCH_2025"},
		{"Dutch 2017", func(t *arbiter.Tournament) { t.PairingEdition = 2017 }, "FIDE_DUTCH_2017"},
		{"Baku", func(t *arbiter.Tournament) { t.Accelerated = "baku" }, "FIDE_DUTCH_2025_BAKU"},
		{"Baku 2017", func(t *arbiter.Tournament) { t.Accelerated, t.PairingEdition = "baku", 2017 }, "FIDE_DUTCH_2017_BAKU"},
		{"round robin", func(t *arbiter.Tournament) { t.System, t.Cycles = arbiter.RoundRobin, 1 }, "FIDE_ROUNDROBIN"},
		{"double round robin", func(t *arbiter.Tournament) { t.System, t.Cycles = arbiter.RoundRobin, 2 }, "FIDE_DOUBLEROUNDROBIN"},
	}
	for _, tt := range tests {
		want := arbiter.NewTournament("x")
		tt.set(&want)
		if got := SystemCode(want); got != tt.code {
			t.Errorf("%s: SystemCode = %q, want %q", tt.name, got, tt.code)
		}
		got := arbiter.NewTournament("x")
		if !System(tt.code, &got) || got.System != want.System || got.PairingEdition != want.PairingEdition ||
			got.Accelerated != want.Accelerated || got.System == arbiter.RoundRobin && got.Cycles != want.Cycles {
			t.Errorf("%s: System(%q) = %+v", tt.name, tt.code, got)
		}
	}
	for _, code := range []string{"FIDE_DUTCH_2026", "fide_dutch", "FIDE_DUTCH_2026_BAKU"} {
		var got arbiter.Tournament
		if !System(code, &got) || got.PairingEdition != 2025 {
			t.Errorf("System(%q) = %+v, want the Dutch rules in force", code, got)
		}
	}
	for _, code := range []string{"FIDE_DUBOV", "CUSTOM_SWISS", "FIDE_TEAM_MP", "BERGER_ROUNDROBIN_G2", "FIDE_ROUNDROBIN_BAKU", ""} {
		got := arbiter.NewTournament("x")
		if System(code, &got) || got.System != arbiter.Swiss || got.Accelerated != "" {
			t.Errorf("System(%q) = true or changed the tournament: %+v", code, got)
		}
	}
}

// TestPace checks the rate of play read from the type of tournament (092)
// or, failing that, from the encoded time control (222) by the FIDE Laws'
// definitions: 10 minutes or less for 60 moves blitz (B.1), under 60
// minutes rapid (A.1), standard otherwise.
func TestPace(t *testing.T) {
	tests := []struct {
		typ, code string
		want      arbiter.Pace
		ok        bool
	}{
		{"Individual: Swiss-System (FIDE Dutch), blitz", "5400+30", arbiter.Blitz, true},
		{"Individual: Swiss-System (FIDE Dutch), rapid", "", arbiter.Rapid, true},
		{"Standard Open", "180+2", arbiter.Standard, true},
		{"Individual: Swiss-System", "5400+30", arbiter.Standard, true}, // 90' + 30" × 60 = 120'
		{"Individual: Swiss-System", "40/6000+30:900+30", arbiter.Standard, true},
		{"", "600", arbiter.Blitz, true},   // 10' exactly
		{"", "180+2", arbiter.Blitz, true}, // 3' + 2" × 60 = 5'
		{"", "300+5", arbiter.Blitz, true}, // 5' + 5" × 60 = 10': still blitz
		{"", "420+5", arbiter.Rapid, true}, // 7' + 5' = 12'
		{"", "3599", arbiter.Rapid, true},
		{"", "900+10", arbiter.Rapid, true},     // 15' + 10' = 25'
		{"", "3000+10", arbiter.Standard, true}, // 50' + 10' = 60'
		{"", "W300-B240", arbiter.Blitz, true},  // Armageddon: White's 5'
		{"Individual: Swiss-System", "", arbiter.Standard, false},
		{"", "ninety minutes", arbiter.Standard, false},
	}
	for _, tt := range tests {
		got, ok := Pace(tt.typ, tt.code)
		if got != tt.want || ok != tt.ok {
			t.Errorf("Pace(%q, %q) = %v, %v; want %v, %v", tt.typ, tt.code, got, ok, tt.want, tt.ok)
		}
	}
}

// TestBirthDate checks the date of birth of the 001 line (TRF-26 columns
// 70-79, YYYY/MM/DD): a full date reads as the date and its year, a year
// alone as the year, and FromDomain writes back what it was given.
func TestBirthDate(t *testing.T) {
	tests := []struct {
		birth, date string
		year        int
	}{
		{"1985/11/03", "1985-11-03", 1985},
		{"1990", "", 1990},
		{"1990/02/30", "", 1990}, // no such day
		{"", "", 0},
	}
	for _, tt := range tests {
		f := &File{Header: Header{Name: "x"}, Points: DefaultPoints, Players: []Player{{ID: 1, Name: "A, B", Birth: tt.birth}}}
		d, err := f.Domain()
		if err != nil {
			t.Fatal(err)
		}
		p := d.Entries[0].Player
		if p.BirthDate != tt.date || p.BirthYear != tt.year {
			t.Errorf("birth %q read as %q, %d; want %q, %d", tt.birth, p.BirthDate, p.BirthYear, tt.date, tt.year)
		}
		back, err := FromDomain(d)
		if err != nil {
			t.Fatal(err)
		}
		want := tt.birth
		if tt.date == "" && tt.year != 0 {
			want = strconv.Itoa(tt.year)
		}
		if got := back.Players[0].Birth; got != want {
			t.Errorf("birth %q written back as %q, want %q", tt.birth, got, want)
		}
	}
}

// TestFIDERatingColumn: the 001 rating is the FIDE rating the player
// entered with, whatever rating the tournament seeds by (172), and 072
// counts the FIDE-rated; an entry that does not say its FIDE rating, in
// a tournament seeded by the FIDE rating, has its seeding rating. A file
// read back gives each entry the file's rating as its FIDE rating.
func TestFIDERatingColumn(t *testing.T) {
	tests := []struct {
		name       string
		ratingType string
		entries    []arbiter.Entry
		ratings    []int
		rated      string
	}{
		{"seeded by the national rating", "NRO", []arbiter.Entry{
			{PN: 1, Player: arbiter.Player{Name: "A", Rating: 1900, NationalRating: 1900}, FIDERating: 1800},
			{PN: 2, Player: arbiter.Player{Name: "B", Rating: 1850, NationalRating: 1850}},
			{PN: 3, Player: arbiter.Player{Name: "C", Rating: 1600, NationalRating: 1600}, FIDERating: 1750},
		}, []int{1800, 0, 1750}, "2"},
		{"seeded by the FIDE rating, FIDE rating not given", "", []arbiter.Entry{
			{PN: 1, Player: arbiter.Player{Name: "A", Rating: 1900}},
			{PN: 2, Player: arbiter.Player{Name: "B"}},
		}, []int{1900, 0}, "1"},
		{"rapid, FIDE", "FIDE", []arbiter.Entry{
			{PN: 1, Player: arbiter.Player{Name: "A", Rating: 1700, RapidRating: 1700}, FIDERating: 1700},
		}, []int{1700}, "1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tour := arbiter.NewTournament("Club")
			tour.Rounds, tour.Federation, tour.RatingType = 1, "ITA", tt.ratingType
			for i := range tt.entries {
				tt.entries[i].JoinedRound = 1
			}
			f, err := FromDomain(&Domain{Tournament: tour, Entries: tt.entries})
			if err != nil {
				t.Fatal(err)
			}
			var got []int
			for _, p := range f.Players {
				got = append(got, p.Rating)
			}
			if !reflect.DeepEqual(got, tt.ratings) || f.Header.Rated != tt.rated {
				t.Errorf("001 ratings %v, 072 %q; want %v, %q", got, f.Header.Rated, tt.ratings, tt.rated)
			}
			d, err := f.Domain()
			if err != nil {
				t.Fatal(err)
			}
			for i, e := range d.Entries {
				if e.FIDERating != tt.ratings[i] {
					t.Errorf("read back, entry %d has FIDE rating %d, want %d", e.PN, e.FIDERating, tt.ratings[i])
				}
			}
		})
	}
}
