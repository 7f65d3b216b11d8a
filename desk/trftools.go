package desk

import (
	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/pairing"
	"github.com/labyrinth-chess/arbiter/scoring"
	"github.com/labyrinth-chess/arbiter/tiebreak"
	"github.com/labyrinth-chess/arbiter/trf"
)

// The tools on a FIDE Tournament Report File alone, with no tournament
// of the database: pairing its next round, checking its pairings and its
// ranks, generating a random one. They live at the desk beside the use
// cases of a tournament because they pair and rank by the same rules and
// return the same values (Standing, TiebreakSpec), so that a front end
// names the rules' packages nowhere.

// The values of the file tools, as the pairing package computes them.
type (
	// TRFPairing is a round paired from a file: the boards in order, the
	// pairing-allocated bye (0: none) and, when asked for, why each board
	// was paired so (the last explanation for the bye).
	TRFPairing = pairing.Result
	// TRFDifference is a round of a file whose recorded pairing differs
	// from the one the pairing system makes (CheckTRF).
	TRFDifference = pairing.Difference
	// GenerateOptions say what random tournament GenerateTRF plays.
	GenerateOptions = pairing.GenerateOptions
)

// ErrGenerate is wrapped by GenerateTRF's errors about its options.
var ErrGenerate = pairing.ErrGenerate

// ErrNoLegalPairing is wrapped by TRFRound.Pair's error when no pairing
// satisfies the absolute criteria (a *pairing.NoPairingError).
var ErrNoLegalPairing = pairing.ErrNoPairing

// TRFRound is a round of a TRF file ready to pair: by the Dutch system
// (C.04.3), or by the Double-Swiss system (C.04.5) when the file's 192
// line says FIDE_DOUBLESWISS, its rounds then being matches.
type TRFRound struct {
	// Round is the round (for a Double-Swiss file, the match) to pair.
	Round  int
	dutch  pairing.Input
	double *pairing.DoubleSwissInput
}

// ReadTRFRound reads round round of f to pair (0: the one after the last
// played), from the rounds before it; edition is the Dutch text (2025 or
// 2017) and does not apply to a Double-Swiss file. It returns the
// file's error when f cannot be paired so.
func ReadTRFRound(f *trf.File, round, edition int) (*TRFRound, error) {
	if f.DoubleSwiss() {
		in, err := pairing.FromTRFDoubleSwiss(f, round)
		if err != nil {
			return nil, err
		}
		return &TRFRound{Round: in.Round, double: &in}, nil
	}
	in, err := pairing.FromTRF(f, round)
	if err != nil {
		return nil, err
	}
	in.Edition = edition
	return &TRFRound{Round: in.Round, dutch: in}, nil
}

// Pair pairs the round, explaining each board when explain is set. The
// error wraps ErrNoLegalPairing when no pairing satisfies the absolute
// criteria.
func (r *TRFRound) Pair(explain bool) (TRFPairing, error) {
	switch {
	case r.double != nil && explain:
		return pairing.PairDoubleSwissExplained(*r.double)
	case r.double != nil:
		return pairing.PairDoubleSwiss(*r.double)
	case explain:
		return pairing.PairExplained(r.dutch)
	}
	return pairing.Pair(r.dutch)
}

// CheckTRF pairs every played round of f again from the rounds before it
// and returns the rounds whose recorded pairing differs (pairing.CheckTRF):
// by the Dutch text edition, or match by match by the Double-Swiss system
// for a Double-Swiss file.
func CheckTRF(f *trf.File, edition int) ([]TRFDifference, error) {
	return pairing.CheckTRF(f, edition)
}

// GenerateTRF plays a random tournament by the Dutch system, or by the
// Double-Swiss system when doubleSwiss is set (two round columns a
// match). The same options give the same file. Ranks are left to the
// caller (RankTRFFile), headers but the rounds and players too.
func GenerateTRF(o GenerateOptions, doubleSwiss bool) (*trf.File, error) {
	if doubleSwiss {
		return pairing.GenerateDoubleSwiss(o)
	}
	return pairing.Generate(o)
}

// ParseTiebreaks reads the C.07 codes of a tie-break chain, one code to a
// text ("BH-C1", "DE", ...).
func ParseTiebreaks(texts []string) ([]TiebreakSpec, error) { return tiebreak.ParseChain(texts) }

// TiebreakEditionNow is the edition of C.07 in force today.
const TiebreakEditionNow = tiebreak.Edition2026

// TRFRanking is the players of a TRF file ranked by a tie-break chain.
type TRFRanking struct {
	// Edition is the edition of C.07 applied, 0 when the file could not
	// be read into a tournament.
	Edition int
	// Date is the tournament's start date, as the file gives it.
	Date string
	// Warnings say what to know before trusting the figures (RankWarnings),
	// known once the crosstable is built.
	Warnings []string
	Rows     []Standing
	// Names are the players' names by pairing number, from 1.
	Names []string
}

// RankTRF ranks the players of f by points and chain (C.07) under the
// edition given (0: the one in force on the file's start date), unrated
// players counting as unrated in the rating-based tie-breaks when it is
// not 0. A Double-Swiss file is ranked by game points and its matches, as
// the standings of a Double-Swiss tournament are. On an error the ranking holds what was found before it.
func RankTRF(f *trf.File, chain []TiebreakSpec, edition, unrated int) (TRFRanking, error) {
	var out TRFRanking
	d, err := f.Domain()
	if err != nil {
		return out, err
	}
	d.Tournament.TiebreakEdition = edition
	if edition == 0 {
		// C.07 as in force when the tournament started.
		d.Tournament.TiebreakEdition = tiebreak.EditionFor(d.Tournament.Date)
	}
	out.Edition, out.Date = d.Tournament.TiebreakEdition, d.Tournament.Date
	build := scoring.Build
	if d.Tournament.System == arbiter.DoubleSwiss {
		// Game points of both games of each match, as the standings of
		// a Double-Swiss tournament count them (C.04.5 Preface).
		build = scoring.BuildMatches
	}
	tab, err := build(d.Tournament, d.Entries, d.Rounds)
	if err != nil {
		return out, err
	}
	ratings := make([]int, len(d.Entries))
	out.Names = make([]string, len(d.Entries))
	for i, e := range d.Entries {
		ratings[i] = e.Player.Rating
		out.Names[i] = e.Player.Name
	}
	in := tiebreak.Input{Tournament: d.Tournament, Table: tab, Ratings: ratings, Chain: chain, UnratedRating: unrated}
	out.Warnings = tiebreak.Warnings(in)
	out.Rows, err = tiebreak.Rank(in)
	return out, err
}

// RankTRFFile writes each player's rank in f (columns 86-89) as chain
// ranks the players under the C.07 text in force on the start date (042);
// players sharing a place take its first rank.
func RankTRFFile(f *trf.File, chain []TiebreakSpec) error {
	r, err := RankTRF(f, chain, 0, 0)
	if err != nil {
		return err
	}
	for _, s := range r.Rows {
		f.Player(s.PN).Rank = s.Rank
	}
	return nil
}
