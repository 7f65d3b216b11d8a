package rules

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/labyrinth-chess/arbiter/phrase"
)

// Status says how a game stands at its end.
type Status uint8

// Statuses. All but Ongoing end the game by themselves, without a claim.
const (
	Ongoing      Status = iota // no automatic end: the game ended by resignation, agreement, a claim, time, or is unfinished
	Checkmate                  // art. 5.1.1
	Stalemate                  // art. 5.2.1
	DeadPosition               // art. 5.2.2: no sequence of legal moves leads to mate
	Fivefold                   // art. 9.6.1: the same position five times
	SeventyFive                // art. 9.6.2: 75 moves by each side without pawn move or capture
)

var statusNames = [...]string{"ongoing", "checkmate", "stalemate", "dead", "fivefold", "seventy_five"}

// String returns the status as in JSON output: "ongoing", "checkmate",
// "stalemate", "dead", "fivefold", "seventy_five".
func (s Status) String() string {
	if int(s) < len(statusNames) {
		return statusNames[s]
	}
	return "Status(" + strconv.Itoa(int(s)) + ")"
}

// Article returns the article of the Laws behind the status, "" for
// Ongoing.
func (s Status) Article() string {
	return [...]string{"", ArtCheckmate, ArtStalemate, ArtDeadPosition, ArtFivefold, ArtSeventyFive}[s%6]
}

// ClaimKind is a draw a player may claim (art. 9.2, 9.3).
type ClaimKind uint8

// Claimable draws.
const (
	Threefold  ClaimKind = iota // art. 9.2
	FiftyMoves                  // art. 9.3
)

// String returns "threefold" or "fifty_moves".
func (k ClaimKind) String() string {
	if k == Threefold {
		return "threefold"
	}
	return "fifty_moves"
}

// Claim is a draw the player to move can claim.
type Claim struct {
	Kind    ClaimKind
	Article string // "9.2" or "9.3"
	// Move is the move (in SAN) the player writes down and declares to
	// make the claim (arts. 9.2.1.1 and 9.3.1); "" when the claim stands
	// in the position as it is.
	Move string
}

// String returns "threefold", "fifty_moves", or with an announced move
// "threefold with Nf3".
func (c Claim) String() string {
	if c.Move != "" {
		return c.Kind.String() + " with " + c.Move
	}
	return c.Kind.String()
}

// IllegalMove is the first move of a game that cannot be played.
type IllegalMove struct {
	Ply       int         // 1 for the first move of the game, 2 for the reply...
	Number    int         // the move number: 12 for 12...Cf3
	Side      Colour      // the side that made the move
	Text      string      // the move as written
	Reason    string      // why it cannot be played
	Why       phrase.Text // Reason as a phrase of the catalogs ("move." messages)
	Article   string      // the article of the Laws, "3.9", or appendix, "C.10"
	Err       error       // ErrIllegalMove, ErrAmbiguousMove, ErrNotAMove or ErrLetters
	Line, Col int         // where the move stands in the input, 0 if unknown
}

// Move returns the move with its number as a score shows it: "12.Nf3" or
// "12...Nf3". A text longer than any move (a file that is no score at
// all) is cut to its first 20 characters and "...", so that a message
// quoting it stays one short line.
func (m *IllegalMove) Move() string {
	dots := "."
	if m.Side == Black {
		dots = "..."
	}
	text := m.Text
	if r := []rune(text); len(r) > 24 {
		text = string(r[:20]) + "..."
	}
	return strconv.Itoa(m.Number) + dots + text
}

func (m *IllegalMove) String() string {
	s := fmt.Sprintf("%s (%s): %s", m.Move(), m.Side, m.Reason)
	if m.Article != "" {
		s += " (" + Cite(m.Article) + ")"
	}
	return s
}

// Error returns the same as String, prefixed with the package name.
func (m *IllegalMove) Error() string { return "rules: " + m.String() }

// Unwrap returns the sentinel error: ErrIllegalMove, ErrAmbiguousMove,
// ErrNotAMove or ErrLetters.
func (m *IllegalMove) Unwrap() error { return m.Err }

