package store

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/locale"
)

// mustOpenDB opens a fresh in-memory database with a fixed clock.
func mustOpenDB(tb testing.TB) *DB {
	tb.Helper()
	return mustOpenPath(tb, ":memory:")
}

func mustOpenPath(tb testing.TB, path string) *DB {
	tb.Helper()
	db, err := Open(context.Background(), path)
	if err != nil {
		tb.Fatalf("Open(%s): %v", path, err)
	}
	clock := time.Date(2026, 5, 12, 21, 0, 0, 0, time.UTC)
	db.Now = func() time.Time { clock = clock.Add(time.Second); return clock }
	db.Actor = "tester"
	tb.Cleanup(func() { db.Close() })
	return db
}

// dump returns the contents of every table, row by row, to compare the
// database before and after a refused command.
func dump(tb testing.TB, db *DB) string {
	tb.Helper()
	return dumpExcept(tb, db)
}

// dumpExcept is dump without the tables skip.
func dumpExcept(tb testing.TB, db *DB, skip ...string) string {
	tb.Helper()
	ctx := context.Background()
	rows, err := db.db.QueryContext(ctx, `SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name`)
	if err != nil {
		tb.Fatal(err)
	}
	var tables []string
	for rows.Next() {
		var n string
		rows.Scan(&n)
		tables = append(tables, n)
	}
	rows.Close()
	var b strings.Builder
	for _, tb2 := range tables {
		if slices.Contains(skip, tb2) {
			continue
		}
		fmt.Fprintf(&b, "== %s\n", tb2)
		rs, err := db.db.QueryContext(ctx, `SELECT * FROM "`+tb2+`" ORDER BY rowid`)
		if err != nil {
			// WITHOUT ROWID tables have none; the schema has none.
			tb.Fatalf("dump %s: %v", tb2, err)
		}
		cols, _ := rs.Columns()
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		for rs.Next() {
			if err := rs.Scan(ptrs...); err != nil {
				tb.Fatal(err)
			}
			fmt.Fprintln(&b, vals...)
		}
		rs.Close()
	}
	return b.String()
}

// newTournament creates a tournament with n players rated 2000, 1990, ...
func newTournament(tb testing.TB, db *DB, name string, n int) arbiter.Tournament {
	tb.Helper()
	ctx := context.Background()
	t, err := db.CreateTournament(ctx, arbiter.NewTournament(name))
	if err != nil {
		tb.Fatal(err)
	}
	for i := range n {
		p := arbiter.Player{Name: fmt.Sprintf("Player %03d", i+1), Rating: 2000 - 10*i}
		if _, err := db.AddEntry(ctx, t.ID, p, AddOptions{New: true}, nil, nil); err != nil {
			tb.Fatal(err)
		}
	}
	return t
}

