package trf

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/scoring"
)

// Domain is a tournament as the rest of arbiter holds it: settings,
// entries and rounds, plus the byes already known for the round to pair.
type Domain struct {
	Tournament arbiter.Tournament
	Entries    []arbiter.Entry // PN = TRF starting rank
	Rounds     []arbiter.Round // the played rounds, in order
	NextByes   []arbiter.Bye   // byes recorded for the round after the last played one
}

// Domain converts f. Starting ranks must run from 1 to the number of
// players. See the package documentation for how round blocks map to
// boards, results and byes. Errors name the player's line. A Double-Swiss
// file (192 FIDE_DOUBLESWISS) gives a Double-Swiss tournament, a match of
// two columns to a round (see doubleSwissRounds); one accelerated
// (FIDE_DOUBLESWISS_BAKU) is refused with ErrDoubleSwiss.
func (f *File) Domain() (*Domain, error) {
	double := f.DoubleSwiss()
	if double && strings.HasSuffix(strings.ToUpper(strings.TrimSpace(f.Header.System)), "_BAKU") {
		return nil, fmt.Errorf("trf: %s: %w", strings.TrimSpace(f.Header.System), ErrDoubleSwiss)
	}
	t := arbiter.NewTournament(f.Header.Name)
	t.Venue = f.Header.City
	t.Date = isoDate(f.Header.StartDate)
	t.TimeControl = f.Header.TimeControl
	t.FirstColour = f.InitialColour
	// What the report to FIDE carries (TRF-26 032, 052, 102, 112, 132,
	// 172, 222); values in no form arbiter reads are left out (see
	// Unread).
	h := f.Header
	if fed := strings.ToUpper(strings.TrimSpace(h.Federation)); isFed(fed) {
		t.Federation = fed
	}
	t.EndDate = isoDate(h.EndDate)
	t.ChiefArbiter = strings.TrimSpace(h.Arbiter)
	for _, d := range h.Deputies {
		if d = strings.TrimSpace(d); d != "" {
			t.Deputies = append(t.Deputies, d)
		}
	}
	for i, d := range h.RoundDates {
		if double && i%2 == 1 {
			continue // the date of game 2: the match's is game 1's
		}
		t.RoundDates = append(t.RoundDates, roundDate(d))
	}
	for len(t.RoundDates) > 0 && t.RoundDates[len(t.RoundDates)-1] == "" {
		t.RoundDates = t.RoundDates[:len(t.RoundDates)-1]
	}
	t.TimeCode = strings.TrimSpace(h.TimeCode)
	if pace, ok := Pace(h.Type, t.TimeCode); ok {
		t.Pace = pace
	}
	System(h.System, &t)
	if h.RankFederation == t.Federation {
		t.RatingType = h.RankMethod
	}
	played := f.PlayedRounds()
	t.Rounds = f.Rounds
	if double {
		// A round is a match of two columns (C.04.5 Preface: byes apply
		// to matches).
		t.DoubleSwissValues()
		if f.Rounds%2 == 1 {
			return nil, fmt.Errorf("trf: the file plans %d rounds (142 or XXR): a Double-Swiss file has two per match: %w", f.Rounds, ErrInconsistent)
		}
		played, t.Rounds = f.PlayedMatches(), f.Rounds/2
	}
	if t.Rounds == 0 {
		t.Rounds = played
	}
	var ok bool
	if t.PABValue, ok = f.Points.PAB.Score(); !ok {
		return nil, fmt.Errorf("trf: the PAB is worth %v points: arbiter counts whole and half points", f.Points.PAB)
	}
	if t.HalfByeValue, ok = f.Points.HalfBye.Score(); !ok {
		return nil, fmt.Errorf("trf: a half-point bye is worth %v points: arbiter counts whole and half points", f.Points.HalfBye)
	}
	if double {
		// H in both columns of a match: a requested bye scores the two
		// columns together.
		t.HalfByeValue *= 2
	}
	if f.Points.Win() != 10 || f.Points.Draw() != 5 || f.Points.Loss() != 0 || f.Points.FullBye != 10 || f.Points.ForfeitWin != 10 {
		return nil, fmt.Errorf("trf: arbiter scores 1, ½ and 0; this file uses other values (win %v, draw %v, loss %v)", f.Points.Win(), f.Points.Draw(), f.Points.Loss())
	}
	d := &Domain{Tournament: t}
	n := len(f.Players)
	seen := make([]bool, n+1)
	for i := range f.Players {
		p := &f.Players[i]
		if p.ID > n {
			return nil, &ParseError{Line: p.line, Col: 5, Err: fmt.Errorf("starting rank %d with %d players: ranks must run from 1 to %d: %w", p.ID, n, n, ErrSyntax)}
		}
		seen[p.ID] = true
		title, err := arbiter.ParseTitle(p.Title)
		if err != nil {
			title = ""
		}
		sex := strings.ToLower(p.Sex)
		if sex == "f" {
			sex = "w"
		}
		pl := arbiter.Player{Name: p.Name, Rating: p.Rating, Federation: p.Federation, FIDEID: p.FIDEID, Sex: sex, Title: title}
		if len(p.Birth) >= 4 {
			if y, err := strconv.Atoi(p.Birth[:4]); err == nil {
				pl.BirthYear = y
			}
			// TRF-26: YYYY/MM/DD; a year alone stays a year.
			if d := isoDate(p.Birth); len(strings.TrimSpace(p.Birth)) == 10 && d != "" && d[:4] == p.Birth[:4] {
				pl.BirthDate = d
			}
		}
		nationalIn(&pl, p.National, t.Federation)
		// The 001 rating is the FIDE rating.
		d.Entries = append(d.Entries, arbiter.Entry{PN: p.ID, Player: pl, JoinedRound: 1, FIDERating: p.Rating})
	}
	sort.Slice(d.Entries, func(i, j int) bool { return d.Entries[i].PN < d.Entries[j].PN })
	if double {
		if err := f.doubleSwissRounds(d, played); err != nil {
			return nil, err
		}
		return d, nil
	}
	for r := 1; r <= played+1; r++ {
		rd := arbiter.Round{Number: r}
		for i := range f.Players {
			p := &f.Players[i]
			if r > len(p.Games) {
				continue
			}
			g := p.Games[r-1]
			if g.Opponent != 0 {
				if r > played {
					return nil, &ParseError{Line: p.line, Col: 92 + 10*(r-1), Err: fmt.Errorf("round %d has a game but no round before it was paired: %w", r, ErrInconsistent)}
				}
				if b, ok := board(f, p, g, r); ok {
					rd.Boards = append(rd.Boards, b)
				}
				continue
			}
			if k, ok := byeKind(g, t); ok {
				rd.Byes = append(rd.Byes, arbiter.Bye{PN: p.ID, Kind: k})
			}
		}
		sort.Slice(rd.Boards, func(i, j int) bool { return rd.Boards[i].White < rd.Boards[j].White })
		for i := range rd.Boards {
			rd.Boards[i].Number = i + 1
		}
		if r > played {
			d.NextByes = rd.Byes
			break
		}
		d.Rounds = append(d.Rounds, rd)
	}
	return d, nil
}