// Options tell Check how to read and judge a game.
type Options struct {
	// Lang is the letter set of the moves. AnyLang reads the letters
	// used: a game with N, B, Q or K is English, one with C, A, D or T
	// Italian, one with both is wrong; a game whose only piece letter is
	// R is read in the set in which all its moves are legal (English when
	// both are).
	Lang Lang
	// Result is the result to check, as in PGN ("1-0", "0-1", "1/2-1/2",
	// "*"); "" takes the Result tag, or else the termination marker.
	Result string
	// TimeForfeit says the decisive result is a win on time. It is also
	// assumed when the Termination tag says "time forfeit".
	TimeForfeit bool
}

// Verdict is what Check finds in a game.
type Verdict struct {
	Lang     Lang   // letter set the moves were read in
	LangNote string // how the letter set was chosen, when only legality could tell

	Start   Position     // the position the game starts from
	Moves   []Move       // the legal moves of the main line, up to the first illegal one
	Illegal *IllegalMove // the first move that cannot be played; nil if there is none
	Err     error        // the game cannot be replayed at all (a bad FEN tag); nil otherwise

	Final  Position // the position after the last legal move
	Status Status   // how the game ended by itself, if it did
	EndPly int      // number of moves played when Status came about; moves after it do not count
	// Claims are the draws the player to move could claim at the end of
	// the score (empty when the game ended by itself).
	Claims []Claim
	// Mate says, for White and Black (index by Colour), whether that side
	// could still checkmate by any legal sequence where the game ended
	// (art. 6.9, 5.2.2).
	Mate [2]MateAbility

	Result           string // the result checked: "1-0", "0-1", "1/2-1/2", "*" or ""
	ResultConsistent bool   // the result fits the final position
	ResultNote       string // why it fits or not, in words
	// ResultText is ResultNote as a phrase of the catalogs ("result."
	// ids), zero where it has none yet.
	ResultText phrase.Text
}

// Legal reports whether every move of the main line is legal.
func (v *Verdict) Legal() bool { return v.Illegal == nil && v.Err == nil }

// EndPosition returns the position where the game ended: at EndPly when it
// ended by itself, else the final position.
func (v *Verdict) EndPosition() Position {
	if v.Status == Ongoing || v.EndPly >= len(v.Moves) {
		return v.Final
	}
	p := v.Start
	for _, m := range v.Moves[:v.EndPly] {
		p.Play(m)
	}
	return p
}

// Check replays the main line of g from its start position and judges it
// by the Laws of Chess: the first illegal move and why; whether the game
// ended by itself (checkmate, stalemate, dead position, fivefold
// repetition, 75 moves) and when; which draws could be claimed at the
// end; whether each side could still checkmate; and whether the result
// fits. Variations are not checked.
func Check(g *Game, opts Options) *Verdict {
	v := &Verdict{}
	start, err := g.StartPosition()
	v.Start, v.Final = start, start
	if err != nil {
		v.Err = fmt.Errorf("FEN tag: %w", err)
		v.Result = gameResult(g, opts)
		v.ResultNote = "not checked: the start position cannot be set up"
		return v
	}
	// The moves taken apart, on the stack for a game of usual length.
	var buf [320]moveText
	texts := scanMoves(buf[:0], g.Moves)
	v.Lang, v.LangNote = pickLang(g, start, texts, opts.Lang)
	var keyBuf [321]uint64 // on the stack for a game of usual length
	r, keys := replayLine(g.Moves, start, texts, v.Lang, keyBuf[:0])
	v.Moves, v.Illegal, v.Final = r.moves, r.illegal, r.final
	v.Status, v.EndPly = r.status, r.endPly

	end := v.EndPosition()
	v.Mate[White] = end.CanMate(White)
	v.Mate[Black] = end.CanMate(Black)
	if v.Status == Ongoing && !v.Mate[White].Can && !v.Mate[Black].Can {
		v.Status, v.EndPly = DeadPosition, len(v.Moves)
	}
	if v.Status == Ongoing {
		v.Claims = r.claims(keys)
	}
	judgeResult(v, g, opts)
	return v
}

