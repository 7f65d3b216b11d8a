package desk

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/labyrinth-chess/arbiter/tiebreak"
)

// The limits of a tournament's settings, which Settings.Apply keeps and a
// front end offers.
const (
	// MaxRounds is the most rounds a tournament plans.
	MaxRounds = 99
)

// The values a setting may take, in the order a front end offers them.
var (
	// LawsEditions are the editions of the FIDE Laws of Chess whose
	// rules arbiter applies (art. 5, 6.9, 6.11/6.12, 9.6 and the
	// appendices differ between them).
	LawsEditions = []int{2001, 2005, 2009, 2014, 2017, 2018, 2023}
	// TiebreakEditions are the editions of C.07 for unplayed rounds:
	// the dummy opponent of 2023, capped in 2026, the virtual opponent
	// of 2009.
	TiebreakEditions = []int{tiebreak.Edition2023, tiebreak.Edition2026, tiebreak.Edition2009}
	// PairingEditions are the texts of the Dutch system (C.04.3).
	PairingEditions = []int{2025, 2017}
	// PABValues are the points of the pairing-allocated bye (C.04.1
	// art. 4: as a win unless the regulations say otherwise).
	PABValues = []arbiter.Score{arbiter.One, arbiter.Half, arbiter.Zero}
	// HalfByeValues are the points of a bye asked for.
	HalfByeValues = []arbiter.Score{arbiter.Half, arbiter.Zero}
	// LateValues are the points per round missed by a late entry
	// (C.04.2 art. 2.4-2.5).
	LateValues = []arbiter.Score{arbiter.Zero, arbiter.Half}
	// AbsentValues are the points of a player absent at check-in
	// (C.04.2 art. 3.3).
	AbsentValues = []arbiter.Score{arbiter.Zero, arbiter.Half}
)

// Setting names a setting of a tournament in a refusal.
type Setting string

// The settings Settings.Apply refuses.
const (
	SettingName           Setting = "name"
	SettingRounds         Setting = "rounds"
	SettingDate           Setting = "date"
	SettingTiebreaks      Setting = "tie-breaks"
	SettingPABValue       Setting = "bye value"
	SettingHalfByeValue   Setting = "half-bye value"
	SettingLateValue      Setting = "late value"
	SettingAbsentValue    Setting = "absent value"
	SettingDeadline       Setting = "deadline"
	SettingLanguage       Setting = "language"
	SettingLawsEdition    Setting = "laws edition"
	SettingTiebreakEd     Setting = "tie-break edition"
	SettingPairingEdition Setting = "pairing edition"
	SettingCycles         Setting = "cycles"
)

// SettingError refuses a setting out of its limits: Value as given, and
// Allowed, what it may be, in the order to offer (empty when it is a
// format, such as a date).
type SettingError struct {
	Setting Setting
	Value   string
	Allowed []string
	Err     error // what the setting's parser said, if anything
}

func (e *SettingError) Error() string {
	switch {
	case e.Err != nil:
		return fmt.Sprintf("%s: %v", e.Setting, e.Err)
	case len(e.Allowed) > 0:
		return fmt.Sprintf("%s %s: want %s", e.Setting, e.Value, strings.Join(e.Allowed, ", "))
	}
	return fmt.Sprintf("%s %q is not valid", e.Setting, e.Value)
}

// Settings is a change to a tournament's settings as a front end reads it
// from people: each field set replaces the tournament's (a nil pointer or
// slice leaves it as it is). Apply checks each against its limits.
type Settings struct {
	Name, Date, Venue, TimeControl, Deadline, Language *string
	Rounds                                             *int
	Pace                                               *arbiter.Pace
	Tiebreaks                                          []string // C.07 codes, as ParseChain returns them
	PABValue, HalfByeValue, LateValue, AbsentValue     *arbiter.Score
	FirstColour                                        *arbiter.Colour
	Seed                                               *int64
	LawsEdition, TiebreakEdition, PairingEdition       *int
	System                                             *arbiter.System
	Cycles                                             *int
	// FitRounds proposes the rounds that fit the field when
	// registration closes. Rounds given without it is the organizer's
	// choice: the rounds are no longer proposed.
	FitRounds *bool
}

