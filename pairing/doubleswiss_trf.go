package pairing

// Double-Swiss tournaments in TRF files. TRF-26 has one opponent, colour
// and result per player and round column, and C.04.5 does not define a
// file of its own, so a file whose 192 line names FIDE_DOUBLESWISS holds
// match k in columns 2k-1 (game 1) and 2k (game 2), each an ordinary game
// block in that game's colours; a bye fills both columns with its letter
// (see the trf package comment for the points). This file reads such a
// file for pairing, checks its rounds and generates random ones.

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/phrase"
	"github.com/labyrinth-chess/arbiter/trf"
)

// ErrDoubleSwissFile is wrapped by the errors about a Double-Swiss file's
// structure: the two columns of a match that do not agree.
var ErrDoubleSwissFile = errors.New("the two games of a Double-Swiss match disagree")

// FromTRFDoubleSwiss builds the input for pairing round (match) round of
// a Double-Swiss file (round 0 means the match after the last one
// played). Rounds are matches: match k is in columns 2k-1 and 2k, and the
// 142 (XXR) line counts columns, two per match. Acceleration (250, XXA,
// a _BAKU system) is refused. Players with a bye block
// (H, F, Z) in the match's columns, listed in XXZ or in a 240 line for one
// of its columns are absent; when an earlier match is paired again, so are
// the players it did not pair. The initial colour is 152 (XXC), or the one
// game 1 of the first match shows, as FromTRF infers it. Errors name the
// player's line and the match.
func FromTRFDoubleSwiss(f *trf.File, round int) (DoubleSwissInput, error) {
	played := f.PlayedMatches()
	if round == 0 {
		round = played + 1
	}
	ps := f.Points
	in := DoubleSwissInput{Round: round, Points: Points{Win: int(ps.Win()), Draw: int(ps.Draw()), Loss: int(ps.Loss()), Unit: 10}}
	if len(f.Accelerations) > 0 || strings.HasSuffix(strings.ToUpper(strings.TrimSpace(f.Header.System)), "_BAKU") {
		return in, errors.New("pairing: the acceleration of a Double-Swiss tournament (C.04.7) is not supported yet: leave out the 250 or XXA lines and the _BAKU of line 192")
	}
	if f.Rounds%2 == 1 {
		return in, fmt.Errorf("pairing: the file plans %d rounds (142 or XXR): a Double-Swiss file has two per match", f.Rounds)
	}
	in.Rounds = f.Rounds / 2
	if in.Rounds == 0 {
		in.Rounds = max(played, round)
	}
	absent := trfAbsent(f, round == played+1, func(col int) bool { return (col+1)/2 == round })
	order := trfOrder(f)
	for _, p := range order {
		mp := MatchPlayer{ID: p.ID, Absent: absent[p.ID]}
		for k := 1; k < round; k++ {
			g, err := matchFromTRF(f, p, k)
			if err != nil {
				return in, err
			}
			mp.Matches = append(mp.Matches, g)
		}
		this, err := matchFromTRF(f, p, round)
		if err != nil && round <= played {
			return in, err
		}
		if round <= played && !this.Paired || round > played && !blank(p, round) {
			mp.Absent = true
		}
		in.Players = append(in.Players, mp)
	}
	in.Forbidden = trfForbidden(f)
	in.InitialColour = f.InitialColour
	if in.InitialColour == arbiter.NoColour {
		in.InitialColour = inferInitialColour(order)
	}
	if in.InitialColour == arbiter.NoColour {
		return in, fmt.Errorf("pairing: give the initial colour for round 1 (152 W or B, XXC white1 or black1)")
	}
	return in, nil
}

// column returns player p's block in column c (1-based), empty if none.
func column(p *trf.Player, c int) trf.Game {
	if c <= len(p.Games) {
		return p.Games[c-1]
	}
	return trf.Game{}
}

// blank reports whether both columns of match k of p are empty.
func blank(p *trf.Player, k int) bool {
	return column(p, 2*k-1).Empty() && column(p, 2*k).Empty()
}

