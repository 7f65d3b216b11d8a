package games

import (
	"fmt"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/phrase"
	"github.com/labyrinth-chess/arbiter/rules"
)

// Reasons a result came about, as stored with a board: what a player or
// the arbiter says (time, resign, agreement, claim, forfeit, arbiter) and
// how a game ends by itself (mate, stalemate, dead, fivefold,
// seventy-five).
const (
	ReasonTime        = "time"
	ReasonResign      = "resign"
	ReasonAgreement   = "agreement"
	ReasonMate        = "mate"
	ReasonStalemate   = "stalemate"
	ReasonClaim       = "claim"
	ReasonForfeit     = "forfeit"
	ReasonArbiter     = "arbiter"
	ReasonDead        = "dead"
	ReasonFivefold    = "fivefold"
	ReasonSeventyFive = "seventy-five"
)

// StatusReason returns the reason stored for a game that ended by itself
// with status s, or "" for rules.Ongoing.
func StatusReason(s rules.Status) string {
	switch s {
	case rules.Checkmate:
		return ReasonMate
	case rules.Stalemate:
		return ReasonStalemate
	case rules.DeadPosition:
		return ReasonDead
	case rules.Fivefold:
		return ReasonFivefold
	case rules.SeventyFive:
		return ReasonSeventyFive
	}
	return ""
}

// End is the position where a game ended, as far as the result is
// concerned.
type End struct {
	Status rules.Status // how the game ended by itself; rules.Ongoing if it did not
	Move   string       // the move that ended it by itself, "23.Qh7#"; "" when unknown
	Turn   rules.Colour // the side to move there (the mated side after a checkmate)
	// Mate says for White and Black whether that side could still
	// checkmate by any series of legal moves (arts. 5.2.2, 6.9).
	Mate [2]rules.MateAbility
	// FromFEN says the position was given as a FEN, not reached by a
	// game's moves (the messages say so).
	FromFEN bool
}

// EndOf returns where the game of a verdict ended, or nil if its moves
// cannot all be played (then the end is not known).
func EndOf(v *rules.Verdict) *End {
	if v == nil || !v.Legal() {
		return nil
	}
	p := v.EndPosition()
	e := &End{Status: v.Status, Turn: p.Turn(), Mate: v.Mate}
	if v.Status != rules.Ongoing {
		e.Move = v.MoveName(v.EndPly, rules.English)
	}
	return e
}

// EndAt returns the end of a game whose final position is p (given as a
// FEN): checkmate or stalemate on the board, 75 moves by the halfmove
// clock, or a dead position when neither side can checkmate. A fivefold
// repetition cannot be seen in one position.
func EndAt(p rules.Position) *End {
	e := &End{Turn: p.Turn(), Mate: [2]rules.MateAbility{p.CanMate(rules.White), p.CanMate(rules.Black)}, FromFEN: true}
	switch {
	case p.IsCheckmate():
		e.Status = rules.Checkmate
	case p.IsStalemate():
		e.Status = rules.Stalemate
	case p.HalfmoveClock() >= 150:
		e.Status = rules.SeventyFive
	case !e.Mate[rules.White].Can && !e.Mate[rules.Black].Can:
		e.Status = rules.DeadPosition
	}
	return e
}

// Gives returns the result a game that ended by itself has, with a
// sentence saying why ("Black checkmated White after 2...Qh4# (art.
// 5.1.1)"); NoResult for a game that did not end by itself.
func (e *End) Gives() (arbiter.Result, string) {
	after := ""
	switch {
	case e.Move != "":
		after = " after " + e.Move
	case e.FromFEN:
		after = " in the position given"
	}
	cite := rules.Cite(e.Status.Article())
	switch e.Status {
	case rules.Checkmate:
		r := arbiter.WhiteWins
		if e.Turn == rules.White {
			r = arbiter.BlackWins
		}
		return r, fmt.Sprintf("%s is checkmated%s (%s)", e.Turn.Title(), after, cite)
	case rules.Stalemate:
		return arbiter.Draw, fmt.Sprintf("the game ended in stalemate%s (%s)", after, cite)
	case rules.DeadPosition:
		return arbiter.Draw, fmt.Sprintf("the game ended in a dead position%s: neither side can checkmate (%s)", after, cite)
	case rules.Fivefold:
		return arbiter.Draw, fmt.Sprintf("the game ended by fivefold repetition%s (%s)", after, cite)
	case rules.SeventyFive:
		return arbiter.Draw, fmt.Sprintf("the game ended after 75 moves by each side without a pawn move or a capture%s (%s)", after, cite)
	}
	return arbiter.NoResult, ""
}

