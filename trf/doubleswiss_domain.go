package trf

import (
	"fmt"
	"slices"
	"sort"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/scoring"
)

// FromDomainDoubleSwiss builds the file of a Double-Swiss tournament
// (FIDE C.04.5), in the form File.DoubleSwiss describes: 192
// FIDE_DOUBLESWISS, round r of the tournament, a match, in columns 2r-1
// (game 1, in which the board's White has White) and 2r (game 2, the
// colours reversed), each block in that game's colours; a bye fills both
// columns (U twice, the 162 line giving the PAB's value for the match; H
// twice for a requested bye worth a point, half the match; F twice for a
// full-point bye; Z twice for none). A game ending ½-0 or 0-0 (Preface)
// is a draw in both columns with a 299 line (type D) giving 0.0 to the
// player who scored nothing. The 132 line gives each match's date in both
// of its columns. Points are game points (scoring.BuildMatches),
// ranks by points then pairing number, as FromDomain ranks. NextByes go in
// the columns of the next match. A requested bye or missed round worth
// another value than 0, 1 or 2 points has no form in two columns and is
// an error.
func FromDomainDoubleSwiss(d *Domain) (*File, error) {
	t := d.Tournament
	// The header, the players and the ranks as FromDomain writes them;
	// the round blocks and the points follow.
	single := *d
	single.NextByes = nil
	f, err := FromDomain(&single)
	if err != nil {
		return nil, err
	}
	tab, err := scoring.BuildMatches(t, d.Entries, d.Rounds)
	if err != nil {
		return nil, fmt.Errorf("trf: %w", err)
	}
	f.Header.System = DoubleSwissSystem
	f.Header.Type = "Individual: Double-Swiss (FIDE C.04.5)"
	if t.Pace != arbiter.Standard {
		f.Header.Type += ", " + t.Pace.String()
	}
	f.Rounds = 2 * t.Rounds
	// 132 dates count columns: a match's date in both of its columns.
	dates := f.Header.RoundDates
	f.Header.RoundDates = nil
	for _, d := range dates {
		f.Header.RoundDates = append(f.Header.RoundDates, d, d)
	}
	f.Points = DefaultPoints
	f.Points.PAB = FromScore(t.PABValue)
	f.PointLines = true
	f.Abnormal = nil
	byes := func(pts arbiter.Score, what string) (Result, error) {
		switch pts {
		case arbiter.Zero:
			return ZeroBye, nil
		case arbiter.One:
			return HalfBye, nil // a draw in each column
		case 2 * arbiter.One:
			return FullBye, nil
		}
		return 0, fmt.Errorf("trf: %s worth %s points has no form in the two columns of a Double-Swiss match: write it with 0, 1 or 2", what, pts)
	}
	boards := make([]map[int]arbiter.Board, len(d.Rounds)) // round: pn: board
	for i, rd := range d.Rounds {
		boards[i] = map[int]arbiter.Board{}
		for _, b := range rd.Boards {
			boards[i][b.White], boards[i][b.Black] = b, b
		}
	}
	for i := range f.Players {
		p := &f.Players[i]
		card := tab.Card(p.ID)
		if card == nil {
			return nil, fmt.Errorf("trf: no score card for player %d", p.ID)
		}
		p.Games = p.Games[:0]
		for r, o := range card.Rounds {
			col := 2*r + 1
			if b, ok := boards[r][p.ID]; ok {
				c, opp := arbiter.White, b.Black
				if b.Black == p.ID {
					c, opp = arbiter.Black, b.White
				}
				g1, z1 := gameBlock(b.Result, c)
				g2, z2 := gameBlock(b.Second, c.Opposite())
				p.Games = append(p.Games, Game{Opponent: opp, Colour: c, Result: g1}, Game{Opponent: opp, Colour: c.Opposite(), Result: g2})
				if z1 {
					f.Abnormal = append(f.Abnormal, Abnormal{Kind: 'D', Round: col, Players: []int{p.ID}})
				}
				if z2 {
					f.Abnormal = append(f.Abnormal, Abnormal{Kind: 'D', Round: col + 1, Players: []int{p.ID}})
				}
				continue
			}
			var k Result
			switch o.Kind {
			case scoring.PAB:
				k = PAB
			default:
				if k, err = byes(o.Points, "a round without a match"); err != nil {
					return nil, err
				}
			}
			p.Games = append(p.Games, Game{Result: k}, Game{Result: k})
		}
		p.Points = FromScore(card.Score())
	}
	for _, b := range d.NextByes {
		p := f.Player(b.PN)
		if p == nil {
			continue
		}
		for len(p.Games) < 2*len(d.Rounds) {
			p.Games = append(p.Games, Game{Result: Blank})
		}
		k, err := byes(t.ByeValue(b.Kind), "a bye")
		if err != nil {
			return nil, err
		}
		p.Games = append(p.Games, Game{Result: k}, Game{Result: k})
		p.Points += 2 * f.Points.Of(Game{Result: k})
	}
	for i := range f.Players {
		p := &f.Players[i]
		for len(p.Games) > 0 && p.Games[len(p.Games)-1].Empty() {
			p.Games = p.Games[:len(p.Games)-1]
		}
	}
	return f, nil
}

