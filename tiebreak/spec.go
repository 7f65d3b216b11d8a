package tiebreak

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
)

// Code is the acronym of a tie-break in FIDE C.07 (2023 and later texts,
// article 5 table): "BH", "SB", "DE", ... Codes are stored in the database
// as text: never rename one.
type Code string

// Tie-break codes, with the C.07 article that defines each.
const (
	BH  Code = "BH"  // Buchholz, 8.1
	FB  Code = "FB"  // Fore Buchholz, 8.3
	AOB Code = "AOB" // average of opponents' Buchholz, 8.2
	SB  Code = "SB"  // Sonneborn-Berger, 9.1
	KS  Code = "KS"  // Koya system, 9.2
	DE  Code = "DE"  // direct encounter, 6
	WIN Code = "WIN" // number of wins, 7.1
	WON Code = "WON" // number of games won over the board, 7.2
	BPG Code = "BPG" // number of games played with Black, 7.3
	BWG Code = "BWG" // number of games won with Black, 7.4
	PS  Code = "PS"  // sum of progressive scores, 7.5
	GE  Code = "GE"  // games one elected to play, 7.6
	ARO Code = "ARO" // average rating of opponents, 10.1
	TPR Code = "TPR" // tournament performance rating, 10.2

	// Codes of the 2026 text (C.07 as applied from 1 March 2026).
	REP  Code = "REP"  // rounds one elected to play, 7.6: the 2026 name of GE
	STD  Code = "STD"  // standard points 1/½/0 whatever the scoring; never the first tie-break
	TPN  Code = "TPN"  // tournament pairing number, lower first
	RTNG Code = "RTNG" // the participant's own rating
	PTP  Code = "PTP"  // perfect tournament performance, 10.3
	APRO Code = "APRO" // average of the opponents' TPR, 10.4
	APPO Code = "APPO" // average of the opponents' PTP, 10.5
)

// Modifiers of C.07 article 14.1: Cut-1 and Cut-2 drop the one or two least
// significant values, Median-1 and Median-2 also drop as many of the most
// significant ones.
const (
	Cut1    = "C1"
	Cut2    = "C2"
	Median1 = "M1"
	Median2 = "M2"
)

// codeInfo describes a code: its name, article and accepted modifiers.
type codeInfo struct {
	name    string
	article string
	mods    []string
}

var (
	allCuts = []string{Cut1, Cut2, Median1, Median2}
	lowCuts = []string{Cut1, Cut2}
)

// codeOrder lists the codes in the order error messages show them.
var codeOrder = []Code{BH, FB, SB, AOB, DE, WIN, WON, BPG, BWG, REP, GE, PS, KS, STD, TPN, RTNG, ARO, TPR, PTP, APRO, APPO}

var codes = map[Code]codeInfo{
	BH:  {"Buchholz", "8.1", allCuts},
	FB:  {"Fore Buchholz", "8.3", allCuts},
	AOB: {"average of opponents' Buchholz", "8.2", nil},
	SB:  {"Sonneborn-Berger", "9.1", allCuts},
	KS:  {"Koya system", "9.2", nil},
	DE:  {"direct encounter", "6", nil},
	WIN: {"number of wins", "7.1", nil},
	WON: {"number of games won", "7.2", nil},
	BPG: {"number of games played with Black", "7.3", nil},
	BWG: {"number of games won with Black", "7.4", nil},
	PS:  {"sum of progressive scores", "7.5", lowCuts},
	GE:  {"games elected to play", "7.6", nil},
	REP: {"rounds elected to play", "7.6", nil},
	ARO: {"average rating of opponents", "10.1", allCuts},
	TPR: {"tournament performance rating", "10.2", nil},
	PTP: {"perfect tournament performance", "10.3", nil},
	// APRO and APPO average over the games played over the board (10.4,
	// 10.5), rounded to the nearest integer like ARO.
	APRO: {"average of opponents' tournament performance ratings", "10.4", nil},
	APPO: {"average of opponents' perfect tournament performances", "10.5", nil},
	// STD, TPN and RTNG are in the 2026 table of tie-breaks (article 5).
	STD:  {"standard points", "5 (2026)", nil},
	TPN:  {"tournament pairing number", "5 (2026)", nil},
	RTNG: {"rating", "5 (2026)", nil},
}

// ratingBased reports whether code reads ratings: C.07 (2024 10, 2026 article
// 5 note) says such tie-breaks are dropped when unrated players take part,
// unless the regulations say how unrated players count.
func (c Code) ratingBased() bool {
	switch c {
	case ARO, TPR, PTP, APRO, APPO, RTNG:
		return true
	}
	return false
}

// lowerFirst reports whether a lower figure ranks first: TPN (the lower
// pairing number) and DE (the place within the group).
func (c Code) lowerFirst() bool { return c == TPN || c == DE }

// Codes returns the known codes, in the order help texts list them.
func Codes() []Code { return append([]Code(nil), codeOrder...) }

// Modifiers returns the modifiers code accepts (C.07 14.1), nil for none.
func (c Code) Modifiers() []string { return append([]string(nil), codes[c].mods...) }

// Errors of ParseSpec, for callers that branch on them.
var (
	ErrUnknownCode = errors.New("unknown tie-break")
	ErrModifier    = errors.New("modifier not allowed")
	ErrPosition    = errors.New("tie-break not allowed there")
)

