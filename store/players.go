package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/text"
)

const playerColumns = `p.id, p.name, p.rating, p.club, p.federation, p.fide_id, p.birth_year, p.sex, p.title,
	p.rapid_rating, p.blitz_rating, p.k, p.national_id, p.national_rating, p.national_k, p.category, p.province, p.birth_date`

// playerDest returns where the columns of playerColumns go in p.
func playerDest(p *arbiter.Player, title, category *string) []any {
	return []any{&p.ID, &p.Name, &p.Rating, &p.Club, &p.Federation, &p.FIDEID, &p.BirthYear, &p.Sex, title,
		&p.RapidRating, &p.BlitzRating, &p.K, &p.NationalID, &p.NationalRating, &p.NationalK, category, &p.Province, &p.BirthDate}
}

func scanPlayer(row interface{ Scan(...any) error }, extra ...any) (arbiter.Player, error) {
	var p arbiter.Player
	var title, category string
	err := row.Scan(append(playerDest(&p, &title, &category), extra...)...)
	p.Title, p.Category = arbiter.Title(title), arbiter.Category(category)
	return p, err
}

// checkPlayer refuses impossible player details.
func checkPlayer(p arbiter.Player) error {
	if err := CheckPlayerText(p); err != nil {
		return err
	}
	if strings.TrimSpace(p.Name) == "" {
		return invalid("a player needs a name")
	}
	if OnlyDigits(p.Name) {
		return invalid("%q is a number, not a name: a club player is entered by name or by roster ID (id:N)", strings.TrimSpace(p.Name))
	}
	if p.Rating < 0 || p.Rating > 3500 {
		return invalid("rating %d of %s is out of range: type a rating from 0 (unrated) to 3500", p.Rating, p.Name)
	}
	if p.BirthYear != 0 && (p.BirthYear < 1880 || p.BirthYear > 2200) {
		return invalid("birth year %d of %s is out of range", p.BirthYear, p.Name)
	}
	if p.BirthDate != "" {
		y, err := arbiter.BirthDateYear(p.BirthDate)
		switch {
		case err != nil:
			return invalid("date of birth of %s: %v", p.Name, err)
		case y < 1880 || y > 2200:
			return invalid("date of birth %s of %s is out of range", p.BirthDate, p.Name)
		case p.BirthYear != y:
			return invalid("date of birth %s of %s is not in the birth year %d", p.BirthDate, p.Name, p.BirthYear)
		}
	}
	if _, err := arbiter.ParseTitle(string(p.Title)); err != nil {
		return invalid("%v", err)
	}
	if _, err := arbiter.ParseCategory(string(p.Category)); err != nil {
		return invalid("%v", err)
	}
	for _, r := range []struct {
		what string
		n    int
	}{{"rapid rating", p.RapidRating}, {"blitz rating", p.BlitzRating}, {"national rating", p.NationalRating}} {
		if r.n < 0 || r.n > 3500 {
			return invalid("%s %d of %s is out of range: type a rating from 0 (unrated) to 3500", r.what, r.n, p.Name)
		}
	}
	if p.K < 0 || p.K > 100 || p.NationalK < 0 || p.NationalK > 100 {
		return invalid("K of %s is out of range: type a whole number such as 20", p.Name)
	}
	return nil
}

// CheckPlayerText refuses names and other text of a player that are not
// plain text (text.Check): bytes that are not UTF-8, control or bidi
// formatting characters, or a name or club longer than text.MaxName or
// text.MaxClub characters.
func CheckPlayerText(p arbiter.Player) error {
	fields := []struct {
		name, value string
		max         int
	}{
		{"name", p.Name, text.MaxName},
		{"club", p.Club, text.MaxClub},
		{"federation", p.Federation, 3},
		{"FIDE ID", p.FIDEID, 12},
		{"sex", p.Sex, 1},
		{"national ID", p.NationalID, 12},
		{"province", p.Province, 20},
		{"birth date", p.BirthDate, 10},
	}
	for _, f := range fields {
		if err := text.Check(f.name, f.value, f.max); err != nil {
			return invalid("%v", err)
		}
	}
	return nil
}

// Roster returns the club's players in name order.
func (db *DB) Roster(ctx context.Context) ([]arbiter.Player, error) {
	var ps []arbiter.Player
	err := db.read(ctx, func(tx *sql.Tx) error {
		var err error
		ps, err = loadRoster(ctx, tx)
		return err
	})
	return ps, err
}

func loadRoster(ctx context.Context, q queryer) ([]arbiter.Player, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+playerColumns+` FROM players p ORDER BY p.name_key, p.id`)
	if err != nil {
		return nil, fmt.Errorf("read roster: %w", err)
	}
	defer rows.Close()
	var ps []arbiter.Player
	for rows.Next() {
		p, err := scanPlayer(rows)
		if err != nil {
			return nil, fmt.Errorf("read roster: %w", err)
		}
		ps = append(ps, p)
	}
	return ps, rows.Err()
}

// Player returns roster player id.
func (db *DB) Player(ctx context.Context, id int64) (arbiter.Player, error) {
	var p arbiter.Player
	err := db.read(ctx, func(tx *sql.Tx) error {
		var err error
		p, err = loadPlayer(ctx, tx, id)
		return err
	})
	return p, err
}

