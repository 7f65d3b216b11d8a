package desk

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/pairing"
	"github.com/labyrinth-chess/arbiter/phrase"
	"github.com/labyrinth-chess/arbiter/store"
)

// Narrower kinds of the refusals of Pair.
var (
	// ErrNoPairing: the Dutch system found no pairing that satisfies the
	// absolute criteria (C.04.3 C1-C3); it wraps the engine's
	// *pairing.NoPairingError (ErrRefused).
	ErrNoPairing = errors.New("no pairing satisfies the absolute criteria")
	// ErrOldEdition: the 2017 rules could not pair the round (ErrInvalid).
	ErrOldEdition = errors.New("the 2017 rules could not pair the round")
	// ErrWarnings: a pairing given by hand breaks a basic rule of the
	// Swiss system (C.04.1) and was not forced (ErrRefused).
	ErrWarnings = errors.New("the pairing breaks a basic rule")
	// ErrNothingUnknown: the request decided to pair although results
	// are not known, but every board of the previous round has its
	// result (ErrInvalid).
	ErrNothingUnknown = errors.New("no result is unknown")
)

// PairRequest asks to pair the next round.
type PairRequest struct {
	Tournament string // name or ID; "" for the current tournament
	// Boards and Byes are a pairing given by hand (White first, boards
	// numbered in order); with neither, the Dutch system pairs.
	Boards []arbiter.Board
	Byes   []arbiter.Bye
	// Force keeps a pairing by hand that breaks a basic rule (C.04.1).
	Force bool
	// DryRun computes the pairing and stores nothing.
	DryRun bool
	// Unexplained, with DryRun, says the caller shows no explanation of
	// the boards: the engine then writes none (Pairing.BoardNotes and
	// ByeNotes stay empty), which at a thousand players is a tenth of
	// the command. A pairing stored keeps its explanations all the same.
	Unexplained bool
	// Unknown is the organizer's decision to pair although boards of the
	// previous round have no result yet (an adjourned game, a TRF-26 X):
	// the games count as played and score nothing until their results
	// are in, and the decision is logged. Without it such a round is
	// refused (ErrRoundOpen).
	Unknown bool
	// Close is the organizer's answer to the question registration asks
	// when it closes with round 1. Nil leaves it to the desk (see
	// firstClosing): a round robin closes with the rounds of its Berger
	// table, and round 1 of a tournament that proposes its rounds is
	// refused when they do not fit the field (ErrRoundsUnfit, wrapping
	// an *arbiter.FitError with the choices). A pairing by hand closes
	// nothing.
	Close *arbiter.Closing
	// ForceReported enters the results reported from the boards of the
	// last round and not confirmed as they stand, each logged as decided
	// by ForcedBy ("": the context's actor), instead of refusing to pair
	// (ErrRoundOpen); a disputed board is refused all the same.
	ForceReported bool
	ForcedBy      string
	// Publish publishes the round to the players once it is paired, as
	// the tournament's arbiter.WebSettings.AutoPublish does.
	Publish bool
	// From, when set, is the tournament as the caller has just read it
	// (Desk.Snapshot, same Tournament): Pair and Propose pair from it
	// instead of reading it again, which at a thousand players costs as
	// much as the rest of the command. A pairing to store is checked
	// against the tournament as stored all the same: one made from an
	// older state is made again (ErrStale).
	From *Snapshot
}

func (r PairRequest) byHand() bool { return len(r.Boards) > 0 || len(r.Byes) > 0 }

// Proposal is a pairing computed for the next round and not stored yet.
type Proposal struct {
	Pairing  Pairing       // Basis holds the last event of the tournament it was made from
	Round    arbiter.Round // as it would be stored: the absent players' byes added
	Snapshot *Snapshot     // the tournament it was made from
	// Notes say what the pairing decided that the organizer should know,
	// one sentence each: the colour drawn by lot, the basic rules the
	// Dutch system set aside for topscorers ("note: ...").
	Notes []string
	// Warnings are the basic rules a pairing by hand breaks (C.04.1).
	Warnings []Warning
	// NoShows are the players paired although they lost the round
	// before by forfeit; Withdrawn, those the tournament's option
	// withdrew before pairing instead (see NoShows).
	NoShows, Withdrawn []NoShow
	// Input is what the Dutch system was given, for a front end that
	// suggests a pairing by hand when it found none.
	Input pairing.Input
}