// matchFromTRF reads match k of player p (columns 2k-1 and 2k) as a Game
// of MatchPlayer.Matches.
func matchFromTRF(f *trf.File, p *trf.Player, k int) (Game, error) {
	c1, c2 := 2*k-1, 2*k
	g1, g2 := column(p, c1), column(p, c2)
	bad := func(format string, args ...any) error {
		return fmt.Errorf("pairing: line %d: player %d, match %d (TRF rounds %d and %d): %s: %w", p.Line(), p.ID, k, c1, c2, fmt.Sprintf(format, args...), ErrDoubleSwissFile)
	}
	if g1.Opponent == 0 && g2.Opponent == 0 {
		kind := func(g trf.Game) trf.Result {
			switch {
			case g.Empty(), g.Result == trf.ZeroBye, g.Result == trf.ForfeitLoss:
				return trf.ZeroBye
			case g.Result == trf.ForfeitWin:
				return trf.PAB // TRF-06 "0000 - +"
			case g.Result == trf.Draw:
				return trf.HalfBye // TRF-06 "0000 - ="
			}
			return g.Result
		}
		k1, k2 := kind(g1), kind(g2)
		if k1 != k2 {
			return Game{}, bad("byes %q and %q: a bye covers both games of the match (C.04.5 Preface)", string(g1.Result), string(g2.Result))
		}
		g := Game{}
		switch k1 {
		case trf.PAB:
			g.Paired, g.Result, g.Points = true, Win, int(f.Points.PAB)
		case trf.FullBye:
			g.Result, g.Points = Win, int(f.PointsOf(p.ID, c1, g1)+f.PointsOf(p.ID, c2, g2))
		case trf.HalfBye:
			g.Result, g.Points = Draw, int(f.PointsOf(p.ID, c1, g1)+f.PointsOf(p.ID, c2, g2))
		default:
			g.Points = int(f.PointsOf(p.ID, c1, g1) + f.PointsOf(p.ID, c2, g2))
		}
		return g, nil
	}
	if g1.Opponent == 0 || g2.Opponent == 0 {
		return Game{}, bad("an opponent in one game only")
	}
	if g1.Opponent != g2.Opponent {
		return Game{}, bad("opponent %d in game 1 and %d in game 2: a match is two games against one opponent", g1.Opponent, g2.Opponent)
	}
	if g1.Colour != arbiter.NoColour && g1.Colour == g2.Colour {
		return Game{}, bad("%s in both games: the colours are reversed in game 2 (C.04.5 4.4)", g1.Colour)
	}
	colour := g1.Colour
	if colour == arbiter.NoColour {
		colour = g2.Colour.Opposite()
	}
	if colour == arbiter.NoColour {
		// No colour recorded: White in game 1 for the lower starting
		// rank, as the trf package reads a game without colours.
		colour = arbiter.Black
		if p.ID < g1.Opponent {
			colour = arbiter.White
		}
	}
	opp := f.Player(g1.Opponent)
	if opp == nil {
		return Game{}, bad("opponent %d has no 001 line", g1.Opponent)
	}
	o1, o2 := column(opp, c1), column(opp, c2)
	forfeited := func(a, b trf.Game) bool { return a.Result == trf.ForfeitLoss && b.Result == trf.ForfeitLoss }
	self, other := forfeited(g1, g2), forfeited(o1, o2)
	g := Game{Opponent: g1.Opponent, Paired: true, Played: !self && !other}
	if g1.Played() || g2.Played() {
		g.Colour = colour
	}
	g.Points = int(f.PointsOf(p.ID, c1, g1) + f.PointsOf(p.ID, c2, g2))
	theirs := int(f.PointsOf(opp.ID, c1, o1) + f.PointsOf(opp.ID, c2, o2))
	switch {
	case other && !self || g.Points > theirs:
		g.Result = Win
	case g.Points == theirs && !self:
		g.Result = Draw
	}
	return g, nil
}

// recordedMatch returns the pairing of match k as the file records it, the
// boards with the colours of game 1.
func recordedMatch(f *trf.File, k int) (Result, error) {
	var res Result
	for i := range f.Players {
		p := &f.Players[i]
		g, err := matchFromTRF(f, p, k)
		if err != nil {
			return res, err
		}
		switch {
		case g.Opponent == 0 && g.Paired:
			res.Bye = p.ID
		case g.Opponent != 0 && matchColour(f, p, k) == arbiter.White:
			res.Boards = append(res.Boards, Board{White: p.ID, Black: g.Opponent})
		}
	}
	return res, nil
}