// GivesText is the sentence of Gives as a phrase of the catalogs ("end."
// ids), zero for a game that did not end by itself.
func (e *End) GivesText() phrase.Text {
	var after any = ""
	switch {
	case e.Move != "":
		after = phrase.New("end.after", "Move", e.Move)
	case e.FromFEN:
		after = phrase.New("end.given")
	}
	cite := rules.Cite(e.Status.Article())
	switch e.Status {
	case rules.Checkmate:
		return phrase.New("end.checkmate", "Side", e.Turn.Phrase(), "After", after, "Article", cite)
	case rules.Stalemate:
		return phrase.New("end.stalemate", "After", after, "Article", cite)
	case rules.DeadPosition:
		return phrase.New("end.dead", "After", after, "Article", cite)
	case rules.Fivefold:
		return phrase.New("end.fivefold", "After", after, "Article", cite)
	case rules.SeventyFive:
		return phrase.New("end.seventyfive", "After", after, "Article", cite)
	}
	return phrase.Text{}
}

// Facts are what is known when a result is entered for a game.
type Facts struct {
	Laws int          // edition of the Laws of Chess in force (Tournament.LawsEdition)
	Pace arbiter.Pace // which appendix applies

	Result arbiter.Result // the result submitted; NoResult if none
	Reason string         // how the game ended, as submitted: ReasonTime, ReasonResign, ... or ""
	// BothFlags says both flags fell and it cannot be told which fell
	// first (with Reason ReasonTime).
	BothFlags bool
	End       *End // where the game ended; nil when not known
	// Override says the result is the arbiter's decision (a ruling, or
	// Reason ReasonArbiter): it stands as given.
	Override bool
}

// Decision is the result to enter, and what the Laws changed.
type Decision struct {
	Result arbiter.Result // NoResult: nothing to enter
	Reason string
	// ByItself says the game ended by itself: the position, not a
	// player, decided the result.
	ByItself bool
	// Why explains the result when the Laws decided it (the game ended
	// by itself, or a rule turned the result submitted into another).
	Why string
	// Notes say, one sentence each, what the Laws changed or what the
	// arbiter should know ("Black lost on time but ... the game is drawn
	// (art. 6.9)").
	Notes []string
	// Texts are Notes as phrases of the catalogs, one for each note; a
	// zero Text where a note has none yet.
	Texts []phrase.Text
}

// Refusal is a result the position of the game does not allow.
type Refusal struct {
	Result arbiter.Result // the result submitted
	Gives  arbiter.Result // the result the position gives
	Why    string         // why, with the article: "White is checkmated after 2...Qh4# (art. 5.1.1)"
	// WhyText is Why as a phrase of the catalogs; zero where it has none.
	WhyText phrase.Text
}

func (r *Refusal) Error() string {
	return fmt.Sprintf("%s: the result is %s, not %s", r.Why, r.Gives, r.Result)
}

// Phrase returns the refusal as a phrase of the catalogs, zero when its
// reason has none.
func (r *Refusal) Phrase() phrase.Text {
	if r.WhyText.IsZero() {
		return phrase.Text{}
	}
	return phrase.New("end.refused", "Why", r.WhyText, "Gives", r.Gives.String(), "Result", r.Result.String())
}

// Decide applies the Laws of Chess to the result submitted for a game (see
// the package documentation). A result the position does not allow
// returns a *Refusal.
func Decide(f Facts) (Decision, error) {
	d := Decision{Result: f.Result, Reason: f.Reason}
	if f.BothFlags && d.Reason == "" {
		d.Reason = ReasonTime
	}
	var gives arbiter.Result
	var why string
	if f.End != nil {
		gives, why = f.End.Gives()
	}
	if f.Override {
		switch {
		case gives != arbiter.NoResult && f.Result == arbiter.NoResult:
			return Decision{Result: gives, Reason: StatusReason(f.End.Status), ByItself: true, Why: why}, nil
		case gives != arbiter.NoResult && gives != f.Result:
			d.Notes = append(d.Notes, fmt.Sprintf("%s, which gives %s; the arbiter's decision %s stands", why, gives, f.Result))
		}
		if d.Reason == "" && f.Result != arbiter.NoResult {
			d.Reason = ReasonArbiter
		}
		return d, nil
	}
	if gives != arbiter.NoResult {
		// The game ended by itself: the first of checkmate, stalemate, a
		// dead position, fivefold repetition or 75 moves ends it, and
		// what came after (a flag, a resignation) does not count (arts.
		// 5.1.1, 5.2.1, 5.2.2, 6.9, 9.6).
		if f.Result != arbiter.NoResult && f.Result != gives {
			return d, &Refusal{Result: f.Result, Gives: gives, Why: why, WhyText: f.End.GivesText()}
		}
		return Decision{Result: gives, Reason: StatusReason(f.End.Status), ByItself: true, Why: why}, nil
	}
	if f.BothFlags {
		rule := BothFlagsRule(f.Laws, f.Pace)
		d.Result, d.Reason = arbiter.Draw, ReasonTime
		d.Why = "both flags fell and it cannot be told which fell first: the game is drawn (" + rule + ")"
		if f.Result != arbiter.NoResult && f.Result != arbiter.Draw {
			d.Notes = append(d.Notes, fmt.Sprintf("%s, not %s", d.Why, f.Result))
		} else {
			d.Notes = append(d.Notes, d.Why)
		}
		return d, nil
	}
	if f.End == nil || (f.Result != arbiter.WhiteWins && f.Result != arbiter.BlackWins) {
		return d, nil
	}
	winner := rules.White
	if f.Result == arbiter.BlackWins {
		winner = rules.Black
	}
	loser := winner.Other()
	m := f.End.Mate[winner]
	if m.Can {
		return d, nil
	}
	switch f.Reason {
	case ReasonTime:
		// Art. 6.9: the flag fall loses, unless the opponent cannot
		// checkmate by any possible series of legal moves.
		d.Result = arbiter.Draw
		d.Why = fmt.Sprintf("%s lost on time but %s cannot checkmate by any series of legal moves (%s): the game is drawn (%s)",
			loser.Title(), winner.Title(), m.Detail, rules.Cite(rules.ArtFlagFall))
		d.note(d.Why, phrase.New("games.flagdraw", "Loser", loser.Phrase(), "Winner", winner.Phrase(),
			"Detail", mateDetail(m), "Article", rules.Cite(rules.ArtFlagFall)))
	case ReasonResign:
		if f.Laws >= 2023 {
			// Art. 5.1.2 of the 2023 Laws: a resignation loses, unless the
			// opponent cannot checkmate by any possible series of legal
			// moves; then the game is drawn.
			d.Result = arbiter.Draw
			d.Why = fmt.Sprintf("%s resigned but %s cannot checkmate by any series of legal moves (%s): under the Laws of %d the game is drawn (art. 5.1.2)",
				loser.Title(), winner.Title(), m.Detail, f.Laws)
			d.Notes = append(d.Notes, d.Why)
		} else {
			d.Notes = append(d.Notes, fmt.Sprintf("%s resigned although %s cannot checkmate (%s): under the Laws of %d a resignation stands (%s); from 2023 it would be a draw",
				loser.Title(), winner.Title(), m.Detail, lawsYear(f.Laws), resignArticle(f.Laws)))
		}
	}
	return d, nil
}

