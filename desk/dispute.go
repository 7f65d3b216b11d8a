package desk

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/games"
	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/labyrinth-chess/arbiter/phrase"
	"github.com/labyrinth-chess/arbiter/rules"
	"github.com/labyrinth-chess/arbiter/store"
)

// Disputes settled with evidence. When the two players of a board report
// different results, each may add a claim: what happened (checkmate,
// stalemate, flag fall, illegal move, threefold repetition, 50 moves,
// agreed draw) and, optionally, the moves of the game or its final
// position. JudgeClaim applies the Laws to it with the rules core, as
// EnterResult and CheckGame do (games.Decide, games.EndOf, games.EndAt,
// rules.Check), and says which result the Laws give and by which article.
// The verdict is computed when it is shown, under the tournament's
// settings of the moment (edition of the Laws, pace); the claim is stored
// as the player typed it.

// Verdict is the Laws' answer to a claim.
type Verdict struct {
	// Result is the result the Laws give on the evidence; NoResult when
	// they give none (a claim not borne out, or one the arbiter settles
	// otherwise, such as a first illegal move).
	Result arbiter.Result
	// Article is the article applied, "art. 5.1.1".
	Article string
	// Text says the verdict in words, with the article.
	Text phrase.Text
	// Short names the ground of the result for a ruling: "checkmate,
	// art. 5.1.1".
	Short phrase.Text
	// Flagged says the evidence does not bear the claim out: a claimed
	// mate that is not mate, a repetition that did not occur.
	Flagged bool
	// Unchecked says no moves or position were given: Result is the
	// claim's, if it is true.
	Unchecked bool
}

// ClaimVerdict is a claim with its verdict.
type ClaimVerdict struct {
	Claim   arbiter.Claim
	Verdict Verdict
	Err     error // the evidence stored cannot be read any more
}

// Dispute is a disputed report with the players' claims judged.
type Dispute struct {
	Report arbiter.WebReport
	// White and Black are each player's claim that counts; nil if none.
	White, Black *ClaimVerdict
	// Replaced are the claims later ones replaced, oldest first.
	Replaced []arbiter.Claim
	// Suggested is the result the verdicts give, to preselect:
	// NoResult when they give none or disagree.
	Suggested arbiter.Result
}

// ErrEvidence: the moves or the position of a claim cannot be read
// (ErrInvalid).
var ErrEvidence = errors.New("unreadable evidence")

// Evidence is what a claim shows: the game's moves from the start, or the
// final position, or neither.
type Evidence struct {
	Game     *rules.Game     // nil when no moves were given
	Position *rules.Position // the final position given as a FEN; nil if none
}

// ParseEvidence reads the moves and the FEN of a claim as a player types
// them: "1. e4 e5 2. Ac4 Cc6 3. Dh5 Cf6 4. Dxf7#", in English or Italian
// letters, from the start of the game. A move that is no move at all
// (rather than an illegal one, which the verdict judges) is an *Error of
// kind ErrInvalid wrapping ErrEvidence that names the move number and the
// text typed; so is a FEN that cannot be read.
func ParseEvidence(moves, fen string) (Evidence, error) {
	var ev Evidence
	bad := func(input, msg string) error {
		return &Error{Kind: ErrInvalid, Input: input, Msg: msg, Err: ErrEvidence}
	}
	if fen = strings.TrimSpace(fen); fen != "" {
		p, err := rules.ParseFEN(fen)
		if err != nil {
			return ev, bad("position", fmt.Sprintf("the position %q cannot be read: %v", fen, err))
		}
		ev.Position = &p
	}
	if strings.TrimSpace(moves) == "" {
		return ev, nil
	}
	r := rules.NewReader(strings.NewReader(moves))
	g, err := r.Read()
	if err != nil {
		return ev, bad("moves", fmt.Sprintf("the moves cannot be read: %v", err))
	}
	if len(g.Tags) > 0 && g.Tag("FEN") != "" {
		return ev, bad("moves", "give the moves from the start of the game, without a FEN tag")
	}
	if more, err := r.Read(); err != io.EOF && (more != nil || err != nil) {
		return ev, bad("moves", "the moves hold more than one game: number them once from 1")
	}
	if len(g.Moves) == 0 {
		return ev, nil
	}
	v := rules.Check(g, rules.Options{})
	if im := v.Illegal; im != nil && (errors.Is(im.Err, rules.ErrNotAMove) || errors.Is(im.Err, rules.ErrLetters)) {
		return ev, &Error{Kind: ErrInvalid, Input: "moves", Err: ErrEvidence,
			Msg:  fmt.Sprintf("move %d: %q is not a move: %s", im.Number, im.Text, im.Reason),
			Text: phrase.New("dispute.notamove", "Number", im.Number, "Text", strconv.Quote(im.Text), "Why", im.Why)}
	}
	ev.Game = g
	return ev, nil
}