// matchColour returns p's colour in game 1 of match k as recorded or
// implied (see matchFromTRF).
func matchColour(f *trf.File, p *trf.Player, k int) arbiter.Colour {
	g1, g2 := column(p, 2*k-1), column(p, 2*k)
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

// checkDoubleSwiss is CheckTRF for a Double-Swiss file: every match
// re-paired from the matches before it, the differences by match number.
func checkDoubleSwiss(f *trf.File) ([]Difference, error) {
	var diffs []Difference
	for k := 1; k <= f.PlayedMatches(); k++ {
		in, err := FromTRFDoubleSwiss(f, k)
		if err != nil {
			return diffs, err
		}
		rec, err := recordedMatch(f, k)
		if err != nil {
			return diffs, err
		}
		ours, err := PairDoubleSwissExplained(in)
		if err != nil {
			var np *NoPairingError
			if !errors.As(err, &np) {
				return diffs, fmt.Errorf("match %d: %w", k, err)
			}
			diffs = append(diffs, Difference{Round: k, Recorded: rec, Err: err})
			continue
		}
		if !sameBoards(rec, ours) || rec.Bye != ours.Bye {
			why := whyNot(in, rec, ours)
			ours.Explanations = nil
			diffs = append(diffs, Difference{Round: k, Recorded: rec, Ours: ours, Why: why})
		}
	}
	return diffs, nil
}

// whyNot says why the recorded pairing rec of a Double-Swiss match is not
// the one C.04.5 makes (ours, with its explanations): the first rule it
// breaks, in the order the system applies them. A rematch breaks C1, a
// PAB to a player who has had one (or a match won by forfeit, or a
// full-point bye) C2; otherwise the bye, then the pairs, then the colours
// of game 1 differ, and the explanation of ours cites the article that
// decides (3.4 for the bye, 3.5 and 3.6 for a bracket, 4.3 and 4.4 for
// the colours).
func whyNot(in DoubleSwissInput, rec, ours Result) phrase.Text {
	player := map[int]*MatchPlayer{}
	for i := range in.Players {
		player[in.Players[i].ID] = &in.Players[i]
	}
	for _, b := range rec.Boards {
		if p := player[b.White]; p != nil {
			for r, g := range p.Matches {
				if g.Opponent == b.Black && g.Played {
					return phrase.New("pair.ds.check.rematch", "Player", b.White, "Opponent", b.Black, "Round", r+1)
				}
			}
		}
	}
	if p := player[rec.Bye]; p != nil {
		for r, g := range p.Matches {
			if g.Result == Win && !g.Played {
				return phrase.New("pair.ds.check.c2", "Player", rec.Bye, "Round", r+1)
			}
		}
	}
	explained := func(board int) phrase.Text {
		for _, e := range ours.Explanations {
			if e.Board == board {
				return e.Text
			}
		}
		return phrase.Text{}
	}
	if rec.Bye != ours.Bye {
		if ours.Bye == 0 {
			return phrase.New("pair.ds.check.nobye", "Recorded", rec.Bye)
		}
		return phrase.New("pair.ds.check.bye", "Player", ours.Bye, "Recorded", rec.Bye, "Why", explained(0))
	}
	opponent := map[int]int{}
	for _, b := range rec.Boards {
		opponent[b.White], opponent[b.Black] = b.Black, b.White
	}
	for i, b := range ours.Boards {
		if opponent[b.White] != b.Black {
			return phrase.New("pair.ds.check.pair", "Board", i+1, "Player", b.White, "Opponent", b.Black, "Recorded", opponent[b.White], "Why", explained(i+1))
		}
	}
	for i, b := range ours.Boards {
		if !slices.Contains(rec.Boards, b) {
			return phrase.New("pair.ds.check.colour", "Board", i+1, "White", b.White, "Black", b.Black, "Why", explained(i+1))
		}
	}
	return phrase.Text{}
}

// sameBoards reports whether a and b hold the same boards with the same
// colours, in any order.
func sameBoards(a, b Result) bool {
	if len(a.Boards) != len(b.Boards) {
		return false
	}
	seen := make(map[Board]bool, len(a.Boards))
	for _, bd := range a.Boards {
		seen[bd] = true
	}
	for _, bd := range b.Boards {
		if !seen[bd] {
			return false
		}
	}
	return true
}

// GenerateDoubleSwiss plays a random Double-Swiss tournament of o.Rounds
// matches, each paired by PairDoubleSwiss from the matches before it, and
// returns it as a Double-Swiss file (192 FIDE_DOUBLESWISS, two columns a
// match, the PAB worth a game won and a game drawn, 1.4). Results are
// drawn game by game from the ratings' Elo expectation, White's of each
// game; o.Forfeits is the chance a player stays away from a match
// (forfeiting both games: White, Black or both, a third each) and half of
// it the chance a game alone is forfeited by one player; o.Byes the chance
// of a requested bye for a match before the last (half-point two times in
// three, else zero-point). Acceleration (o.Baku) is refused. If a match
// cannot be paired, the file stops before it, as Generate's does.
func GenerateDoubleSwiss(o GenerateOptions) (*trf.File, error) {
	if err := o.check(49, "a Double-Swiss file takes two columns a round, "); err != nil {
		return nil, err
	}
	if o.Baku {
		return nil, fmt.Errorf("%w: the Baku acceleration of a Double-Swiss tournament is not supported yet", ErrGenerate)
	}
	rng, f := randomField(o, 2*o.Rounds)
	f.Header.System = trf.DoubleSwissSystem
	f.Points.PAB = f.Points.Win() + f.Points.Draw()
	f.PointLines = true // the 162 line says so to readers that do not know C.04.5
	for m := 1; m <= o.Rounds; m++ {
		for i := range f.Players {
			p := &f.Players[i]
			if m < o.Rounds && rng.Float64() < o.Byes {
				k := trf.HalfBye
				if rng.IntN(3) == 0 {
					k = trf.ZeroBye
				}
				setMatch(f, p.ID, m, trf.Game{Result: k}, trf.Game{Result: k})
			}
		}
		fillMatchPoints(f)
		in, err := FromTRFDoubleSwiss(f, m)
		if err != nil {
			return nil, err
		}
		res, err := PairDoubleSwiss(in)
		if err != nil {
			for i := range f.Players {
				p := &f.Players[i]
				if len(p.Games) > 2*(m-1) {
					p.Games = p.Games[:2*(m-1)]
				}
			}
			f.Rounds = 2 * (m - 1)
			fillMatchPoints(f)
			return f, nil
		}
		playMatches(rng, f, m, res, o.Forfeits, o.Draws)
		fillMatchPoints(f)
	}
	return f, nil
}

// setMatch writes the two blocks of match m of player id, padding earlier
// columns with blanks.
func setMatch(f *trf.File, id, m int, g1, g2 trf.Game) {
	p := f.Player(id)
	for len(p.Games) < 2*(m-1) {
		p.Games = append(p.Games, trf.Game{Result: trf.Blank})
	}
	p.Games = append(p.Games[:2*(m-1)], g1, g2)
}

// playMatches writes the results of match m, paired as res.
func playMatches(rng *rand.Rand, f *trf.File, m int, res Result, forfeits, draws float64) {
	game := func(white, black *trf.Player) (trf.Result, trf.Result) {
		exp := 1 / (1 + math.Pow(10, float64(black.Rating-white.Rating)/400))
		switch x := rng.Float64(); {
		case x < draws:
			return trf.Draw, trf.Draw
		case x < draws+(1-draws)*exp:
			return trf.Win, trf.Loss
		}
		return trf.Loss, trf.Win
	}
	for _, b := range res.Boards {
		w, bl := f.Player(b.White), f.Player(b.Black)
		// Results of games 1 and 2 for the player with White in game 1
		// (w) and for the other (bl).
		var rw, rb [2]trf.Result
		if rng.Float64() < forfeits {
			switch rng.IntN(3) {
			case 0: // w stays away
				rw, rb = [2]trf.Result{trf.ForfeitLoss, trf.ForfeitLoss}, [2]trf.Result{trf.ForfeitWin, trf.ForfeitWin}
			case 1:
				rw, rb = [2]trf.Result{trf.ForfeitWin, trf.ForfeitWin}, [2]trf.Result{trf.ForfeitLoss, trf.ForfeitLoss}
			default:
				rw, rb = [2]trf.Result{trf.ForfeitLoss, trf.ForfeitLoss}, [2]trf.Result{trf.ForfeitLoss, trf.ForfeitLoss}
			}
		} else {
			rw[0], rb[0] = game(w, bl)
			rb[1], rw[1] = game(bl, w)
			for k := range 2 {
				if rng.Float64() < forfeits/2 {
					if rng.IntN(2) == 0 {
						rw[k], rb[k] = trf.ForfeitLoss, trf.ForfeitWin
					} else {
						rw[k], rb[k] = trf.ForfeitWin, trf.ForfeitLoss
					}
				}
			}
		}
		setMatch(f, w.ID, m, trf.Game{Opponent: bl.ID, Colour: arbiter.White, Result: rw[0]}, trf.Game{Opponent: bl.ID, Colour: arbiter.Black, Result: rw[1]})
		setMatch(f, bl.ID, m, trf.Game{Opponent: w.ID, Colour: arbiter.Black, Result: rb[0]}, trf.Game{Opponent: w.ID, Colour: arbiter.White, Result: rb[1]})
	}
	if res.Bye != 0 {
		setMatch(f, res.Bye, m, trf.Game{Result: trf.PAB}, trf.Game{Result: trf.PAB})
	}
}

// fillMatchPoints sets every player's points to the sum of the results of
// a Double-Swiss file: each block's points, a PAB counted once a match.
func fillMatchPoints(f *trf.File) {
	for i := range f.Players {
		p := &f.Players[i]
		var s, byes trf.Points
		for r, g := range p.Games {
			if g.Opponent == 0 && g.Result == trf.PAB {
				byes++
				continue
			}
			s += f.PointsOf(p.ID, r+1, g)
		}
		p.Points = s + byes*f.Points.PAB/2
	}
}