// board returns the board for p's game g, once per pair (from the side
// whose block says White, or the lower starting rank when the block gives
// no colour).
func board(f *File, p *Player, g Game, r int) (arbiter.Board, bool) {
	switch {
	case g.Colour == arbiter.Black:
		return arbiter.Board{}, false
	case g.Colour == arbiter.NoColour && p.ID > g.Opponent:
		return arbiter.Board{}, false
	}
	b := arbiter.Board{White: p.ID, Black: g.Opponent}
	switch g.Result {
	case Win, ShortWin:
		b.Result = arbiter.WhiteWins
	case Loss, ShortLoss:
		b.Result = arbiter.BlackWins
	case Draw, ShortDraw:
		b.Result = arbiter.Draw
	case Unknown:
		b.Result = arbiter.NoResult // on, or adjourned: no result yet
	case ForfeitWin:
		b.Result = arbiter.WhiteForfeit
	case ForfeitLoss:
		// "-" against "+" is a forfeit win for Black, "-" against "-" a
		// double forfeit.
		b.Result = arbiter.BlackForfeit
		if o := f.Player(g.Opponent); o != nil && r <= len(o.Games) && o.Games[r-1].Result == ForfeitLoss {
			b.Result = arbiter.DoubleForfeit
		}
	}
	return b, true
}

