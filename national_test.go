package arbiter

import "testing"

// TestTitleOrCategory keeps the FSI categories out of the FIDE titles:
// CM in a club's "Titolo" column is the Candidato Maestro of the FSI,
// never the FIDE title.
func TestTitleOrCategory(t *testing.T) {
	tests := []struct {
		in    string
		title Title
		cat   Category
		bad   bool
	}{
		{"", "", "", false},
		{"CM", "", "CM", false},
		{"cm", "", "CM", false},
		{"1N", "", "1N", false},
		{"3n", "", "3N", false},
		{"NC", "", "NC", false},
		{"M", "", "M", false},
		{"MF", "", "MF", false},
		{"GM", "GM", "", false},
		{"IGM", "GM", "", false},
		{"IM", "IM", "", false},
		{"FM", "FM", "", false},
		{"WCM", "WCM", "", false},
		{"WFM", "WFM", "", false},
		{"XM", "", "", true},
		{"C", "", "", true},
	}
	for _, tt := range tests {
		title, cat, err := TitleOrCategory(tt.in)
		if title != tt.title || cat != tt.cat || (err != nil) != tt.bad {
			t.Errorf("TitleOrCategory(%q) = %q, %q, %v, want %q, %q, error %v", tt.in, title, cat, err, tt.title, tt.cat, tt.bad)
		}
	}
}

func TestSeedRating(t *testing.T) {
	p := Player{Rating: 1800, BlitzRating: 1750, NationalRating: 1900}
	only := Player{NationalRating: 1600}
	tests := []struct {
		typ  string
		pace Pace
		p    Player
		club int
		want int
	}{
		{"", Standard, p, 0, 1800},
		{"FIDE", Blitz, p, 0, 1750},
		{"FIDE", Rapid, p, 0, 1800},
		{"NRO", Standard, p, 0, 1900},
		{"FIDON", Standard, only, 0, 1600},
		{"FIDON", Standard, p, 0, 1800},
		{"NIDOF", Standard, p, 0, 1900},
		{"HBFN", Standard, p, 0, 1900},
		{"LBFN", Standard, p, 0, 1800},
		{"LBFN", Standard, only, 0, 1600},
		{"OTHER", Standard, p, 1712, 1712},
		{"", Standard, only, 0, 0},
	}
	for _, tt := range tests {
		tr := Tournament{RatingType: tt.typ, Pace: tt.pace}
		if got := SeedRating(tr, tt.p, tt.club); got != tt.want {
			t.Errorf("SeedRating(%s, %v, %+v, %d) = %d, want %d", tt.typ, tt.pace, tt.p, tt.club, got, tt.want)
		}
	}
}
