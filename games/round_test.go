package games

import (
	"errors"
	"testing"
)

func TestParseRound(t *testing.T) {
	tests := []struct {
		tag          string
		round, board int
		bad          bool
	}{
		{"3", 3, 0, false},
		{"3.2", 3, 2, false},
		{" 12.05 ", 12, 5, false},
		{"", 0, 0, false},
		{"?", 0, 0, false},
		{"-", 0, 0, false},
		{"9999.9999", 9999, 9999, false},
		{"0", 0, 0, true},
		{"3.0", 0, 0, true},
		{"3.", 0, 0, true},
		{".2", 0, 0, true},
		{"3.2.1", 0, 0, true},
		{"a", 0, 0, true},
		{"3.x", 0, 0, true},
		{"-1", 0, 0, true},
		{"+3", 0, 0, true},
		{"10000", 0, 0, true},
		{"99999999999999999999", 0, 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.tag, func(t *testing.T) {
			r, b, err := ParseRound(tt.tag)
			if tt.bad {
				if err == nil || !errors.Is(err, ErrRoundTag) {
					t.Fatalf("ParseRound(%q) = %d, %d, %v; want an error wrapping ErrRoundTag", tt.tag, r, b, err)
				}
				return
			}
			if err != nil || r != tt.round || b != tt.board {
				t.Errorf("ParseRound(%q) = %d, %d, %v; want %d, %d", tt.tag, r, b, err, tt.round, tt.board)
			}
		})
	}
}

func TestFormatRound(t *testing.T) {
	for _, tt := range []struct {
		round, board int
		want         string
	}{{3, 0, "3"}, {3, 2, "3.2"}, {12, 10, "12.10"}} {
		if got := FormatRound(tt.round, tt.board); got != tt.want {
			t.Errorf("FormatRound(%d, %d) = %q, want %q", tt.round, tt.board, got, tt.want)
		}
	}
}

// FuzzRound checks that a Round tag read by ParseRound is written back by
// FormatRound into a tag that reads the same, and that nothing panics.
func FuzzRound(f *testing.F) {
	for _, s := range []string{"3", "3.2", "?", "-", "", "03.02", "3.2.1", "1.", "9999.9999", " 7 "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, tag string) {
		r, b, err := ParseRound(tag)
		if err != nil {
			if !errors.Is(err, ErrRoundTag) {
				t.Fatalf("ParseRound(%q): error %v does not wrap ErrRoundTag", tag, err)
			}
			return
		}
		if r == 0 {
			if b != 0 {
				t.Fatalf("ParseRound(%q) = 0, %d: a board without a round", tag, b)
			}
			return
		}
		out := FormatRound(r, b)
		r2, b2, err := ParseRound(out)
		if err != nil || r2 != r || b2 != b {
			t.Fatalf("ParseRound(%q) = %d, %d; FormatRound gives %q, which reads %d, %d, %v", tag, r, b, out, r2, b2, err)
		}
		if again := FormatRound(r2, b2); again != out {
			t.Fatalf("FormatRound not stable: %q then %q", out, again)
		}
	})
}
