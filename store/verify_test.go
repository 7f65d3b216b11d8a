package store

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"

	"github.com/labyrinth-chess/arbiter"
)

// TestEveryEventKindReplays reads the package's source: every event kind
// (a constant named Act...) has a replay rule, and every event is logged
// under such a constant, so that arbiter check knows every kind of write
// there is. logEvent refuses a kind without a rule at run time too.
func TestEveryEventKindReplays(t *testing.T) {
	fset := token.NewFileSet()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]string{} // constant: value
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.ValueSpec:
				for i, id := range n.Names {
					if !strings.HasPrefix(id.Name, "Act") || i >= len(n.Values) {
						continue
					}
					if lit, ok := n.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
						v, _ := strconv.Unquote(lit.Value)
						kinds[id.Name] = v
					}
				}
			case *ast.CallExpr:
				sel, ok := n.Fun.(*ast.SelectorExpr)
				if !ok || (sel.Sel.Name != "logEvent" && sel.Sel.Name != "logEventAs") {
					return true
				}
				arg := 3 // ctx, tx, tid, action
				if sel.Sel.Name == "logEventAs" {
					arg = 4 // ctx, tx, who, tid, action
				}
				if len(n.Args) <= arg {
					return true
				}
				switch a := n.Args[arg].(type) {
				case *ast.Ident:
					if !strings.HasPrefix(a.Name, "Act") && a.Name != "action" {
						t.Errorf("%s: an event logged as %s: log it under an Act constant", fset.Position(n.Pos()), a.Name)
					}
				default:
					t.Errorf("%s: an event logged under an expression: log it under an Act constant", fset.Position(n.Pos()))
				}
			}
			return true
		})
	}
	if len(kinds) < 40 {
		t.Fatalf("found %d event kinds in the source, want the 40 and more there are", len(kinds))
	}
	var missing []string
	for name, v := range kinds {
		if _, ok := replayRules[v]; !ok {
			missing = append(missing, name+" ("+v+")")
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("event kinds without a replay rule in verify.go: %s", strings.Join(missing, ", "))
	}
	// And at run time.
	db := mustOpenDB(t)
	err = db.write(context.Background(), func(tx *sql.Tx) error {
		return db.logEvent(context.Background(), tx, 0, "made.up", "", "", "")
	})
	if err == nil || !strings.Contains(err.Error(), "no replay rule") {
		t.Errorf("logging a kind with no replay rule = %v, want a refusal", err)
	}
}