// gameBlock returns the block result of one game of a match for the
// player with colour c in it, and whether that player scored nothing in
// a game the file writes as a draw (½-0, 0-½, 0-0 played: a 299 line).
func gameBlock(r arbiter.Result, c arbiter.Colour) (Result, bool) {
	switch r {
	case arbiter.NoResult:
		return Unknown, false
	case arbiter.Draw:
		return Draw, false
	case arbiter.HalfZero, arbiter.ZeroHalf, arbiter.ZeroZero:
		return Draw, r.Points(c) == arbiter.Zero
	case arbiter.WhiteForfeit, arbiter.BlackForfeit, arbiter.DoubleForfeit:
		if r.Points(c) == arbiter.One {
			return ForfeitWin, false
		}
		return ForfeitLoss, false
	}
	if r.Points(c) == arbiter.One {
		return Win, false
	}
	return Loss, false
}

// doubleSwissRounds reads the matches of a Double-Swiss file into d: the
// played matches 1 to played as rounds, the byes in the columns of the
// match after them as d.NextByes. Match k is in columns 2k-1 and 2k:
//
//   - an opponent in both columns, the same one, with the colours
//     reversed (C.04.5 4.4), is a board whose White is the player with
//     White in game 1 (or, with no colour in either block, the lower
//     starting rank); Result is game 1 and Second game 2, each in its own
//     game's colours. A draw whose 299 line (type D) gives a player 0.0
//     in that column is the game ½-0, 0-½ or 0-0 of the C.04.5 Preface;
//   - the same bye in both columns (U, H, F, Z; a blank column beside a
//     Z is a Z) is a bye for the match (Preface: byes apply to matches);
//   - two blank columns are no bye: the player was not in the match.
//
// Two columns that disagree (an opponent in one game only, two
// opponents, the same colour twice, two different byes) are refused with
// the player's line and ErrInconsistent.
func (f *File) doubleSwissRounds(d *Domain, played int) error {
	for k := 1; k <= played+1; k++ {
		rd := arbiter.Round{Number: k}
		c1, c2 := 2*k-1, 2*k
		for i := range f.Players {
			p := &f.Players[i]
			g1, g2 := p.column(c1), p.column(c2)
			bad := func(format string, args ...any) error {
				return &ParseError{Line: p.line, Col: 92 + 10*(c1-1), Err: fmt.Errorf("player %d, match %d (rounds %d and %d of the file): %s: %w",
					p.ID, k, c1, c2, fmt.Sprintf(format, args...), ErrInconsistent)}
			}
			if g1.Opponent == 0 && g2.Opponent == 0 {
				k1, k2 := matchBye(g1), matchBye(g2)
				if k1 != k2 {
					return bad("byes %q and %q: a bye covers both games of the match (C.04.5 Preface)", string(g1.Result), string(g2.Result))
				}
				if k1 != Blank {
					bye, _ := byeKind(Game{Result: k1}, d.Tournament)
					rd.Byes = append(rd.Byes, arbiter.Bye{PN: p.ID, Kind: bye})
				}
				continue
			}
			switch {
			case g1.Opponent == 0 || g2.Opponent == 0:
				return bad("an opponent in one game only: a match is two games against one opponent (C.04.5 Preface)")
			case g1.Opponent != g2.Opponent:
				return bad("opponent %d in game 1 and %d in game 2: a match is two games against one opponent (C.04.5 Preface)", g1.Opponent, g2.Opponent)
			case g1.Colour != arbiter.NoColour && g1.Colour == g2.Colour:
				return bad("%s in both games: the colours are reversed in game 2 (C.04.5 4.4)", g1.Colour)
			case k > played:
				return bad("a match after the last one paired")
			}
			if f.gameOneColour(p, g1, g2) != arbiter.White {
				continue // the board is read from its White's line
			}
			o := f.Player(g1.Opponent)
			if o == nil {
				return bad("opponent %d has no 001 line", g1.Opponent)
			}
			b := arbiter.Board{White: p.ID, Black: o.ID}
			// Game 1: p has White; game 2: o has White.
			b.Result = f.gameResult(p, g1, o, o.column(c1), c1)
			b.Second = f.gameResult(o, o.column(c2), p, g2, c2)
			rd.Boards = append(rd.Boards, b)
		}
		sort.Slice(rd.Boards, func(i, j int) bool { return rd.Boards[i].White < rd.Boards[j].White })
		for i := range rd.Boards {
			rd.Boards[i].Number = i + 1
		}
		if k > played {
			d.NextByes = rd.Byes
			break
		}
		d.Rounds = append(d.Rounds, rd)
	}
	return nil
}

