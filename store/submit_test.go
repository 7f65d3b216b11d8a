package store

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter"
)

func TestSubmitGames(t *testing.T) {
	db := mustOpenDB(t)
	ctx := context.Background()
	tour := newTournament(t, db, "T", 4)
	pairRound(t, db, tour.ID, 1, [][2]int{{1, 3}, {2, 4}}, 0)
	mate := Submission{Round: 1, Board: 1, PGN: "1. f3 e5 2. g4 Qh4# 0-1", Letters: "en", Verdict: `{"legal":true}`,
		Ruling: "checked on the board", Result: arbiter.BlackWins, Reason: "mate"}
	dead := Submission{Round: 1, Board: 2, Result: arbiter.Draw, Reason: "dead"}
	done, err := db.SubmitGames(ctx, tour.ID, []Submission{mate, dead})
	if err != nil {
		t.Fatal(err)
	}
	if done[0].Game.ID == 0 || done[0].Same || done[0].Previous != 0 || done[0].Result.New != arbiter.BlackWins || done[0].Result.Unchanged {
		t.Errorf("board 1: %+v, want a new game and 0-1 entered", done[0])
	}
	if done[1].Game.ID != 0 || done[1].Result.New != arbiter.Draw || done[1].Result.NewReason != "dead" {
		t.Errorf("board 2: %+v, want no game and 1/2-1/2 (dead) entered", done[1])
	}
	d, err := db.RoundDetail(ctx, tour.ID, 1)
	if err != nil {
		t.Fatal(err)
	}
	if d.Boards[0].Result != arbiter.BlackWins || d.Reasons[1] != "mate" || d.Boards[1].Result != arbiter.Draw || d.Reasons[2] != "dead" {
		t.Errorf("round 1 = %+v, reasons %v", d.Boards, d.Reasons)
	}
	gs, err := db.Games(ctx, tour.ID, 1, 1)
	if err != nil || len(gs) != 1 || gs[0].PGN != mate.PGN || gs[0].Ruling != mate.Ruling || gs[0].Verdict != mate.Verdict {
		t.Errorf("Games = %+v, %v", gs, err)
	}
	var actions []string
	evs, _ := db.Events(ctx, tour.ID)
	for _, e := range evs {
		if strings.HasPrefix(e.Action, "game.") || strings.HasPrefix(e.Action, "result.") {
			actions = append(actions, e.Action+" "+e.Subject+" "+e.New)
		}
	}
	want := []string{
		"game.add round 1 board 1 (1 Player 001 - 3 Player 003) game 1",
		"game.ruling game 1, round 1 board 1 (1 Player 001 - 3 Player 003) checked on the board",
		"result.enter round 1 board 1 (1 Player 001 - 3 Player 003) 0-1 (mate)",
		"result.enter round 1 board 2 (2 Player 002 - 4 Player 004) 1/2-1/2 (dead)",
	}
	if strings.Join(actions, "\n") != strings.Join(want, "\n") {
		t.Errorf("log:\n%s\nwant:\n%s", strings.Join(actions, "\n"), strings.Join(want, "\n"))
	}

	// The same game again changes nothing; another one is kept besides.
	before := dump(t, db)
	done, err = db.SubmitGames(ctx, tour.ID, []Submission{mate})
	if err != nil || !done[0].Same || done[0].Game.ID != 0 || !done[0].Result.Unchanged {
		t.Errorf("same game again: %+v, %v; want Same and nothing changed", done, err)
	}
	if dump(t, db) != before {
		t.Error("the same game submitted again changed the database")
	}
	other := mate
	other.PGN = "1. f3 e5 2. g4 Qh4# 0-1\n"
	done, err = db.SubmitGames(ctx, tour.ID, []Submission{other})
	if err != nil || done[0].Same || done[0].Game.ID == 0 || done[0].Previous != 1 {
		t.Errorf("another game: %+v, %v; want it stored after 1 previous", done, err)
	}
}