// TestVerifyAfterEveryMistakePutRight is issue 25's first reproduction
// and its kin: undoing a result, a correction, a pairing, a withdrawal or
// a removal, a player back from a withdrawal, a round changed in place,
// a game taken off its board, a player removed after round 1 left the
// database sound, and Verify must say so; a backup must work.
func TestVerifyAfterEveryMistakePutRight(t *testing.T) {
	ctx := context.Background()
	undo := func(db *DB, tid int64) error { _, err := db.Undo(ctx, tid, 0, true); return err }
	tests := []struct {
		name string
		do   func(db *DB, tid int64) error
	}{
		{"undo a result", func(db *DB, tid int64) error {
			if _, err := db.SetResult(ctx, tid, 1, 1, arbiter.WhiteWins, "", false); err != nil {
				return err
			}
			return undo(db, tid)
		}},
		{"undo a correction", func(db *DB, tid int64) error {
			if _, err := db.SetResult(ctx, tid, 1, 1, arbiter.WhiteWins, "", false); err != nil {
				return err
			}
			if _, err := db.SetResult(ctx, tid, 1, 1, arbiter.Draw, "", true); err != nil {
				return err
			}
			return undo(db, tid)
		}},
		{"undo a pairing", func(db *DB, tid int64) error {
			finishRound(t, db, tid, 1)
			pairRound(t, db, tid, 2, [][2]int{{1, 2}, {3, 4}, {5, 6}}, 0)
			return undo(db, tid)
		}},
		{"undo an unpairing", func(db *DB, tid int64) error {
			if _, err := db.Unpair(ctx, tid); err != nil {
				return err
			}
			return undo(db, tid)
		}},
		{"undo a withdrawal", func(db *DB, tid int64) error {
			if _, _, err := db.Withdraw(ctx, tid, playerID(t, db, tid, 2), 0, nil); err != nil {
				return err
			}
			return undo(db, tid)
		}},
		{"undo a removal", func(db *DB, tid int64) error {
			if _, err := db.Remove(ctx, tid, playerID(t, db, tid, 6), noPart); err != nil {
				return err
			}
			return undo(db, tid)
		}},
		{"remove after round 1, the numbers after moving up", func(db *DB, tid int64) error {
			_, err := db.Remove(ctx, tid, playerID(t, db, tid, 6), noPart)
			return err
		}},
		{"remove a withdrawn player who never played", func(db *DB, tid int64) error {
			id := playerID(t, db, tid, 6)
			if _, _, err := db.Withdraw(ctx, tid, id, 0, nil); err != nil {
				return err
			}
			_, err := db.Remove(ctx, tid, id, noPart)
			return err
		}},
		{"player return", func(db *DB, tid int64) error {
			id := playerID(t, db, tid, 2)
			finishRound(t, db, tid, 1)
			if _, _, err := db.Withdraw(ctx, tid, id, 2, nil); err != nil {
				return err
			}
			pairRound(t, db, tid, 2, [][2]int{{1, 3}, {4, 5}}, 6)
			_, err := db.Return(ctx, tid, id, 3, returnAs(arbiter.ZeroBye))
			return err
		}},
		{"undo a player return", func(db *DB, tid int64) error {
			id := playerID(t, db, tid, 2)
			finishRound(t, db, tid, 1)
			if _, _, err := db.Withdraw(ctx, tid, id, 2, nil); err != nil {
				return err
			}
			pairRound(t, db, tid, 2, [][2]int{{1, 3}, {4, 5}}, 6)
			if _, err := db.Return(ctx, tid, id, 3, returnAs(arbiter.HalfBye)); err != nil {
				return err
			}
			return undo(db, tid)
		}},
		{"round changed in place", func(db *DB, tid int64) error {
			_, err := db.SavePairing(ctx, tid, Pairing{Round: 1, Replace: true, Boards: []arbiter.Board{{Number: 1, White: 2, Black: 1}, {Number: 2, White: 4, Black: 5}}})
			return err
		}},
		{"undo a round changed in place", func(db *DB, tid int64) error {
			if _, err := db.SavePairing(ctx, tid, Pairing{Round: 1, Replace: true, Boards: []arbiter.Board{{Number: 1, White: 2, Black: 1}, {Number: 2, White: 4, Black: 5}}}); err != nil {
				return err
			}
			return undo(db, tid)
		}},
		{"game taken off and attached again", func(db *DB, tid int64) error {
			if err := submitGame(db, tid, 1, 1); err != nil {
				return err
			}
			if _, _, err := db.RemoveGames(ctx, tid, 1, 1); err != nil {
				return err
			}
			return submitGame(db, tid, 1, 1) // the same game number again
		}},
		{"undo a game taken off", func(db *DB, tid int64) error {
			if err := submitGame(db, tid, 1, 2); err != nil {
				return err
			}
			if _, _, err := db.RemoveGames(ctx, tid, 1, 2); err != nil {
				return err
			}
			return undo(db, tid)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			db := mustOpenPath(t, filepath.Join(dir, "club.db"))
			tour := newTournament(t, db, "T", 6)
			for _, pn := range []int{3, 6} { // known absences (C.04.2 art. 3.3)
				if err := db.RequestBye(ctx, tour.ID, playerID(t, db, tour.ID, pn), 1, arbiter.ZeroBye, nil); err != nil {
					t.Fatal(err)
				}
			}
			pairRound(t, db, tour.ID, 1, [][2]int{{1, 4}, {5, 2}}, 0)
			if err := tt.do(db, tour.ID); err != nil {
				t.Fatal(err)
			}
			if broken, err := db.Verify(ctx); err != nil || len(broken) > 0 {
				t.Fatalf("Verify = %q, %v; want a sound database", broken, err)
			}
			if err := db.Backup(ctx, filepath.Join(dir, "copy.db"), false); err != nil {
				t.Fatalf("Backup = %v", err)
			}
		})
	}
}