// column returns p's block in column c (from 1), empty if none.
func (p *Player) column(c int) Game {
	if c <= len(p.Games) {
		return p.Games[c-1]
	}
	return Game{}
}

// matchBye returns the bye a block without opponent gives a match: U,
// H, F or Z, Blank for an empty block. The TRF-06 forms read as Domain
// reads them in a single column (0000 - + a PAB, = a half-point bye, - a
// zero-point bye).
func matchBye(g Game) Result {
	if g.Empty() {
		return Blank
	}
	switch g.Result {
	case PAB, ForfeitWin:
		return PAB
	case HalfBye, Draw:
		return HalfBye
	case FullBye:
		return FullBye
	}
	return ZeroBye
}

// gameOneColour returns p's colour in game 1 of a match with blocks g1
// and g2: g1's, else the opposite of g2's, else White for the lower
// starting rank.
func (f *File) gameOneColour(p *Player, g1, g2 Game) arbiter.Colour {
	switch {
	case g1.Colour != arbiter.NoColour:
		return g1.Colour
	case g2.Colour != arbiter.NoColour:
		return g2.Colour.Opposite()
	case p.ID < g1.Opponent:
		return arbiter.White
	}
	return arbiter.Black
}

// gameResult returns the result of one game of a match, in that game's
// colours, from the blocks of the player with White (w, block wg) and of
// the one with Black (bl, block bg) in column c. Read has checked that
// the two blocks agree. A draw that a 299 line (type D) scores 0.0 for a
// player is a game that player scored nothing in (C.04.5 Preface).
func (f *File) gameResult(w *Player, wg Game, bl *Player, bg Game, c int) arbiter.Result {
	switch {
	case wg.Result == Unknown || bg.Result == Unknown || wg.Result == Blank:
		return arbiter.NoResult
	case wg.Result == ForfeitLoss && bg.Result == ForfeitLoss:
		return arbiter.DoubleForfeit
	case wg.Result == ForfeitWin:
		return arbiter.WhiteForfeit
	case wg.Result == ForfeitLoss:
		return arbiter.BlackForfeit
	case wg.Result == Win || wg.Result == ShortWin:
		return arbiter.WhiteWins
	case wg.Result == Loss || wg.Result == ShortLoss:
		return arbiter.BlackWins
	}
	wz, bz := f.scoredNothing(w.ID, c), f.scoredNothing(bl.ID, c)
	switch {
	case wz && bz:
		return arbiter.ZeroZero
	case wz:
		return arbiter.ZeroHalf
	case bz:
		return arbiter.HalfZero
	}
	return arbiter.Draw
}

// scoredNothing reports whether a 299 line that MatchLines counts gives
// player id nothing for the game drawn in column c.
func (f *File) scoredNothing(id, c int) bool {
	for _, a := range f.Abnormal {
		if a.Round == c && slices.Contains(a.Players, id) && f.matchLine(a) {
			return true
		}
	}
	return false
}

// MatchLines reports how many of f's 299 lines the Double-Swiss reading
// of Domain keeps: in a Double-Swiss file, a line of type D giving 0.0 in
// one column to players who drew a game in it (a game ending ½-0 or 0-0,
// C.04.5 Preface). 0 for any other file.
func (f *File) MatchLines() int {
	if !f.DoubleSwiss() {
		return 0
	}
	n := 0
	for _, a := range f.Abnormal {
		if f.matchLine(a) {
			n++
		}
	}
	return n
}

// matchLine reports whether 299 line a gives one or more players nothing
// for a game of a match they drew.
func (f *File) matchLine(a Abnormal) bool {
	if a.Kind != 'D' || a.Points != 0 || a.Round == 0 || len(a.Players) == 0 {
		return false
	}
	for _, id := range a.Players {
		p := f.Player(id)
		if p == nil {
			return false
		}
		if g := p.column(a.Round); g.Opponent == 0 || g.Result != Draw && g.Result != ShortDraw {
			return false
		}
	}
	return true
}