// pickLang chooses the letter set of a game's main line (see Options.Lang).
func pickLang(g *Game, start Position, texts []moveText, lang Lang) (Lang, string) {
	if lang != AnyLang {
		return lang, ""
	}
	firstEN, firstIT := -1, -1
	hasR := false
	for i := range texts {
		if texts[i].bad {
			continue
		}
		switch texts[i].langs() {
		case langEN:
			if firstEN < 0 {
				firstEN = i
			}
		case langIT:
			if firstIT < 0 {
				firstIT = i
			}
		}
		if texts[i].letter == 'R' || texts[i].promo == 'R' {
			hasR = true
		}
	}
	switch {
	case firstEN >= 0 && (firstIT < 0 || firstEN < firstIT):
		return English, ""
	case firstIT >= 0:
		return Italian, ""
	case !hasR:
		return English, ""
	}
	// Only R tells the sets apart: read the game both ways.
	en, _ := replayLine(g.Moves, start, texts, English, nil)
	it, _ := replayLine(g.Moves, start, texts, Italian, nil)
	switch {
	case en.illegal == nil && it.illegal == nil:
		return English, "R read as a rook (English): the moves are legal in both letter sets"
	case it.illegal == nil:
		return Italian, "R read as a king (Italian): the moves are legal only in Italian letters"
	case en.illegal == nil:
		return English, "R read as a rook (English): the moves are legal only in English letters"
	case it.illegal.Ply > en.illegal.Ply:
		return Italian, "R read as a king (Italian), which goes further before an illegal move"
	}
	return English, "R read as a rook (English), which goes further before an illegal move"
}

// scanMoves takes apart the moves of a line, into dst when it has room.
func scanMoves(dst []moveText, nodes []Node) []moveText {
	texts := dst[:0]
	if cap(texts) < len(nodes) {
		texts = make([]moveText, len(nodes))
	} else {
		texts = texts[:len(nodes)]
	}
	for i := range nodes {
		texts[i].bad = scanMoveInto(&texts[i], nodes[i].Text) != nil
	}
	return texts
}

// replayed is the outcome of replaying a line.
type replayed struct {
	moves   []Move
	illegal *IllegalMove
	final   Position
	status  Status
	endPly  int
	lang    Lang
}

// replayLine plays the moves of a line from start in lang, and with
// keys not nil looks for the end of the game: it returns keys with the
// Key of each position appended (keys[i] before move i). With keys nil it
// stops at the first illegal move and does not look for the end of the
// game.
//
// Whether a position has a legal move (for checkmate and stalemate) is
// asked only where no move of the line was played from it: a move that
// can be played answers it.
func replayLine(nodes []Node, start Position, texts []moveText, lang Lang, keys []uint64) (replayed, []uint64) {
	r := replayed{final: start, lang: lang, moves: make([]Move, 0, len(nodes))}
	p := start
	judge := keys != nil
	if judge {
		keys = append(keys, p.Key())
	}
	// judged records how p, the last position of keys, ends the game.
	judged := func(legal bool) {
		if judge && r.status == Ongoing {
			if st, ply := endStatus(&p, keys, legal); st != Ongoing {
				r.status, r.endPly = st, ply
			}
		}
	}
	for i := range nodes {
		fail := func(e *MoveError) {
			r.illegal = &IllegalMove{
				Ply: i + 1, Number: p.fullmove, Side: p.turn, Text: nodes[i].Text,
				Reason: e.Reason, Why: e.Why, Article: e.Article, Err: e.Err,
				Line: nodes[i].Line, Col: nodes[i].Col,
			}
		}
		var m Move
		var e *MoveError
		if !texts[i].bad {
			m, e = p.resolveIn(nodes[i].Text, &texts[i], lang)
		}
		if texts[i].bad || e != nil {
			legal := p.HasLegalMove()
			judged(legal)
			switch {
			case !legal:
				st := Stalemate
				if p.InCheck() {
					st = Checkmate
				}
				fail(moveError("", because(fmt.Sprintf("no move can follow: the game ended in %s", st), "move.after."+st.String()), st.Article(), ErrIllegalMove))
			case texts[i].bad:
				_, why := scanMove(nodes[i].Text)
				fail(moveError("", why, ArtNotation, ErrNotAMove))
			default:
				fail(e)
			}
			r.final = p
			return r, keys
		}
		judged(true)
		p.Play(m)
		r.moves = append(r.moves, m)
		if judge {
			keys = append(keys, p.Key())
		}
	}
	judged(p.HasLegalMove())
	r.final = p
	return r, keys
}