// byeKind maps a block without opponent to a bye kind. A blank block is
// no bye (the player simply did not take part).
func byeKind(g Game, t arbiter.Tournament) (arbiter.ByeKind, bool) {
	switch g.Result {
	case PAB, ForfeitWin:
		return arbiter.PAB, true
	case HalfBye, Draw:
		return arbiter.HalfBye, true
	case FullBye:
		return arbiter.FullBye, true
	case ZeroBye, ForfeitLoss:
		return arbiter.ZeroBye, true
	}
	return arbiter.NoBye, false
}

// isoDate reads a date in the forms real files use and returns it as
// YYYY-MM-DD: YYYY/MM/DD (or with . or -, the TRF-26 form), DD/MM/YYYY
// ("24/09/2010"), "28. 07. 2005" and "May 29, 2020". Any other text, or a
// date that does not exist, gives "".
func isoDate(s string) string {
	s = strings.TrimSpace(s)
	var y, m, d int
	sep := func(r rune) bool { return r == '/' || r == '.' || r == '-' || r == ' ' || r == ',' }
	f := strings.FieldsFunc(s, sep)
	if len(f) != 3 {
		return ""
	}
	atoi := func(x string) int {
		v, err := strconv.Atoi(x)
		if err != nil {
			return -1
		}
		return v
	}
	switch {
	case len(f[0]) == 4: // YYYY/MM/DD
		y, m, d = atoi(f[0]), atoi(f[1]), atoi(f[2])
	case len(f[2]) == 4 && atoi(f[0]) >= 0 && atoi(f[1]) >= 0: // DD/MM/YYYY, DD. MM. YYYY
		d, m, y = atoi(f[0]), atoi(f[1]), atoi(f[2])
	case len(f[2]) == 4: // Month DD, YYYY
		m = monthNumber(f[0])
		d, y = atoi(f[1]), atoi(f[2])
	default:
		return ""
	}
	t, err := time.Parse("2006-01-02", fmt.Sprintf("%04d-%02d-%02d", y, m, d))
	if err != nil || y < 1000 || m < 1 || d < 1 {
		return ""
	}
	return t.Format("2006-01-02")
}

// roundDate reads a 132 date: YY/MM/DD as the TRF-26 text gives it
// (20YY), or any form isoDate reads; "" if none.
func roundDate(s string) string {
	s = strings.TrimSpace(s)
	if len(s) == 8 && (s[2] == '/' || s[2] == '.' || s[2] == '-') && s[5] == s[2] {
		return isoDate("20" + s)
	}
	return isoDate(s)
}

func isFed(s string) bool {
	if len(s) != 3 {
		return false
	}
	for _, c := range s {
		if c < 'A' || c > 'Z' {
			return false
		}
	}
	return true
}

// Unread lists the header fields of f that Domain could not read into the
// tournament, as "field (tag "value")": a date in no form arbiter reads, a
// federation that is no FIDE code, a 172 line of another federation.
func (f *File) Unread() []string {
	h := f.Header
	var out []string
	add := func(what, tag, v string) { out = append(out, fmt.Sprintf("%s (%s %q)", what, tag, v)) }
	if h.StartDate != "" && isoDate(h.StartDate) == "" {
		add("start date", "042", h.StartDate)
	}
	if h.EndDate != "" && isoDate(h.EndDate) == "" {
		add("end date", "052", h.EndDate)
	}
	if fed := strings.TrimSpace(h.Federation); fed != "" && !isFed(strings.ToUpper(fed)) {
		add("federation", "032", h.Federation)
	}
	for r, d := range h.RoundDates {
		if d != "" && roundDate(d) == "" {
			add(fmt.Sprintf("date of round %d", r+1), "132", d)
		}
	}
	if h.RankMethod != "" && h.RankFederation != strings.ToUpper(strings.TrimSpace(h.Federation)) {
		add("rating type", "172", h.RankFederation+" "+h.RankMethod)
	}
	return out
}