// ending is where the evidence says the game ended.
type ending struct {
	v     *rules.Verdict // the moves checked; nil without moves
	pos   rules.Position // the end position
	end   *games.End     // how it ended, as the result judging sees it
	where phrase.Text    // "the position after 41...Kg7"
	ok    bool           // a position is known
	plies int            // the moves typed, legal or not
}

func side(c rules.Colour) phrase.Text {
	if c == rules.White {
		return phrase.New("web.white")
	}
	return phrase.New("web.black")
}

func toRules(c arbiter.Colour) rules.Colour {
	if c == arbiter.Black {
		return rules.Black
	}
	return rules.White
}

func winFor(c rules.Colour) arbiter.Result {
	if c == rules.White {
		return arbiter.WhiteWins
	}
	return arbiter.BlackWins
}

// ResultText writes a result as the pages show it: 1-0, ½-½, 0-1.
func ResultText(r arbiter.Result) string {
	if r == arbiter.Draw {
		return "½-½"
	}
	return r.String()
}

// resultWords is a result with what it means: "1-0, White wins", "draw".
func resultWords(r arbiter.Result) phrase.Text {
	switch r {
	case arbiter.WhiteWins:
		return phrase.New("dispute.r-wins", "Result", "1-0", "Side", side(rules.White))
	case arbiter.BlackWins:
		return phrase.New("dispute.r-wins", "Result", "0-1", "Side", side(rules.Black))
	case arbiter.Draw:
		return phrase.New("dispute.r-draw")
	}
	return phrase.New("dispute.r-none")
}

// letters is the letter set of the moves a verdict names: the
// tournament's language's (Italian R D T A C for an Italian tournament).
func letters(t arbiter.Tournament) rules.Lang {
	if strings.HasPrefix(strings.ToLower(t.Language), "it") {
		return rules.Italian
	}
	return rules.English
}

// endOf finds the end of the game in the evidence: the end of the moves
// (where the game ended by itself, if it did), else the position given.
func endOf(ev Evidence, lang rules.Lang) ending {
	var e ending
	switch {
	case ev.Game != nil:
		e.v, e.plies = rules.Check(ev.Game, rules.Options{}), len(ev.Game.Moves)
		if !e.v.Legal() {
			return e
		}
		e.pos, e.end, e.ok = e.v.EndPosition(), games.EndOf(e.v), true
		plies := len(e.v.Moves)
		if e.v.Status != rules.Ongoing {
			plies = e.v.EndPly
		}
		if plies == 0 {
			e.where = phrase.New("dispute.w-start")
		} else {
			e.where = phrase.New("dispute.w-after", "Move", e.v.MoveName(plies, lang))
		}
	case ev.Position != nil:
		e.pos, e.end, e.ok = *ev.Position, games.EndAt(*ev.Position), true
		e.where = phrase.New("dispute.w-fen")
	}
	return e
}

// legalMoves names up to three legal moves of the side to move in p, in
// the letters of lang, with their numbers: "42.Kf1, 42.Rxg7".
func legalMoves(p rules.Position, lang rules.Lang) string {
	ms := p.LegalMoves(nil)
	dots := "."
	if p.Turn() == rules.Black {
		dots = "..."
	}
	var out []string
	for i, m := range ms {
		if i == 3 {
			out = append(out, "…")
			break
		}
		out = append(out, strconv.Itoa(p.FullmoveNumber())+dots+p.FormatMove(m, lang))
	}
	return strings.Join(out, ", ")
}