func TestMigrationsFromEmpty(t *testing.T) {
	for _, path := range []string{":memory:", filepath.Join(t.TempDir(), "club.db")} {
		t.Run(filepath.Base(path), func(t *testing.T) {
			db := mustOpenPath(t, path)
			ctx := context.Background()
			v, err := schemaVersion(ctx, db.db)
			if err != nil {
				t.Fatal(err)
			}
			if v != SchemaVersion() || v < 1 {
				t.Errorf("schema version = %d, want %d", v, SchemaVersion())
			}
			for _, table := range []string{"players", "tournaments", "entries", "requested_byes", "rounds", "boards", "byes", "games", "events", "settings"} {
				var n int
				if err := db.db.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = ?`, table).Scan(&n); err != nil || n != 1 {
					t.Errorf("table %s: count %d, %v; want 1", table, n, err)
				}
			}
			var fk int
			if err := db.db.QueryRowContext(ctx, `PRAGMA foreign_keys`).Scan(&fk); err != nil || fk != 1 {
				t.Errorf("foreign_keys = %d, %v; want 1", fk, err)
			}
			if path != ":memory:" {
				var mode string
				if err := db.db.QueryRowContext(ctx, `PRAGMA journal_mode`).Scan(&mode); err != nil || mode != "wal" {
					t.Errorf("journal_mode = %q, %v; want wal", mode, err)
				}
			}
		})
	}
}

func TestReopenKeepsData(t *testing.T) {
	path := filepath.Join(t.TempDir(), "club.db")
	db := mustOpenPath(t, path)
	tour := newTournament(t, db, "Spring", 3)
	db.Close()
	db2 := mustOpenPath(t, path)
	s, err := db2.Snapshot(context.Background(), tour.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Entries) != 3 || s.Tournament.Name != "Spring" {
		t.Errorf("after reopening: %d entries in %q, want 3 in Spring", len(s.Entries), s.Tournament.Name)
	}
	var applied int
	db2.db.QueryRow(`SELECT count(*) FROM schema_migrations`).Scan(&applied)
	if applied != SchemaVersion() {
		t.Errorf("migrations applied = %d, want %d (each once)", applied, SchemaVersion())
	}
}

func TestNewerSchemaRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "club.db")
	db := mustOpenPath(t, path)
	if _, err := db.db.Exec(`INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, 'future.sql', 'x')`, SchemaVersion()+1); err != nil {
		t.Fatal(err)
	}
	db.Close()
	_, err := Open(context.Background(), path)
	if !errors.Is(err, ErrNewerSchema) {
		t.Fatalf("Open of a newer file = %v, want ErrNewerSchema", err)
	}
	if !strings.Contains(err.Error(), "newer arbiter") {
		t.Errorf("message %q does not tell the user to get a newer arbiter", err)
	}
}

func TestTournaments(t *testing.T) {
	db := mustOpenDB(t)
	ctx := context.Background()
	a, err := db.CreateTournament(ctx, arbiter.NewTournament("Labyrinth 12 May"))
	if err != nil {
		t.Fatal(err)
	}
	b, err := db.CreateTournament(ctx, arbiter.NewTournament("Labyrinth 19 May"))
	if err != nil {
		t.Fatal(err)
	}
	if cur, _ := db.Current(ctx); cur != b.ID {
		t.Errorf("current = %d, want the newest %d", cur, b.ID)
	}
	if _, err := db.CreateTournament(ctx, arbiter.NewTournament("labyrinth 12 MAY")); !errors.Is(err, ErrConflict) {
		t.Errorf("same name again: %v, want ErrConflict", err)
	}
	tests := []struct {
		ref  string
		want int64
		err  error
	}{
		{"Labyrinth 12 May", a.ID, nil},
		{"labyrinth 19 may", b.ID, nil},
		{fmt.Sprint(a.ID), a.ID, nil},
		{"Autumn", 0, ErrNotFound},
	}
	for _, tt := range tests {
		got, err := db.FindTournament(ctx, tt.ref)
		if !errors.Is(err, tt.err) || (tt.err == nil && got.ID != tt.want) {
			t.Errorf("FindTournament(%q) = %d, %v; want %d, %v", tt.ref, got.ID, err, tt.want, tt.err)
		}
	}
	if err := db.UseTournament(ctx, a.ID); err != nil {
		t.Fatal(err)
	}
	if cur, _ := db.Current(ctx); cur != a.ID {
		t.Errorf("after use: current = %d, want %d", cur, a.ID)
	}
	upd := a
	upd.Rounds, upd.Tiebreaks = 9, []string{"BH-C1", "SB"}
	if err := db.UpdateTournament(ctx, upd); err != nil {
		t.Fatal(err)
	}
	got, _ := db.Tournament(ctx, a.ID)
	if got.Rounds != 9 || strings.Join(got.Tiebreaks, " ") != "BH-C1 SB" {
		t.Errorf("after update: %d rounds, %v; want 9, [BH-C1 SB]", got.Rounds, got.Tiebreaks)
	}
	list, err := db.Tournaments(ctx)
	if err != nil || len(list) != 2 || !list[1].Current || list[1].ID != a.ID {
		t.Errorf("Tournaments = %+v, %v; want 2, the older current", list, err)
	}
	evs, _ := db.Events(ctx, a.ID)
	var sets []string
	for _, e := range evs {
		if e.Action == ActTournamentSet {
			sets = append(sets, e.Subject+":"+e.Old+">"+e.New)
		}
	}
	if want := "rounds:7>9 tie-breaks:BH,DE,SB>BH-C1,SB"; strings.Join(sets, " ") != want {
		t.Errorf("logged settings = %q, want %q", strings.Join(sets, " "), want)
	}
}

func TestPairingNumbers(t *testing.T) {
	db := mustOpenDB(t)
	ctx := context.Background()
	tour, _ := db.CreateTournament(ctx, arbiter.NewTournament("T"))
	add := func(name string, rating int, title arbiter.Title) Added {
		t.Helper()
		a, err := db.AddEntry(ctx, tour.ID, arbiter.Player{Name: name, Rating: rating, Title: title}, AddOptions{}, nil, nil)
		if err != nil {
			t.Fatalf("AddEntry(%s): %v", name, err)
		}
		return a
	}
	add("Zanetti, Luca", 1800, "")
	add("Bianchi, Anna", 1800, "WFM")
	add("Conti, Sara", 0, "")
	a := add("Neri, Paolo", 2000, "")
	if a.Entry.PN != 1 {
		t.Errorf("highest rated entered last got number %d, want 1", a.Entry.PN)
	}
	order := func() string {
		s, err := db.Snapshot(ctx, tour.ID)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, e := range s.Entries {
			names = append(names, strings.Split(e.Player.Name, ",")[0])
		}
		return strings.Join(names, " ")
	}
	if got, want := order(), "Neri Bianchi Zanetti Conti"; got != want {
		t.Errorf("initial order = %s, want %s", got, want)
	}
	// A rating correction before round 1 reorders.
	s, _ := db.Snapshot(ctx, tour.ID)
	conti, _ := s.Find("Conti")
	r := 2100
	if _, err := db.EditPlayer(ctx, tour.ID, conti.Player.ID, PlayerChange{Rating: &r}); err != nil {
		t.Fatal(err)
	}
	if got, want := order(), "Conti Neri Bianchi Zanetti"; got != want {
		t.Errorf("after rating change: %s, want %s", got, want)
	}
	// Withdrawing before round 1 removes the entry and closes the gap.
	zan, _ := s.Find("Zanetti")
	if _, removed, err := db.Withdraw(ctx, tour.ID, zan.Player.ID, 0, nil); err != nil || !removed {
		t.Fatalf("Withdraw before round 1 = removed %v, %v; want removed", removed, err)
	}
	if got, want := order(), "Conti Neri Bianchi"; got != want {
		t.Errorf("after withdrawal: %s, want %s", got, want)
	}
	if _, err := db.SavePairing(ctx, tour.ID, Pairing{Round: 1, Boards: []arbiter.Board{{Number: 1, White: 1, Black: 3}},
		Byes: []arbiter.Bye{{PN: 2, Kind: arbiter.PAB}}}); err != nil {
		t.Fatal(err)
	}
	// After round 1: a late entry gets the next number and joins in round 2.
	late := add("Alberti, Gianni", 2400, "IM")
	if late.Entry.PN != 4 || late.Entry.JoinedRound != 2 {
		t.Errorf("late entry: number %d from round %d, want 4 from 2", late.Entry.PN, late.Entry.JoinedRound)
	}
	r = 1500
	if _, err := db.EditPlayer(ctx, tour.ID, conti.Player.ID, PlayerChange{Rating: &r}); err != nil {
		t.Fatal(err)
	}
	if got, want := order(), "Conti Neri Bianchi Alberti"; got != want {
		t.Errorf("after round 1 numbers are fixed: %s, want %s", got, want)
	}
	s, _ = db.Snapshot(ctx, tour.ID)
	if got := s.Entries[0].Player.Rating; got != 1500 {
		t.Errorf("entry rating after edit = %d, want 1500", got)
	}
}

func TestAddEntryRoster(t *testing.T) {
	db := mustOpenDB(t)
	ctx := context.Background()
	t1, _ := db.CreateTournament(ctx, arbiter.NewTournament("Week 1"))
	first, err := db.AddEntry(ctx, t1.ID, arbiter.Player{Name: "Rossi, Mario", Rating: 1800, Club: "Labyrinth"}, AddOptions{}, nil, nil)
	if err != nil || !first.NewPlayer {
		t.Fatalf("first add: %+v, %v", first, err)
	}
	if _, err := db.AddEntry(ctx, t1.ID, arbiter.Player{Name: "Mario Rossi"}, AddOptions{}, nil, nil); !errors.Is(err, ErrConflict) {
		t.Errorf("same player twice: %v, want ErrConflict (one entry to a player)", err)
	}
	t2, _ := db.CreateTournament(ctx, arbiter.NewTournament("Week 2"))
	tests := []struct {
		name  string
		p     arbiter.Player
		opt   AddOptions
		err   error
		reuse bool
	}{
		{"same name reuses the roster player", arbiter.Player{Name: "mario rossi", Rating: 1820}, AddOptions{}, nil, true},
		{"--new adds another person", arbiter.Player{Name: "Mario Rosi"}, AddOptions{New: true}, nil, false},
		{"someone else", arbiter.Player{Name: "Bianchi, Anna"}, AddOptions{}, nil, false},
		{"bad title", arbiter.Player{Name: "Verdi, Ugo", Title: "XM"}, AddOptions{}, ErrInvalid, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, err := db.AddEntry(ctx, t2.ID, tt.p, tt.opt, nil, nil)
			if !errors.Is(err, tt.err) {
				t.Fatalf("AddEntry(%q) error = %v, want %v", tt.p.Name, err, tt.err)
			}
			if err == nil && (a.Entry.Player.ID == first.Entry.Player.ID) != tt.reuse {
				t.Errorf("AddEntry(%q) reused roster player: %v, want %v", tt.p.Name, !tt.reuse, tt.reuse)
			}
		})
	}
	p, _ := db.Player(ctx, first.Entry.Player.ID)
	if p.Rating != 1820 || p.Name != "Rossi, Mario" || p.Club != "Labyrinth" {
		t.Errorf("roster player after reuse = %+v, want rating 1820, name and club kept", p)
	}
	s1, _ := db.Snapshot(ctx, t1.ID)
	if s1.Entries[0].Player.Rating != 1800 {
		t.Errorf("week 1 keeps the rating entered with: %d, want 1800", s1.Entries[0].Player.Rating)
	}
}

func TestSimilar(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"Rossi, Mario", "Mario Rossi", true},
		{"Rossi Mario", "Mario Rossi", true},
		{"Mario Rosi", "Rossi, Mario", true},
		{"M. Rossi", "Rossi, Mario", true},
		{"Mario Rossini", "Rossi, Mario", false},
		{"Anna Bianchi", "Rossi, Mario", false},
		{"Li Na", "Li Wu", false},
		{"M. R.", "Mario Rossi", false},
		{"Nicolò D'Amato", "d'amato, nicolo", true},
		{"Müller, Jürgen", "JURGEN MULLER", true},
		// A slip in each word (issue 25): a question before entering.
		{"Ferreti, Nicolò", "Ferretti, Niccolò", true},
		{"Nicolo Feretti", "Ferretti, Niccolò", true},
		{"Rossi, Marco", "Rossi, Mario", true},
		// Two slips in one word, or short words, are other people.
		{"Ferrettini, Nicolò", "Ferretti, Niccolò", false},
		{"Li, Nan", "Lu, Nat", false},
		{"Rossi, Anna Maria", "Russo, Anna", false},
	}
	for _, tt := range tests {
		if got := Similar(tt.a, tt.b); got != tt.want {
			t.Errorf("Similar(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
		if got, want := keysOf(tt.a).same(keysOf(tt.b)), arbiter.SameName(tt.a, tt.b); got != want {
			t.Errorf("same keys of %q and %q = %v, want arbiter.SameName's %v", tt.a, tt.b, got, want)
		}
	}
}

// pairRound stores a manual round of tournament tid, failing the test on
// error.
func pairRound(tb testing.TB, db *DB, tid int64, n int, pairs [][2]int, pab int) {
	tb.Helper()
	p := Pairing{Round: n}
	for i, pr := range pairs {
		p.Boards = append(p.Boards, arbiter.Board{Number: i + 1, White: pr[0], Black: pr[1]})
	}
	if pab != 0 {
		p.Byes = []arbiter.Bye{{PN: pab, Kind: arbiter.PAB}}
	}
	if _, err := db.SavePairing(context.Background(), tid, p); err != nil {
		tb.Fatalf("SavePairing round %d: %v", n, err)
	}
}

func TestCorrectionKeepsLog(t *testing.T) {
	for _, path := range []string{":memory:", filepath.Join(t.TempDir(), "club.db")} {
		t.Run(filepath.Base(path), func(t *testing.T) {
			db := mustOpenPath(t, path)
			ctx := context.Background()
			tour := newTournament(t, db, "T", 4)
			pairRound(t, db, tour.ID, 1, [][2]int{{1, 3}, {4, 2}}, 0)
			if _, err := db.SetResult(ctx, tour.ID, 1, 1, arbiter.WhiteWins, "", false); err != nil {
				t.Fatal(err)
			}
			before := dump(t, db)
			_, err := db.SetResult(ctx, tour.ID, 1, 1, arbiter.Draw, "", false)
			if !errors.Is(err, ErrResultEntered) {
				t.Fatalf("changing a result without correct: %v, want ErrResultEntered", err)
			}
			if after := dump(t, db); after != before {
				t.Errorf("refused change altered the database:\n%s", diffLines(before, after))
			}
			c, err := db.SetResult(ctx, tour.ID, 1, 1, arbiter.Draw, "agreement", true)
			if err != nil || c.Old != arbiter.WhiteWins || c.New != arbiter.Draw {
				t.Fatalf("correction = %+v, %v", c, err)
			}
			c, err = db.SetResult(ctx, tour.ID, 1, 1, arbiter.Draw, "", false)
			if err != nil || !c.Unchanged {
				t.Errorf("same result again = %+v, %v; want unchanged", c, err)
			}
			evs, _ := db.Events(ctx, tour.ID)
			var got []string
			for _, e := range evs {
				if strings.HasPrefix(e.Action, "result.") {
					got = append(got, fmt.Sprintf("%s %s [%s -> %s] by %s", e.Action, e.Subject, e.Old, e.New, e.Who))
				}
			}
			want := []string{
				"result.enter round 1 board 1 (1 Player 001 - 3 Player 003) [ -> 1-0] by tester",
				"result.correct round 1 board 1 (1 Player 001 - 3 Player 003) [1-0 -> 1/2-1/2 (agreement)] by tester",
			}
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("result events:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			s, _ := db.Snapshot(ctx, tour.ID)
			tab, _ := s.Table(1)
			if p1, p3 := tab.Card(1).Score(), tab.Card(3).Score(); p1 != arbiter.Half || p3 != arbiter.Half {
				t.Errorf("after correction scores are %v and %v, want 0.5 each", p1, p3)
			}
			if _, err := db.db.Exec(`UPDATE events SET new_value = 'x'`); err == nil {
				t.Error("updating the event log succeeded, want it refused")
			}
			if _, err := db.db.Exec(`DELETE FROM events`); err == nil {
				t.Error("deleting from the event log succeeded, want it refused")
			}
		})
	}
}

func diffLines(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	var out []string
	for i := 0; i < max(len(al), len(bl)); i++ {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			out = append(out, fmt.Sprintf("- %s\n+ %s", x, y))
		}
	}
	return strings.Join(out, "\n")
}

// TestFailedWritesChangeNothing runs refused writes of every kind and
// checks the file is exactly as before each one.
func TestFailedWritesChangeNothing(t *testing.T) {
	db := mustOpenPath(t, filepath.Join(t.TempDir(), "club.db"))
	ctx := context.Background()
	tour := newTournament(t, db, "T", 5)
	s, _ := db.Snapshot(ctx, tour.ID)
	id := func(pn int) int64 { return s.Entries[pn-1].Player.ID }
	if err := db.RequestBye(ctx, tour.ID, id(5), 2, arbiter.HalfBye, nil); err != nil {
		t.Fatal(err)
	}
	pairRound(t, db, tour.ID, 1, [][2]int{{1, 3}, {4, 2}}, 5)
	tests := []struct {
		name string
		do   func() error
		want error
	}{
		{"result on a board that does not exist", func() error {
			_, err := db.SetResult(ctx, tour.ID, 1, 9, arbiter.WhiteWins, "", false)
			return err
		}, ErrNoBoard},
		{"result in a round not paired", func() error {
			_, err := db.SetResult(ctx, tour.ID, 2, 1, arbiter.WhiteWins, "", false)
			return err
		}, ErrNotPaired},
		{"unknown reason", func() error {
			_, err := db.SetResult(ctx, tour.ID, 1, 1, arbiter.WhiteWins, "tired", false)
			return err
		}, ErrInvalid},
		{"pairing round 2 before round 1 is finished", func() error {
			_, err := db.SavePairing(ctx, tour.ID, Pairing{Round: 2, Boards: []arbiter.Board{{Number: 1, White: 1, Black: 2}, {Number: 2, White: 3, Black: 4}}})
			return err
		}, ErrRoundOpen},
		{"duplicate registration", func() error {
			_, err := db.AddEntry(ctx, tour.ID, arbiter.Player{Name: "Player 002"}, AddOptions{}, nil, nil)
			return err
		}, ErrConflict},
		{"import with one bad row", func() error {
			_, err := db.Import(ctx, tour.ID, "x.csv", []ImportRow{{2, arbiter.Player{Name: "New One"}}, {3, arbiter.Player{Name: "Player 001"}}}, AddOptions{}, nil, nil)
			return err
		}, ErrConflict},
		{"withdraw from a paired round", func() error {
			_, _, err := db.Withdraw(ctx, tour.ID, id(2), 1, nil)
			return err
		}, ErrConflict},
		{"bye in a paired round", func() error { return db.RequestBye(ctx, tour.ID, id(2), 1, arbiter.HalfBye, nil) }, ErrConflict},
		{"bye beyond the last round", func() error { return db.RequestBye(ctx, tour.ID, id(2), 8, arbiter.HalfBye, nil) }, ErrInvalid},
		{"bye of no kind asked for", func() error { return db.RequestBye(ctx, tour.ID, id(2), 3, arbiter.PAB, nil) }, ErrInvalid},
		{"cancel a bye not asked for", func() error { return db.CancelBye(ctx, tour.ID, id(2), 3, nil) }, ErrNotFound},
		{"absent with a full point", func() error { return db.CheckIn(ctx, tour.ID, 3, nil, []int64{id(2)}, arbiter.FullBye, nil) }, ErrInvalid},
		{"a tournament without rounds", func() error {
			t2 := tour
			t2.Rounds = 0
			return db.UpdateTournament(ctx, t2)
		}, ErrInvalid},
		{"tournament name taken", func() error { _, err := db.CreateTournament(ctx, arbiter.NewTournament("t")); return err }, ErrConflict},
		{"edit to an impossible rating", func() error {
			r := -5
			_, err := db.EditPlayer(ctx, tour.ID, id(1), PlayerChange{Rating: &r})
			return err
		}, ErrInvalid},
	}
	// A plain error of what holds the tables together, beneath the
	// desk's rule, and no refusal worded for a user.
	integrity := map[string]bool{"duplicate registration": true, "import with one bad row": true, "withdraw from a paired round": true,
		"bye in a paired round": true, "bye beyond the last round": true, "bye of no kind asked for": true, "cancel a bye not asked for": true,
		"absent with a full point": true, "a tournament without rounds": true, "tournament name taken": true}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := dump(t, db)
			err := tt.do()
			if !errors.Is(err, tt.want) {
				t.Fatalf("error = %v, want %v", err, tt.want)
			}
			var ie *InputError
			if errors.As(err, &ie) == integrity[tt.name] {
				t.Errorf("error %v: an *InputError %v, want %v", err, !integrity[tt.name], !integrity[tt.name])
			}
			if after := dump(t, db); after != before {
				t.Errorf("database changed:\n%s", diffLines(before, after))
			}
		})
	}
	// With results in, the same round can no longer be unpaired.
	if _, err := db.SetResult(ctx, tour.ID, 1, 1, arbiter.WhiteWins, "", false); err != nil {
		t.Fatal(err)
	}
	before := dump(t, db)
	if _, err := db.Unpair(ctx, tour.ID); !errors.Is(err, ErrHasResults) {
		t.Errorf("Unpair with a result = %v, want ErrHasResults", err)
	}
	if after := dump(t, db); after != before {
		t.Errorf("refused unpair changed the database:\n%s", diffLines(before, after))
	}
}

func TestSavePairing(t *testing.T) {
	db := mustOpenDB(t)
	ctx := context.Background()
	tour := newTournament(t, db, "T", 6)
	s, _ := db.Snapshot(ctx, tour.ID)
	id := func(pn int) int64 { return s.Entries[pn-1].Player.ID }
	if err := db.RequestBye(ctx, tour.ID, id(6), 1, arbiter.ZeroBye, nil); err != nil {
		t.Fatal(err)
	}
	if err := db.RequestBye(ctx, tour.ID, id(3), 2, arbiter.HalfBye, nil); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		p    Pairing
		want error
	}{
		{"player left out", Pairing{Round: 1, Boards: []arbiter.Board{{Number: 1, White: 1, Black: 2}, {Number: 2, White: 3, Black: 4}}}, ErrLeftOut},
		{"player twice", Pairing{Round: 1, Boards: []arbiter.Board{{Number: 1, White: 1, Black: 2}, {Number: 2, White: 2, Black: 4}}, Byes: []arbiter.Bye{{PN: 3, Kind: arbiter.PAB}, {PN: 5, Kind: arbiter.PAB}}}, ErrInvalid},
		{"unknown number", Pairing{Round: 1, Boards: []arbiter.Board{{Number: 1, White: 1, Black: 9}}}, ErrNotFound},
		{"absent player on a board", Pairing{Round: 1, Boards: []arbiter.Board{{Number: 1, White: 1, Black: 6}}}, ErrConflict},
		{"wrong round", Pairing{Round: 2}, ErrConflict},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := dump(t, db)
			if _, err := db.SavePairing(ctx, tour.ID, tt.p); !errors.Is(err, tt.want) {
				t.Errorf("SavePairing = %v, want %v", err, tt.want)
			}
			if after := dump(t, db); after != before {
				t.Errorf("database changed:\n%s", diffLines(before, after))
			}
		})
	}
	r, err := db.SavePairing(ctx, tour.ID, Pairing{Round: 1, Method: "dutch-2025",
		Boards:     []arbiter.Board{{Number: 1, White: 1, Black: 4}, {Number: 2, White: 5, Black: 2}},
		Byes:       []arbiter.Bye{{PN: 3, Kind: arbiter.PAB}},
		BoardNotes: map[int]string{1: "S1 meets S2"}, ByeNotes: map[int]string{3: "lowest score"}})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := FormatPairing(r), "1-4, 5-2, 3 bye, 6 Z"; got != want {
		t.Errorf("stored round = %q, want %q", got, want)
	}
	d, err := db.RoundDetail(ctx, tour.ID, 1)
	if err != nil || d.Method != "dutch-2025" || d.BoardNotes[1] != "S1 meets S2" || d.ByeNotes[3] != "lowest score" {
		t.Errorf("RoundDetail = %+v, %v", d, err)
	}
	// Round 2: 3 asked for a half-point bye; 2 withdraws.
	for b, res := range []arbiter.Result{arbiter.WhiteWins, arbiter.BlackForfeit} {
		if _, err := db.SetResult(ctx, tour.ID, 1, b+1, res, "", false); err != nil {
			t.Fatal(err)
		}
	}
	if _, _, err := db.Withdraw(ctx, tour.ID, id(2), 2, nil); err != nil {
		t.Fatal(err)
	}
	s, _ = db.Snapshot(ctx, tour.ID)
	if got, want := fmt.Sprint(s.Absent(2)), "[{2 U} {3 H}]"; got != want {
		t.Errorf("Absent(2) = %s, want %s (2 unpaired, 3 half bye)", got, want)
	}
	if got, want := fmt.Sprint(s.ToPair(2)), "[1 4 5 6]"; got != want {
		t.Errorf("ToPair(2) = %s, want %s", got, want)
	}
	if _, err := db.Unpair(ctx, tour.ID); !errors.Is(err, ErrHasResults) {
		t.Errorf("Unpair round 1 with results = %v, want ErrHasResults", err)
	}
	pairRound(t, db, tour.ID, 2, [][2]int{{4, 1}, {5, 6}}, 0)
	s, _ = db.Snapshot(ctx, tour.ID)
	if got, want := FormatPairing(*s.Round(2)), "4-1, 5-6, 3 H"; got != want {
		t.Errorf("round 2 = %q, want %q", got, want)
	}
	if n, err := db.Unpair(ctx, tour.ID); n != 2 || err != nil {
		t.Errorf("Unpair = %d, %v; want 2", n, err)
	}
	s, _ = db.Snapshot(ctx, tour.ID)
	if len(s.Rounds) != 1 || s.Request(3, 2) != arbiter.HalfBye {
		t.Errorf("after unpair: %d rounds, request of 3 in round 2 %v; want 1 round, the request kept", len(s.Rounds), s.Request(3, 2))
	}
}

// TestUnpairLetsLatecomersIn: a player entered just after round 1 was
// paired plays round 1 once it is unpaired, with the number his rating
// gives.
func TestUnpairLetsLatecomersIn(t *testing.T) {
	db := mustOpenDB(t)
	ctx := context.Background()
	tour := newTournament(t, db, "T", 4)
	pairRound(t, db, tour.ID, 1, [][2]int{{1, 3}, {4, 2}}, 0)
	a, err := db.AddEntry(ctx, tour.ID, arbiter.Player{Name: "Late, Strong", Rating: 2500}, AddOptions{}, nil, nil)
	if err != nil || a.Entry.PN != 5 || a.Entry.JoinedRound != 2 {
		t.Fatalf("late entry = %+v, %v; want number 5 from round 2", a.Entry, err)
	}
	if _, err := db.Unpair(ctx, tour.ID); err != nil {
		t.Fatal(err)
	}
	s, _ := db.Snapshot(ctx, tour.ID)
	e, _ := s.Find("Late, Strong")
	if e.PN != 1 || e.JoinedRound != 1 {
		t.Errorf("after unpairing round 1 the latecomer is number %d from round %d, want 1 from 1", e.PN, e.JoinedRound)
	}
}

var english = locale.New(locale.English)

func TestCheck(t *testing.T) {
	db := mustOpenDB(t)
	ctx := context.Background()
	tour := newTournament(t, db, "T", 5)
	pairRound(t, db, tour.ID, 1, [][2]int{{1, 2}, {3, 4}}, 5)
	db.SetResult(ctx, tour.ID, 1, 1, arbiter.WhiteWins, "", false)
	db.SetResult(ctx, tour.ID, 1, 2, arbiter.WhiteForfeit, "", false)
	pairRound(t, db, tour.ID, 2, [][2]int{{1, 3}, {5, 2}}, 4)
	db.SetResult(ctx, tour.ID, 2, 1, arbiter.Draw, "", false)
	db.SetResult(ctx, tour.ID, 2, 2, arbiter.Draw, "", false)
	s, _ := db.Snapshot(ctx, tour.ID)
	// Colours played so far: 1 WW, 2 BB, 3 -B (forfeit win in round 1),
	// 4 -- (forfeit loss, PAB), 5 PAB then W.
	tests := []struct {
		name  string
		pairs [][2]int
		pabs  []int
		want  []string // articles, in order
	}{
		{"clean", [][2]int{{4, 1}, {3, 5}}, []int{2}, nil},
		{"rematch, and a bye after a forfeit win", [][2]int{{2, 1}, {4, 5}}, []int{3}, []string{"C.04.1 art. 2", "C.04.1 art. 4"}},
		{"a forfeited game may be replayed", [][2]int{{4, 3}, {5, 1}}, []int{2}, nil},
		{"third White in a row", [][2]int{{1, 4}, {5, 3}}, []int{2}, []string{"C.04.1 art. 6", "C.04.1 art. 7"}},
		{"second pairing-allocated bye", [][2]int{{4, 1}, {2, 3}}, []int{5}, []string{"C.04.1 art. 4"}},
		{"two byes in one round", [][2]int{{4, 1}}, []int{2, 5}, []string{"C.04.1 art. 4", "C.04.1 art. 3"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := Pairing{Round: 3}
			for _, pn := range tt.pabs {
				p.Byes = append(p.Byes, arbiter.Bye{PN: pn, Kind: arbiter.PAB})
			}
			for i, pr := range tt.pairs {
				p.Boards = append(p.Boards, arbiter.Board{Number: i + 1, White: pr[0], Black: pr[1]})
			}
			var got []string
			for _, w := range s.Check(p) {
				got = append(got, w.Article)
				// The catalog says it as String does, so a terminal in
				// another language words the same warning.
				if en := english.Word(w.Phrase()); en != w.String() {
					t.Errorf("the phrase of %q is %q in English", w.String(), en)
				}
			}
			if strings.Join(got, ",") != strings.Join(tt.want, ",") {
				t.Errorf("Check = %v, want %v (%v)", got, tt.want, s.Check(p))
			}
		})
	}
}

func TestBusy(t *testing.T) {
	path := filepath.Join(t.TempDir(), "club.db")
	db := mustOpenPath(t, path)
	tour := newTournament(t, db, "T", 2)
	other, err := open(context.Background(), path, 50)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	// Hold the write lock from another connection.
	tx, err := db.db.BeginTx(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	if _, err := tx.Exec(`INSERT INTO settings (key, value) VALUES ('lock', 'held')`); err != nil {
		t.Fatal(err)
	}
	_, err = other.AddEntry(context.Background(), tour.ID, arbiter.Player{Name: "Late, Comer"}, AddOptions{}, nil, nil)
	if !errors.Is(err, ErrBusy) {
		t.Fatalf("write while another holds the lock = %v, want ErrBusy", err)
	}
	if err.Error() != "another arbiter command is writing this database; try again" {
		t.Errorf("message = %q", err)
	}
	// Reads still work under WAL.
	if _, err := other.Snapshot(context.Background(), tour.ID); err != nil {
		t.Errorf("read while another writes: %v", err)
	}
}

func TestGames(t *testing.T) {
	db := mustOpenDB(t)
	ctx := context.Background()
	tour := newTournament(t, db, "T", 2)
	pairRound(t, db, tour.ID, 1, [][2]int{{1, 2}}, 0)
	g, err := db.AddGame(ctx, Game{TournamentID: tour.ID, Round: 1, Board: 1, PGN: "1. e4 e5 2. Cf3", Letters: "RDTACP", Verdict: `{"legal":true}`})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.AddGame(ctx, Game{TournamentID: tour.ID, Round: 1, Board: 2, PGN: "1. d4"}); !errors.Is(err, ErrNoBoard) {
		t.Errorf("game for a missing board: %v, want ErrNoBoard", err)
	}
	if err := db.SetRuling(ctx, g.ID, "flag fell first: 1-0"); err != nil {
		t.Fatal(err)
	}
	gs, err := db.Games(ctx, tour.ID, 1, 0)
	if err != nil || len(gs) != 1 || gs[0].Ruling != "flag fell first: 1-0" || gs[0].Letters != "RDTACP" {
		t.Errorf("Games = %+v, %v", gs, err)
	}
	if _, err := db.Unpair(ctx, tour.ID); !errors.Is(err, ErrConflict) {
		t.Errorf("Unpair with a game submitted = %v, want ErrConflict", err)
	}
}

// TestTournamentLanguage checks that the language of the sheets is stored,
// changed, logged, and refused when unknown; a tournament created without
// one prints in English.
func TestTournamentLanguage(t *testing.T) {
	ctx := context.Background()
	db := mustOpenDB(t)
	bare := arbiter.NewTournament("Bare")
	bare.Language = ""
	a, err := db.CreateTournament(ctx, bare)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := db.Tournament(ctx, a.ID); got.Language != "en" {
		t.Errorf("language of a tournament created without one = %q, want en", got.Language)
	}
	it := arbiter.NewTournament("Serata")
	it.Language = "it"
	b, err := db.CreateTournament(ctx, it)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := db.Tournament(ctx, b.ID); got.Language != "it" {
		t.Errorf("language = %q, want it", got.Language)
	}
	b.Language = "en"
	if err := db.UpdateTournament(ctx, b); err != nil {
		t.Fatal(err)
	}
	if got, _ := db.Tournament(ctx, b.ID); got.Language != "en" {
		t.Errorf("language after the update = %q, want en", got.Language)
	}
	b.Language = "de"
	// The languages are the desk's rule; beneath it the schema refuses.
	if err := db.UpdateTournament(ctx, b); err == nil {
		t.Errorf("UpdateTournament(language de) = nil, want the schema's refusal")
	}
	bad := arbiter.NewTournament("Bad")
	bad.Language = "fr"
	if _, err := db.CreateTournament(ctx, bad); err == nil {
		t.Errorf("CreateTournament(language fr) = nil, want the schema's refusal")
	}
}
