package store

import (
	"context"
	"database/sql"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/scoring"
)

// Snapshot is one tournament as stored at one moment: its settings, its
// entries, its paired rounds and the byes players asked for. It is what
// pairing, standings and reports work from. Snapshot methods do no I/O.
type Snapshot struct {
	Tournament arbiter.Tournament
	Entries    []arbiter.Entry // Entries[pn-1] has pairing number pn
	Rounds     []arbiter.Round // Rounds[r-1] is round r; boards in board order, byes by pairing number
	Requests   []Request       // requested byes, by round then pairing number
	// LastEvent is the ID of the last event of the log that can change a
	// pairing of the tournament (its own or the roster's, not a game
	// attached) when the snapshot was read: a pairing computed from the
	// snapshot carries it (Pairing.Basis).
	LastEvent int64
}

// Request is a bye a player asked for in advance.
type Request struct {
	PN    int
	Round int
	Kind  arbiter.ByeKind // HalfBye, ZeroBye or FullBye
}

// Snapshot reads tournament tid in seven queries, whatever its size.
func (db *DB) Snapshot(ctx context.Context, tid int64) (*Snapshot, error) {
	var s *Snapshot
	err := db.read(ctx, func(tx *sql.Tx) error {
		var err error
		s, err = loadSnapshot(ctx, tx, tid)
		return err
	})
	return s, err
}