// PairOutcome is what Pair did.
type PairOutcome struct {
	Proposal
	// Stored says the round was saved (not a dry run).
	Stored bool
	// Detail is the round as stored, or as it would be for a dry run.
	Detail RoundDetail
	// Fit is how the rounds planned fit the field of round 1, measured
	// when registration closes with it or when they do not fit; nil
	// otherwise.
	Fit *arbiter.FieldFit
	// Closed says registration closed with the round (a dry run: would
	// close); Snapshot.Tournament holds the rounds and system it fixed.
	Closed bool
	// Forced are the reports entered as reported (ForceReported). Open,
	// with a refusal (ErrRoundOpen), are the reports that stop the
	// pairing: reported and not confirmed, or disputed.
	Forced, Open []arbiter.WebReport
	// Published is the round published with the pairing, 0 for none.
	Published int
}

// Pair pairs the next round, the whole use case in one transaction:
// results reported from the boards are settled (entered when their wait
// is over and the tournament says so, or forced), or the pairing is
// refused naming them; with round 1 registration closes (firstClosing);
// players who lost the last round by forfeit are withdrawn when the
// tournament's option says so; the round is paired by the Dutch system
// (C.04.3, the edition of the tournament), from the Berger tables for an
// all-play-all, or as given by hand, refused when it breaks a basic rule
// of C.04.1 unless forced; it is stored and published when asked or when
// the tournament says so. A refusal changes nothing: no result entered,
// no player withdrawn, registration as it was.
//
// The pairing is computed from a snapshot before the transaction when
// nothing is written before it, and inside it otherwise; the transaction
// goes on only if nothing of the tournament changed since the snapshot
// was read, and the whole is tried again if something did, up to three
// times (then ErrStale). The outcome holds the proposal, even with most
// errors.
func (d *Desk) Pair(ctx context.Context, r PairRequest) (PairOutcome, error) {
	var tid int64
	if r.From != nil {
		tid = r.From.Tournament.ID
	} else {
		t, err := d.resolve(ctx, r.Tournament)
		if err != nil {
			return PairOutcome{}, err
		}
		tid = t.ID
	}
	for try := 1; ; try++ {
		out, err := d.pair(ctx, tid, r)
		r.From = nil // a second try reads the tournament as it is now
		// A pairing made from a state that changed before it was saved
		// is made again from the new state: the caller asked for the
		// round to be paired, not for this proposal to be kept.
		if !errors.Is(err, ErrStale) || try == pairTries {
			return out, err
		}
	}
}

// pairTries is how many times Pair computes a pairing that the tournament
// keeps changing under.
const pairTries = 3

