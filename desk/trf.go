package desk

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/pairing"
	"github.com/labyrinth-chess/arbiter/scoring"
	"github.com/labyrinth-chess/arbiter/tiebreak"
	"github.com/labyrinth-chess/arbiter/trf"
)

// TRF builds the FIDE Tournament Report File of s after round n: rounds 1 to n,
// every result in, and in the column of round n+1 the byes already known
// for it. Each player's rank is his place in the standings after round n.
func TRF(s *Snapshot, n int) (*trf.File, error) {
	t := s.Tournament
	if t.FirstColour == arbiter.NoColour && (t.Seed != 0 || len(s.Rounds) > 0) {
		// The colour round pair draws by lot from the stored seed
		// (pairing.FromTable), so that a pairing program given the file
		// pairs as arbiter does. A tournament with no seed yet has
		// none until round 1 is paired.
		t.FirstColour = pairing.InitialColourByLot(t.Seed)
	}
	entries := append([]arbiter.Entry(nil), s.Entries...)
	for i := range entries {
		entries[i].Player.Sex = trfSex(entries[i].Player.Sex)
	}
	d := &trf.Domain{Tournament: t, Entries: entries, Rounds: s.Rounds[:n], NextByes: nextByes(s, n+1)}
	fromDomain := trf.FromDomain
	if t.System == arbiter.DoubleSwiss {
		// Two columns a match (C.04.5), as trf check and trf pair read.
		fromDomain = trf.FromDomainDoubleSwiss
	}
	f, err := fromDomain(d)
	if err != nil {
		return nil, err
	}
	f.Accelerations = Accelerations(t, entries)
	f.Byes = laterByes(s, n)
	if t.System == arbiter.DoubleSwiss {
		// 240 lines count columns: a bye for match k covers 2k-1 and 2k.
		var cols []trf.Bye
		for _, b := range f.Byes {
			for _, c := range []int{2*b.Round - 1, 2 * b.Round} {
				cols = append(cols, trf.Bye{Kind: b.Kind, Round: c, Players: b.Players})
			}
		}
		f.Byes = cols
	}
	_, st, err := Rank(s, n)
	if err != nil {
		return nil, err
	}
	place := make(map[int]int, len(st))
	for i, x := range st {
		place[x.PN] = i + 1
	}
	for i := range f.Players {
		if r, ok := place[f.Players[i].ID]; ok {
			f.Players[i].Rank = r
		}
	}
	return f, nil
}

// nextByes returns the players who will not be paired in round k, as TRF
// blocks in that round's column: byes asked for, and "0000 - Z" for
// players who withdrew or have not entered yet. For a round already
// paired, these are its stored byes other than the PAB.
func nextByes(s *Snapshot, k int) []arbiter.Bye {
	if k > s.Tournament.Rounds {
		return nil
	}
	list := s.Absent(k)
	if r := s.Round(k); r != nil {
		list = r.Byes
	}
	var out []arbiter.Bye
	for _, b := range list {
		switch b.Kind {
		case arbiter.HalfBye, arbiter.FullBye, arbiter.ZeroBye:
			out = append(out, b)
		case arbiter.Unpaired:
			out = append(out, arbiter.Bye{PN: b.PN, Kind: arbiter.ZeroBye})
		}
	}
	return out
}

// laterByes returns, as TRF-26 240 lines, who will not be paired in the
// rounds after the next one (n+2 to the last): byes asked for (H, F, Z)
// and the withdrawn players and late entries not yet entered (Z). The next
// round's are in its column (nextByes), where the pairing programs read
// them. A withdrawal is thus written as a zero-point bye in every round
// left, as C.07 (2026, 16.1) counts it, and reads back as one (FromTRF).
func laterByes(s *Snapshot, n int) []trf.Bye {
	var out []trf.Bye
	for k := n + 2; k <= s.Tournament.Rounds; k++ {
		by := map[trf.Result][]int{}
		for _, b := range nextByes(s, k) {
			kind := trf.ZeroBye
			switch b.Kind {
			case arbiter.HalfBye:
				kind = trf.HalfBye
			case arbiter.FullBye:
				kind = trf.FullBye
			}
			by[kind] = append(by[kind], b.PN)
		}
		for _, kind := range []trf.Result{trf.HalfBye, trf.FullBye, trf.ZeroBye} {
			if pns := by[kind]; len(pns) > 0 {
				slices.Sort(pns)
				out = append(out, trf.Bye{Kind: kind, Round: k, Players: pns})
			}
		}
	}
	return out
}