// note adds a note, in English and as a phrase (zero for none).
func (d *Decision) note(en string, t phrase.Text) {
	for len(d.Texts) < len(d.Notes) {
		d.Texts = append(d.Texts, phrase.Text{})
	}
	d.Notes = append(d.Notes, en)
	d.Texts = append(d.Texts, t)
}

// mateDetail is why a side can or cannot mate, as a phrase where rules
// has one.
func mateDetail(m rules.MateAbility) any {
	if m.Text.IsZero() {
		return m.Detail
	}
	return m.Text
}

// lawsYear returns the edition, or 2023 (arbiter's default) for 0.
func lawsYear(laws int) int {
	if laws == 0 {
		return 2023
	}
	return laws
}

// resignArticle is where the Laws of an edition say that resigning loses:
// art. 5.1 b until the articles were numbered in decimals (2014), 5.1.2
// since.
func resignArticle(laws int) string {
	if laws < 2014 {
		return "art. 5.1 b"
	}
	return "art. 5.1.2"
}

// BothFlagsRule returns the rule by which a game is drawn when both flags
// have fallen and it cannot be told which fell first, in the Laws of the
// given edition for the given pace:
//
//   - 2001: art. 6.11 b for standard games (drawn in the period in which
//     all remaining moves must be completed, the only period in which a
//     result is entered); rapid and blitz: appendix B.8, "if both flags
//     have fallen, the game is drawn" (blitz plays by appendix B through
//     appendix C);
//   - 2005: art. 6.12 b and appendix B.9, the same rules renumbered;
//   - 2009: art. 6.11 b;
//   - 2014 and later, standard and rapid: Guidelines III.3.1 for games
//     without increment (2017 numbering, applied to 2014 as well);
//   - 2014 and later, blitz: the Guidelines exclude blitz (III.2.2) and
//     the Laws give no rule; arbiter draws the game as the rapidplay rule
//     did, which is what the Labyrinth regulation prescribes ("if both
//     flags have fallen, the game is drawn").
//
// Clocks that show which flag fell first decide the game instead: then
// the result is a loss on time (art. 6.9), not a double flag fall.
func BothFlagsRule(laws int, pace arbiter.Pace) string {
	fast := pace == arbiter.Rapid || pace == arbiter.Blitz
	switch {
	case laws == 0:
		return BothFlagsRule(2023, pace)
	case laws < 2005 && fast:
		return fmt.Sprintf("Laws of %d, appendix B.8", laws)
	case laws < 2005:
		return fmt.Sprintf("Laws of %d, art. 6.11 b", laws)
	case laws < 2009 && fast:
		return fmt.Sprintf("Laws of %d, appendix B.9", laws)
	case laws < 2009:
		return fmt.Sprintf("Laws of %d, art. 6.12 b", laws)
	case laws < 2014:
		return fmt.Sprintf("Laws of %d, art. 6.11 b", laws)
	case pace == arbiter.Blitz:
		return fmt.Sprintf("Laws of %d: no rule for blitz (Guidelines III.2.2), drawn as by the rapidplay rule the Labyrinth regulation adopts", laws)
	}
	return fmt.Sprintf("Laws of %d, Guidelines III.3.1", laws)
}