// monthNumber reads an English month name or its first three letters; 0
// if it is none.
func monthNumber(s string) int {
	s = strings.ToLower(s)
	for i, name := range []string{"january", "february", "march", "april", "may", "june", "july",
		"august", "september", "october", "november", "december"} {
		if s == name || len(s) >= 3 && strings.HasPrefix(name, s) {
			return i + 1
		}
	}
	return 0
}

// fideRating returns the rating of e's 001 line: the FIDE rating of the
// tournament's pace the player entered with (Entry.FIDERating), which
// FIDE rates the event from, whatever rating the tournament seeds by
// (172); an entry that does not say, in a tournament seeded by the FIDE
// rating, is seeded by it (Player.Rating).
func fideRating(t arbiter.Tournament, e arbiter.Entry) int {
	if e.FIDERating == 0 && (t.RatingType == "" || t.RatingType == "FIDE") {
		return e.Player.Rating
	}
	return e.FIDERating
}

// FromDomain builds a file from a tournament. Every board must have a
// result. Points and ranks (by points, then pairing number) are computed
// from the rounds with the tournament's bye values. Byes map to U, H, F
// and Z; a player in neither a board nor a bye gets "0000 - Z" (or H or F
// for a late entry whose missed rounds score a half or a whole point).
func FromDomain(d *Domain) (*File, error) {
	t := d.Tournament
	tab, err := scoring.Build(t, d.Entries, d.Rounds)
	if err != nil {
		return nil, fmt.Errorf("trf: %w", err)
	}
	f := &File{Rounds: t.Rounds, InitialColour: t.FirstColour, Points: DefaultPoints}
	f.Header = Header{
		Name:        t.Name,
		City:        t.Venue,
		StartDate:   strings.ReplaceAll(t.Date, "-", "/"),
		Players:     strconv.Itoa(len(d.Entries)),
		Type:        "Individual: Swiss-System (FIDE Dutch)",
		TimeControl: t.TimeControl,
		Federation:  t.Federation,
		EndDate:     strings.ReplaceAll(t.EndDate, "-", "/"),
		Arbiter:     t.ChiefArbiter,
		Deputies:    t.Deputies,
		TimeCode:    t.TimeCode,
	}
	if t.City != "" {
		f.Header.City = t.City
	}
	for _, d := range t.RoundDates {
		// 132: YY/MM/DD, as the TRF-26 text gives it.
		if len(d) == 10 {
			d = strings.ReplaceAll(d[2:], "-", "/")
		}
		f.Header.RoundDates = append(f.Header.RoundDates, d)
	}
	if t.RatingType != "" && t.Federation != "" {
		f.Header.RankFederation, f.Header.RankMethod = t.Federation, t.RatingType
	}
	f.Header.System = SystemCode(t)
	if t.System == arbiter.RoundRobin {
		// An all-play-all from the Berger tables (FIDE C.05 Annex 1).
		f.Header.Type = "Individual: Round-Robin (FIDE Berger tables)"
	}
	if t.Pace != arbiter.Standard {
		// TRF-26 has no field of its own for the rate of play: the
		// type of tournament (092) says it in words, which Domain reads
		// back before it looks at the encoded time control (222).
		f.Header.Type += ", " + t.Pace.String()
	}
	if len(t.Tiebreaks) > 0 {
		// 202 the tie-breaks, 212 the standings: TRF-26 codes, modifiers
		// after a slash (BH/C1), separated by commas.
		codes := make([]string, len(t.Tiebreaks))
		for i, c := range t.Tiebreaks {
			codes[i] = strings.ReplaceAll(c, "-", "/")
		}
		f.Header.Tiebreaks = strings.Join(codes, ",")
		f.Header.Standings = "PTS," + f.Header.Tiebreaks
	}
	rated := 0
	for _, e := range d.Entries {
		if fideRating(t, e) > 0 {
			rated++
		}
	}
	f.Header.Rated = strconv.Itoa(rated)
	if t.PABValue != arbiter.One || t.HalfByeValue != arbiter.Half {
		f.Points.PAB = FromScore(t.PABValue)
		f.Points.HalfBye = FromScore(t.HalfByeValue)
		f.PointLines = true
	}
	for _, e := range d.Entries {
		p := Player{ID: e.PN, Name: e.Player.Name, Rating: fideRating(t, e), Federation: e.Player.Federation,
			FIDEID: e.Player.FIDEID, Sex: e.Player.Sex, Title: string(e.Player.Title)}
		switch {
		case e.Player.BirthDate != "":
			// TRF-26 001 columns 70-79: YYYY/MM/DD.
			p.Birth = strings.ReplaceAll(e.Player.BirthDate, "-", "/")
		case e.Player.BirthYear > 0:
			p.Birth = strconv.Itoa(e.Player.BirthYear)
		}
		if nr, ok := nationalOf(e.Player, t.Federation); ok {
			p.National = append(p.National, nr)
		}
		card := tab.Card(e.PN)
		if card == nil {
			return nil, fmt.Errorf("trf: no score card for player %d", e.PN)
		}
		for r, o := range card.Rounds {
			g, err := blockOf(t, e, r+1, o)
			if err != nil {
				return nil, err
			}
			p.Games = append(p.Games, g)
		}
		p.Points = FromScore(card.Score())
		f.Players = append(f.Players, p)
	}
	for _, b := range d.NextByes {
		for i := range f.Players {
			p := &f.Players[i]
			if p.ID != b.PN {
				continue
			}
			for len(p.Games) < len(d.Rounds) {
				p.Games = append(p.Games, Game{Result: Blank})
			}
			g := Game{Result: ZeroBye}
			switch b.Kind {
			case arbiter.HalfBye:
				g.Result = HalfBye
			case arbiter.FullBye:
				g.Result = FullBye
			}
			p.Games = append(p.Games, g)
			p.Points += f.Points.Of(g)
		}
	}
	// Ranks: points, then pairing number.
	order := make([]int, len(f.Players))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(i, j int) bool {
		a, b := f.Players[order[i]], f.Players[order[j]]
		if a.Points != b.Points {
			return a.Points > b.Points
		}
		return a.ID < b.ID
	})
	for rank, i := range order {
		f.Players[i].Rank = rank + 1
	}
	for i := range f.Players {
		p := &f.Players[i]
		for len(p.Games) > 0 && p.Games[len(p.Games)-1].Empty() {
			p.Games = p.Games[:len(p.Games)-1]
		}
	}
	return f, nil
}