// playerID returns the roster ID of player pn of tournament tid.
func playerID(t *testing.T, db *DB, tid int64, pn int) int64 {
	t.Helper()
	s, err := db.Snapshot(context.Background(), tid)
	if err != nil {
		t.Fatal(err)
	}
	return s.Entries[pn-1].Player.ID
}

// finishRound enters a draw on every board of round n without one.
func finishRound(t *testing.T, db *DB, tid int64, n int) {
	t.Helper()
	s, err := db.Snapshot(context.Background(), tid)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range s.Rounds[n-1].Boards {
		if b.Result == arbiter.NoResult {
			if _, err := db.SetResult(context.Background(), tid, n, b.Number, arbiter.Draw, "", false); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func submitGame(db *DB, tid int64, n, b int) error {
	_, err := db.SubmitGames(context.Background(), tid, []Submission{{Round: n, Board: b, PGN: "1. e4 e5 1/2-1/2", Verdict: `{"legal":true,"result":"1/2-1/2"}`, Result: arbiter.Draw}})
	return err
}

// cutCtx is a context cancelled at its n-th look (Done or Err): run once
// for every n, an operation is interrupted at each of its steps in turn.
type cutCtx struct {
	context.Context
	cancel context.CancelFunc
	mu     sync.Mutex
	left   int
}

func cutAfter(n int) *cutCtx {
	ctx, cancel := context.WithCancel(context.Background())
	return &cutCtx{Context: ctx, cancel: cancel, left: n}
}

func (c *cutCtx) look() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.left--; c.left == 0 {
		c.cancel()
	}
}

func (c *cutCtx) Done() <-chan struct{} { c.look(); return c.Context.Done() }
func (c *cutCtx) Err() error            { c.look(); return c.Context.Err() }

// TestVerifyInterrupted is issue 25's second reproduction: a check or a
// backup cut short (Ctrl-C) at any step is interrupted, and never finds
// the database damaged; a backup cut short leaves no file behind.
func TestVerifyInterrupted(t *testing.T) {
	dir := t.TempDir()
	db := mustOpenPath(t, filepath.Join(dir, "club.db"))
	tour := newTournament(t, db, "T", 6)
	pairRound(t, db, tour.ID, 1, [][2]int{{1, 4}, {5, 2}, {3, 6}}, 0)
	finishRound(t, db, tour.ID, 1)
	if _, err := db.Undo(context.Background(), tour.ID, 0, true); err != nil {
		t.Fatal(err)
	}
	for n := 1; ; n++ {
		if n > 100000 {
			t.Fatal("Verify never finished")
		}
		ctx := cutAfter(n)
		broken, err := db.Verify(ctx)
		if ctx.Context.Err() == nil {
			if err != nil || len(broken) > 0 {
				t.Fatalf("Verify = %q, %v; want a sound database", broken, err)
			}
			t.Logf("Verify interrupted at each of its %d steps", n-1)
			break
		}
		if len(broken) > 0 || !errors.Is(err, context.Canceled) {
			t.Fatalf("Verify cut at step %d = %q, %v; want context.Canceled and no finding", n, broken, err)
		}
	}
	// The backup's own steps come first (the copy, its opening); the
	// check of the copy is Verify's, cut at each step above: every
	// fifth of those will do.
	dest := filepath.Join(dir, "copy.db")
	for n := 1; ; n += 1 + 4*min(1, n/40) {
		if n > 100000 {
			t.Fatal("Backup never finished")
		}
		ctx := cutAfter(n)
		err := db.Backup(ctx, dest, false)
		if ctx.Context.Err() == nil {
			if err != nil {
				t.Fatalf("Backup = %v", err)
			}
			t.Logf("Backup finished after %d steps", n-1)
			break
		}
		if err == nil {
			// Cut after its last look: the copy is whole.
			os.Remove(dest)
			continue
		}
		if errors.Is(err, ErrDamaged) || !errors.Is(err, context.Canceled) || strings.Contains(err.Error(), "damaged") {
			t.Fatalf("Backup cut at step %d = %v; want context.Canceled, not damage", n, err)
		}
		if _, err := os.Stat(dest); !errors.Is(err, os.ErrNotExist) {
			t.Fatalf("Backup cut at step %d left %s", n, dest)
		}
		if left := tempFiles(t, dir); len(left) > 0 {
			t.Fatalf("Backup cut at step %d left %v", n, left)
		}
	}
}

// TestScanErrorIsDamage is part of issue 25's item 8: a value of the
// wrong type where a STRICT column stands (a bit flipped on the disk)
// surfaced as "sql: Scan error ..."; it is a damaged file, said as one,
// and arbiter check finds it.
func TestScanErrorIsDamage(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "club.db")
	db := mustOpenPath(t, path)
	tour := newTournament(t, db, "T", 4)
	pairRound(t, db, tour.ID, 1, [][2]int{{1, 3}, {4, 2}}, 0)
	db.Close()
	// Text in an INTEGER column, as a flipped type bit in a record
	// makes it: the STRICT table is made loose for the change alone.
	rewriteSchema(t, path, `replace(sql, ') STRICT', ')')`, "boards")
	raw, _ := sql.Open("sqlite", path)
	if _, err := raw.Exec(`UPDATE boards SET white = 'x1' WHERE round = 1 AND board = 1`); err != nil {
		t.Fatal(err)
	}
	raw.Close()
	rewriteSchema(t, path, `sql || ' STRICT'`, "boards")

	db, err := OpenMode(ctx, path, ReadOnly, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	_, err = db.Snapshot(ctx, tour.ID)
	if !errors.Is(err, ErrDamaged) || strings.Contains(UserMessage(err), "Scan error") || !strings.Contains(UserMessage(err), path+" is damaged") {
		t.Errorf("Snapshot of a flipped value = %v, want ErrDamaged said in words", err)
	}
	broken, err := db.Verify(ctx)
	if err != nil || len(broken) == 0 {
		t.Errorf("Verify = %q, %v; want a finding", broken, err)
	}
}

// TestNearlyFullDisk is part of item 8: SQLite reports some writes that
// find no room as I/O errors; on a disk with less than a megabyte free
// they are a full disk, not a disk to check the cable of.
func TestNearlyFullDisk(t *testing.T) {
	for _, tt := range []struct {
		free  int64
		known bool
		want  error
	}{
		{0, true, ErrFull},
		{16 << 10, true, ErrFull},
		{nearlyFull - 1, true, ErrFull},
		{nearlyFull, true, ErrIO},
		{50 << 30, true, ErrIO},
		{0, false, ErrIO}, // the system cannot say: the disk's fault
	} {
		if got := ioFault(tt.free, tt.known); got != tt.want {
			t.Errorf("ioFault(%d, %v) = %v, want %v", tt.free, tt.known, got, tt.want)
		}
	}
	// This disk has room: an I/O error on it is the disk's.
	path := filepath.Join(t.TempDir(), "club.db")
	if free, ok := diskFree(filepath.Dir(path)); ok && free >= nearlyFull {
		err := faultOf(path, "nothing was changed", &os.PathError{Op: "write", Path: path, Err: syscall.EIO})
		if !errors.Is(err, ErrIO) {
			t.Errorf("faultOf(EIO) with %d bytes free = %v, want ErrIO", free, err)
		}
	}
}

// TestEmptyFileKeepsItsLog is part of item 8: opening a database file of
// no bytes beside a write-ahead log, in any mode, let SQLite delete the
// log as stale; it is refused instead, both files left as they are.
func TestEmptyFileKeepsItsLog(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	src := filepath.Join(dir, "club.db")
	db := mustOpenPath(t, src)
	newTournament(t, db, "T", 4)
	wal, err := os.ReadFile(src + "-wal")
	if err != nil || len(wal) == 0 {
		t.Fatalf("no write-ahead log to copy: %v", err)
	}
	path := filepath.Join(dir, "cut.db")
	if err := os.WriteFile(path, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path+"-wal", wal, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, mode := range []Mode{ReadOnly, ReadWrite, Create} {
		db, err := OpenMode(ctx, path, mode, nil)
		if err == nil {
			db.Close()
		}
		if !errors.Is(err, ErrDamaged) || !strings.Contains(UserMessage(err), "keep both files as they are") {
			t.Errorf("OpenMode(%v) of an empty file with a log = %v, want ErrDamaged", mode, err)
		}
		got, rerr := os.ReadFile(path + "-wal")
		if rerr != nil || !bytes.Equal(got, wal) {
			t.Fatalf("OpenMode(%v) changed the log: %v", mode, rerr)
		}
		if fi, err := os.Stat(path); err != nil || fi.Size() != 0 {
			t.Fatalf("OpenMode(%v) changed the file: %v", mode, err)
		}
	}
}

// BenchmarkVerify measures arbiter check on a tournament of 1,000
// players and 9 rounds played (4,500 results logged).
func BenchmarkVerify(b *testing.B) {
	db, _ := bigTournament(b, 1000, 9)
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		broken, err := db.Verify(ctx)
		if err != nil || len(broken) > 0 {
			b.Fatalf("Verify = %q, %v", broken, err)
		}
	}
}

// TestVerifyFindsIndexOutOfStep: an index that no longer holds the rows
// of its table is damage Verify finds. SQLite's quick_check does not look
// for it (its documentation: it skips checking that index content
// matches table content), which is why Verify runs integrity_check. The
// finding comes first, before those of the record, as when the file's
// check ran alone: in a small file, where it does, and in a large one,
// where it runs on a connection of its own beside the rest (checkFile),
// and where a check cut short finds nothing.
func TestVerifyFindsIndexOutOfStep(t *testing.T) {
	tests := []struct {
		name  string
		large bool
	}{
		{"small file", false},
		{"large file", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := context.Background()
			var db *DB
			if tt.large {
				db, _ = bigTournament(t, 800, 1)
			} else {
				db = mustOpenPath(t, filepath.Join(t.TempDir(), "club.db"))
				tour := newTournament(t, db, "T", 4)
				pairRound(t, db, tour.ID, 1, [][2]int{{1, 3}, {4, 2}}, 0)
			}
			path := db.path
			db.Close()
			if fi, err := os.Stat(path); err != nil || (fi.Size() >= parallelFile) != tt.large {
				t.Fatalf("the file is not %s: %v", tt.name, err)
			}
			// The index of the players' names declared over another
			// column: its entries, made for the names, no longer match
			// the rows.
			rewriteSchema(t, path, `replace(sql, '(name_key)', '(created_at)')`, "players_name_key")
			raw, _ := sql.Open("sqlite", path)
			var quick string
			if err := raw.QueryRow(`PRAGMA quick_check`).Scan(&quick); err != nil || quick != "ok" {
				t.Fatalf("quick_check = %q, %v; the damage planted should be one it does not see", quick, err)
			}
			// A result changed behind the log's back, found by the replay.
			if _, err := raw.Exec(`UPDATE boards SET result = 1 WHERE round = 1 AND board = 2`); err != nil {
				t.Fatal(err)
			}
			raw.Close()

			db, err := OpenMode(ctx, path, ReadOnly, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			broken, err := db.Verify(ctx)
			if err != nil || len(broken) < 2 {
				t.Fatalf("Verify = %q, %v; want the index and the result found", broken, err)
			}
			if !strings.HasPrefix(broken[0], "integrity_check: ") || !strings.Contains(broken[0], "players_name_key") {
				t.Errorf("Verify's first finding = %q, want integrity_check's on players_name_key", broken[0])
			}
			if last := broken[len(broken)-1]; !strings.Contains(last, "round 1 board 2") {
				t.Errorf("Verify's last finding = %q, want the result of round 1 board 2", last)
			}
			cut, cancel := context.WithCancel(ctx)
			cancel()
			if broken, err := db.Verify(cut); len(broken) > 0 || !errors.Is(err, context.Canceled) {
				t.Errorf("Verify cut short = %q, %v; want context.Canceled and no finding", broken, err)
			}
		})
	}
}

// rewriteSchema sets the SQL that the schema of the file at path keeps
// for the table or index name to the SQL expression expr of its old SQL
// (sql): damage that no statement of the program can make.
func rewriteSchema(t *testing.T, path, expr, name string) {
	t.Helper()
	raw, err := sql.Open("sqlite", path+"?_pragma=foreign_keys(0)")
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	for _, q := range []string{
		`PRAGMA writable_schema = ON`,
		`UPDATE sqlite_schema SET sql = ` + expr + ` WHERE name = '` + name + `'`,
	} {
		if _, err := raw.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
}