// endStatus says whether the game ends by itself in p, the last position
// of keys (legal says whether p has a legal move): checkmate, stalemate,
// fivefold repetition, 75 moves, or a dead position by material.
func endStatus(p *Position, keys []uint64, legal bool) (Status, int) {
	if !legal {
		if p.InCheck() {
			return Checkmate, len(keys) - 1
		}
		return Stalemate, len(keys) - 1
	}
	if p.halfmove >= 8 && repetitions(keys, p.halfmove) >= 5 {
		return Fivefold, len(keys) - 1
	}
	if p.halfmove >= 150 {
		return SeventyFive, len(keys) - 1 // a mate on the 75th move was caught above (9.6.2)
	}
	if !p.materialCanMate(White) && !p.materialCanMate(Black) {
		return DeadPosition, len(keys) - 1
	}
	return Ongoing, 0
}

// repetitions counts how many times the last position of keys occurred,
// looking back no further than the last capture or pawn move (halfmove
// plies), among positions with the same player to move.
func repetitions(keys []uint64, halfmove int) int {
	last := len(keys) - 1
	n := 1
	for i := last - 2; i >= 0 && i >= last-halfmove; i -= 2 {
		if keys[i] == keys[last] {
			n++
		}
	}
	return n
}

// claims lists the draws the player to move can claim at the end of a
// replayed line, whose positions have the keys keys.
func (r *replayed) claims(keys []uint64) []Claim {
	p := &r.final
	var cs []Claim
	if repetitions(keys, p.halfmove) >= 3 {
		cs = append(cs, Claim{Kind: Threefold, Article: ArtThreefold})
	}
	if p.halfmove >= 100 {
		cs = append(cs, Claim{Kind: FiftyMoves, Article: ArtFiftyMoves})
	}
	// Claims by declaring a move (9.2.1.1, 9.3.1): the first such move is
	// reported.
	// A repetition by a move needs the position to have stood twice within
	// the plies since the last capture or pawn move.
	haveThree := len(cs) > 0 && cs[0].Kind == Threefold || p.halfmove < 3
	haveFifty := p.halfmove >= 100 || p.halfmove < 99
	if haveThree && haveFifty {
		return cs
	}
	for _, m := range p.LegalMoves(nil) {
		if haveThree && haveFifty {
			break
		}
		q := *p
		q.Play(m)
		if !haveFifty && q.halfmove >= 100 {
			cs = append(cs, Claim{Kind: FiftyMoves, Article: ArtFiftyMoves, Move: p.SAN(m)})
			haveFifty = true
		}
		if !haveThree && q.halfmove > 0 && 1+countBefore(keys, q.Key(), q.halfmove) >= 3 {
			cs = append(cs, Claim{Kind: Threefold, Article: ArtThreefold, Move: p.SAN(m)})
			haveThree = true
		}
	}
	return cs
}

// countBefore counts the positions with key among keys that a position
// following the last of keys, with the given halfmove clock, can repeat:
// those with the same player to move, since the last capture or pawn move.
func countBefore(keys []uint64, key uint64, halfmove int) int {
	next := len(keys)
	n := 0
	for i := next - 2; i >= 0 && i >= next-halfmove; i -= 2 {
		if keys[i] == key {
			n++
		}
	}
	return n
}

// gameResult returns the result to check: the option, the Result tag, or
// the termination marker.
func gameResult(g *Game, opts Options) string {
	for _, s := range []string{opts.Result, g.Tag("Result"), g.Result} {
		if r := resultToken(strings.TrimSpace(s)); r != "" {
			return r
		}
	}
	return ""
}