// statusWords names how a game ended by itself.
func statusWords(s rules.Status) phrase.Text {
	return phrase.New("dispute.how-" + s.String())
}

// ended is the verdict on a claim of another end than the one the game
// reached by itself: the first end counts (arts. 5.1.1, 5.2, 9.6).
func ended(e ending, claimed bool) Verdict {
	r, _ := e.end.Gives()
	art := rules.Cite(e.end.Status.Article())
	return Verdict{Result: r, Article: art, Flagged: !claimed,
		Text:  phrase.New("dispute.v-ended", "Where", e.where, "How", statusWords(e.end.Status), "Result", resultWords(r), "Art", art),
		Short: phrase.New("dispute.s", "What", statusWords(e.end.Status), "Art", art)}
}

// JudgeClaim applies the Laws of Chess to claim c of a game of tournament
// t with evidence ev (ParseEvidence of the claim's moves and FEN). When
// both the moves and a position are given, the moves count, and the
// verdict says so if the position is not the one they reach.
func JudgeClaim(t arbiter.Tournament, c arbiter.Claim, ev Evidence) Verdict {
	v := judgeClaim(t, c, ev)
	if ev.Game != nil && ev.Position != nil {
		if fv := rules.Check(ev.Game, rules.Options{}); fv.Legal() && !samePosition(fv.Final, *ev.Position) {
			v.Text = phrase.Join("; ", v.Text, phrase.New("dispute.v-fen-differs"))
		}
	}
	return v
}

// samePosition compares the pieces and the side to move of two
// positions, what a player sets up on a diagram.
func samePosition(a, b rules.Position) bool {
	fa, fb := strings.Fields(a.FEN()), strings.Fields(b.FEN())
	return fa[0] == fb[0] && fa[1] == fb[1]
}