// TestSubmitGamesAllOrNothing checks that one refused submission leaves
// the database as it was, the others included.
func TestSubmitGamesAllOrNothing(t *testing.T) {
	db := mustOpenDB(t)
	ctx := context.Background()
	tour := newTournament(t, db, "T", 4)
	pairRound(t, db, tour.ID, 1, [][2]int{{1, 3}, {2, 4}}, 0)
	if _, err := db.SetResult(ctx, tour.ID, 1, 2, arbiter.WhiteWins, "", false); err != nil {
		t.Fatal(err)
	}
	good := Submission{Round: 1, Board: 1, PGN: "1. e4 e5 1/2-1/2", Letters: "en", Result: arbiter.Draw, Reason: "agreement"}
	tests := []struct {
		name string
		bad  Submission
		want error
		msg  string
	}{
		{"different result", Submission{Round: 1, Board: 2, PGN: "1. d4 d5 0-1", Result: arbiter.BlackWins}, ErrResultEntered, "board 2 of round 1 already has 1-0 (2 Player 002 - 4 Player 004)"},
		{"no such board", Submission{Round: 1, Board: 3, PGN: "1. d4"}, ErrNoBoard, "round 1 has no board 3: its boards are 1 to 2"},
		{"round not paired", Submission{Round: 2, Board: 1, PGN: "1. d4"}, ErrNotPaired, "round 2 is not paired yet (only round 1 is)"},
		{"unknown reason", Submission{Round: 1, Board: 2, Result: arbiter.WhiteWins, Reason: "tired"}, ErrInvalid, `unknown reason "tired"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := dump(t, db)
			_, err := db.SubmitGames(ctx, tour.ID, []Submission{good, tt.bad})
			if !errors.Is(err, tt.want) || !strings.Contains(err.Error(), tt.msg) {
				t.Errorf("SubmitGames = %v, want %v saying %q", err, tt.want, tt.msg)
			}
			// A result already entered is worded by the front end in
			// its language, from the same phrase as round result's.
			var ie *InputError
			if errors.Is(tt.want, ErrResultEntered) && (!errors.As(err, &ie) || ie.Text.ID != "refuse.result.entered") {
				t.Errorf("SubmitGames = %#v, want the phrase refuse.result.entered", err)
			}
			if dump(t, db) != before {
				t.Error("a refused submission changed the database")
			}
		})
	}
}

// TestMigrateBoardsKeepsGames opens a file of schema version 1 with a
// board, its result and a game, and checks that migration 2 keeps them,
// keeps the games tied to their boards, and lets the new reasons in.
func TestMigrateBoardsKeepsGames(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "v1.db")
	ms, err := migrations()
	if err != nil {
		t.Fatal(err)
	}
	raw, err := sql.Open("sqlite", dsn(path, "rwc", busyTimeout))
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL) STRICT`,
		ms[0].sql,
		`INSERT INTO schema_migrations VALUES (1, '0001_init.sql', '2026-05-12T20:00:00Z')`,
		`INSERT INTO tournaments (id, name, rounds, laws_edition, tiebreak_edition, pairing_edition, pab_value, half_bye_value, late_value, created_at)
			VALUES (1, 'Old', 7, 2023, 2023, 2025, 2, 1, 0, 'x')`,
		`INSERT INTO players (id, name, name_key, created_at) VALUES (1, 'Rossi, Mario', 'rossi mario', 'x'), (2, 'Neri, Paolo', 'neri paolo', 'x')`,
		`INSERT INTO entries (tournament_id, player_id, pn, created_at) VALUES (1, 1, 1, 'x'), (1, 2, 2, 'x')`,
		`INSERT INTO rounds (tournament_id, number, paired_at) VALUES (1, 1, 'x')`,
		`INSERT INTO boards (tournament_id, round, board, white, black, result, reason) VALUES (1, 1, 1, 1, 2, 2, 'mate')`,
		`INSERT INTO games (id, tournament_id, round, board, pgn, created_at) VALUES (7, 1, 1, 1, '1. f3 e5 2. g4 Qh4#', '2026-05-12T21:00:00Z')`,
	} {
		if _, err := raw.ExecContext(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	raw.Close()

	db := mustOpenPath(t, path)
	if v, _ := schemaVersion(ctx, db.db); v != SchemaVersion() {
		t.Fatalf("schema version %d after opening, want %d", v, SchemaVersion())
	}
	d, err := db.RoundDetail(ctx, 1, 1)
	if err != nil || len(d.Boards) != 1 || d.Boards[0].Result != arbiter.BlackWins || d.Reasons[1] != "mate" {
		t.Errorf("board after migration: %+v %v, %v", d.Boards, d.Reasons, err)
	}
	gs, err := db.Games(ctx, 1, 1, 1)
	if err != nil || len(gs) != 1 || gs[0].ID != 7 {
		t.Errorf("games after migration: %+v, %v", gs, err)
	}
	var schema string
	db.db.QueryRowContext(ctx, `SELECT sql FROM sqlite_schema WHERE name = 'games'`).Scan(&schema)
	if strings.Contains(schema, "_v2") || !strings.Contains(schema, `REFERENCES "boards"`) {
		t.Errorf("games after migration:\n%s\nwant it to refer to boards", schema)
	}
	if _, err := db.db.ExecContext(ctx, `INSERT INTO games (tournament_id, round, board, pgn, created_at) VALUES (1, 1, 9, 'x', 'x')`); err == nil {
		t.Error("a game for a board that does not exist was stored: the foreign key is lost")
	}
	if _, err := db.SetResult(ctx, 1, 1, 1, arbiter.Draw, "fivefold", true); err != nil {
		t.Errorf("SetResult with reason fivefold: %v", err)
	}
	if _, err := db.db.ExecContext(ctx, `UPDATE boards SET reason = 'bored'`); err == nil {
		t.Error("the reason check is lost")
	}
	var idx int
	db.db.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_schema WHERE name = 'games_board'`).Scan(&idx)
	if idx != 1 {
		t.Error("index games_board is missing")
	}
}

// TestMigrateRepairsText opens a file of schema version 3 holding names
// stored raw before arbiter checked text (Windows-1252 bytes, an escape
// sequence, a bidi override, a tournament name ending in half a UTF-8
// character) and checks that migration 4 repairs them and logs each.
func TestMigrateRepairsText(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "v3.db")
	ms, err := migrations()
	if err != nil {
		t.Fatal(err)
	}
	raw, err := sql.Open("sqlite", dsn(path, "rwc", busyTimeout))
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL) STRICT`,
		ms[0].sql, ms[1].sql, ms[2].sql,
		`INSERT INTO schema_migrations VALUES (1, '0001_init.sql', 'x'), (2, '0002_game_reasons.sql', 'x'), (3, '0003_language.sql', 'x')`,
		"INSERT INTO tournaments (id, name, rounds, laws_edition, tiebreak_edition, pairing_edition, pab_value, half_bye_value, late_value, created_at) " +
			"VALUES (1, CAST(X'436C7562206E69676874C3' AS TEXT), 7, 2023, 2023, 2025, 2, 1, 0, 'x'), (2, 'Fine', 7, 2023, 2023, 2025, 2, 1, 0, 'x')",
		"INSERT INTO players (id, name, name_key, club, created_at) VALUES " +
			"(1, CAST(X'4269616E6368692C204E6963636F6CF2' AS TEXT), 'bianchi niccol', '', 'x'), " +
			"(2, 'Evil' || char(27) || ']0;pwned' || char(7) || ' Name', 'evil 0 pwned name', 'Lab' || char(8238), 'x'), " +
			"(3, 'Rossi, Mario', 'rossi mario', 'Labirinto', 'x')",
	} {
		if _, err := raw.ExecContext(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	raw.Close()

	db := mustOpenPath(t, path)
	ps, err := db.Roster(ctx)
	if err != nil {
		t.Fatal(err)
	}
	got := map[int64][2]string{}
	for _, p := range ps {
		got[p.ID] = [2]string{p.Name, p.Club}
	}
	want := map[int64][2]string{1: {"Bianchi, Niccolò", ""}, 2: {"Evil ]0;pwned Name", "Lab"}, 3: {"Rossi, Mario", "Labirinto"}}
	for id, w := range want {
		if got[id] != w {
			t.Errorf("player %d after migration = %q, want %q", id, got[id], w)
		}
	}
	var name, key string
	db.db.QueryRowContext(ctx, `SELECT name FROM tournaments WHERE id = 1`).Scan(&name)
	if name != "Club nightÃ" {
		t.Errorf("tournament 1 after migration = %q, want %q", name, "Club nightÃ")
	}
	db.db.QueryRowContext(ctx, `SELECT name_key FROM players WHERE id = 1`).Scan(&key)
	if key != arbiter.FoldName("Bianchi, Niccolò") {
		t.Errorf("name key after migration = %q", key)
	}
	evs, err := db.Events(ctx, 0)
	if err != nil {
		t.Fatal(err)
	}
	var logged []string
	for _, e := range evs {
		if e.Action == "text.repair" {
			logged = append(logged, e.Subject)
		}
	}
	wantLog := []string{"player id:1 name", "player id:2 name", "player id:2 club", "tournament 1 name"}
	if strings.Join(logged, "; ") != strings.Join(wantLog, "; ") {
		t.Errorf("repairs logged: %q, want %q", logged, wantLog)
	}
}