func loadPlayer(ctx context.Context, q queryer, id int64) (arbiter.Player, error) {
	p, err := scanPlayer(q.QueryRowContext(ctx, `SELECT `+playerColumns+` FROM players p WHERE p.id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return p, notFound("there is no club player id:%d", id)
	}
	if err != nil {
		return p, fmt.Errorf("read player %d: %w", id, err)
	}
	return p, nil
}

// loadEntries returns the entries of tournament tid in pairing-number
// order, each with its roster player and the rating entered with.
func loadEntries(ctx context.Context, q queryer, tid int64) ([]arbiter.Entry, error) {
	rows, err := q.QueryContext(ctx, `SELECT e.pn, e.status, e.withdrawn_from, e.joined_round, e.rating, e.fide_rating, e.national_rating, `+playerColumns+`
		FROM entries e JOIN players p ON p.id = e.player_id WHERE e.tournament_id = ? ORDER BY e.pn`, tid)
	if err != nil {
		return nil, fmt.Errorf("read entries: %w", err)
	}
	defer rows.Close()
	// The columns are taken as the driver gives them (rawRow) and
	// converted here: database/sql converts an integer for an int by
	// reflection, through its decimal text, and every command reads
	// every entry (25 columns of 1,000 players).
	var r rawRow
	var es []arbiter.Entry
	for rows.Next() {
		if err := r.scan(rows, 25); err != nil {
			return nil, fmt.Errorf("read entries: %w", err)
		}
		var e arbiter.Entry
		p := &e.Player
		e.PN = r.int()
		e.Status = arbiter.EntryStatus(r.intBits(8))
		e.WithdrawnFrom, e.JoinedRound = r.int(), r.int()
		rating, fide, national := r.int(), r.int(), r.int()
		e.FIDERating = fide
		p.ID, p.Name, _, p.Club, p.Federation, p.FIDEID = r.int64(), r.string(), r.int(), r.string(), r.string(), r.string()
		p.BirthYear, p.Sex, p.Title = r.int(), r.string(), arbiter.Title(r.string())
		p.RapidRating, p.BlitzRating, p.K = r.int(), r.int(), r.int()
		p.NationalID, _, p.NationalK = r.string(), r.int(), r.int()
		p.Category, p.Province, p.BirthDate = arbiter.Category(r.string()), r.string(), r.string()
		if r.err != nil {
			return nil, fmt.Errorf("read entries: %w", r.err)
		}
		// The ratings the entry was made with, not the roster's now.
		p.Rating, p.NationalRating = rating, national
		es = append(es, e)
	}
	return es, rows.Err()
}

// rawRow is a row of a query as the driver gives it, read column by
// column in order: an integer column for an int as database/sql's Scan
// converts it (an error for NULL, text or a value out of range), a text
// column for a string.
type rawRow struct {
	vals []any
	dest []any
	col  int   // the next column
	err  error // the first column that would not convert
}

// scan reads the next row of rows, of n columns.
func (r *rawRow) scan(rows *sql.Rows, n int) error {
	if len(r.vals) != n {
		r.vals, r.dest = make([]any, n), make([]any, n)
		for i := range r.vals {
			r.dest[i] = &r.vals[i]
		}
	}
	r.col, r.err = 0, nil
	return rows.Scan(r.dest...)
}

// next returns the value of the next column and its index.
func (r *rawRow) next() (any, int) {
	i := r.col
	r.col++
	if i >= len(r.vals) {
		r.fail(i, nil, "a column")
		return nil, i
	}
	return r.vals[i], i
}

func (r *rawRow) fail(i int, v any, want string) {
	if r.err == nil {
		r.err = &columnError{col: i, got: fmt.Sprintf("%T", v), want: want}
	}
}

// columnError is a column that database/sql's Scan would refuse: as its
// Scan error, a value of a type its STRICT column cannot hold, the file
// changed under SQLite (scanError).
type columnError struct {
	col       int
	got, want string
}

func (e *columnError) Error() string {
	return fmt.Sprintf("column %d: %s is not %s", e.col, e.got, e.want)
}

func (r *rawRow) int64() int64 {
	v, i := r.next()
	var s string
	switch n := v.(type) {
	case int64:
		return n
	case string:
		s = n
	case []byte:
		s = string(n)
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		r.fail(i, v, "an integer")
	}
	return n
}

func (r *rawRow) int() int { return int(r.intBits(strconv.IntSize)) }

// intBits returns the next column, an integer of bits bits.
func (r *rawRow) intBits(bits int) int64 {
	i := r.col
	n := r.int64()
	if bits < 64 && (n < -1<<(bits-1) || n >= 1<<(bits-1)) {
		r.fail(i, n, fmt.Sprintf("an integer of %d bits", bits))
		return 0
	}
	return n
}

func (r *rawRow) string() string {
	v, i := r.next()
	switch s := v.(type) {
	case string:
		return s
	case []byte:
		return string(s)
	case int64:
		return strconv.FormatInt(s, 10)
	case float64:
		return strconv.FormatFloat(s, 'g', -1, 64)
	}
	r.fail(i, v, "text")
	return ""
}

func pairedRounds(ctx context.Context, q queryer, tid int64) (int, error) {
	var n int
	err := q.QueryRowContext(ctx, `SELECT count(*) FROM rounds WHERE tournament_id = ?`, tid).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("count rounds: %w", err)
	}
	return n, nil
}

// AddOptions say how AddEntry finds the roster player to enter.
type AddOptions struct {
	// PlayerID enters this roster player; the given details, where not
	// empty, update the roster.
	PlayerID int64
	// New adds a new roster player even if the name looks like one
	// already in the roster or in the tournament.
	New bool
	// SurnameFirst says the club types names as "Surname, Name", so
	// that lists sort by surname: the desk's rule then refuses a new
	// player's name typed without a comma ("Olga Petrova"). The store
	// does not read it.
	SurnameFirst bool
	// Club gives roster players' club ratings, for a tournament seeded by
	// them (rating type OTHER); nil for none.
	Club map[int64]int
}

// Added is the result of entering a player.
type Added struct {
	Entry     arbiter.Entry
	NewPlayer bool // a roster player was created
}

// Entering is what the store reads, in the transaction of a
// registration, for the desk's rule of it (EntryRule).
type Entering struct {
	Tournament arbiter.Tournament
	Paired     int // rounds paired
	Players    int // players entered so far
	NextPN     int // the pairing number the next entry gets
	// Player is who is entered: the roster's player with what was typed,
	// or a new one as typed (New); nil when the rule is asked about the
	// tournament alone, before the first player.
	Player *arbiter.Player
	New    bool
	// Entry is the player's entry in the tournament, nil if none yet.
	Entry *arbiter.Entry
}

// EntryRule is the desk's rule of a registration, run inside its
// transaction on what the store reads there: an error it returns refuses
// the registration, and nothing is written. Nil refuses nothing.
type EntryRule func(Entering) error

// AddEntry enters player p in tournament tid. match, the desk's rule,
// decides which club player the name typed means (a roster player is
// reused and updated with the details given), on the candidates the
// store finds (Naming); nil reads the name as sameName does. rule,
// the desk's, decides whether the player may enter; beneath it a player
// already entered, or a pairing number past arbiter.MaxPlayers, is a
// plain error. Before round 1 is paired the pairing numbers are given
// again in initial order; after, the new entry gets the next number and
// joins from the next round to pair.
func (db *DB) AddEntry(ctx context.Context, tid int64, p arbiter.Player, opt AddOptions, rule EntryRule, match NameRule) (Added, error) {
	var a Added
	err := db.write(ctx, func(tx *sql.Tx) error {
		t, err := loadTournament(ctx, tx, tid)
		if err != nil {
			return err
		}
		roster, err := loadRoster(ctx, tx)
		if err != nil {
			return err
		}
		e := &enroller{db: db, tx: tx, t: t, roster: roster, rule: rule, match: match}
		if err := e.init(ctx); err != nil {
			return err
		}
		if a, err = e.add(ctx, p, opt); err != nil {
			return err
		}
		if err := e.finish(ctx); err != nil {
			return err
		}
		a.Entry, err = entryByPlayer(ctx, tx, tid, a.Entry.Player.ID)
		return err
	})
	return a, err
}

// ImportRow is one player read from a file, with the line it came from.
type ImportRow struct {
	Line   int
	Player arbiter.Player
}

// Import enters every row's player in tournament tid, as AddEntry would,
// in one transaction, each by match and rule: if any row is refused, nothing is
// imported and the error names the row's line.
func (db *DB) Import(ctx context.Context, tid int64, source string, rows []ImportRow, opt AddOptions, rule EntryRule, match NameRule) ([]Added, error) {
	var out []Added
	err := db.write(ctx, func(tx *sql.Tx) error {
		t, err := loadTournament(ctx, tx, tid)
		if err != nil {
			return err
		}
		roster, err := loadRoster(ctx, tx)
		if err != nil {
			return err
		}
		e := &enroller{db: db, tx: tx, t: t, roster: roster, rule: rule, match: match}
		if err := e.init(ctx); err != nil {
			return err
		}
		lineOf := map[int64]int{}
		for _, r := range rows {
			a, err := e.add(ctx, r.Player, AddOptions{New: opt.New, SurnameFirst: opt.SurnameFirst, Club: opt.Club})
			if err != nil {
				var ie *InputError
				if errors.As(err, &ie) {
					return &InputError{Kind: ie.Kind, Msg: fmt.Sprintf("line %d: %s", r.Line, ie.Msg)}
				}
				return fmt.Errorf("line %d: %w", r.Line, err)
			}
			if prev, ok := lineOf[a.Entry.Player.ID]; ok {
				return conflict("line %d: %s is already on line %d", r.Line, a.Entry.Player.Name, prev)
			}
			lineOf[a.Entry.Player.ID] = r.Line
			out = append(out, a)
		}
		if err := e.finish(ctx); err != nil {
			return err
		}
		for i := range out {
			if out[i].Entry, err = entryByPlayer(ctx, tx, tid, out[i].Entry.Player.ID); err != nil {
				return err
			}
		}
		return db.logEvent(ctx, tx, tid, ActPlayerImport, source, "", fmt.Sprintf("%d players", len(rows)))
	})
	return out, err
}

// enroller enters players into one tournament inside one transaction.
type enroller struct {
	db     *DB
	tx     *sql.Tx
	t      arbiter.Tournament
	roster []arbiter.Player
	keys   []nameKeys // keys[i] are the name keys of roster[i]
	paired int
	nextPN int
	// entered maps roster IDs entered in the tournament to their PN.
	entered map[int64]int
	renum   bool
	rule    EntryRule // the desk's; nil refuses nothing
	match   NameRule  // the desk's; nil reads names as sameName does
}

// ask asks the desk's rule about f, filled with what e knows.
func (e *enroller) ask(f Entering) error {
	if e.rule == nil {
		return nil
	}
	f.Tournament, f.Paired, f.Players, f.NextPN = e.t, e.paired, len(e.entered), e.nextPN
	return e.rule(f)
}

func (e *enroller) init(ctx context.Context) error {
	e.keys = make([]nameKeys, len(e.roster))
	for i, r := range e.roster {
		e.keys[i] = keysOf(r.Name)
	}
	var err error
	if e.paired, err = pairedRounds(ctx, e.tx, e.t.ID); err != nil {
		return err
	}
	es, err := loadEntries(ctx, e.tx, e.t.ID)
	if err != nil {
		return err
	}
	e.entered = map[int64]int{}
	for _, en := range es {
		e.entered[en.Player.ID] = en.PN
		e.nextPN = max(e.nextPN, en.PN)
	}
	e.nextPN++
	return e.ask(Entering{})
}

// Naming is what the store finds, in the transaction of a registration,
// about the club player a typed name may mean, for the desk's rule of it
// (NameRule).
type Naming struct {
	Name string // the name as typed
	// New says the user typed it as a new player's, whoever it looks
	// like.
	New bool
	// ByID is the club player with the FIDE ID typed, or else with the
	// national ID typed; nil for none.
	ByID *arbiter.Player
	// Same are the club players of the same name (arbiter.SameName),
	// leaving out those whose FIDE ID differs from the one typed.
	Same []arbiter.Player
	// Within are, when Same is empty, the club players whose name holds
	// every word typed and more: a surname typed alone.
	Within []arbiter.Player
	// Similar are the club players whose name only looks like the one
	// typed (arbiter.Similar).
	Similar []arbiter.Player
	// Entered maps the roster IDs of the players entered in the
	// tournament to their pairing numbers.
	Entered map[int64]int
}

// NameRule is the desk's rule of which club player a typed name means,
// run inside the transaction of the registration on what the store
// finds there: it returns the roster ID of the club player meant, 0 for
// a new player, or an error that refuses the registration.
type NameRule func(Naming) (int64, error)

// naming gathers what the roster holds about p's name.
func (e *enroller) naming(p arbiter.Player, opt AddOptions) Naming {
	n := Naming{Name: p.Name, New: opt.New, ByID: e.byID(p), Entered: e.entered}
	k := keysOf(p.Name)
	for i := range e.roster {
		r := e.roster[i]
		if p.FIDEID != "" && r.FIDEID != "" && r.FIDEID != p.FIDEID {
			continue // two people: their FIDE IDs differ
		}
		if k.same(e.keys[i]) {
			n.Same = append(n.Same, r)
		} else if k.similar(e.keys[i]) {
			n.Similar = append(n.Similar, r)
		}
	}
	if len(n.Same) == 0 {
		for i := range e.roster {
			if within(k.words, e.keys[i].words) {
				n.Within = append(n.Within, e.roster[i])
			}
		}
	}
	return n
}

// find picks the roster player p refers to, or returns nil for a new
// one: by opt.PlayerID, or else as e's NameRule decides on what the
// roster holds about p's name (sameName when e has none).
func (e *enroller) find(p arbiter.Player, opt AddOptions) (*arbiter.Player, error) {
	if opt.PlayerID != 0 {
		return e.byRosterID(opt.PlayerID)
	}
	rule := e.match
	if rule == nil {
		rule = sameName
	}
	id, err := rule(e.naming(p, opt))
	if err != nil || id == 0 {
		return nil, err
	}
	return e.byRosterID(id)
}

func (e *enroller) byRosterID(id int64) (*arbiter.Player, error) {
	for i := range e.roster {
		if e.roster[i].ID == id {
			return &e.roster[i], nil
		}
	}
	return nil, notFound("there is no club player id:%d", id)
}

// sameName reads a name for a call given no NameRule (the package's
// tests and benchmarks): the club player with the IDs typed, or else the
// one club player of the same name; any other name is a new player's.
// It refuses nothing: which name is too like another is the desk's call.
func sameName(n Naming) (int64, error) {
	switch {
	case n.New:
		return 0, nil
	case n.ByID != nil:
		return n.ByID.ID, nil
	case len(n.Same) == 1:
		return n.Same[0].ID, nil
	}
	return 0, nil
}

// byID returns the roster player with p's FIDE ID, or else with p's
// national ID, or nil.
func (e *enroller) byID(p arbiter.Player) *arbiter.Player {
	if p.FIDEID != "" {
		for i := range e.roster {
			if e.roster[i].FIDEID == p.FIDEID {
				return &e.roster[i]
			}
		}
	}
	if p.NationalID != "" {
		for i := range e.roster {
			if e.roster[i].NationalID == p.NationalID {
				return &e.roster[i]
			}
		}
	}
	return nil
}

// ErrAmbiguous is the kind of refusal of a name that could be several
// club players (the desk's NameRule).
var ErrAmbiguous = fmt.Errorf("ambiguous name: %w", ErrConflict)

// within reports whether every word of part is a word of whole, and part
// has fewer words: "Ferri" is within "Ferri, Luca", "Li" is not within
// "Lima, Ana".
func within(part, whole []string) bool {
	if len(part) == 0 || len(part) >= len(whole) {
		return false
	}
	for _, w := range part {
		if !slices.Contains(whole, w) {
			return false
		}
	}
	return true
}

// OnlyDigits reports whether name, spaces aside, is only digits: a
// number typed where a name belongs.
func OnlyDigits(name string) bool {
	name = strings.TrimSpace(name)
	if name == "" {
		return false
	}
	for _, r := range name {
		if (r < '0' || r > '9') && r != ' ' {
			return false
		}
	}
	return true
}

// ErrLikelyDuplicate is the kind of refusal of a name that looks like a
// roster player's (the desk's NameRule); AddOptions.New overrides it.
var ErrLikelyDuplicate = fmt.Errorf("likely duplicate: %w", ErrConflict)

// add enters one player.
func (e *enroller) add(ctx context.Context, p arbiter.Player, opt AddOptions) (Added, error) {
	var a Added
	p.Name = strings.TrimSpace(p.Name)
	if err := CheckPlayerText(p); err != nil {
		return a, err
	}
	title, err := arbiter.ParseTitle(string(p.Title))
	if err != nil {
		return a, invalid("%v", err)
	}
	p.Title = title
	r, err := e.find(p, opt)
	if err != nil {
		return a, err
	}
	if r == nil {
		if err := checkPlayer(p); err != nil {
			return a, err
		}
		if err := e.ask(Entering{Player: &p, New: true}); err != nil {
			return a, err
		}
		p.ID, err = e.db.insertPlayer(ctx, e.tx, p)
		if err != nil {
			return a, err
		}
		e.roster = append(e.roster, p)
		e.keys = append(e.keys, keysOf(p.Name))
		a.NewPlayer = true
	} else {
		merged := mergePlayer(*r, p)
		if err := checkPlayer(merged); err != nil {
			return a, err
		}
		f := Entering{Player: &merged}
		if _, ok := e.entered[r.ID]; ok {
			en, err := entryByPlayer(ctx, e.tx, e.t.ID, r.ID)
			if err != nil {
				return a, err
			}
			f.Entry = &en
		}
		if err := e.ask(f); err != nil {
			return a, err
		}
		if err := e.db.updatePlayer(ctx, e.tx, e.t.ID, *r, merged); err != nil {
			return a, err
		}
		*r = merged
		p = merged
	}
	// What holds the tables together, beneath the desk's rule: one
	// entry to a player, pairing numbers of four digits (TRF).
	if pn, ok := e.entered[p.ID]; ok {
		return a, fmt.Errorf("enter %s in %s: entered already as player %d: %w", p.Name, e.t.Name, pn, ErrConflict)
	}
	if e.nextPN > arbiter.MaxPlayers {
		return a, fmt.Errorf("enter %s in %s: pairing number %d is past %d: %w", p.Name, e.t.Name, e.nextPN, arbiter.MaxPlayers, ErrInvalid)
	}
	joined := 1
	if e.paired > 0 {
		joined = e.paired + 1
	} else {
		e.renum = true
	}
	pn := e.nextPN
	e.nextPN++
	// The entry is seeded by the rating the tournament chose (SeedRating);
	// it keeps the FIDE and national ratings it entered with.
	fide := p.FIDERating(e.t.Pace)
	seed := arbiter.SeedRating(e.t, p, opt.Club[p.ID])
	_, err = e.tx.ExecContext(ctx, `INSERT INTO entries (tournament_id, player_id, pn, rating, fide_rating, national_rating, joined_round, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, e.t.ID, p.ID, pn, seed, fide, p.NationalRating, joined, e.db.stamp())
	if err != nil {
		return a, fmt.Errorf("enter %s: %w", p.Name, err)
	}
	e.entered[p.ID] = pn
	subject := playerLabel(p)
	detail := "from round 1"
	if joined > 1 {
		detail = fmt.Sprintf("late entry, number %d, from round %d", pn, joined)
	}
	if err := e.db.logEvent(ctx, e.tx, e.t.ID, ActPlayerAdd, subject, "", detail); err != nil {
		return a, err
	}
	p.Rating = seed
	a.Entry = arbiter.Entry{PN: pn, Player: p, JoinedRound: joined, FIDERating: fide}
	return a, nil
}

func (e *enroller) finish(ctx context.Context) error {
	if !e.renum {
		return nil
	}
	return renumber(ctx, e.tx, e.t.ID)
}

func playerLabel(p arbiter.Player) string {
	if p.Rating != 0 {
		return fmt.Sprintf("%s (%d)", p.Name, p.Rating)
	}
	return p.Name
}

// mergePlayer returns r updated with the details given in p; empty
// details in p leave r's alone. The name is kept as in the roster.
func mergePlayer(r, p arbiter.Player) arbiter.Player {
	if p.Rating != 0 {
		r.Rating = p.Rating
	}
	if p.Club != "" {
		r.Club = p.Club
	}
	if p.Federation != "" {
		r.Federation = p.Federation
	}
	if p.FIDEID != "" {
		r.FIDEID = p.FIDEID
	}
	if p.BirthYear != 0 {
		r.BirthYear = p.BirthYear
		if r.BirthDate != "" && p.BirthDate == "" && !strings.HasPrefix(r.BirthDate, strconv.Itoa(p.BirthYear)) {
			r.BirthDate = "" // another year: the old date no longer holds
		}
	}
	if p.BirthDate != "" {
		r.BirthDate = p.BirthDate
	}
	if p.Sex != "" {
		r.Sex = p.Sex
	}
	if p.Title != "" {
		r.Title = p.Title
	}
	set := func(dst *int, v int) {
		if v != 0 {
			*dst = v
		}
	}
	set(&r.RapidRating, p.RapidRating)
	set(&r.BlitzRating, p.BlitzRating)
	set(&r.K, p.K)
	set(&r.NationalRating, p.NationalRating)
	set(&r.NationalK, p.NationalK)
	if p.NationalID != "" {
		r.NationalID = p.NationalID
	}
	if p.Category != "" {
		r.Category = p.Category
	}
	if p.Province != "" {
		r.Province = p.Province
	}
	return r
}

func (db *DB) insertPlayer(ctx context.Context, tx *sql.Tx, p arbiter.Player) (int64, error) {
	res, err := tx.ExecContext(ctx, `INSERT INTO players (name, name_key, rating, club, federation, fide_id, birth_year, sex, title,
		rapid_rating, blitz_rating, k, national_id, national_rating, national_k, category, province, birth_date, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, p.Name, arbiter.FoldName(p.Name), p.Rating, p.Club, p.Federation,
		p.FIDEID, p.BirthYear, p.Sex, string(p.Title), p.RapidRating, p.BlitzRating, p.K, p.NationalID, p.NationalRating,
		p.NationalK, string(p.Category), p.Province, p.BirthDate, db.stamp())
	if err != nil {
		return 0, fmt.Errorf("add player %s: %w", p.Name, err)
	}
	return res.LastInsertId()
}

// updatePlayer writes q over roster player p, logging each change under
// tournament tid (0 for none).
func (db *DB) updatePlayer(ctx context.Context, tx *sql.Tx, tid int64, p, q arbiter.Player) error {
	changes := diffPlayer(p, q)
	if len(changes) == 0 {
		return nil
	}
	_, err := tx.ExecContext(ctx, `UPDATE players SET name = ?, name_key = ?, rating = ?, club = ?, federation = ?,
		fide_id = ?, birth_year = ?, sex = ?, title = ?, rapid_rating = ?, blitz_rating = ?, k = ?, national_id = ?,
		national_rating = ?, national_k = ?, category = ?, province = ?, birth_date = ? WHERE id = ?`, q.Name, arbiter.FoldName(q.Name), q.Rating,
		q.Club, q.Federation, q.FIDEID, q.BirthYear, q.Sex, string(q.Title), q.RapidRating, q.BlitzRating, q.K, q.NationalID,
		q.NationalRating, q.NationalK, string(q.Category), q.Province, q.BirthDate, p.ID)
	if err != nil {
		return fmt.Errorf("update player %s: %w", p.Name, err)
	}
	for _, c := range changes {
		if err := db.logEvent(ctx, tx, tid, ActPlayerEdit, fmt.Sprintf("%s: %s", p.Name, c.field), c.old, c.new); err != nil {
			return err
		}
	}
	return nil
}

func diffPlayer(a, b arbiter.Player) []change {
	var cs []change
	add := func(field, x, y string) {
		if x != y {
			cs = append(cs, change{field, x, y})
		}
	}
	add("name", a.Name, b.Name)
	add("rating", strconv.Itoa(a.Rating), strconv.Itoa(b.Rating))
	add("club", a.Club, b.Club)
	add("federation", a.Federation, b.Federation)
	add("FIDE ID", a.FIDEID, b.FIDEID)
	add("birth year", strconv.Itoa(a.BirthYear), strconv.Itoa(b.BirthYear))
	add("date of birth", a.BirthDate, b.BirthDate)
	add("sex", a.Sex, b.Sex)
	add("title", string(a.Title), string(b.Title))
	n := func(field string, x, y int) { add(field, strconv.Itoa(x), strconv.Itoa(y)) }
	n("rapid rating", a.RapidRating, b.RapidRating)
	n("blitz rating", a.BlitzRating, b.BlitzRating)
	n("K", a.K, b.K)
	add("national ID", a.NationalID, b.NationalID)
	n("national rating", a.NationalRating, b.NationalRating)
	n("national K", a.NationalK, b.NationalK)
	add("category", string(a.Category), string(b.Category))
	add("province", a.Province, b.Province)
	return cs
}

// renumber gives the entries of tournament tid pairing numbers 1, 2, ...
// in the C.04.2 art. 2.2 initial order. Only called before round 1 is
// paired, when no board or bye refers to a number.
func renumber(ctx context.Context, tx *sql.Tx, tid int64) error {
	es, err := loadEntries(ctx, tx, tid)
	if err != nil {
		return err
	}
	sort.SliceStable(es, func(i, j int) bool { return arbiter.InitialOrderLess(es[i].Player, es[j].Player) })
	// (tournament, pn) is unique at every row: move the numbers that
	// change out of the way first, then give them their new values.
	var moved []int
	for i, e := range es {
		if e.PN != i+1 {
			moved = append(moved, i)
		}
	}
	away, err := tx.PrepareContext(ctx, `UPDATE entries SET pn = -pn WHERE tournament_id = ? AND player_id = ?`)
	if err != nil {
		return err
	}
	defer away.Close()
	set, err := tx.PrepareContext(ctx, `UPDATE entries SET pn = ? WHERE tournament_id = ? AND player_id = ?`)
	if err != nil {
		return err
	}
	defer set.Close()
	for _, i := range moved {
		if _, err := away.ExecContext(ctx, tid, es[i].Player.ID); err != nil {
			return fmt.Errorf("renumber: %w", err)
		}
	}
	for _, i := range moved {
		if _, err := set.ExecContext(ctx, i+1, tid, es[i].Player.ID); err != nil {
			return fmt.Errorf("renumber: %w", err)
		}
	}
	return nil
}

func entryByPlayer(ctx context.Context, q queryer, tid, playerID int64) (arbiter.Entry, error) {
	var e arbiter.Entry
	var rating int
	var err error
	var national int
	e.Player, err = scanPlayer(q.QueryRowContext(ctx, `SELECT `+playerColumns+`, e.pn, e.status, e.withdrawn_from, e.joined_round, e.rating, e.fide_rating, e.national_rating
		FROM entries e JOIN players p ON p.id = e.player_id WHERE e.tournament_id = ? AND e.player_id = ?`, tid, playerID),
		&e.PN, &e.Status, &e.WithdrawnFrom, &e.JoinedRound, &rating, &e.FIDERating, &national)
	if errors.Is(err, sql.ErrNoRows) {
		return e, notFound("club player id:%d is not entered in this tournament", playerID)
	}
	if err != nil {
		return e, fmt.Errorf("read entry: %w", err)
	}
	e.Player.Rating, e.Player.NationalRating = rating, national
	return e, nil
}

// PlayerChange lists the details to change; nil fields stay as they are.
type PlayerChange struct {
	Name       *string
	Rating     *int
	Club       *string
	Federation *string
	FIDEID     *string
	BirthYear  *int
	// BirthDate sets the full date of birth, YYYY-MM-DD ("" to forget it),
	// and with it the birth year.
	BirthDate *string
	Sex       *string
	Title     *arbiter.Title
}

// EditPlayer changes roster player id. If tid is not 0 and the player is
// entered in that tournament, a new rating is also the rating of the
// entry; before round 1 is paired the pairing numbers follow the new
// initial order, after that they stay. It returns the updated player.
func (db *DB) EditPlayer(ctx context.Context, tid, id int64, ch PlayerChange) (arbiter.Player, error) {
	var q arbiter.Player
	err := db.write(ctx, func(tx *sql.Tx) error {
		p, err := loadPlayer(ctx, tx, id)
		if err != nil {
			return err
		}
		q = p
		set := func(dst *string, src *string) {
			if src != nil {
				*dst = strings.TrimSpace(*src)
			}
		}
		set(&q.Name, ch.Name)
		set(&q.Club, ch.Club)
		set(&q.Federation, ch.Federation)
		set(&q.FIDEID, ch.FIDEID)
		set(&q.Sex, ch.Sex)
		if ch.Rating != nil {
			q.Rating = *ch.Rating
		}
		if ch.BirthYear != nil {
			q.BirthYear = *ch.BirthYear
			if !strings.HasPrefix(q.BirthDate, strconv.Itoa(q.BirthYear)+"-") {
				q.BirthDate = "" // the year changed: the date no longer holds
			}
		}
		if ch.BirthDate != nil {
			q.BirthDate = strings.TrimSpace(*ch.BirthDate)
			if y, err := arbiter.BirthDateYear(q.BirthDate); err == nil {
				q.BirthYear = y
			}
		}
		if ch.Title != nil {
			t, err := arbiter.ParseTitle(string(*ch.Title))
			if err != nil {
				return invalid("%v", err)
			}
			q.Title = t
		}
		if err := checkPlayer(q); err != nil {
			return err
		}
		if q.FIDEID != "" && q.FIDEID != p.FIDEID {
			var other int64
			var name string
			err := tx.QueryRowContext(ctx, `SELECT id, name FROM players WHERE fide_id = ? AND id <> ?`, q.FIDEID, id).Scan(&other, &name)
			if err == nil {
				return conflict("FIDE ID %s already belongs to club player id:%d %s", q.FIDEID, other, name)
			}
			if !errors.Is(err, sql.ErrNoRows) {
				return err
			}
		}
		// The roster keeps the current rating; the entry, the rating
		// used in this tournament.
		if tid != 0 {
			e, err := entryByPlayer(ctx, tx, tid, id)
			if err == nil {
				p.Rating = e.Player.Rating
				if ch.Rating != nil && e.Player.Rating != q.Rating {
					if _, err := tx.ExecContext(ctx, `UPDATE entries SET rating = ?, fide_rating = ? WHERE tournament_id = ? AND player_id = ?`, q.Rating, q.Rating, tid, id); err != nil {
						return err
					}
				}
			} else if !errors.Is(err, ErrNotFound) {
				return err
			}
		}
		if err := db.updatePlayer(ctx, tx, tid, p, q); err != nil {
			return err
		}
		if tid != 0 {
			n, err := pairedRounds(ctx, tx, tid)
			if err != nil {
				return err
			}
			if n == 0 {
				return renumber(ctx, tx, tid)
			}
		}
		return nil
	})
	return q, err
}

// Leaving is what the store reads, in the transaction of a withdrawal,
// for the desk's rule of it (WithdrawRule).
type Leaving struct {
	Tournament arbiter.Tournament
	Entry      arbiter.Entry
	Paired     int // rounds paired
	From       int // the first round the player would not play
}

// WithdrawRule is the desk's rule of a withdrawal, run inside its
// transaction on what the store reads there: an error it returns refuses
// the withdrawal, and nothing is written. Nil refuses nothing.
type WithdrawRule func(Leaving) error

// Withdraw records that the player with roster ID id leaves tournament
// tid from round from on (0: the next round to pair), if rule allows.
// Beneath the rule, rounds already paired are not changed and a player
// withdraws once: either is a plain error. Before round 1 is paired the
// entry is removed instead, and removed is true.
func (db *DB) Withdraw(ctx context.Context, tid, id int64, from int, rule WithdrawRule) (e arbiter.Entry, removed bool, err error) {
	err = db.write(ctx, func(tx *sql.Tx) error {
		e, removed, err = db.withdraw(ctx, tx, tid, id, from, rule)
		return err
	})
	return e, removed, err
}

// withdraw is Withdraw inside tx: the phone's "I'm leaving" runs the same
// code in its own transaction.
func (db *DB) withdraw(ctx context.Context, tx *sql.Tx, tid, id int64, from int, rule WithdrawRule) (e arbiter.Entry, removed bool, err error) {
	err = func() error {
		t, err := loadTournament(ctx, tx, tid)
		if err != nil {
			return err
		}
		if e, err = entryByPlayer(ctx, tx, tid, id); err != nil {
			return err
		}
		paired, err := pairedRounds(ctx, tx, tid)
		if err != nil {
			return err
		}
		if from == 0 {
			from = paired + 1
		}
		if rule != nil {
			if err := rule(Leaving{Tournament: t, Entry: e, Paired: paired, From: from}); err != nil {
				return err
			}
		}
		if e.Status == arbiter.Withdrawn {
			return fmt.Errorf("withdraw %s: withdrawn already from round %d: %w", e.Player.Name, e.WithdrawnFrom, ErrConflict)
		}
		if from <= paired {
			return fmt.Errorf("withdraw %s from round %d: round %d is paired: %w", e.Player.Name, from, paired, ErrConflict)
		}
		if paired == 0 {
			if _, err := tx.ExecContext(ctx, `DELETE FROM entries WHERE tournament_id = ? AND player_id = ?`, tid, id); err != nil {
				return fmt.Errorf("remove %s: %w", e.Player.Name, err)
			}
			removed = true
			if err := db.logEvent(ctx, tx, tid, ActRemove, fmt.Sprintf("%d %s", e.PN, e.Player.Name), "entered", "removed before round 1"); err != nil {
				return err
			}
			return renumber(ctx, tx, tid)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE entries SET status = ?, withdrawn_from = ? WHERE tournament_id = ? AND player_id = ?`,
			arbiter.Withdrawn, from, tid, id); err != nil {
			return fmt.Errorf("withdraw %s: %w", e.Player.Name, err)
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM requested_byes WHERE tournament_id = ? AND player_id = ? AND round >= ?`, tid, id, from); err != nil {
			return err
		}
		e.Status, e.WithdrawnFrom = arbiter.Withdrawn, from
		return db.logEvent(ctx, tx, tid, ActWithdraw, fmt.Sprintf("%d %s", e.PN, e.Player.Name), "active", fmt.Sprintf("withdrawn from round %d", from))
	}()
	return e, removed, err
}

// Asking is what the store reads, in the transaction of a bye asked
// for, of its cancelling or of a mark of the check-in, for the desk's
// rule of it (ByeRule).
type Asking struct {
	Tournament arbiter.Tournament
	Entry      arbiter.Entry
	Paired     int             // rounds paired
	Round      int             // the round the bye is for
	Kind       arbiter.ByeKind // the bye asked for; NoBye to cancel one or to mark the player present
	Old        arbiter.ByeKind // the bye the player holds already in Round, NoBye for none
	Checkin    bool            // a mark of the check-in: an absence (Kind) or a presence (NoBye)
}

// ByeRule is the desk's rule of a bye asked for, run inside the write's
// transaction on what the store reads there: an error it returns refuses
// the write, and nothing is written. Nil refuses nothing.
type ByeRule func(Asking) error

// RequestBye records that the player with roster ID id will not play
// round n of tournament tid, if rule allows: kind is arbiter.HalfBye,
// ZeroBye (a known absence) or FullBye. A request for the same round
// replaces the earlier one. Beneath the rule, a bye of another kind, a
// round outside the tournament's or paired already, and a round the
// player does not play are plain errors.
func (db *DB) RequestBye(ctx context.Context, tid, id int64, n int, kind arbiter.ByeKind, rule ByeRule) error {
	return db.write(ctx, func(tx *sql.Tx) error { return db.requestBye(ctx, tx, tid, id, n, kind, rule) })
}

// requestBye is RequestBye inside tx: the phone's "skip the next round"
// runs the same code in its own transaction.
func (db *DB) requestBye(ctx context.Context, tx *sql.Tx, tid, id int64, n int, kind arbiter.ByeKind, rule ByeRule) error {
	e, old, err := db.byeChecks(ctx, tx, tid, id, n, Asking{Kind: kind}, rule)
	if err != nil {
		return err
	}
	if !kind.Requested() {
		return fmt.Errorf("record bye of %s in round %d: a requested bye is H, Z or F, not %q: %w", e.Player.Name, n, kind.String(), ErrInvalid)
	}
	if old == kind {
		return nil
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO requested_byes (tournament_id, player_id, round, kind, created_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (tournament_id, player_id, round) DO UPDATE SET kind = excluded.kind`, tid, id, n, kind, db.stamp()); err != nil {
		return fmt.Errorf("record bye: %w", err)
	}
	return db.logEvent(ctx, tx, tid, ActBye, fmt.Sprintf("%d %s, round %d", e.PN, e.Player.Name, n), old.String(), kind.String())
}

// CancelBye withdraws the bye the player asked for in round n, if rule
// allows; beneath it, a round without a bye is a plain error.
func (db *DB) CancelBye(ctx context.Context, tid, id int64, n int, rule ByeRule) error {
	return db.write(ctx, func(tx *sql.Tx) error {
		e, old, err := db.byeChecks(ctx, tx, tid, id, n, Asking{}, rule)
		if err != nil {
			return err
		}
		if old == arbiter.NoBye {
			return fmt.Errorf("cancel the bye of %s in round %d: none asked for: %w", e.Player.Name, n, ErrNotFound)
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM requested_byes WHERE tournament_id = ? AND player_id = ? AND round = ?`, tid, id, n); err != nil {
			return err
		}
		return db.logEvent(ctx, tx, tid, ActByeCancel, fmt.Sprintf("%d %s, round %d", e.PN, e.Player.Name, n), old.String(), "")
	})
}

// byeChecks reads, inside tx, what a bye of player id in round n is
// decided on, runs rule on it (a, with the facts read filled in), and
// checks beneath the rule that the round can hold the bye: one of the
// tournament's rounds, not paired, played by the player. It returns the
// entry and the bye the player holds in the round already.
func (db *DB) byeChecks(ctx context.Context, tx *sql.Tx, tid, id int64, n int, a Asking, rule ByeRule) (arbiter.Entry, arbiter.ByeKind, error) {
	var err error
	if a.Tournament, err = loadTournament(ctx, tx, tid); err != nil {
		return a.Entry, arbiter.NoBye, err
	}
	if a.Entry, err = entryByPlayer(ctx, tx, tid, id); err != nil {
		return a.Entry, arbiter.NoBye, err
	}
	if a.Paired, err = pairedRounds(ctx, tx, tid); err != nil {
		return a.Entry, arbiter.NoBye, err
	}
	a.Round = n
	err = tx.QueryRowContext(ctx, `SELECT kind FROM requested_byes WHERE tournament_id = ? AND player_id = ? AND round = ?`, tid, id, n).Scan(&a.Old)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return a.Entry, arbiter.NoBye, err
	}
	if rule != nil {
		if err := rule(a); err != nil {
			return a.Entry, a.Old, err
		}
	}
	e := a.Entry
	switch {
	case n < 1 || n > a.Tournament.Rounds:
		return e, a.Old, fmt.Errorf("bye of %s in round %d: the tournament has %d rounds: %w", e.Player.Name, n, a.Tournament.Rounds, ErrInvalid)
	case n <= a.Paired:
		return e, a.Old, fmt.Errorf("bye of %s in round %d: the round is paired: %w", e.Player.Name, n, ErrConflict)
	case !e.Plays(n):
		return e, a.Old, fmt.Errorf("bye of %s in round %d: the player does not play it: %w", e.Player.Name, n, ErrConflict)
	}
	return e, a.Old, nil
}
