package arbiter

import (
	"fmt"
	"strings"
)

// Category is a national category of a player's federation, kept apart
// from the FIDE title: for the Italian federation (FSI) NC (not
// classified), 3N, 2N, 1N (third, second, first national), CM (Candidato
// Maestro), M (Maestro) and the federation's master titles MF, MI, GM.
// The FSI category CM is not the FIDE title CM.
type Category string

// FSICategories are the categories of the Italian federation, from the
// lowest.
var FSICategories = []Category{"NC", "3N", "2N", "1N", "CM", "M", "MF", "MI", "GM"}

// ParseCategory reads a national category: one of FSICategories in any
// case, or another federation's code of up to three letters and digits.
// The empty string is none.
func ParseCategory(text string) (Category, error) {
	c := strings.ToUpper(strings.TrimSpace(text))
	if c == "" {
		return "", nil
	}
	if len(c) > 3 || strings.IndexFunc(c, func(r rune) bool { return (r < 'A' || r > 'Z') && (r < '0' || r > '9') }) >= 0 {
		return "", fmt.Errorf("unknown national category %q: type NC, 3N, 2N, 1N, CM, M or nothing", text)
	}
	return Category(c), nil
}

// IsFSICategory reports whether text names one of FSICategories.
func IsFSICategory(text string) bool {
	c := Category(strings.ToUpper(strings.TrimSpace(text)))
	for _, k := range FSICategories {
		if c == k {
			return true
		}
	}
	return false
}

// TitleOrCategory reads the value of a column a club's list heads
// "Titolo" (or a Vega archive's TITLE): the codes only FIDE gives (GM,
// IM, WGM, FM, WIM, WFM, WCM, and Vega's IGM) are the FIDE title; NC,
// 3N, 2N, 1N, CM and M are the FSI category, never the FIDE title, as
// the FSI category CM (Candidato Maestro) is not the FIDE title CM.
func TitleOrCategory(text string) (Title, Category, error) {
	v := strings.ToUpper(strings.TrimSpace(text))
	switch v {
	case "":
		return "", "", nil
	case "IGM", "GMI":
		return "GM", "", nil
	case "CM", "M":
		return "", Category(v), nil
	}
	if IsFSICategory(v) && v != "GM" {
		return "", Category(v), nil
	}
	if t, err := ParseTitle(v); err == nil && len(v) > 1 {
		return t, "", nil
	}
	return "", "", fmt.Errorf("unknown title %q: type a FIDE title (GM, IM, WGM, FM, WIM, WFM, WCM), an FSI category (NC, 3N, 2N, 1N, CM, M) or nothing", text)
}

// SeedRating returns the rating player p is seeded by in tournament t,
// by the tournament's rating type (TRF-26 172, see RatingTypes): FIDE
// (and "") the FIDE rating of the tournament's pace, NRO the national
// rating, FIDON the FIDE rating else the national one, NIDOF the
// national else the FIDE one, HBFN the higher of the two, LBFN the lower
// rated of the two that exist, OTHER the club rating (club, 0 if none).
func SeedRating(t Tournament, p Player, club int) int {
	f, n := p.FIDERating(t.Pace), p.NationalRating
	switch t.RatingType {
	case "NRO":
		return n
	case "FIDON":
		if f > 0 {
			return f
		}
		return n
	case "NIDOF":
		if n > 0 {
			return n
		}
		return f
	case "HBFN":
		return max(f, n)
	case "LBFN":
		if f > 0 && n > 0 {
			return min(f, n)
		}
		return max(f, n)
	case "OTHER":
		return club
	}
	return f
}

// FIDERating returns the player's FIDE rating for games at pace: the
// rapid or blitz rating where the roster has one, else Rating.
func (p Player) FIDERating(pace Pace) int {
	switch {
	case pace == Rapid && p.RapidRating > 0:
		return p.RapidRating
	case pace == Blitz && p.BlitzRating > 0:
		return p.BlitzRating
	}
	return p.Rating
}