// Apply writes s into t, in the order of its fields, refusing the first
// setting out of its limits with a *SettingError; t is then partly
// changed.
func (s Settings) Apply(t *arbiter.Tournament) error {
	if s.Name != nil {
		if t.Name = strings.TrimSpace(*s.Name); t.Name == "" {
			return &SettingError{Setting: SettingName, Value: *s.Name}
		}
	}
	if s.Rounds != nil {
		if *s.Rounds < 1 || *s.Rounds > MaxRounds {
			return &SettingError{Setting: SettingRounds, Value: strconv.Itoa(*s.Rounds), Allowed: []string{"1", "…", strconv.Itoa(MaxRounds)}}
		}
		t.Rounds = *s.Rounds
	}
	if s.Date != nil {
		if *s.Date != "" {
			if _, err := time.Parse("2006-01-02", *s.Date); err != nil {
				return &SettingError{Setting: SettingDate, Value: *s.Date}
			}
		}
		t.Date = *s.Date
	}
	if s.Venue != nil {
		t.Venue = strings.TrimSpace(*s.Venue)
	}
	if s.TimeControl != nil {
		t.TimeControl = strings.TrimSpace(*s.TimeControl)
	}
	if s.Pace != nil {
		t.Pace = *s.Pace
	}
	if s.Tiebreaks != nil {
		t.Tiebreaks = slices.Clone(s.Tiebreaks)
	}
	for _, v := range []struct {
		setting Setting
		value   *arbiter.Score
		allowed []arbiter.Score
		to      *arbiter.Score
	}{
		{SettingPABValue, s.PABValue, PABValues, &t.PABValue},
		{SettingHalfByeValue, s.HalfByeValue, HalfByeValues, &t.HalfByeValue},
		{SettingLateValue, s.LateValue, LateValues, &t.LateValue},
	} {
		if v.value == nil {
			continue
		}
		if !slices.Contains(v.allowed, *v.value) {
			return &SettingError{Setting: v.setting, Value: v.value.String(), Allowed: scoreList(v.allowed)}
		}
		*v.to = *v.value
	}
	if s.Deadline != nil {
		if *s.Deadline != "" {
			if _, err := time.Parse("15:04", *s.Deadline); err != nil {
				return &SettingError{Setting: SettingDeadline, Value: *s.Deadline}
			}
		}
		t.Deadline = *s.Deadline
	}
	if s.FirstColour != nil {
		t.FirstColour = *s.FirstColour
	}
	if s.Seed != nil {
		t.Seed = *s.Seed
	}
	if s.Language != nil {
		lang, err := locale.ParseLang(*s.Language)
		if err != nil || strings.TrimSpace(*s.Language) == "" {
			return &SettingError{Setting: SettingLanguage, Value: *s.Language, Allowed: []string{"en", "it"}}
		}
		t.Language = lang.String()
	}
	for _, v := range []struct {
		setting Setting
		value   *int
		allowed []int
		to      *int
	}{
		{SettingLawsEdition, s.LawsEdition, LawsEditions, &t.LawsEdition},
		{SettingTiebreakEd, s.TiebreakEdition, TiebreakEditions, &t.TiebreakEdition},
		{SettingPairingEdition, s.PairingEdition, PairingEditions, &t.PairingEdition},
	} {
		if v.value == nil {
			continue
		}
		if !slices.Contains(v.allowed, *v.value) {
			var allowed []string
			for _, a := range v.allowed {
				allowed = append(allowed, strconv.Itoa(a))
			}
			return &SettingError{Setting: v.setting, Value: strconv.Itoa(*v.value), Allowed: allowed}
		}
		*v.to = *v.value
	}
	if s.System != nil {
		if *s.System == arbiter.DoubleSwiss && t.System != arbiter.DoubleSwiss {
			// The byes of a Double-Swiss tournament count game points
			// of a match (C.04.5), unless the settings say otherwise
			// (they are applied before the system).
			pab, half, late := t.PABValue, t.HalfByeValue, t.LateValue
			t.DoubleSwissValues()
			if s.PABValue != nil {
				t.PABValue = pab
			}
			if s.HalfByeValue != nil {
				t.HalfByeValue = half
			}
			if s.LateValue != nil {
				t.LateValue = late
			}
		}
		t.System = *s.System
	}
	if s.Cycles != nil {
		if *s.Cycles != 1 && *s.Cycles != 2 {
			return &SettingError{Setting: SettingCycles, Value: strconv.Itoa(*s.Cycles), Allowed: []string{"1", "2"}}
		}
		t.Cycles = *s.Cycles
	}
	if s.AbsentValue != nil {
		if !slices.Contains(AbsentValues, *s.AbsentValue) {
			return &SettingError{Setting: SettingAbsentValue, Value: s.AbsentValue.String(), Allowed: scoreList(AbsentValues)}
		}
		t.AbsentValue = *s.AbsentValue
	}
	if s.Rounds != nil {
		t.FitRounds = false
	}
	if s.FitRounds != nil {
		t.FitRounds = *s.FitRounds
	}
	return nil
}

func scoreList(ss []arbiter.Score) []string {
	var out []string
	for _, s := range ss {
		out = append(out, s.String())
	}
	return out
}

// ParseChain reads a tie-break chain typed as "BH,DE,SB" (commas, spaces
// or semicolons between the codes) and returns it in C.07 notation; an
// unknown code is refused, naming it.
func ParseChain(text string) ([]string, error) {
	fields := strings.FieldsFunc(text, func(r rune) bool { return r == ',' || r == ' ' || r == ';' })
	specs, err := tiebreak.ParseChain(fields)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(specs))
	for i, sp := range specs {
		out[i] = sp.String()
	}
	return out, nil
}
