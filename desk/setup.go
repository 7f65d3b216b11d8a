package desk

import (
	"slices"
	"strconv"
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/store"
)

// MaxUnratedRating is the most rating an unrated player may count with
// (arbiter.Tournament.UnratedRating), as the regulations set it (C.07).
const MaxUnratedRating = 3500

// setupRule is the desk's rule of a tournament's settings
// (store.SetupRule), run in the transaction that creates the tournament,
// imports it or changes its settings, on what the store reads there. It
// keeps each setting within the limits of the domain and refuses what
// the rounds already paired no longer allow.
//
// A tournament has a name no other of the database has (case ignored)
// and at least one round (C.04.1 art. 1), never fewer than the rounds
// paired. The pairing-allocated bye scores a win, a draw or nothing
// (C.04.1 art. 4: a win unless the regulations say otherwise), a bye
// asked for ½ or 0 and a round missed by a late entry 0 or ½ (C.04.2 art.
// 2.4-2.5); in a Double-Swiss tournament a round is a match of two games
// scored per game (C.04.5 Preface), so the byes count up to the two
// games, a bye asked for and a match missed up to one. A player absent
// at check-in scores 0 or ½ (C.04.2 art. 3.3). A round robin is played
// once or twice (C.05); only a Swiss continues as an all-play-all (C.04.3
// 1.9), from the next round to pair, and a tournament with rounds paired
// does not become a Double-Swiss one or stop being one, its rounds
// reading otherwise. What the FIDE tournament report carries is checked
// as TRF-26 writes it: the Baku acceleration (C.04.7), a three-letter
// federation, the rating type of 172 with a federation for the national
// ratings, dates as YYYY-MM-DD, one date at most for each round.
func setupRule(f store.Setup) error {
	t := f.Tournament
	bad := func(id string, args ...any) error { return refuse(ErrInvalid, "tournament", id, args...) }
	if t.System == arbiter.DoubleSwiss {
		switch {
		case t.PABValue < arbiter.Zero || t.PABValue > 2*arbiter.One:
			return bad("refuse.setup.ds.pab", "Value", t.PABValue)
		case t.HalfByeValue < arbiter.Zero || t.HalfByeValue > arbiter.One:
			return bad("refuse.setup.ds.halfbye", "Value", t.HalfByeValue)
		case t.LateValue < arbiter.Zero || t.LateValue > arbiter.One:
			return bad("refuse.setup.ds.late", "Value", t.LateValue)
		}
	}
	single := t.System != arbiter.DoubleSwiss
	switch {
	case strings.TrimSpace(t.Name) == "":
		return bad("refuse.setup.name")
	case t.Rounds < 1:
		return bad("refuse.setup.rounds", "Rounds", t.Rounds)
	case single && (t.PABValue < arbiter.Zero || t.PABValue > arbiter.One):
		return bad("refuse.setup.pab", "Value", t.PABValue)
	case single && (t.HalfByeValue < arbiter.Zero || t.HalfByeValue > arbiter.Half):
		return bad("refuse.setup.halfbye", "Value", t.HalfByeValue)
	case single && (t.LateValue < arbiter.Zero || t.LateValue > arbiter.Half):
		return bad("refuse.setup.late", "Value", t.LateValue)
	case t.Language != "" && t.Language != "en" && t.Language != "it":
		return bad("refuse.setup.language", "Language", strconv.Quote(t.Language))
	case t.FirstColour < arbiter.NoColour || t.FirstColour > arbiter.Black:
		return bad("refuse.setup.colour", "Value", int(t.FirstColour))
	case t.Pace < arbiter.Standard || t.Pace > arbiter.Blitz:
		return bad("refuse.setup.pace", "Value", int(t.Pace))
	}
	for _, c := range t.Tiebreaks {
		if c == "" || strings.Contains(c, ",") {
			return bad("refuse.setup.tiebreak", "Code", strconv.Quote(c))
		}
	}
	switch {
	case t.System != arbiter.Swiss && t.System != arbiter.RoundRobin && t.System != arbiter.DoubleSwiss:
		return bad("refuse.setup.system", "Value", int(t.System))
	case t.Cycles < 0 || t.Cycles > 2:
		return bad("refuse.setup.cycles", "Cycles", t.Cycles)
	case t.AbsentValue != arbiter.Zero && t.AbsentValue != arbiter.Half:
		return bad("refuse.setup.absent", "Value", t.AbsentValue)
	case t.AllPlayAll.From != 0 && t.System != arbiter.Swiss:
		return bad("refuse.setup.apa.swiss")
	}
	if err := reportRule(t); err != nil {
		return err
	}
	if old := f.Old; old != nil && f.Paired > 0 {
		switch {
		case old.System != t.System && (old.System == arbiter.DoubleSwiss || t.System == arbiter.DoubleSwiss):
			return refuse(ErrConflict, "tournament", "refuse.setup.ds.paired", "Paired", f.Paired, "Old", old.System, "New", t.System)
		case t.Rounds < f.Paired:
			return refuse(ErrConflict, "tournament", "refuse.setup.paired", "Paired", f.Paired, "Rounds", t.Rounds)
		}
	}
	if c := t.AllPlayAll; f.Old != nil && c.From != 0 && c.String() != f.Old.AllPlayAll.String() && c.From != f.Paired+1 {
		return refuse(ErrConflict, "tournament", "refuse.setup.apa.from", "Next", f.Paired+1, "From", c.From)
	}
	if f.Taken != 0 {
		return refuse(ErrConflict, "tournament", "refuse.setup.taken", "Name", strconv.Quote(t.Name), "ID", f.Taken)
	}
	return nil
}