// judgeResult checks the result against the end of the game.
func judgeResult(v *Verdict, g *Game, opts Options) {
	v.Result = gameResult(g, opts)
	res := v.Result
	ok := func(format string, args ...any) {
		v.ResultConsistent, v.ResultNote, v.ResultText = true, fmt.Sprintf(format, args...), phrase.Text{}
	}
	bad := func(format string, args ...any) {
		v.ResultConsistent, v.ResultNote, v.ResultText = false, fmt.Sprintf(format, args...), phrase.Text{}
	}
	if opts.Result == "" && g.Result != "" && resultToken(g.Tag("Result")) != "" && g.Result != resultToken(g.Tag("Result")) {
		bad("the Result tag says %s but the moves end with %s", g.Tag("Result"), g.Result)
		return
	}
	if v.Err != nil {
		bad("not checked: the game cannot be replayed")
		v.ResultText = phrase.New("result.unreplayable")
		return
	}
	if v.Illegal != nil {
		bad("not checked: the score has an illegal move (%s)", v.Illegal.Move())
		v.ResultText = phrase.New("result.illegal", "Move", v.Illegal.Move())
		return
	}
	end := v.EndPosition()
	endMove := v.moveName(v.EndPly)
	switch v.Status {
	case Checkmate:
		winner := end.turn.Other()
		want := winResult(winner)
		if res == want {
			ok("%s checkmated %s (%s)", winner.Title(), end.turn.Title(), Cite(ArtCheckmate))
			v.ResultText = phrase.New("result.checkmated", "Winner", winner.Phrase(), "Loser", end.turn.Phrase(), "Article", Cite(ArtCheckmate))
		} else {
			bad("%s is checkmated after %s: the result is %s (%s)", end.turn.Title(), endMove, want, Cite(ArtCheckmate))
			v.ResultText = phrase.New("result.ismated", "Loser", end.turn.Phrase(), "Move", endMove, "Result", want, "Article", Cite(ArtCheckmate))
		}
		return
	case Stalemate, DeadPosition, Fivefold, SeventyFive:
		what := map[Status]string{Stalemate: "stalemate", DeadPosition: "a dead position", Fivefold: "fivefold repetition", SeventyFive: "75 moves without pawn move or capture"}[v.Status]
		later := ""
		if v.EndPly < len(v.Moves) {
			later = "; the moves after it do not count"
		}
		if res == "1/2-1/2" {
			ok("drawn by %s after %s (%s)%s", what, endMove, Cite(v.Status.Article()), later)
		} else {
			bad("the game ended in %s after %s (%s): the result is 1/2-1/2%s", what, endMove, Cite(v.Status.Article()), later)
		}
		return
	}
	timeForfeit := opts.TimeForfeit || strings.EqualFold(strings.TrimSpace(g.Tag("Termination")), "time forfeit")
	switch res {
	case "", "*":
		if timeForfeit {
			bad("a loss on time needs a decisive result")
			return
		}
		ok("unfinished or result unknown")
		v.ResultText = phrase.New("result.unfinished")
	case "1/2-1/2":
		var why []string
		for _, c := range v.Claims {
			why = append(why, fmt.Sprintf("%s could claim %s (%s)", end.turn.Title(), claimWords(c), Cite(c.Article)))
		}
		if timeForfeit {
			switch {
			case !v.Mate[White].Can && !v.Mate[Black].Can:
				ok("a flag fell but neither side can checkmate: drawn (%s)", Cite(ArtFlagFall))
			case !v.Mate[White].Can || !v.Mate[Black].Can:
				ok("a flag fell and the opponent cannot checkmate: drawn (%s)", Cite(ArtFlagFall))
			default:
				bad("a loss on time is a loss when the opponent can checkmate (%s)", Cite(ArtFlagFall))
			}
			return
		}
		if len(why) > 0 {
			ok("plausible: a draw by agreement, or %s", strings.Join(why, "; "))
		} else {
			ok("plausible: a draw by agreement")
			v.ResultText = phrase.New("result.agreement")
		}
	case "1-0", "0-1":
		winner := White
		if res == "0-1" {
			winner = Black
		}
		loser := winner.Other()
		ma := v.Mate[winner]
		switch {
		case timeForfeit && !ma.Can:
			bad("%s lost on time but %s cannot checkmate by any legal sequence (%s): the game is drawn (%s)", loser.Title(), winner.Title(), ma.Detail, Cite(ArtFlagFall))
		case timeForfeit:
			ok("%s lost on time and %s can still checkmate (%s)", loser.Title(), winner.Title(), Cite(ArtFlagFall))
		case !ma.Can:
			ok("plausible only as a resignation: %s cannot checkmate by any legal sequence (%s), so a loss on time would be a draw (%s)", winner.Title(), ma.Detail, Cite(ArtFlagFall))
		default:
			ok("plausible: %s resigned or lost on time", loser.Title())
			v.ResultText = phrase.New("result.resigned", "Loser", loser.Phrase())
		}
	}
}

