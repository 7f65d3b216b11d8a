package reports

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/labyrinth-chess/arbiter/prizes"
	"github.com/labyrinth-chess/arbiter/rating"
	"github.com/labyrinth-chess/arbiter/scoring"
)

// Event is what the reports show: a tournament after its last round in
// Rounds. The writers read it and never change it.
type Event struct {
	Tournament arbiter.Tournament
	Entries    []arbiter.Entry // every entry, pairing numbers 1 to len(Entries), any order
	Rounds     []arbiter.Round // rounds 1 to N, in order; the last may still be in play

	// Table holds the score cards of Rounds. Nil means the writers build it
	// with scoring.Build.
	Table *scoring.Table

	// Standings lists every entry once, in rank order. Nil means ranked by
	// points alone, then pairing number, with equal points sharing a rank,
	// no tie-break columns, and the performance from Performances.
	Standings []StandingRow

	// TiebreakCodes heads the tie-break columns: the C.07 code of each value
	// in StandingRow.Tiebreaks, e.g. "BH", "DE", "SB", "BH-C1". A DE value
	// of 0 means the direct encounter decided nothing for the player: it
	// prints as "-" and is an empty cell in the workbook.
	TiebreakCodes []string

	// Locale words the sheets and the workbook: titles, column headers,
	// sheet names, dates. Nil prints English.
	Locale *locale.Localizer

	// Generated is the creation date written into the files (PDF document
	// information, workbook properties) and printed in page footers. The
	// zero value writes the tournament's start date (1 January 2000 when it
	// is unknown) and prints no date, so output stays reproducible.
	Generated time.Time

	// Warn, when not nil, is told once per document written when a name
	// or other text held characters the writer could not print as they
	// are (a PDF font without the letter, an emoji) and replaced: what
	// was replaced, for the caller to word in the reader's language.
	Warn func(Replaced)

	// Prizes is the prize list of the standings (the prizes package):
	// WritePrizes prints it, and the workbook has a sheet of it when the
	// tournament has prizes. Nil for none.
	Prizes *prizes.List

	// Ratings holds, by pairing number, each player's FIDE rating
	// change over Rounds (package rating): the workbook's standings get
	// a column of it and a sheet of the rating report, and
	// WriteRatingReport prints it. Nil shows no rating change.
	Ratings map[int]rating.Change

	// Codes holds, by board number, what the result slips of the last
	// round print for reporting from the board (arbiter serve): a QR
	// code of the board's address. Nil prints slips without one.
	Codes map[int]SlipCode

	// Cards holds, by pairing number, what each player's own card
	// carries (WritePINCards): their PIN and the address of their own
	// page.
	Cards map[int]PINCard

	// Zip, when not nil, lends the compressors of the PDF documents
	// written: one Compressors for the documents of a run spares each
	// document its own.
	Zip *Compressors
}

// Replaced says what text a writer could not print as it was.
type Replaced struct {
	// Lacking are the characters the PDF fonts have no glyph for, each
	// once, in the order met; each was printed as the nearest letter the
	// fonts have or as U+FFFD.
	Lacking []rune
	// BadUTF8 is true when bytes that are not UTF-8 text were met and
	// printed as U+FFFD.
	BadUTF8 bool
}

// IsZero reports whether nothing was replaced.
func (r Replaced) IsZero() bool { return len(r.Lacking) == 0 && !r.BadUTF8 }

// SlipCode is what a board's slip carries for reporting the result from
// a phone: the address the QR code holds. It carries no PIN: what lies
// on the board is both players', and a PIN is one player's alone.
type SlipCode struct {
	URL string
}

// PINCard is what a player's own card carries: the player's PIN, which
// proves the player when reporting and confirming from a phone, and the
// address of the player's own page on arbiter serve, where the phone
// signs in ("" prints no QR code).
type PINCard struct {
	PIN string
	URL string
}