// Spec is one tie-break of a chain: a base code and an optional modifier,
// as written in C.07, e.g. BH-C1 (Buchholz cut 1). The zero Modifier means
// none.
type Spec struct {
	Code     Code
	Modifier string // "", "C1", "C2", "M1" or "M2"
}

// String returns the C.07 notation: "BH", "BH-C1".
func (s Spec) String() string {
	if s.Modifier == "" {
		return string(s.Code)
	}
	return string(s.Code) + "-" + s.Modifier
}

// Name returns the tie-break in plain words with its article, e.g.
// "Buchholz cut 1 (C.07 8.1, 14.1)".
func (s Spec) Name() string {
	info, ok := codes[s.Code]
	if !ok {
		return s.String()
	}
	name := info.name
	art := "C.07 " + info.article
	switch s.Modifier {
	case Cut1, Cut2:
		name += " cut " + s.Modifier[1:]
		art += ", 14.1"
	case Median1, Median2:
		name += " median " + s.Modifier[1:]
		art += ", 14.1"
	}
	return name + " (" + art + ")"
}

// cuts returns how many least and most significant values the modifier
// drops (C.07 14.1).
func (s Spec) cuts() (low, high int) {
	switch s.Modifier {
	case Cut1:
		return 1, 0
	case Cut2:
		return 2, 0
	case Median1:
		return 1, 1
	case Median2:
		return 2, 2
	}
	return 0, 0
}

// Validate reports whether s names a known code with a modifier that code
// accepts. The error wraps ErrUnknownCode or ErrModifier.
func (s Spec) Validate() error {
	if err := s.check(s.String()); err != nil {
		return fmt.Errorf("tiebreak: %w", err)
	}
	return nil
}

// check is Validate without the package prefix; text is what the user typed.
func (s Spec) check(text string) error {
	info, ok := codes[s.Code]
	if !ok {
		return fmt.Errorf("%w %q: type one of %s", ErrUnknownCode, text, validCodes())
	}
	if s.Modifier == "" {
		return nil
	}
	for _, m := range info.mods {
		if m == s.Modifier {
			return nil
		}
	}
	if len(info.mods) == 0 {
		return fmt.Errorf("%w: %s takes no modifier (%q), type %s", ErrModifier, s.Code, text, s.Code)
	}
	return fmt.Errorf("%w: %s takes %s (C.07 14.1), not %q", ErrModifier, s.Code, strings.Join(withCode(s.Code, info.mods), ", "), s.Modifier)
}

// withCode spells each modifier with its code: BH-C1, BH-C2, ...
func withCode(c Code, mods []string) []string {
	out := make([]string, len(mods))
	for i, m := range mods {
		out[i] = string(c) + "-" + m
	}
	return out
}

// validCodes lists the codes and their modifiers for error messages.
func validCodes() string {
	var b strings.Builder
	for i, c := range codeOrder {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(string(c))
	}
	b.WriteString("; BH, FB, SB and ARO take -C1, -C2, -M1 or -M2, PS takes -C1 or -C2 (e.g. BH-C1)")
	return b.String()
}

// ParseSpec reads a tie-break written as in C.07: a code, optionally
// followed by "-" and a modifier: "BH", "bh-c1", "SB-M1". Case and
// surrounding spaces do not matter; "/" or a space may stand for "-". The
// error names the text and lists the valid codes; it wraps ErrUnknownCode
// or ErrModifier.
func ParseSpec(text string) (Spec, error) {
	s, err := parseSpec(text)
	if err != nil {
		return Spec{}, fmt.Errorf("tiebreak: %w", err)
	}
	return s, nil
}

func parseSpec(text string) (Spec, error) {
	parts := strings.FieldsFunc(strings.ToUpper(text), func(r rune) bool {
		return r == '-' || r == '/' || r == '_' || unicode.IsSpace(r)
	})
	var s Spec
	switch len(parts) {
	case 1:
		s.Code = Code(parts[0])
	case 2:
		s = Spec{Code: Code(parts[0]), Modifier: parts[1]}
	default:
		return Spec{}, fmt.Errorf("%w %q: type one of %s", ErrUnknownCode, text, validCodes())
	}
	if err := s.check(text); err != nil {
		return Spec{}, err
	}
	return s, nil
}

// ParseChain reads an ordered list of tie-breaks, e.g. {"BH", "DE", "SB"}.
// DE may appear more than once (C.07 6: it is a type A tie-break, applied
// each time to the players still tied). The error names the position of the
// first bad entry.
func ParseChain(texts []string) ([]Spec, error) {
	chain := make([]Spec, 0, len(texts))
	for i, t := range texts {
		s, err := parseSpec(t)
		if err != nil {
			return nil, fmt.Errorf("tiebreak: entry %d of the chain: %w", i+1, err)
		}
		chain = append(chain, s)
	}
	if len(chain) > 0 && chain[0].Code == STD {
		return nil, fmt.Errorf("tiebreak: %w: STD (standard points) may not be the first tie-break (C.07 2026): with 1, ½ and 0 it repeats the score; put another code first", ErrPosition)
	}
	return chain, nil
}