func claimWords(c Claim) string {
	w := "threefold repetition"
	if c.Kind == FiftyMoves {
		w = "the 50-move rule"
	}
	if c.Move != "" {
		w += " by declaring " + c.Move
	}
	return w
}

func winResult(c Colour) string {
	if c == White {
		return "1-0"
	}
	return "0-1"
}

// moveName names the move after which plies moves were played: "2...Qh4#",
// or "the start position" for none.
func (v *Verdict) moveName(plies int) string { return v.MoveName(plies, English) }

// MoveName names the move that brought the game to ply plies (counting
// from 1), with its number, in the letters of lang: "2...Qh4#" in
// English, "2...Dh4#" in Italian. It returns "the start position" for 0
// and "" for a ply beyond the legal moves.
func (v *Verdict) MoveName(plies int, lang Lang) string {
	switch {
	case plies == 0:
		return "the start position"
	case plies < 0 || plies > len(v.Moves):
		return ""
	}
	p := v.Start
	for _, m := range v.Moves[:plies-1] {
		p.Play(m)
	}
	dots := "."
	if p.turn == Black {
		dots = "..."
	}
	return strconv.Itoa(p.fullmove) + dots + p.FormatMove(v.Moves[plies-1], lang)
}

// Normalize rewrites the moves of g in Standard Algebraic Notation with
// the letters of out (English, as PGN requires, for AnyLang): the main
// line and every variation, read in the letter set opts.Lang chooses as
// Check does. Annotations glued to a move (Nf3!?) become NAGs. It stops
// at the first move of the main line that cannot be played and returns it
// as an *IllegalMove; moves of a variation that cannot be played are left
// as written.
func Normalize(g *Game, opts Options, out Lang) error {
	start, err := g.StartPosition()
	if err != nil {
		return fmt.Errorf("FEN tag: %w", err)
	}
	lang, _ := pickLang(g, start, scanMoves(nil, g.Moves), opts.Lang)
	return normalizeLine(g.Moves, start, lang, out, true)
}

// normalizeLine rewrites a line played from p. strict makes the first
// move that cannot be played an error; otherwise the rest of the line is
// left as written.
func normalizeLine(nodes []Node, p Position, lang, out Lang, strict bool) error {
	for i := range nodes {
		nd := &nodes[i]
		before := p
		for j := range nd.Variations {
			_ = normalizeLine(nd.Variations[j].Moves, before, lang, out, false)
		}
		mt, why := scanMove(nd.Text)
		var m Move
		var e *MoveError
		if why.en != "" {
			e = moveError(nd.Text, why, ArtNotation, ErrNotAMove)
		} else {
			m, e = p.resolveIn(nd.Text, &mt, lang)
		}
		if e != nil {
			if !strict {
				return nil
			}
			return &IllegalMove{Ply: i + 1, Number: p.fullmove, Side: p.turn, Text: nd.Text,
				Reason: e.Reason, Why: e.Why, Article: e.Article, Err: e.Err, Line: nd.Line, Col: nd.Col}
		}
		if nag := glyphNAG(nd.Text); nag > 0 && !slices.Contains(nd.NAGs, nag) {
			nd.NAGs = append([]int{nag}, nd.NAGs...)
		}
		nd.Text = p.FormatMove(m, out)
		p.Play(m)
	}
	return nil
}

// glyphNAG returns the NAG of the annotation glued to the end of a move
// as written (Nf3!? gives 5), or 0.
func glyphNAG(text string) int {
	t := strings.TrimRight(text, "+#")
	for _, g := range []string{"!!", "??", "!?", "?!", "!", "?"} {
		if strings.HasSuffix(t, g) {
			return suffixNAG(g)
		}
	}
	return 0
}