func judgeClaim(t arbiter.Tournament, c arbiter.Claim, ev Evidence) Verdict {
	lang := letters(t)
	e := endOf(ev, lang)
	short := func(art string) phrase.Text {
		return phrase.New("dispute.s", "What", phrase.New("dispute.kind-"+c.Kind), "Art", art)
	}
	if e.v != nil && !e.v.Legal() && c.Kind != arbiter.ClaimIllegal {
		return illegalVerdict(t, e, true)
	}
	switch c.Kind {
	case arbiter.ClaimIllegal:
		if e.v == nil {
			art := rules.Cite("7.5")
			return Verdict{Article: art, Unchecked: true, Text: phrase.New("dispute.v-illegal-nomoves", "Art", art), Short: short(art)}
		}
		return illegalVerdict(t, e, false)
	case arbiter.ClaimFlag:
		return flagVerdict(t, c, e)
	}
	if !e.ok {
		return unchecked(c, short)
	}
	if e.end.Status != rules.Ongoing && e.end.Status != statusOf(c.Kind) {
		return ended(e, false)
	}
	turn := e.pos.Turn()
	switch c.Kind {
	case arbiter.ClaimCheckmate:
		art := rules.Cite(rules.ArtCheckmate)
		if e.end.Status == rules.Checkmate {
			r := winFor(turn.Other())
			return Verdict{Result: r, Article: art, Short: short(art),
				Text: phrase.New("dispute.v-mate", "Where", e.where, "Result", resultWords(r), "Art", art)}
		}
		return Verdict{Article: art, Flagged: true, Short: short(art),
			Text: phrase.New("dispute.v-notmate", "Where", e.where, "Why", whyNot(e.pos, rules.Checkmate, lang), "Art", art)}
	case arbiter.ClaimStalemate:
		art := rules.Cite(rules.ArtStalemate)
		if e.end.Status == rules.Stalemate {
			return Verdict{Result: arbiter.Draw, Article: art, Short: short(art),
				Text: phrase.New("dispute.v-stalemate", "Where", e.where, "Result", resultWords(arbiter.Draw), "Art", art)}
		}
		return Verdict{Article: art, Flagged: true, Short: short(art),
			Text: phrase.New("dispute.v-notstalemate", "Where", e.where, "Why", whyNot(e.pos, rules.Stalemate, lang), "Art", art)}
	case arbiter.ClaimThreefold:
		art := rules.Cite(rules.ArtThreefold)
		if e.v == nil {
			return Verdict{Article: art, Unchecked: true, Short: short(art), Result: arbiter.Draw,
				Text: phrase.New("dispute.v-rep-fen", "Art", art)}
		}
		if e.end.Status == rules.Fivefold {
			return ended(e, true)
		}
		// Art. 9.2.1: the player to move claims a position that has just
		// occurred the third time (9.2.1.2), or one his declared move
		// makes occur (9.2.1.1); the player who made the last move could
		// claim only by declaring it before making it.
		claimant := toRules(c.Seat)
		for _, cl := range e.v.Claims {
			if cl.Kind != rules.Threefold || (cl.Move != "" && claimant != turn) {
				continue
			}
			if cl.Move == "" && claimant != turn {
				art = rules.Cite("9.2.1.1")
				return Verdict{Result: arbiter.Draw, Article: art, Short: short(art),
					Text: phrase.New("dispute.v-rep-last", "Where", e.where, "Side", side(turn), "Claimant", side(claimant),
						"Result", resultWords(arbiter.Draw), "Art", art)}
			}
			if cl.Move == "" {
				return Verdict{Result: arbiter.Draw, Article: art, Short: short(art),
					Text: phrase.New("dispute.v-rep", "Where", e.where, "Side", side(turn), "Result", resultWords(arbiter.Draw), "Art", art)}
			}
			mv := declared(e.pos, cl.Move, lang)
			art = rules.Cite("9.2.1.1")
			return Verdict{Result: arbiter.Draw, Article: art, Short: short(art),
				Text: phrase.New("dispute.v-rep-move", "Where", e.where, "Side", side(turn), "Move", mv,
					"Result", resultWords(arbiter.Draw), "Art", art)}
		}
		return Verdict{Article: art, Flagged: true, Short: short(art),
			Text: phrase.New("dispute.v-norep", "Where", e.where, "Side", side(turn), "Art", art)}
	case arbiter.ClaimFifty:
		art := rules.Cite(rules.ArtFiftyMoves)
		if e.end.Status == rules.SeventyFive {
			return ended(e, true)
		}
		if e.v == nil && e.pos.HalfmoveClock() >= 100 {
			return Verdict{Result: arbiter.Draw, Article: art, Short: short(art),
				Text: phrase.New("dispute.v-fifty-fen", "N", e.pos.HalfmoveClock(), "Result", resultWords(arbiter.Draw), "Art", art)}
		}
		if e.v != nil {
			// Art. 9.3: as for a repetition, the player to move claims
			// (9.3.2), or declares the move that completes the 50 moves
			// (9.3.1).
			claimant := toRules(c.Seat)
			for _, cl := range e.v.Claims {
				if cl.Kind != rules.FiftyMoves || (cl.Move != "" && claimant != turn) {
					continue
				}
				if cl.Move == "" && claimant != turn {
					art = rules.Cite("9.3.1")
					return Verdict{Result: arbiter.Draw, Article: art, Short: short(art),
						Text: phrase.New("dispute.v-fifty-last", "Where", e.where, "Claimant", side(claimant),
							"Result", resultWords(arbiter.Draw), "Art", art)}
				}
				if cl.Move == "" {
					return Verdict{Result: arbiter.Draw, Article: art, Short: short(art),
						Text: phrase.New("dispute.v-fifty", "Where", e.where, "Result", resultWords(arbiter.Draw), "Art", art)}
				}
				mv := declared(e.pos, cl.Move, lang)
				art = rules.Cite("9.3.1")
				return Verdict{Result: arbiter.Draw, Article: art, Short: short(art),
					Text: phrase.New("dispute.v-fifty-move", "Where", e.where, "Side", side(turn), "Move", mv,
						"Result", resultWords(arbiter.Draw), "Art", art)}
			}
		}
		return Verdict{Article: art, Flagged: true, Short: short(art),
			Text: phrase.New("dispute.v-nofifty", "Where", e.where, "N", e.pos.HalfmoveClock(), "Art", art)}
	case arbiter.ClaimAgreement:
		// Art. 5.2.3: a game is drawn by agreement during the game (the
		// offer: art. 9.1). What can be checked is that the game was
		// still going on: the moves legal, no end by itself before.
		art := rules.Cite("5.2.3")
		return Verdict{Result: arbiter.Draw, Article: art, Short: short(art),
			Text: phrase.New("dispute.v-agreed", "Where", e.where, "Result", resultWords(arbiter.Draw), "Art", art)}
	}
	return Verdict{Flagged: true, Text: phrase.New("dispute.v-unknown", "Kind", c.Kind)}
}