// StandingRow is one line of the standings.
type StandingRow struct {
	Rank   int // 1-based place
	RankTo int // last place of a shared rank ("3-4" has Rank 3, RankTo 4); 0 or Rank when not shared
	PN     int // pairing number

	Points    arbiter.Score
	Tiebreaks []float64 // one value per Event.TiebreakCodes, in that order
	// Undefined[j] reports that Tiebreaks[j] is a figure C.07 leaves
	// undefined (tiebreak.Standing.Undefined): shown as no figure; nil
	// when every figure is defined.
	Undefined   []bool
	Performance int // tournament performance rating, 0 when undefined (see Performances)
}

// RankText returns the rank as printed: "3", or "3-4" for a shared rank.
func (r StandingRow) RankText() string {
	if r.RankTo > r.Rank {
		return strconv.Itoa(r.Rank) + "-" + strconv.Itoa(r.RankTo)
	}
	return strconv.Itoa(r.Rank)
}

// ShareRanks numbers rows, which must be in rank order: each row gets its
// line number as Rank, and rows with equal points and equal tie-break
// values share the rank of the first of them, shown as "3-4". Whether tied
// players share a place or are separated by lot is for the tournament's
// regulations to say (C.07 art. 2.1); call ShareRanks only when they share.
func ShareRanks(rows []StandingRow) {
	for i := 0; i < len(rows); {
		j := i + 1
		for j < len(rows) && rows[j].Points == rows[i].Points && slices.Equal(rows[j].Tiebreaks, rows[i].Tiebreaks) {
			j++
		}
		for k := i; k < j; k++ {
			rows[k].Rank, rows[k].RankTo = i+1, j
			if j == i+1 {
				rows[k].RankTo = 0
			}
		}
		i = j
	}
}

// view is an Event checked and indexed for the writers.
type view struct {
	ev      *Event
	l       *locale.Localizer // never nil
	t       arbiter.Tournament
	tab     *scoring.Table
	entries []*arbiter.Entry // entries[pn-1]
	rows    []StandingRow    // rank order
	codes   []string         // tie-break codes of rows
	line    []int            // line[pn-1]: 1-based line of pn in rows
}

// prepare checks ev and indexes it. It returns an error naming the first
// inconsistency: a pairing number out of range or repeated, a score table
// that does not match the rounds, a standings list that misses or repeats a
// player, or tie-break values that do not match the codes.
func prepare(ev *Event) (*view, error) {
	if ev == nil {
		return nil, fail(nil, nil, "report.err.noevent")
	}
	n := len(ev.Entries)
	v := &view{ev: ev, l: ev.Locale, t: ev.Tournament, entries: make([]*arbiter.Entry, n)}
	if v.l == nil {
		v.l = locale.New(locale.English)
	}
	l := v.l
	for i := range ev.Entries {
		e := &ev.Entries[i]
		if e.PN < 1 || e.PN > n {
			return nil, fail(l, nil, "report.err.pnrange", "PN", e.PN, "N", n)
		}
		if v.entries[e.PN-1] != nil {
			return nil, fail(l, nil, "report.err.pntwice", "PN", e.PN)
		}
		v.entries[e.PN-1] = e
	}
	v.tab = ev.Table
	if v.tab == nil {
		build := scoring.Build
		if ev.Tournament.System == arbiter.DoubleSwiss {
			build = scoring.BuildMatches // a round is a match of two games (C.04.5)
		}
		tab, err := build(ev.Tournament, ev.Entries, ev.Rounds)
		if err != nil {
			return nil, fail(l, err, "report.err.wrap", "Err", err.Error())
		}
		v.tab = tab
	}
	if len(v.tab.Cards) != n || v.tab.Rounds != len(ev.Rounds) {
		return nil, fail(l, nil, "report.err.table", "Cards", len(v.tab.Cards), "Rounds", v.tab.Rounds, "N", n, "Want", len(ev.Rounds))
	}
	for i, rd := range ev.Rounds {
		if rd.Number != i+1 {
			return nil, fail(l, nil, "report.err.order", "Got", rd.Number, "Want", i+1)
		}
	}
	v.rows, v.codes = ev.Standings, ev.TiebreakCodes
	if v.rows == nil {
		v.rows, v.codes = pointsOrder(ev.Tournament, v.tab, ev.Entries), nil
	}
	if len(v.rows) != n {
		return nil, fail(l, nil, "report.err.rows", "Rows", len(v.rows), "N", n)
	}
	v.line = make([]int, n)
	for i, r := range v.rows {
		if r.PN < 1 || r.PN > n {
			return nil, fail(l, nil, "report.err.rowpn", "Line", i+1, "PN", r.PN, "N", n)
		}
		if v.line[r.PN-1] != 0 {
			return nil, fail(l, nil, "report.err.rowtwice", "PN", r.PN)
		}
		if len(r.Tiebreaks) != len(v.codes) {
			return nil, fail(l, nil, "report.err.tbcount", "Line", i+1, "Values", len(r.Tiebreaks), "Codes", len(v.codes))
		}
		v.line[r.PN-1] = i + 1
	}
	return v, nil
}