// pair is one try of Pair on tournament tid.
func (d *Desk) pair(ctx context.Context, tid int64, r PairRequest) (PairOutcome, error) {
	var out PairOutcome
	s := r.From
	if s == nil {
		var err error
		if s, err = d.db.Snapshot(ctx, tid); err != nil {
			return out, err
		}
	}
	out.Snapshot = s
	// Round 1: how registration closes.
	var closing *arbiter.Closing
	var closed arbiter.Tournament
	if !r.byHand() {
		var err error
		if closing, out.Fit, err = firstClosing(s, r.Close); err != nil {
			return out, err
		}
		if closing != nil {
			if closed, err = closedTournament(s, *closing); err != nil {
				return out, err
			}
			out.Closed = true
		}
	}
	var att attendance
	if !r.byHand() {
		var err error
		if att, err = d.attendance(ctx, s); err != nil {
			return out, err
		}
	}
	if r.DryRun {
		from := s
		if out.Closed {
			// A dry run closes nothing: the pairing is made as if it had.
			c := *s
			c.Tournament = closed
			from = &c
		}
		p, err := d.propose(from, att, r)
		out.Proposal = p
		if err != nil {
			return out, err
		}
		out.Detail = RoundDetail{Round: p.Round, Method: p.Pairing.Method, BoardNotes: p.Pairing.BoardNotes,
			ByeNotes: p.Pairing.ByeNotes, Reasons: map[int]string{}}
		return out, nil
	}
	// What is written before the pairing: the no-shows withdrawn and the
	// reports of the last round settled.
	var gone []NoShow
	if v, err := d.db.Option(ctx, tid, OptNoShows); err != nil {
		return out, err
	} else if v == NoShowsWithdraw {
		gone = NoShows(s)
	}
	pending := false
	if n := len(s.Rounds); n > 0 {
		reps, err := d.db.Reports(ctx, tid, n)
		if err != nil {
			return out, err
		}
		pending = slices.ContainsFunc(reps, arbiter.WebReport.Open)
	}
	// With nothing to write first, the pairing is made before the
	// transaction, which then holds the database only to store it.
	var pre *Proposal
	if !out.Closed && len(gone) == 0 && !pending {
		p, err := d.propose(s, att, r)
		out.Proposal = p
		if err != nil {
			return out, err
		}
		pre = &p
	}
	var round arbiter.Round
	err := d.db.Write(ctx, func(tx *store.Tx) error {
		last, err := tx.LastEvent(ctx, tid)
		if err != nil {
			return err
		}
		if last != s.LastEvent {
			return &Error{Kind: ErrConflict, Input: "pairing", Err: ErrStale,
				Msg: fmt.Sprintf("round %d was not paired: the tournament changed while the pairing was made (a result, a player or a bye); pair it again", s.Next())}
		}
		ws, err := tx.WebSettings(ctx, tid)
		if err != nil {
			return err
		}
		open, forced, wrote, err := d.settle(ctx, tx, s, ws, r)
		if err != nil {
			return err
		}
		if len(open) > 0 {
			out.Open = open
			return unsettledError(open)
		}
		out.Forced = forced
		if out.Closed {
			if err := tx.UpdateTournament(ctx, closed, setupRule); err != nil {
				return inputErr("tournament", err)
			}
			wrote = true
		}
		for _, x := range gone {
			if _, _, err := tx.Withdraw(ctx, tid, x.Entry.Player.ID, 0, withdrawRule); err != nil {
				return inputErr("player", err)
			}
			wrote = true
		}
		if pre == nil || wrote {
			s, err := tx.Snapshot(ctx, tid)
			if err != nil {
				return err
			}
			if out.Proposal, err = d.propose(s, att, r); err != nil {
				return err
			}
		}
		out.Withdrawn = gone
		if err := keepWarnings(&out, r); err != nil {
			return err
		}
		if round, err = tx.SavePairing(ctx, tid, out.Pairing); err != nil {
			return inputErr("pairing", err)
		}
		if r.Publish || ws.AutoPublish {
			if out.Published, _, err = tx.Publish(ctx, tid, round.Number, pinRule); err != nil {
				return inputErr("round", err)
			}
		}
		return nil
	})
	if err != nil {
		return out, err
	}
	out.Stored, out.Round = true, round
	if out.Detail, err = d.db.RoundDetail(ctx, tid, round.Number); err != nil {
		return out, err
	}
	out.Snapshot, err = d.db.Snapshot(ctx, tid)
	return out, err
}

// keepWarnings refuses a pairing by hand that breaks a basic rule of the
// Swiss system (C.04.1) unless the request forces it, and then records
// the rules broken with the pairing, for the log.
func keepWarnings(out *PairOutcome, r PairRequest) error {
	p := out.Proposal
	if len(p.Warnings) == 0 || !r.byHand() {
		return nil
	}
	if !r.Force {
		return &Error{Kind: ErrRefused, Input: "pairing", Article: "C.04.1",
			Msg:  fmt.Sprintf("round %d not paired: %s", p.Pairing.Round, plural(len(p.Warnings), "warning", "warnings")),
			Text: warningsText("refuse.pair.warnings", p.Pairing.Round, p.Warnings),
			Fix:  "change the pairing, or keep it despite the warnings", Err: ErrWarnings}
	}
	out.Pairing.Forced = nil
	for _, w := range p.Warnings {
		out.Pairing.Forced = append(out.Pairing.Forced, w.Phrase().Stored())
	}
	return nil
}