// statusOf is the end of the game a claim says it reached by itself.
func statusOf(kind string) rules.Status {
	switch kind {
	case arbiter.ClaimCheckmate:
		return rules.Checkmate
	case arbiter.ClaimStalemate:
		return rules.Stalemate
	}
	return rules.Ongoing
}

// declared names the move a player declares to claim a draw (arts.
// 9.2.1.1, 9.3.1), given in English SAN, in both letter sets.
func declared(p rules.Position, san string, lang rules.Lang) string {
	m, err := p.ParseMove(san, rules.English)
	if err != nil {
		return san
	}
	dots := "."
	if p.Turn() == rules.Black {
		dots = "..."
	}
	num := strconv.Itoa(p.FullmoveNumber()) + dots
	return num + p.FormatMove(m, lang)
}

// whyNot says why p is not the end claimed.
func whyNot(p rules.Position, want rules.Status, lang rules.Lang) phrase.Text {
	turn := p.Turn()
	switch {
	case p.IsCheckmate():
		return phrase.New("dispute.why-mate", "Side", side(turn))
	case p.IsStalemate():
		return phrase.New("dispute.why-stalemate", "Side", side(turn))
	case want == rules.Checkmate && !p.InCheck():
		return phrase.New("dispute.why-nocheck", "Side", side(turn), "Moves", legalMoves(p, lang))
	case want == rules.Stalemate && p.InCheck():
		return phrase.New("dispute.why-check", "Side", side(turn))
	}
	return phrase.New("dispute.why-moves", "Side", side(turn), "Moves", legalMoves(p, lang))
}

// unchecked is the verdict on a claim without evidence: what it gives if
// true.
func unchecked(c arbiter.Claim, short func(string) phrase.Text) Verdict {
	var art string
	r := arbiter.NoResult
	switch c.Kind {
	case arbiter.ClaimCheckmate:
		art, r = rules.Cite(rules.ArtCheckmate), winFor(toRules(c.Seat))
	case arbiter.ClaimStalemate:
		art, r = rules.Cite(rules.ArtStalemate), arbiter.Draw
	case arbiter.ClaimThreefold:
		art, r = rules.Cite(rules.ArtThreefold), arbiter.Draw
	case arbiter.ClaimFifty:
		art, r = rules.Cite(rules.ArtFiftyMoves), arbiter.Draw
	case arbiter.ClaimAgreement:
		art, r = rules.Cite("5.2.3"), arbiter.Draw
	}
	return Verdict{Result: r, Article: art, Unchecked: true, Short: short(art),
		Text: phrase.New("dispute.v-unchecked", "Claim", phrase.New("dispute.kind-"+c.Kind), "Result", resultWords(r), "Art", art)}
}