// pointsOrder ranks the players by points, then pairing number, with equal
// points sharing a rank, and works out their performance.
func pointsOrder(t arbiter.Tournament, tab *scoring.Table, entries []arbiter.Entry) []StandingRow {
	rows := make([]StandingRow, len(tab.Cards))
	perf := PerformancesOf(t, tab, entries)
	for i, c := range tab.Cards {
		rows[i] = StandingRow{PN: c.PN, Points: c.Score(), Performance: perf[i]}
	}
	slices.SortStableFunc(rows, func(a, b StandingRow) int {
		if c := cmp.Compare(b.Points, a.Points); c != 0 {
			return c
		}
		return cmp.Compare(a.PN, b.PN)
	})
	ShareRanks(rows)
	return rows
}

// player returns the player of pairing number pn.
func (v *view) player(pn int) *arbiter.Player { return &v.entries[pn-1].Player }

// round returns round number r of the event, or an error naming the
// rounds there are.
func (v *view) round(r int) (*arbiter.Round, error) {
	if r < 1 || r > len(v.ev.Rounds) {
		if len(v.ev.Rounds) == 0 {
			return nil, fail(v.l, nil, "report.err.noround", "Round", r)
		}
		return nil, fail(v.l, nil, "report.err.roundrange", "Round", r, "Last", len(v.ev.Rounds))
	}
	return &v.ev.Rounds[r-1], nil
}

// before returns pn's points before round r.
func (v *view) before(pn, r int) arbiter.Score { return v.tab.Card(pn).ScoreAfter(r - 1) }

// docDate returns the creation date written into the files.
func (v *view) docDate() time.Time {
	if !v.ev.Generated.IsZero() {
		return v.ev.Generated
	}
	if d, err := time.Parse(time.DateOnly, v.t.Date); err == nil {
		return d
	}
	return time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
}

// boards returns the boards of rd in board order.
func boards(rd *arbiter.Round) []arbiter.Board {
	b := slices.Clone(rd.Boards)
	slices.SortStableFunc(b, func(x, y arbiter.Board) int { return cmp.Compare(x.Number, y.Number) })
	return b
}

// absence is a player of a round who has no board: a bye, an absence or a
// withdrawal.
type absence struct {
	PN     int
	Kind   scoring.Kind
	Points arbiter.Score // points awarded for the round
	Label  string        // "pairing-allocated bye", "withdrawn", ... in the event's language
	Gone   bool          // withdrawn by this round
}

// absences lists the players of round r without a board, in the order of
// the round's byes, then by pairing number for players in no list. Late
// entries who have not joined yet are left out.
func (v *view) absences(rd *arbiter.Round) []absence {
	r := rd.Number
	var out []absence
	listed := make(map[int]bool, len(rd.Byes))
	add := func(pn int) {
		o := v.tab.Card(pn).Rounds[r-1]
		a := absence{PN: pn, Kind: o.Kind, Points: o.Points}
		e := v.entries[pn-1]
		switch {
		case o.Kind == scoring.Absent && e.Status == arbiter.Withdrawn && e.WithdrawnFrom > 0 && e.WithdrawnFrom <= r:
			a.Label, a.Gone = v.l.T("absence.withdrawn"), true
		default:
			a.Label = v.kindLabel(o.Kind)
		}
		out = append(out, a)
	}
	for _, b := range rd.Byes {
		if b.PN < 1 || b.PN > len(v.entries) || listed[b.PN] {
			continue
		}
		listed[b.PN] = true
		add(b.PN)
	}
	seated := make([]bool, len(v.entries)+1)
	for _, b := range rd.Boards {
		if b.White >= 1 && b.White <= len(v.entries) {
			seated[b.White] = true
		}
		if b.Black >= 1 && b.Black <= len(v.entries) {
			seated[b.Black] = true
		}
	}
	for pn := 1; pn <= len(v.entries); pn++ {
		if seated[pn] || listed[pn] || v.entries[pn-1].JoinedRound > r {
			continue
		}
		add(pn)
	}
	return out
}