// SystemCode returns the TRF-26 code of t's pairing system (record 192,
// the Tournament-Type Code Table): FIDE_DUTCH_2025 for the Dutch rules in
// force (the code FIDE's checkers and bbpPairings read; the table of the
// 2026 handbook also names them FIDE_DUTCH_2026), FIDE_DUTCH_2017 for the
// earlier text, with _BAKU for the Baku acceleration; FIDE_ROUNDROBIN and
// FIDE_DOUBLEROUNDROBIN (the last two rounds of the first cycle reversed,
// C.05 Annex 1) for an all-play-all from the Berger tables;
// FIDE_DOUBLESWISS for the Double-Swiss system (C.04.5).
func SystemCode(t arbiter.Tournament) string {
	if t.System == arbiter.DoubleSwiss {
		return DoubleSwissSystem
	}
	if t.System == arbiter.RoundRobin {
		if t.Cycles == 2 {
			return "FIDE_DOUBLEROUNDROBIN"
		}
		return "FIDE_ROUNDROBIN"
	}
	code := "FIDE_DUTCH_2025"
	if t.PairingEdition == 2017 {
		code = "FIDE_DUTCH_2017"
	}
	if t.Accelerated == "baku" {
		code += "_BAKU"
	}
	return code
}

// System reads a TRF-26 pairing system code (192) into t: the Dutch
// system of an edition, with or without the Baku acceleration, or an
// all-play-all from the Berger tables, once or twice, or the Double-Swiss
// system (C.04.5, with its bye values: Tournament.DoubleSwissValues). It
// reports false for a code arbiter does not pair by (Dubov, Burstein,
// team and custom systems, a round robin played more than twice or
// without the FIDE order of the second cycle, an accelerated
// Double-Swiss); t is then unchanged.
func System(code string, t *arbiter.Tournament) bool {
	c := strings.ToUpper(strings.TrimSpace(code))
	baku := strings.HasSuffix(c, "_BAKU")
	c = strings.TrimSuffix(c, "_BAKU")
	switch c {
	case "FIDE_DUTCH", "FIDE_DUTCH_2025", "FIDE_DUTCH_2026":
		t.System, t.PairingEdition = arbiter.Swiss, 2025
	case "FIDE_DUTCH_2017":
		t.System, t.PairingEdition = arbiter.Swiss, 2017
	case "FIDE_ROUNDROBIN", "BERGER_ROUNDROBIN", "BERGER_ROUNDROBIN_G1":
		if baku {
			return false
		}
		t.System, t.Cycles = arbiter.RoundRobin, 1
		return true
	case "FIDE_DOUBLEROUNDROBIN":
		if baku {
			return false
		}
		t.System, t.Cycles = arbiter.RoundRobin, 2
		return true
	case DoubleSwissSystem:
		if baku {
			return false // the acceleration of C.04.5 is not applied
		}
		t.DoubleSwissValues()
		return true
	default:
		return false
	}
	if baku {
		t.Accelerated = "baku"
	}
	return true
}