// flagVerdict judges a flag fall (art. 6.9) as EnterResult does, by
// games.Decide: the flag loses, unless the opponent cannot checkmate by
// any series of legal moves, or the game had ended by itself before.
func flagVerdict(t arbiter.Tournament, c arbiter.Claim, e ending) Verdict {
	art := rules.Cite(rules.ArtFlagFall)
	short := phrase.New("dispute.s", "What", phrase.New("dispute.kind-flag"), "Art", art)
	if c.Flag == arbiter.BothFlags {
		d, _ := games.Decide(games.Facts{Laws: t.LawsEdition, Pace: t.Pace, BothFlags: true, Reason: games.ReasonTime, End: e.end})
		if d.ByItself {
			return ended(e, false)
		}
		rule := games.BothFlagsRule(t.LawsEdition, t.Pace)
		return Verdict{Result: d.Result, Article: rule, Short: phrase.New("dispute.s", "What", phrase.New("dispute.kind-bothflags"), "Art", rule),
			Text: phrase.New("dispute.v-bothflags", "Result", resultWords(d.Result), "Art", rule)}
	}
	loser := toRules(c.Flag)
	winner := loser.Other()
	claimed := winFor(winner)
	d, err := games.Decide(games.Facts{Laws: t.LawsEdition, Pace: t.Pace, Result: claimed, Reason: games.ReasonTime, End: e.end})
	var ref *games.Refusal
	if errors.As(err, &ref) || d.ByItself {
		return ended(e, false)
	}
	if !e.ok {
		return Verdict{Result: claimed, Article: art, Unchecked: true, Short: short,
			Text: phrase.New("dispute.v-flag-unchecked", "Loser", side(loser), "Winner", side(winner), "Result", resultWords(claimed), "Art", art)}
	}
	if d.Result == arbiter.Draw {
		why := phrase.New("dispute.why-nomate", "Side", side(winner), "Detail", e.end.Mate[winner].Detail)
		if e.pos.Count(winner, rules.King) == 1 && onlyKing(e.pos, winner) {
			why = phrase.New("dispute.why-loneking", "Side", side(winner))
		}
		return Verdict{Result: arbiter.Draw, Article: art, Short: short,
			Text: phrase.New("dispute.v-flag-draw", "Loser", side(loser), "Why", why, "Result", resultWords(arbiter.Draw), "Art", art)}
	}
	return Verdict{Result: d.Result, Article: art, Short: short,
		Text: phrase.New("dispute.v-flag", "Loser", side(loser), "Winner", side(winner), "Result", resultWords(d.Result), "Art", art)}
}

// onlyKing reports whether c has nothing but its king in p.
func onlyKing(p rules.Position, c rules.Colour) bool {
	for _, pt := range []rules.PieceType{rules.Pawn, rules.Knight, rules.Bishop, rules.Rook, rules.Queen} {
		if p.Count(c, pt) > 0 {
			return false
		}
	}
	return true
}

// illegalVerdict judges the first illegal move of the moves given (art.
// 7.5, and appendices A.4 and B.4 of the Laws before 2018 for rapid and
// blitz). cannotJudge says the claim was of something else, which an
// illegal move in the moves given keeps from being checked.
func illegalVerdict(t arbiter.Tournament, e ending, cannotJudge bool) Verdict {
	v := e.v
	if v.Err != nil {
		return Verdict{Flagged: true, Text: phrase.New("dispute.v-unreadable", "Why", v.Err.Error())}
	}
	art := rules.Cite("7.5")
	short := phrase.New("dispute.s", "What", phrase.New("dispute.kind-illegal"), "Art", art)
	if v.Illegal == nil {
		return Verdict{Article: art, Flagged: true, Short: short,
			Text: phrase.New("dispute.v-noillegal", "N", (len(v.Moves)+1)/2, "Art", art)}
	}
	im := v.Illegal
	// why is the explanation of the Laws, in the reader's language where
	// it carries its phrase.
	var why any = im.Reason
	switch {
	case !im.Why.IsZero() && im.Article != "":
		why = phrase.New("dispute.why-art", "Why", im.Why, "Art", rules.Cite(im.Article))
	case !im.Why.IsZero():
		why = im.Why
	case im.Article != "":
		why = im.Reason + ", " + rules.Cite(im.Article)
	}
	move := fmt.Sprintf("%d %s", im.Number, im.Text)
	if cannotJudge {
		return Verdict{Article: rules.Cite(im.Article), Flagged: true,
			Text: phrase.New("dispute.v-cannot", "Move", move, "Side", side(im.Side), "Why", why)}
	}
	offender, opponent := im.Side, im.Side.Other()
	laws := t.LawsEdition
	if laws == 0 {
		laws = 2023
	}
	fast := t.Pace == arbiter.Rapid || t.Pace == arbiter.Blitz
	if fast && laws < 2018 {
		// Laws of 2014 (and before, for rapidplay): the first completed
		// illegal move loses, if claimed before the claimant's own next
		// move (A.4.2, B.4); drawn if the opponent cannot checkmate.
		art = fmt.Sprintf("Laws of %d, art. 7.5 and appendix A.4 (B.4 for blitz)", laws)
		if e.plies > im.Ply {
			// The score goes on: the opponent played on instead of
			// claiming, and the illegal move stands.
			return Verdict{Article: art, Flagged: true, Short: phrase.New("dispute.s", "What", phrase.New("dispute.kind-illegal"), "Art", art),
				Text: phrase.New("dispute.v-illegal-late", "Move", move, "Side", side(offender), "Other", side(opponent), "Why", why, "Art", art)}
		}
		r := winFor(opponent)
		if !v.Final.CanMate(opponent).Can {
			r = arbiter.Draw
		}
		return Verdict{Result: r, Article: art, Short: phrase.New("dispute.s", "What", phrase.New("dispute.kind-illegal"), "Art", art),
			Text: phrase.New("dispute.v-illegal-loses", "Move", move, "Side", side(offender), "Why", why, "Result", resultWords(r), "Art", art)}
	}
	if laws < 2014 {
		// Before 2014 the standard rule was art. 7.4, with its own count
		// of illegal moves: the arbiter applies it.
		art = fmt.Sprintf("Laws of %d, art. 7.4", laws)
		return Verdict{Article: art, Short: phrase.New("dispute.s", "What", phrase.New("dispute.kind-illegal"), "Art", art),
			Text: phrase.New("dispute.v-illegal-restore", "Move", move, "Side", side(offender), "Other", side(opponent), "Why", why, "Art", art)}
	}
	// Art. 7.5.3-7.5.5 (since 2014; for rapid and blitz through A.4.2 and
	// B since 2018): the position before the illegal move is restored and
	// the opponent gets extra time; the second completed illegal move of
	// the same player loses.
	art = rules.Cite("7.5.5")
	return Verdict{Article: art, Short: phrase.New("dispute.s", "What", phrase.New("dispute.kind-illegal"), "Art", art),
		Text: phrase.New("dispute.v-illegal", "Move", move, "Side", side(offender), "Other", side(opponent), "Why", why, "Art", art)}
}