// trfSex writes the roster's M and F as the TRF's m and w (column 10).
func trfSex(sex string) string {
	switch strings.ToUpper(sex) {
	case "M":
		return "m"
	case "F", "W":
		return "w"
	}
	return ""
}

// rosterSex reads the TRF's m and w as the roster's M and F.
func rosterSex(sex string) string {
	switch strings.ToLower(sex) {
	case "m":
		return "M"
	case "w", "f":
		return "F"
	}
	return ""
}

// TRFImport is a tournament read from a TRF file, ready to store.
type TRFImport struct {
	Import TournamentImport
	// RoundsAssumed is the number of rounds taken as planned when the
	// file does not say (XXR or 142): the rounds played; 0 when it says.
	RoundsAssumed int
	// Notes say what the file holds that arbiter does not keep, one
	// sentence each.
	Notes []string
}

// FromTRF turns a TRF file into a tournament to store (ImportTournament),
// its boards numbered in board order (C.04.2 art. 3.6).
func FromTRF(f *trf.File, source string) (TRFImport, error) {
	var notes []string
	var out TRFImport
	d, err := f.Domain()
	if err != nil {
		return out, err
	}
	t := d.Tournament
	played := len(d.Rounds)
	if f.Rounds == 0 {
		t.Rounds = max(played, 1)
		out.RoundsAssumed = t.Rounds
	}
	// The tie-breaks follow the C.07 text in force when the tournament
	// started, as trf tiebreaks and FIDE's reference checker read a file.
	t.TiebreakEdition = tiebreak.EditionFor(t.Date)
	if t.TiebreakEdition != tiebreak.Edition2026 {
		notes = append(notes, fmt.Sprintf("The tournament started on %s: its tie-breaks follow the C.07 rules for unplayed rounds in force then (%d); change with arbiter tournament set --tiebreak-edition.", t.Date, t.TiebreakEdition))
	}
	if t.Rounds < played {
		return out, fmt.Errorf("%d rounds are played but the file plans %d (XXR or 142)", played, t.Rounds)
	}
	double := t.System == arbiter.DoubleSwiss
	if t.FirstColour == arbiter.NoColour && played > 0 {
		// Without XXC or 152, pairing engines take the colour the first
		// player had in round 1 (pairing.FromTRF infers it so; for a
		// Double-Swiss file, in game 1 of the first match).
		if double {
			if in, err := pairing.FromTRFDoubleSwiss(f, 0); err == nil {
				t.FirstColour = in.InitialColour
			}
		} else if in, err := pairing.FromTRF(f, 0); err == nil {
			t.FirstColour = in.InitialColour
		}
		if t.FirstColour != arbiter.NoColour {
			notes = append(notes, fmt.Sprintf("The file does not give the initial colour (XXC or 152): taking %s, as played in round 1.", t.FirstColour))
		}
	}
	if len(f.Forbidden) > 0 {
		notes = append(notes, fmt.Sprintf("%s of players who may not meet (XXP) not kept: arbiter does not keep forbidden pairs.", plural(len(f.Forbidden), "group", "groups")))
	}
	if double {
		// Two columns a match: 240 lines name columns (desk.TRF), and
		// the acceleration of C.04.5 is not applied.
		if len(f.Accelerations) > 0 {
			notes = append(notes, "The accelerations (XXA or 250) are not kept: arbiter does not accelerate a Double-Swiss tournament.")
		}
	} else if bakuOf(f, t, d.Entries) {
		t.Accelerated = "baku"
	} else if len(f.Accelerations) > 0 {
		t.Accelerated = ""
		notes = append(notes, "The accelerations (XXA or 250) are not kept: they are not the Baku acceleration, the one arbiter applies.")
	}
	if texts := f.Header.Chain(); len(texts) > 0 {
		if chain, err := tiebreak.ParseChain(texts); err == nil {
			t.Tiebreaks = t.Tiebreaks[:0]
			for _, s := range chain {
				t.Tiebreaks = append(t.Tiebreaks, s.String())
			}
		} else {
			notes = append(notes, fmt.Sprintf("The tie-break list of the file (212 or 202) is not kept: %v; set one with arbiter tournament set --tiebreaks.", err))
		}
	}
	notes = append(notes, unkeptTRF(f)...)
	if f.UseRank {
		notes = append(notes, "XXC rank is not kept: arbiter pairs by pairing number, the file's starting rank.")
	}
	for i := range d.Entries {
		d.Entries[i].Player.Sex = rosterSex(d.Entries[i].Player.Sex)
	}
	orderBoards(t, d.Entries, d.Rounds)

	ti := TournamentImport{Source: source, Method: "trf", Tournament: t, Entries: d.Entries, Rounds: d.Rounds}
	asked := map[[2]int]bool{}
	request := func(pn, round int, k arbiter.ByeKind) {
		if round > played && round <= t.Rounds && !asked[[2]int{pn, round}] {
			asked[[2]int{pn, round}] = true
			ti.Requests = append(ti.Requests, Request{PN: pn, Round: round, Kind: k})
		}
	}
	for _, b := range d.NextByes {
		request(b.PN, played+1, b.Kind)
	}
	for _, pn := range f.Absent {
		request(pn, played+1, arbiter.ZeroBye)
	}
	for _, b := range f.Byes {
		if double {
			b.Round = (b.Round + 1) / 2 // the match of the column
		}
		k := arbiter.NoBye
		switch b.Kind {
		case trf.HalfBye:
			k = arbiter.HalfBye
		case trf.FullBye:
			k = arbiter.FullBye
		case trf.ZeroBye:
			k = arbiter.ZeroBye
		}
		if k == arbiter.NoBye || b.Round <= played {
			continue
		}
		for _, pn := range b.Players {
			request(pn, b.Round, k)
		}
	}
	withdrawals(&ti, played)
	sort.Slice(ti.Requests, func(i, j int) bool {
		x, y := ti.Requests[i], ti.Requests[j]
		if x.Round != y.Round {
			return x.Round < y.Round
		}
		return x.PN < y.PN
	})
	out.Import, out.Notes = ti, notes
	return out, nil
}