var _ store.SetupRule = setupRule

// reportRule refuses the settings of the FIDE tournament report (TRF-26)
// it cannot carry.
func reportRule(t arbiter.Tournament) error {
	bad := func(id string, args ...any) error { return refuse(ErrInvalid, "tournament", id, args...) }
	for _, d := range t.Deputies {
		if strings.TrimSpace(d) == "" {
			return bad("refuse.setup.deputy")
		}
	}
	switch {
	case t.Accelerated != "" && t.Accelerated != "baku":
		return bad("refuse.setup.accelerated", "Name", strconv.Quote(t.Accelerated))
	case t.UnratedRating < 0 || t.UnratedRating > MaxUnratedRating:
		return bad("refuse.setup.unrated", "Max", MaxUnratedRating, "Rating", t.UnratedRating)
	case t.RatingType != "" && !slices.Contains(arbiter.RatingTypes, t.RatingType):
		return bad("refuse.setup.ratingtype", "Type", strconv.Quote(t.RatingType), "Types", strings.Join(arbiter.RatingTypes, ", "))
	case t.RatingType != "" && t.Federation == "":
		return bad("refuse.setup.ratingtype.federation")
	case t.Federation != "" && !isFederation(t.Federation):
		return bad("refuse.setup.federation", "Federation", strconv.Quote(t.Federation))
	case t.EndDate != "" && !isDate(t.EndDate):
		return bad("refuse.setup.enddate", "Date", strconv.Quote(t.EndDate))
	case t.EndDate != "" && t.Date != "" && t.EndDate < t.Date:
		return bad("refuse.setup.ends", "End", t.EndDate, "Start", t.Date)
	case len(t.RoundDates) > t.Rounds:
		return bad("refuse.setup.rounddates", "Dates", len(t.RoundDates), "Rounds", t.Rounds)
	}
	for i, d := range t.RoundDates {
		if d != "" && !isDate(d) {
			return bad("refuse.setup.rounddate", "Round", i+1, "Date", strconv.Quote(d))
		}
	}
	return nil
}

// isFederation reports whether s is a FIDE federation code: three
// capital letters.
func isFederation(s string) bool {
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

// isDate reports whether s is a YYYY-MM-DD date.
func isDate(s string) bool {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return false
	}
	y, e1 := strconv.Atoi(s[:4])
	m, e2 := strconv.Atoi(s[5:7])
	d, e3 := strconv.Atoi(s[8:])
	return e1 == nil && e2 == nil && e3 == nil && y >= 1000 && m >= 1 && m <= 12 && d >= 1 && d <= 31
}