// judgeDispute judges the claims of a report.
func judgeDispute(t arbiter.Tournament, rep arbiter.WebReport, cs []arbiter.Claim) Dispute {
	d := Dispute{Report: rep}
	for _, c := range cs {
		if !c.Replaced.IsZero() {
			d.Replaced = append(d.Replaced, c)
			continue
		}
		cv := &ClaimVerdict{Claim: c}
		ev, err := ParseEvidence(c.Moves, c.FEN)
		if err != nil {
			cv.Err = err
		} else {
			cv.Verdict = JudgeClaim(t, c, ev)
		}
		if c.Seat == arbiter.White {
			d.White = cv
		} else {
			d.Black = cv
		}
	}
	d.Suggested = suggest(d.White, d.Black)
	return d
}

// suggest picks the result to preselect: the one the checked verdicts
// give when they agree, else the one unchecked claims agree on.
func suggest(cvs ...*ClaimVerdict) arbiter.Result {
	for _, checked := range []bool{true, false} {
		r := arbiter.NoResult
		for _, cv := range cvs {
			if cv == nil || cv.Err != nil || cv.Verdict.Result == arbiter.NoResult || cv.Verdict.Unchecked == checked {
				continue
			}
			if r != arbiter.NoResult && r != cv.Verdict.Result {
				return arbiter.NoResult
			}
			r = cv.Verdict.Result
		}
		if r != arbiter.NoResult {
			return r
		}
	}
	return arbiter.NoResult
}

// validClaim refuses a claim the desk cannot judge: an unknown kind,
// whose flag fell missing from a flag-fall claim or given with another,
// and evidence too long to be a game or a position.
func validClaim(c arbiter.Claim) error {
	switch {
	case !slices.Contains(arbiter.ClaimKinds(), c.Kind):
		return refuse(ErrInvalid, "claim", "refuse.claim.kind", "Kind", c.Kind)
	case c.Kind == arbiter.ClaimFlag && c.Flag != arbiter.White && c.Flag != arbiter.Black && c.Flag != arbiter.BothFlags:
		return refuse(ErrInvalid, "claim", "refuse.claim.whose-flag")
	case c.Kind != arbiter.ClaimFlag && c.Flag != arbiter.NoColour:
		return refuse(ErrInvalid, "claim", "refuse.claim.flag-only")
	case len(c.Moves) > 20000:
		return refuse(ErrInvalid, "moves", "refuse.claim.moves-long", "Length", len(c.Moves))
	case len(c.FEN) > 100:
		return refuse(ErrInvalid, "position", "refuse.claim.fen-long", "Length", len(c.FEN))
	}
	return nil
}