// warningsText is the refusal id of a pairing of round n that breaks the
// basic rules ws, each warning worded in it.
func warningsText(id string, n int, ws []Warning) phrase.Text {
	parts := make([]phrase.Text, len(ws))
	for i, w := range ws {
		parts[i] = w.Phrase()
	}
	return phrase.New(id, "Round", n, "Count", len(ws), "Warnings", phrase.Join("; ", parts...))
}

// settle enters in tx the reports of the last round of s whose wait is
// over, when the tournament says so (ws), and with r.ForceReported those
// not confirmed, each as the organizer's decision; it returns the reports
// still open, which stop the pairing, and those forced, and whether it
// entered any result. A report the Laws
// refuse (the board's game says otherwise) stays open: the pairing is
// then refused, or fails forcing it, and the transaction is rolled back.
func (d *Desk) settle(ctx context.Context, tx *store.Tx, s *Snapshot, ws arbiter.WebSettings, r PairRequest) (open, forced []arbiter.WebReport, wrote bool, err error) {
	n := len(s.Rounds)
	if n == 0 {
		return nil, nil, false, nil
	}
	tid := s.Tournament.ID
	reps, err := tx.Reports(ctx, tid, n)
	if err != nil {
		return nil, nil, false, err
	}
	now := d.now()
	for _, rep := range reps {
		if !rep.Open() {
			continue
		}
		if ws.AutoConfirm && rep.Status == arbiter.Reported && !now.Before(rep.ReportedAt.Add(ws.Wait())) {
			if _, err := tx.Accept(WithActor(ctx, LapsedBy(ws)), tid, rep.ID, arbiter.NoResult, judgeOf(s.Tournament, rep.Board, rep.Result), openStep(false)); err == nil {
				wrote = true
				continue
			}
		}
		open = append(open, rep)
	}
	if len(open) == 0 || !r.ForceReported || slices.ContainsFunc(open, func(rep arbiter.WebReport) bool { return rep.Status == arbiter.Disputed }) {
		return open, nil, wrote, nil
	}
	for _, rep := range open {
		if _, err := tx.Accept(WithActor(ctx, r.ForcedBy), tid, rep.ID, arbiter.NoResult, judgeOf(s.Tournament, rep.Board, rep.Result), openStep(false)); err != nil {
			return nil, forced, wrote, err
		}
		forced = append(forced, rep)
	}
	return nil, forced, true, nil
}

// Save stores a proposal made by Propose or Pair, refusing it with
// ErrStale if the tournament changed since it was made. On success it
// fills in o.Stored, o.Detail and o.Snapshot with the round and the
// tournament as stored.
func (d *Desk) Save(ctx context.Context, o *PairOutcome) error {
	s := o.Snapshot
	r, err := d.db.SavePairing(ctx, s.Tournament.ID, o.Pairing)
	if err != nil {
		return inputErr("pairing", err)
	}
	o.Stored, o.Round = true, r
	if o.Detail, err = d.db.RoundDetail(ctx, s.Tournament.ID, r.Number); err != nil {
		return err
	}
	o.Snapshot, err = d.db.Snapshot(ctx, s.Tournament.ID)
	return err
}

// Propose computes the pairing of the next round without storing it,
// and checks it against the tournament: a round that cannot be paired,
// players left out or unknown. Warnings holds the basic rules it breaks.
// It closes nothing and withdraws no one (see Pair).
func (d *Desk) Propose(ctx context.Context, r PairRequest) (Proposal, error) {
	s := r.From
	if s == nil {
		t, err := d.resolve(ctx, r.Tournament)
		if err != nil {
			return Proposal{}, err
		}
		if s, err = d.db.Snapshot(ctx, t.ID); err != nil {
			return Proposal{}, err
		}
	}
	var att attendance
	if !r.byHand() {
		var err error
		if att, err = d.attendance(ctx, s); err != nil {
			return Proposal{Snapshot: s}, err
		}
	}
	return d.propose(s, att, r)
}