// withdrawals marks as withdrawn the players of ti who are out of every
// round from some round w to the last one planned: a zero-point bye or no
// block in the rounds played, a zero-point bye asked for (the next round's
// column, XXZ, TRF-26 240 Z lines) in the rounds to come; two rounds or
// more, one of them at least still to play. A TRF has no record of its own
// for a withdrawal, and C.07 (2026, 16.1) counts every round after one as
// a zero-point bye: that is how a withdrawal is written (desk.TRF), and
// how it reads back. The player is then entered as withdrawn from w, not
// paired from then on (C.04.2 art. 3.2). The withdrawal starts with the
// first of those rounds still to play: the rounds played keep their
// zero-point byes as the file gives them (they count the same, C.07 16.1),
// and the player asks for no bye from then on.
func withdrawals(ti *TournamentImport, played int) {
	last := ti.Tournament.Rounds
	if last <= played {
		return // nothing still to play: the zero-point byes stay byes
	}
	asked := map[[2]int]bool{}
	for _, q := range ti.Requests {
		if q.Kind == arbiter.ZeroBye {
			asked[[2]int{q.PN, q.Round}] = true
		}
	}
	out := func(pn, r int) bool {
		if r > played {
			return asked[[2]int{pn, r}]
		}
		rd := ti.Rounds[r-1]
		for _, b := range rd.Boards {
			if b.White == pn || b.Black == pn {
				return false
			}
		}
		for _, b := range rd.Byes {
			if b.PN == pn {
				return b.Kind == arbiter.ZeroBye || b.Kind == arbiter.Unpaired
			}
		}
		return true
	}
	for i := range ti.Entries {
		e := &ti.Entries[i]
		w := last + 1
		for w > 1 && out(e.PN, w-1) {
			w--
		}
		if w > last-1 {
			continue // out of fewer than two rounds (the last is still to play)
		}
		w = max(w, played+1)
		e.Status, e.WithdrawnFrom = arbiter.Withdrawn, w
		ti.Requests = slices.DeleteFunc(ti.Requests, func(q Request) bool { return q.PN == e.PN && q.Round >= w })
	}
}