// claimBoard is the desk's store.BoardRule of claims: a claim goes with
// a dispute.
func claimBoard(c arbiter.BoardCode) error {
	if c.Report == nil || c.Report.Status != arbiter.Disputed {
		return refuse(ErrConflict, "board", "refuse.claim.no-dispute", "Board", c.Board)
	}
	return nil
}

// AddClaim records a claim on the disputed report of the board of token,
// by the player in.Proof proves (their own PIN, or their phone signed
// in), within the limits of wrong PINs; their earlier claim is replaced
// and kept. Moves or a FEN that cannot be read are refused (ErrEvidence)
// with the move number and the text.
func (e *Evening) AddClaim(ctx context.Context, token string, in arbiter.ClaimInput) (arbiter.Claim, error) {
	if _, err := e.Board(ctx, token); err != nil {
		return arbiter.Claim{}, err
	}
	in.Moves, in.FEN = strings.TrimSpace(in.Moves), strings.TrimSpace(in.FEN)
	if _, err := ParseEvidence(in.Moves, in.FEN); err != nil {
		return arbiter.Claim{}, err
	}
	if in.Kind != arbiter.ClaimFlag {
		in.Flag = arbiter.NoColour
	}
	c := arbiter.Claim{Kind: in.Kind, Flag: in.Flag, Moves: in.Moves, FEN: in.FEN}
	if err := validClaim(c); err != nil {
		return arbiter.Claim{}, err
	}
	cl, err := e.d.db.AddClaim(ctx, token, in.Proof, prover(actClaim), c, e.limits, claimBoard)
	if err == nil {
		e.d.db.Checkpoint(ctx)
	}
	return cl, inputErr("claim", err)
}

// Dispute returns report id with its claims judged by the Laws under the
// tournament's settings now.
func (e *Evening) Dispute(ctx context.Context, id int64) (Dispute, error) {
	rep, err := e.d.db.WebReport(ctx, e.tid, id)
	if err != nil {
		return Dispute{}, err
	}
	t, err := e.d.db.Tournament(ctx, e.tid)
	if err != nil {
		return Dispute{}, err
	}
	cs, err := e.d.db.Claims(ctx, e.tid, id)
	if err != nil {
		return Dispute{}, err
	}
	return judgeDispute(t, rep, cs), nil
}

// Rulings returns the organizer's rulings on disputed boards whose
// result stands as ruled.
func (e *Evening) Rulings(ctx context.Context) ([]arbiter.Ruling, error) {
	return e.d.db.Rulings(ctx, e.tid)
}

// ruling words the organizer's decision r on dispute d for the players:
// with the ground and article of a verdict that gives r ("The arbiter
// ruled 1-0: checkmate, art. 5.1.1"), else the result alone.
func ruling(d Dispute, r arbiter.Result) phrase.Text {
	for _, checked := range []bool{true, false} {
		for _, cv := range []*ClaimVerdict{d.White, d.Black} {
			if cv == nil || cv.Err != nil || cv.Verdict.Result != r || cv.Verdict.Unchecked == checked || cv.Verdict.Short.IsZero() {
				continue
			}
			return phrase.New("dispute.ruled", "Result", ResultText(r), "Why", cv.Verdict.Short)
		}
	}
	return phrase.New("dispute.ruled-plain", "Result", ResultText(r))
}

// rule enters the organizer's result r on disputed report id, judged as
// Accept judges it, with the ruling's words kept for the players' pages
// and logged in English.
func (e *Evening) rule(ctx context.Context, rep arbiter.WebReport, r arbiter.Result, judge store.Judge) (arbiter.WebReport, error) {
	d, err := e.Dispute(ctx, rep.ID)
	if err != nil {
		return rep, err
	}
	text := ruling(d, r)
	return e.d.db.Rule(ctx, e.tid, rep.ID, r, judge, openStep(true), text.Stored(), locale.New(locale.English).Word(text))
}