// propose computes the pairing of the next round of s, who came as att
// says, with no I/O.
func (d *Desk) propose(s *Snapshot, att attendance, r PairRequest) (Proposal, error) {
	var p Proposal
	var err error
	p.Snapshot = s
	if r.Unknown && !r.byHand() && len(s.Unknown()) == 0 {
		return p, &Error{Kind: ErrInvalid, Input: "pairing", Msg: fmt.Sprintf("every board of round %d has its result: nothing to decide", s.Next()-1), Err: ErrNothingUnknown}
	}
	if r.byHand() {
		p.Pairing = Pairing{Round: s.Next(), Method: "manual", Boards: r.Boards, Byes: r.Byes, Unknown: r.Unknown}
	} else {
		// Presence required (presence.go): who is not present is absent.
		missing := presenceMissing(s, att)
		explain := !r.DryRun || !r.Unexplained
		if p.Pairing, p.Notes, err = d.dutch(s, &p.Input, r.Unknown, explain); err != nil {
			return p, err
		}
		checkinNotes(s, &p.Pairing, att.absent)
		presenceNotes(s, &p.Pairing, missing, att)
	}
	p.Pairing.Unknown = r.Unknown
	p.Pairing.Basis = s.LastEvent
	p.NoShows = NoShows(s)
	if p.Round, err = s.Complete(p.Pairing); err != nil {
		return p, inputErr("pairing", err)
	}
	ws := s.Check(p.Pairing)
	if !r.byHand() {
		// The Dutch system itself allows what the basic rules warn about
		// only for topscorers in the last round (C.04.3 1.8, C3): say so,
		// but keep the pairing.
		for _, w := range ws {
			if s.Tournament.AllPlayAll.On(p.Pairing.Round) && inherent(w) {
				continue
			}
			p.Notes = append(p.Notes, phrase.New("pair.note.warn", "Warning", w.Phrase()).Stored())
		}
		return p, nil
	}
	p.Warnings = ws
	return p, nil
}