// Pace reads the rate of play of a tournament from its type (092), where
// FromDomain writes it ("..., rapid"), else from the encoded time control
// (222) by the FIDE Laws' definitions: blitz for 10 minutes or less per
// player, counting the increment of 60 moves (Appendix B.1), rapid for
// less than 60 minutes (A.1), standard otherwise. It reports false when
// neither says.
func Pace(typ, timeCode string) (arbiter.Pace, bool) {
	for _, w := range strings.FieldsFunc(strings.ToLower(typ), func(r rune) bool {
		return !('a' <= r && r <= 'z')
	}) {
		switch w {
		case "blitz":
			return arbiter.Blitz, true
		case "rapid", "rapidplay":
			return arbiter.Rapid, true
		case "standard", "classical":
			return arbiter.Standard, true
		}
	}
	secs, ok := timeCodeSeconds(timeCode)
	switch {
	case !ok:
		return arbiter.Standard, false
	case secs <= 600:
		return arbiter.Blitz, true
	case secs < 3600:
		return arbiter.Rapid, true
	}
	return arbiter.Standard, true
}

// timeCodeSeconds returns the time a player has for 60 moves under a
// TRF-26 encoded time control (222): periods "M/S", "M/S+I", "S" or "S+I"
// separated by colons, S seconds for M moves (all the moves without M),
// I seconds a move; "Wd-Bd" (Armageddon) counts White's. ok is false for
// a code that does not read.
func timeCodeSeconds(code string) (int, bool) {
	code = strings.TrimSpace(code)
	if code == "" {
		return 0, false
	}
	if w, _, ok := strings.Cut(code, "-"); ok {
		code = strings.TrimPrefix(strings.TrimPrefix(w, "W"), "w")
	}
	total, moves := 0, 0
	for _, d := range strings.Split(code, ":") {
		m := 0
		if mv, rest, ok := strings.Cut(d, "/"); ok {
			n, err := strconv.Atoi(mv)
			if err != nil || n <= 0 {
				return 0, false
			}
			m, d = n, rest
		}
		s, inc, _ := strings.Cut(d, "+")
		secs, err := strconv.Atoi(s)
		if err != nil || secs < 0 {
			return 0, false
		}
		i := 0
		if inc != "" {
			if i, err = strconv.Atoi(inc); err != nil || i < 0 {
				return 0, false
			}
		}
		left := 60 - moves
		if m > 0 && m < left {
			left = m
		}
		total += secs + i*left
		if m == 0 {
			return total, true
		}
		moves += m
		if moves >= 60 {
			return total, true
		}
	}
	return total, true
}