// kindLabel names an unplayed round's kind as the sheets print it.
func (v *view) kindLabel(k scoring.Kind) string {
	switch k {
	case scoring.PAB:
		return v.l.T("absence.pab")
	case scoring.HalfBye:
		return v.l.T("absence.halfbye")
	case scoring.FullBye:
		return v.l.T("absence.fullbye")
	case scoring.ZeroBye:
		return v.l.T("absence.zerobye")
	}
	return v.l.T("absence.notpaired")
}

// resultText returns a board's result as printed: "1-0", "½-½", "0-1",
// "+-", "-+", "--", or "" when no result is in.
func resultText(r arbiter.Result) string {
	if r == arbiter.Draw {
		return "½-½"
	}
	return r.String()
}

// boardResult returns a board's result as printed: resultText, or for a
// Double-Swiss match (C.04.5) the match score from game 1's White and
// both games, "1½-½ (1-0 ½-½)".
func (v *view) boardResult(b arbiter.Board) string {
	if v.t.System != arbiter.DoubleSwiss {
		return resultText(b.Result)
	}
	m := b.Match()
	if m == (arbiter.Match{}) {
		return ""
	}
	return m.Score() + " (" + resultText(m.First) + " " + resultText(m.Second) + ")"
}

// crossCell returns a score card entry as a crosstable shows it: the
// opponent's line, the colour and the points ("12w1", "5b½"), "12w+" and
// "12b-" for forfeits, "12w" for a game still in play, "PAB", "H" (half-point
// bye), "F" (full-point bye), "Z" (zero-point bye) and "-" for a round not
// played.
func (v *view) crossCell(o scoring.Outcome) string {
	opp := func() string {
		letter := o.Colour.Letter()
		switch o.Colour {
		case arbiter.White:
			letter = v.l.T("cross.white")
		case arbiter.Black:
			letter = v.l.T("cross.black")
		}
		return strconv.Itoa(v.line[o.Opponent-1]) + letter
	}
	switch o.Kind {
	case scoring.Game:
		if o.Pending {
			return opp()
		}
		return opp() + o.Points.Fraction()
	case scoring.ForfeitWin:
		return opp() + "+"
	case scoring.ForfeitLoss:
		return opp() + "-"
	case scoring.PAB:
		return v.l.T("cross.pab")
	case scoring.HalfBye:
		return v.l.T("cross.halfbye")
	case scoring.FullBye:
		return v.l.T("cross.fullbye")
	case scoring.ZeroBye:
		return v.l.T("cross.zerobye")
	}
	return "-"
}

// crossLegend explains the signs of the crosstable's cells, in the
// letters crossCell writes them with.
func (v *view) crossLegend() string {
	return v.l.T("cross.legend", "W", v.l.T("cross.white"), "PAB", v.l.T("cross.pab"), "H", v.l.T("cross.halfbye"),
		"F", v.l.T("cross.fullbye"), "Z", v.l.T("cross.zerobye"))
}

// statusText describes an entry's state for the players list.
func (v *view) statusText(e *arbiter.Entry) string {
	s := v.l.T("status.active")
	if e.Status == arbiter.Withdrawn {
		s = v.l.T("status.withdrawn")
		if e.WithdrawnFrom > 0 {
			s = v.l.T("status.withdrawnfrom", "Round", e.WithdrawnFrom)
		}
	}
	if e.JoinedRound > 1 {
		s = v.l.T("status.entered", "Status", s, "Round", e.JoinedRound)
	}
	return s
}

