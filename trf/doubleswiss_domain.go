package trf

import (
	"fmt"

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
// player who scored nothing. Points are game points (scoring.BuildMatches),
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