// dutch pairs the next round of s by the Dutch system (an all-play-all
// from the Berger table, C.05 Annex 1), with an
// explanation for every board and for the pairing-allocated bye when
// explain is set (the boards are the same without). Round 1
// of a tournament whose first colour is drawn by lot and that has no seed
// yet gets a seed (C.04.3 5.1), returned in the pairing to be stored with
// it.
func (d *Desk) dutch(s *Snapshot, input *pairing.Input, unknown, explain bool) (_ Pairing, notes []string, _ error) {
	n := s.Next()
	// Complete refuses a round that cannot be paired at all (every round
	// paired, no players, results missing in the previous round) before
	// it looks at the boards; an empty pairing then fails only by leaving
	// players out.
	if _, err := s.Complete(Pairing{Round: n, Unknown: unknown}); err != nil && !errors.Is(err, ErrLeftOut) {
		return Pairing{}, nil, inputErr("pairing", err)
	}
	t := s.Tournament
	if t.AllPlayAll.On(n) {
		rp, err := continuationPair(s)
		return rp, nil, err
	}
	if t.System == arbiter.RoundRobin {
		rp, err := roundRobinPair(s)
		return rp, nil, err
	}
	p := Pairing{Round: n, Method: fmt.Sprintf("dutch-%d", Edition(t)), BoardNotes: map[int]string{}, ByeNotes: map[int]string{}, Unknown: unknown}
	if t.FirstColour == arbiter.NoColour && n == 1 && t.Seed == 0 {
		t.Seed = d.now().UnixNano()
		p.Seed = &t.Seed
	}
	tab, err := s.Table(n - 1)
	if err != nil {
		return p, nil, err
	}
	absent := map[int]bool{}
	for _, b := range s.Absent(n) {
		absent[b.PN] = true
	}
	var res pairing.Result
	article := "C.04.3"
	if t.System == arbiter.DoubleSwiss {
		// Double-Swiss (C.04.5): each board a match of two games, paired
		// from the score cards of the matches before (game points).
		p.Method, article = "double-swiss", "C.04.5"
		in, err := pairing.FromDoubleSwissTable(t, s.Entries, tab, n, absent)
		if err != nil {
			return p, nil, err
		}
		if explain {
			res, err = pairing.PairDoubleSwissExplained(in)
		} else {
			res, err = pairing.PairDoubleSwiss(in)
		}
		if err != nil && !errors.As(err, new(*pairing.NoPairingError)) {
			return p, nil, err
		}
		if err == nil && t.FirstColour == arbiter.NoColour && n == 1 {
			// A phrase, for each front end to word (locale.Localizer.Stored).
			notes = append(notes, phrase.New("pair.note.lot", "Colour", phrase.New("cli.colour."+in.InitialColour.String())).Stored())
		}
		err = pairingRefusal(err, article)
		if err != nil {
			return p, nil, err
		}
		return storedPairing(p, res), notes, nil
	}
	in, err := pairing.FromTable(t, s.Entries, tab, n, absent)
	if err != nil {
		return p, nil, err
	}
	*input = in
	if explain {
		res, err = pairing.PairExplained(in)
	} else {
		res, err = pairing.Pair(in)
	}
	var np *pairing.NoPairingError
	switch {
	case errors.As(err, &np):
		return p, nil, pairingRefusal(err, article)
	case err != nil && Edition(t) == 2017:
		return p, nil, &Error{Kind: ErrInvalid, Input: "pairing", Msg: err.Error(),
			Fix: "pair with the rules in force (2025) or by hand", Err: errors.Join(ErrOldEdition, err)}
	case err != nil:
		return p, nil, err
	}
	p = storedPairing(p, res)
	if t.FirstColour == arbiter.NoColour && n == 1 {
		// A phrase, for each front end to word (locale.Localizer.Stored).
		notes = append(notes, phrase.New("pair.note.lot", "Colour", phrase.New("cli.colour."+in.InitialColour.String())).Stored())
	}
	return p, notes, nil
}

// pairingRefusal words the engine's finding that no pairing satisfies
// the absolute criteria of the system (article), nil for none.
func pairingRefusal(err error, article string) error {
	var np *pairing.NoPairingError
	if !errors.As(err, &np) {
		return err
	}
	return &Error{Kind: ErrRefused, Input: "pairing", Msg: err.Error(), Article: article,
		Fix: "pair the round by hand, or change who plays (byes, withdrawals)", Err: errors.Join(ErrNoPairing, err)}
}

// storedPairing adds the engine's boards, bye and explanations to p.
func storedPairing(p Pairing, res pairing.Result) Pairing {
	for i, b := range res.Boards {
		p.Boards = append(p.Boards, arbiter.Board{Number: i + 1, White: b.White, Black: b.Black})
	}
	if res.Bye != 0 {
		p.Byes = append(p.Byes, arbiter.Bye{PN: res.Bye, Kind: arbiter.PAB})
	}
	for _, e := range res.Explanations {
		note := explanationNote(e)
		if e.Board == 0 {
			p.ByeNotes[res.Bye] = note
		} else {
			p.BoardNotes[e.Board] = note
		}
	}
	return p
}

// Edition returns the edition of the Dutch rules (C.04.3) a tournament
// pairs by: 2025 unless set.
func Edition(t arbiter.Tournament) int {
	if t.PairingEdition == 0 {
		return 2025
	}
	return t.PairingEdition
}