// orderBoards numbers the boards of each round in board order (C.04.2
// 3.6): a TRF file records who met whom but not on which board. Boards go
// by the higher player's score before the round, then the lower player's,
// then the higher player's pairing number.
func orderBoards(t arbiter.Tournament, entries []arbiter.Entry, rounds []arbiter.Round) {
	build := scoring.Build
	if t.System == arbiter.DoubleSwiss {
		build = scoring.BuildMatches // game points of both games
	}
	tab, err := build(t, entries, rounds)
	if err != nil {
		return // left in the file's order; the store checks the rounds
	}
	for i := range rounds {
		score := func(pn int) arbiter.Score {
			if c := tab.Card(pn); c != nil {
				return c.ScoreAfter(i)
			}
			return 0
		}
		type seat struct {
			hi, lo arbiter.Score
			first  int
			board  arbiter.Board
		}
		seats := make([]seat, len(rounds[i].Boards))
		for j, b := range rounds[i].Boards {
			sw, sb := score(b.White), score(b.Black)
			s := seat{board: b, hi: sw, lo: sb, first: b.White}
			if sb > sw || sb == sw && b.Black < b.White {
				s.hi, s.lo, s.first = sb, sw, b.Black
			}
			seats[j] = s
		}
		sort.SliceStable(seats, func(x, y int) bool {
			a, b := seats[x], seats[y]
			if a.hi != b.hi {
				return a.hi > b.hi
			}
			if a.lo != b.lo {
				return a.lo > b.lo
			}
			return a.first < b.first
		})
		for j := range seats {
			rounds[i].Boards[j] = seats[j].board
			rounds[i].Boards[j].Number = j + 1
		}
	}
}

// unkeptTRF lists, for the import notice, what the file holds that the
// database has no place for, instead of dropping it silently.
func unkeptTRF(f *trf.File) []string {
	h := f.Header
	var lost []string
	add := func(ok bool, what string) {
		if ok {
			lost = append(lost, what)
		}
	}
	add(h.System != "" && !trf.System(h.System, &arbiter.Tournament{}), "pairing system (192 "+h.System+")")
	add(h.Controller != "", "pairing controller (182 "+h.Controller+")")
	national := 0
	for _, p := range f.Players {
		national += len(p.National)
	}
	add(national > 0, plural(national, "national rating record", "national rating records"))
	// A Double-Swiss file's 299 lines for games ending ½-0 or 0-0 are
	// read as those results (trf.File.MatchLines).
	abnormal := len(f.Abnormal) - f.MatchLines()
	add(abnormal > 0, plural(abnormal, "abnormal points line (299)", "abnormal points lines (299)"))
	add(len(f.Comments) > 0, plural(len(f.Comments), "comment line (###)", "comment lines (###)"))
	add(len(f.Extra) > 0, plural(len(f.Extra), "line arbiter does not read", "lines arbiter does not read"))
	for _, u := range f.Unread() {
		lost = append(lost, u+", not in a form arbiter reads")
	}
	if len(lost) == 0 {
		return nil
	}
	return []string{"Not kept from the file: " + strings.Join(lost, ", ") + "."}
}

// Accelerations returns the virtual points of t's acceleration by
// pairing number, in tenths as TRF 250 (and XXA) lines give them: those
// round pair applies (pairing.FromTable: group A up to pairing.BakuLast),
// so that a pairing program given the file pairs as arbiter does. nil
// without acceleration.
func Accelerations(t arbiter.Tournament, entries []arbiter.Entry) map[int][]trf.Points {
	if t.Accelerated != "baku" {
		return nil
	}
	out := map[int][]trf.Points{}
	last := pairing.BakuLast(entries)
	for _, e := range entries {
		if e.PN > last {
			continue
		}
		for _, v := range pairing.BakuPoints(t.Rounds, 10) {
			out[e.PN] = append(out[e.PN], trf.Points(v))
		}
	}
	return out
}

// bakuOf reports whether f asks for the Baku acceleration (C.04.7) of
// tournament t with entries: a 192 line naming a Baku system without
// acceleration lines, or acceleration lines that are exactly Baku's for
// those entries and t's rounds.
func bakuOf(f *trf.File, t arbiter.Tournament, entries []arbiter.Entry) bool {
	if len(f.Accelerations) == 0 {
		return strings.HasSuffix(strings.ToUpper(strings.TrimSpace(f.Header.System)), "_BAKU")
	}
	want := Accelerations(arbiter.Tournament{Accelerated: "baku", Rounds: t.Rounds}, entries)
	for id := range f.Accelerations {
		if id < 1 || id > len(f.Players) {
			return false
		}
	}
	for id := 1; id <= len(f.Players); id++ {
		got := f.Accelerations[id]
		for len(got) > 0 && got[len(got)-1] == 0 {
			got = got[:len(got)-1]
		}
		if !slices.Equal(got, want[id]) {
			return false
		}
	}
	return true
}