// noFigure reports whether r's figure j, of the tie-break code, stands for
// no figure: one C.07 leaves undefined, or DE's 0 (DE gives the player's
// place within the group it was applied to, and 0 when it decided nothing
// for that player).
func noFigure(code string, r StandingRow, j int) bool {
	return code == "DE" && r.Tiebreaks[j] == 0 || r.Undefined != nil && r.Undefined[j]
}

// halves reports, for each tie-break column, whether all its values are
// whole or half numbers, to be shown in halves as points are.
func (v *view) halves() []bool {
	halves := make([]bool, len(v.codes))
	col := make([]float64, len(v.rows))
	for j := range halves {
		for i, r := range v.rows {
			col[i] = r.Tiebreaks[j]
		}
		halves[j] = locale.Halves(col)
	}
	return halves
}

// tbText formats a tie-break value for print as every table does
// (locale.Figure).
func (v *view) tbText(x float64, halves bool) string { return v.l.Figure(x, halves) }

// square reports whether the crosstable is the square table of an
// all-play-all (the "tabellone all'italiana"): a round robin from the
// Berger tables (C.05 Annex 1), where every player meets every other,
// so each line has a square for each player and a blank diagonal.
func (v *view) square() bool { return v.t.System == arbiter.RoundRobin }

// squareCell returns what the square crosstable shows where the line of
// pn meets the column of opp, counting rounds from round from on: pn's
// points in each game against opp, in the order of the rounds and one
// space apart in a double round robin ("1", "½", "0", "1 ½"), "+" and "-"
// for a game won or lost by forfeit, "*" for a game with no result yet,
// and "" when they have not met.
func (v *view) squareCell(pn, opp, from int) string {
	var parts []string
	for r, o := range v.tab.Card(pn).Rounds {
		if o.Opponent != opp || r+1 < from {
			continue
		}
		switch o.Kind {
		case scoring.Game:
			if o.Pending {
				parts = append(parts, "*")
			} else {
				parts = append(parts, o.Points.Fraction())
			}
		case scoring.ForfeitWin:
			parts = append(parts, "+")
		case scoring.ForfeitLoss:
			parts = append(parts, "-")
		}
	}
	return strings.Join(parts, " ")
}

// squareByes reports whether any player scored in a round from round
// from on without an opponent (the bye of an odd field): the square's
// cells then do not add up to the points, and its legend says why.
func (v *view) squareByes(from int) bool {
	for _, c := range v.tab.Cards {
		for r, o := range c.Rounds {
			if r+1 >= from && o.Opponent == 0 && o.Points != 0 {
				return true
			}
		}
	}
	return false
}

// squareLegend explains the cells of the square crosstable of the rounds
// from round from on.
func (v *view) squareLegend(from int) string {
	s := v.l.T("cross.square.legend")
	if v.squareByes(from) {
		s += " " + v.l.T("cross.square.byes")
	}
	return s
}

// continuation returns the rows, in rank order, of the players of the
// all-play-all a Swiss continued as (C.04.3 1.9) and the first round of
// it, or nil when the event has no round of one.
func (v *view) continuation() ([]StandingRow, int) {
	c := v.t.AllPlayAll
	if v.square() || !c.On(len(v.ev.Rounds)) {
		return nil, 0
	}
	in := make(map[int]bool, len(c.Players))
	for _, pn := range c.Players {
		in[pn] = true
	}
	var rows []StandingRow
	for _, r := range v.rows {
		if in[r.PN] {
			rows = append(rows, r)
		}
	}
	return rows, c.From
}

// reportError is an error of the writers worded by the event's Locale;
// err, when not nil, is the error it wraps.
type reportError struct {
	msg string
	err error
}

func (e *reportError) Error() string { return e.msg }
func (e *reportError) Unwrap() error { return e.err }

// fail returns the error of message id of the catalog, worded by l (nil:
// English), wrapping err when it is not nil.
func fail(l *locale.Localizer, err error, id string, args ...any) error {
	if l == nil {
		l = locale.New(locale.English)
	}
	return &reportError{msg: l.T(id, args...), err: err}
}