// explanationNote writes an explanation as stored with the board: the
// score bracket, then the engine's account, as a phrase in no language
// (phrase.Text.Stored) that each front end words in its reader's
// (locale.Localizer.Stored). Rows stored as English text by earlier
// versions stay as they are.
func explanationNote(e pairing.Explanation) string {
	if e.Bracket.IsZero() {
		return phrase.New("pair.note.plain", "Text", e.Text).Stored()
	}
	return phrase.New("pair.note", "Bracket", e.Bracket, "Text", e.Text).Stored()
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// Unpair removes the last round paired of tournament tid, refused
// (ErrHasResults) when it has results. It returns the number of the round
// removed.
func (d *Desk) Unpair(ctx context.Context, tid int64) (int, error) {
	n, err := d.db.Unpair(ctx, tid)
	return n, inputErr("round", err)
}

// FormatPairing writes a round the way a pairing is typed by hand: "1-7,
// 3-2, 5 bye".
func FormatPairing(r arbiter.Round) string { return store.FormatPairing(r) }

// roundRobinPair pairs the next round of an all-play-all from the Berger
// table (FIDE C.05 Annex 1): pairing numbers are the table's numbers, the
// player the table leaves without an opponent (odd fields) sits the round
// out without points. A player who does not play the round (a bye asked
// for, absent at check-in, withdrawn) keeps the bye or absence recorded,
// and the table's opponent wins by forfeit: a full-point bye, the game
// not played.
func roundRobinPair(s *Snapshot) (Pairing, error) {
	t := s.Tournament
	n := s.Next()
	players := len(s.Entries)
	p := Pairing{Round: n, Method: "berger", BoardNotes: map[int]string{}, ByeNotes: map[int]string{}}
	if t.Cycles == 2 && n == 1 && !DoubleFits(players) {
		return p, &Error{Kind: ErrInvalid, Input: "tournament",
			Msg: fmt.Sprintf("a double round robin is for %d or %d players, not %d (it would take %d rounds)", DoubleMin, DoubleMax, players, pairing.RoundRobinRounds(players, 2)),
			Fix: "play it once"}
	}
	out := map[int]bool{}
	for _, b := range s.Absent(n) {
		out[b.PN] = true
	}
	boards, bye, err := pairing.BergerRound(players, cycles(t), n)
	if err != nil {
		return p, err
	}
	// The notes are phrases in no language, as the Dutch system's are.
	var note string
	if t.Cycles == 2 {
		note = phrase.New("pair.berger.double", "Count", players+players%2, "Round", n,
			"Cycle", (n-1)/pairing.BergerRounds(players, 1)+1).Stored()
	} else {
		note = phrase.New("pair.berger", "Count", players+players%2, "Round", n).Stored()
	}
	for _, b := range boards {
		switch {
		case out[b.White] && out[b.Black]:
		case out[b.White] || out[b.Black]:
			present, absent := b.White, b.Black
			if out[b.White] {
				present, absent = b.Black, b.White
			}
			p.Byes = append(p.Byes, arbiter.Bye{PN: present, Kind: arbiter.FullBye})
			p.ByeNotes[present] = phrase.New("pair.berger.forfeit", "Opponent", s.Label(absent), "Round", n).Stored()
		default:
			num := len(p.Boards) + 1
			p.Boards = append(p.Boards, arbiter.Board{Number: num, White: b.White, Black: b.Black})
			p.BoardNotes[num] = note
		}
	}
	if bye != 0 && !out[bye] {
		p.Byes = append(p.Byes, arbiter.Bye{PN: bye, Kind: arbiter.ZeroBye})
		p.ByeNotes[bye] = phrase.New("pair.berger.bye", "Round", n, "Number", players+1).Stored()
	}
	return p, nil
}

// cycles returns how many times each player meets each other in an
// all-play-all: 2 for a double round robin, else 1.
func cycles(t arbiter.Tournament) int {
	if t.Cycles == 2 {
		return 2
	}
	return 1
}

// checkinNotes explains the byes of the players marked absent at check-in
// (absent) for the round p pairs.
func checkinNotes(s *Snapshot, p *Pairing, absent []int) {
	if len(absent) == 0 {
		return
	}
	if p.ByeNotes == nil {
		p.ByeNotes = map[int]string{}
	}
	for _, pn := range absent {
		k := s.Request(pn, p.Round)
		p.ByeNotes[pn] = phrase.New("pair.checkin", "Round", p.Round, "Points", phrase.Num(s.Tournament.ByeValue(k).Points())).Stored()
	}
}