// blockOf returns the round block for a score card outcome.
func blockOf(t arbiter.Tournament, e arbiter.Entry, r int, o scoring.Outcome) (Game, error) {
	g := Game{Opponent: o.Opponent, Colour: o.Colour}
	switch o.Kind {
	case scoring.Game:
		if o.Pending {
			g.Result = Unknown // TRF-26 X: the result is not known yet
			return g, nil
		}
		switch o.Points {
		case arbiter.One:
			g.Result = Win
		case arbiter.Half:
			g.Result = Draw
		default:
			g.Result = Loss
		}
	case scoring.ForfeitWin:
		g.Result = ForfeitWin
	case scoring.ForfeitLoss:
		g.Result = ForfeitLoss
	case scoring.PAB:
		g = Game{Result: PAB}
	case scoring.HalfBye:
		g = Game{Result: HalfBye}
		if t.HalfByeValue == arbiter.Zero {
			g.Result = ZeroBye
		}
	case scoring.FullBye:
		g = Game{Result: FullBye}
	case scoring.ZeroBye:
		g = Game{Result: ZeroBye}
	default: // absent
		g = Game{Result: ZeroBye}
		switch o.Points {
		case arbiter.Half:
			g.Result = HalfBye
		case arbiter.One:
			g.Result = FullBye
		}
	}
	return g, nil
}

// ISODate returns a header date (042, 052) as YYYY-MM-DD, "" if it is in
// no form arbiter reads (see isoDate).
func ISODate(s string) string { return isoDate(s) }

// nationalOf returns the TRF-26 National Rating Support record of player
// p for the rating federation fed (the organising federation, else the
// player's own): the national category in the classification columns
// (an FSI category such as CM stays there, never in the FIDE title of
// the 001 line), the national rating, the province as the origin, the
// national ID and the birth date. ok is false for a player with no
// national data.
func nationalOf(p arbiter.Player, fed string) (National, bool) {
	if p.NationalID == "" && p.NationalRating == 0 && p.Category == "" && p.Province == "" {
		return National{}, false
	}
	if !isFed(fed) {
		fed = strings.ToUpper(p.Federation)
	}
	if !isFed(fed) {
		return National{}, false
	}
	nr := National{Federation: fed, Class: string(p.Category), Rating: p.NationalRating, ID: p.NationalID}
	if len(p.Province) <= 3 {
		nr.Origin = p.Province
	}
	if p.BirthDate != "" {
		nr.Birth = strings.ReplaceAll(p.BirthDate, "-", "/")
	}
	return nr, true
}

// nationalIn fills player p from the national record of federation fed
// among nrs, or from the only one when fed has none.
func nationalIn(p *arbiter.Player, nrs []National, fed string) {
	var nr *National
	for i := range nrs {
		if nrs[i].Federation == fed || len(nrs) == 1 {
			nr = &nrs[i]
			break
		}
	}
	if nr == nil {
		return
	}
	p.NationalID, p.NationalRating, p.Province = nr.ID, nr.Rating, nr.Origin
	if c, err := arbiter.ParseCategory(nr.Class); err == nil {
		p.Category = c
	}
	if d := isoDate(nr.Birth); d != "" {
		p.BirthDate = d
	}
}