func loadSnapshot(ctx context.Context, q queryer, tid int64) (*Snapshot, error) {
	t, err := loadTournament(ctx, q, tid)
	if err != nil {
		return nil, err
	}
	s := &Snapshot{Tournament: t}
	if s.LastEvent, err = lastEvent(ctx, q, tid); err != nil {
		return nil, err
	}
	if s.Entries, err = loadEntries(ctx, q, tid); err != nil {
		return nil, err
	}
	for i, e := range s.Entries {
		if e.PN != i+1 {
			return nil, fmt.Errorf("tournament %d: pairing number %d found where %d was expected", tid, e.PN, i+1)
		}
	}
	n, err := pairedRounds(ctx, q, tid)
	if err != nil {
		return nil, err
	}
	s.Rounds = make([]arbiter.Round, n)
	for i := range s.Rounds {
		s.Rounds[i].Number = i + 1
	}
	round := func(r int) (*arbiter.Round, error) {
		if r < 1 || r > n {
			return nil, fmt.Errorf("tournament %d: rounds are not numbered 1 to %d", tid, n)
		}
		return &s.Rounds[r-1], nil
	}
	rows, err := q.QueryContext(ctx, `SELECT round, board, white, black, result, second FROM boards
		WHERE tournament_id = ? ORDER BY round, board`, tid)
	if err != nil {
		return nil, fmt.Errorf("read boards: %w", err)
	}
	defer rows.Close()
	var raw rawRow // as loadEntries: 6 columns of every board
	for rows.Next() {
		if err := raw.scan(rows, 6); err != nil {
			return nil, fmt.Errorf("read boards: %w", err)
		}
		r := raw.int()
		b := arbiter.Board{Number: raw.int(), White: raw.int(), Black: raw.int(), Result: arbiter.Result(raw.intBits(8)), Second: arbiter.Result(raw.intBits(8))}
		if raw.err != nil {
			return nil, fmt.Errorf("read boards: %w", raw.err)
		}
		rd, err := round(r)
		if err != nil {
			return nil, err
		}
		rd.Boards = append(rd.Boards, b)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	rows.Close()
	rows, err = q.QueryContext(ctx, `SELECT round, pn, kind FROM byes WHERE tournament_id = ? ORDER BY round, pn`, tid)
	if err != nil {
		return nil, fmt.Errorf("read byes: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var r int
		var b arbiter.Bye
		if err := rows.Scan(&r, &b.PN, &b.Kind); err != nil {
			return nil, fmt.Errorf("read byes: %w", err)
		}
		rd, err := round(r)
		if err != nil {
			return nil, err
		}
		rd.Byes = append(rd.Byes, b)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	rows.Close()
	rows, err = q.QueryContext(ctx, `SELECT e.pn, b.round, b.kind FROM requested_byes b
		JOIN entries e ON e.tournament_id = b.tournament_id AND e.player_id = b.player_id
		WHERE b.tournament_id = ? ORDER BY b.round, e.pn`, tid)
	if err != nil {
		return nil, fmt.Errorf("read requested byes: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var r Request
		if err := rows.Scan(&r.PN, &r.Round, &r.Kind); err != nil {
			return nil, fmt.Errorf("read requested byes: %w", err)
		}
		s.Requests = append(s.Requests, r)
	}
	return s, rows.Err()
}

// Next returns the number of the next round to pair.
func (s *Snapshot) Next() int { return len(s.Rounds) + 1 }

// Entry returns the entry with pairing number pn, or nil.
func (s *Snapshot) Entry(pn int) *arbiter.Entry {
	if pn < 1 || pn > len(s.Entries) {
		return nil
	}
	return &s.Entries[pn-1]
}

// Label names pairing number pn as "7 Rossi, Mario".
func (s *Snapshot) Label(pn int) string {
	if e := s.Entry(pn); e != nil {
		return fmt.Sprintf("%d %s", pn, e.Player.Name)
	}
	return fmt.Sprintf("%d (unknown)", pn)
}

// Round returns round n, or nil if it is not paired.
func (s *Snapshot) Round(n int) *arbiter.Round {
	if n < 1 || n > len(s.Rounds) {
		return nil
	}
	return &s.Rounds[n-1]
}

// Request returns the bye pairing number pn asked for in round n, or
// arbiter.NoBye.
func (s *Snapshot) Request(pn, n int) arbiter.ByeKind {
	for _, r := range s.Requests {
		if r.PN == pn && r.Round == n {
			return r.Kind
		}
	}
	return arbiter.NoBye
}

// Absent returns the players who are not to be paired in round n, by
// pairing number: those who asked for a bye (its kind), and those who
// withdrew before n or join the tournament after n (Unpaired). These are
// the byes a pairing of round n must contain besides the PAB.
func (s *Snapshot) Absent(n int) []arbiter.Bye {
	var out []arbiter.Bye
	for _, e := range s.Entries {
		if !e.Plays(n) {
			out = append(out, arbiter.Bye{PN: e.PN, Kind: arbiter.Unpaired})
		} else if k := s.Request(e.PN, n); k != arbiter.NoBye {
			out = append(out, arbiter.Bye{PN: e.PN, Kind: k})
		}
	}
	return out
}

// ToPair returns the pairing numbers, in order, of the players to pair in
// round n: everyone entered except the Absent ones.
func (s *Snapshot) ToPair(n int) []int {
	absent := map[int]bool{}
	for _, b := range s.Absent(n) {
		absent[b.PN] = true
	}
	var pns []int
	for _, e := range s.Entries {
		if !absent[e.PN] {
			pns = append(pns, e.PN)
		}
	}
	return pns
}

// Table returns the score cards over rounds 1 to n (n is clamped to the
// rounds paired): for a Double-Swiss tournament a round per match, in
// game points (scoring.BuildMatches).
func (s *Snapshot) Table(n int) (*scoring.Table, error) {
	n = max(0, min(n, len(s.Rounds)))
	if s.Tournament.System == arbiter.DoubleSwiss {
		return scoring.BuildMatches(s.Tournament, s.Entries, s.Rounds[:n])
	}
	return scoring.Build(s.Tournament, s.Entries, s.Rounds[:n])
}

// Ratings returns every entry's rating, Ratings()[pn-1] for pairing
// number pn.
func (s *Snapshot) Ratings() []int {
	r := make([]int, len(s.Entries))
	for i, e := range s.Entries {
		r[i] = e.Player.Rating
	}
	return r
}

// Find returns the entry ref names: a pairing number ("7"), a roster ID
// ("id:12"), or a name, matched as arbiter.SameName does, or failing that
// as the only entry whose folded name contains ref. An unknown or
// ambiguous reference gives an *InputError naming the candidates.
func (s *Snapshot) Find(ref string) (arbiter.Entry, error) {
	ref = strings.TrimSpace(ref)
	if ref == "" {
		return arbiter.Entry{}, invalid("no player given: type a pairing number or a name")
	}
	if pn, err := strconv.Atoi(ref); err == nil {
		if e := s.Entry(pn); e != nil {
			return *e, nil
		}
		if len(s.Entries) == 0 {
			return arbiter.Entry{}, notFound("there is no player %d: %s has no players yet", pn, s.Tournament.Name)
		}
		return arbiter.Entry{}, notFound("there is no player %d in %s: pairing numbers run from 1 to %d", pn, s.Tournament.Name, len(s.Entries))
	}
	if id, ok := strings.CutPrefix(strings.ToLower(ref), "id:"); ok {
		n, err := strconv.ParseInt(id, 10, 64)
		if err == nil {
			for _, e := range s.Entries {
				if e.Player.ID == n {
					return e, nil
				}
			}
			return arbiter.Entry{}, notFound("club player id:%d is not entered in %s", n, s.Tournament.Name)
		}
	}
	var same, part []arbiter.Entry
	key := arbiter.FoldName(ref)
	for _, e := range s.Entries {
		if arbiter.SameName(ref, e.Player.Name) {
			same = append(same, e)
		} else if key != "" && strings.Contains(arbiter.FoldName(e.Player.Name), key) {
			part = append(part, e)
		}
	}
	if len(same) == 0 {
		same = part
	}
	switch len(same) {
	case 0:
		var near []string
		for _, e := range s.Entries {
			if Similar(ref, e.Player.Name) || nearWords(ref, e.Player.Name) {
				near = append(near, s.Label(e.PN))
			}
		}
		if len(near) > 0 && len(near) <= 3 {
			return arbiter.Entry{}, inputRefusal(ErrNotFound, fmt.Sprintf("no player called %q in %s: did you mean %s?", ref, s.Tournament.Name, strings.Join(near, " or ")),
				"refuse.noplayer.near", "Ref", ref, "Tournament", s.Tournament.Name, "Near", strings.Join(near, ", "))
		}
		return arbiter.Entry{}, inputRefusal(ErrNotFound, fmt.Sprintf("no player called %q in %s", ref, s.Tournament.Name),
			"refuse.noplayer", "Ref", ref, "Tournament", s.Tournament.Name)
	case 1:
		return same[0], nil
	}
	var names []string
	for _, e := range same {
		names = append(names, s.Label(e.PN))
	}
	if len(names) > 6 {
		names = append(names[:6], "...")
	}
	return arbiter.Entry{}, conflict("%q could be %s: give the pairing number", ref, strings.Join(names, ", "))
}

// FormatPairing writes a round the way round pair --manual reads it:
// "1-7, 3-2, 5 bye", followed by requested byes ("4 H"). Unpaired
// players are left out.
func FormatPairing(r arbiter.Round) string {
	var parts []string
	for _, b := range r.Boards {
		parts = append(parts, fmt.Sprintf("%d-%d", b.White, b.Black))
	}
	byes := append([]arbiter.Bye(nil), r.Byes...)
	sort.SliceStable(byes, func(i, j int) bool { return byes[i].Kind < byes[j].Kind })
	for _, b := range byes {
		switch b.Kind {
		case arbiter.PAB:
			parts = append(parts, fmt.Sprintf("%d bye", b.PN))
		case arbiter.Unpaired, arbiter.NoBye:
		default:
			parts = append(parts, fmt.Sprintf("%d %s", b.PN, b.Kind))
		}
	}
	return strings.Join(parts, ", ")
}

// lastEvent returns the ID of the last event of tournament tid or of the
// roster that can change a pairing, 0 if there is none: a game attached
// to a board changes no score, colour or opponent (a result it brings is
// logged as a result).
func lastEvent(ctx context.Context, q queryer, tid int64) (int64, error) {
	var id int64
	err := q.QueryRowContext(ctx, `SELECT coalesce(max(id), 0) FROM events
		WHERE (tournament_id = ? OR tournament_id IS NULL) AND action NOT LIKE 'game.%'`, tid).Scan(&id)
	if err != nil {
		return 0, fmt.Errorf("read the log: %w", err)
	}
	return id, nil
}
