package tiebreak

import (
	"errors"
	"strings"
	"testing"
)

func TestParseSpec(t *testing.T) {
	tests := []struct {
		text string
		want Spec
		err  error
	}{
		{"BH", Spec{Code: BH}, nil},
		{"bh-c1", Spec{Code: BH, Modifier: Cut1}, nil},
		{" Bh / M1 ", Spec{Code: BH, Modifier: Median1}, nil},
		{"BH C2", Spec{Code: BH, Modifier: Cut2}, nil},
		{"sb-m2", Spec{Code: SB, Modifier: Median2}, nil},
		{"de", Spec{Code: DE}, nil},
		{"PS-C1", Spec{Code: PS, Modifier: Cut1}, nil},
		{"ARO-C1", Spec{Code: ARO, Modifier: Cut1}, nil},
		{"FB-M1", Spec{Code: FB, Modifier: Median1}, nil},
		{"WIN", Spec{Code: WIN}, nil},
		{"ks", Spec{Code: KS}, nil},
		{"tpr", Spec{Code: TPR}, nil},
		{"", Spec{}, ErrUnknownCode},
		{"Buchholz", Spec{}, ErrUnknownCode},
		{"BH-C1-C2", Spec{}, ErrUnknownCode},
		{"BH-C3", Spec{}, ErrModifier},
		{"DE-C1", Spec{}, ErrModifier},
		{"PS-M1", Spec{}, ErrModifier},
		{"WIN-C1", Spec{}, ErrModifier},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			got, err := ParseSpec(tt.text)
			if !errors.Is(err, tt.err) {
				t.Fatalf("ParseSpec(%q) error = %v, want %v", tt.text, err, tt.err)
			}
			if got != tt.want {
				t.Errorf("ParseSpec(%q) = %v, want %v", tt.text, got, tt.want)
			}
			if err != nil && !strings.HasPrefix(err.Error(), "tiebreak: ") {
				t.Errorf("ParseSpec(%q) error %q does not start with the package name", tt.text, err)
			}
		})
	}
}

func TestParseSpecErrorListsCodes(t *testing.T) {
	_, err := ParseSpec("XYZ")
	for _, c := range codeOrder {
		if !strings.Contains(err.Error(), string(c)) {
			t.Errorf("ParseSpec(XYZ) error %q does not list %s", err, c)
		}
	}
	_, err = ParseSpec("PS-M1")
	if !strings.Contains(err.Error(), "PS-C1, PS-C2") {
		t.Errorf("ParseSpec(PS-M1) error %q does not say what to type", err)
	}
}

func TestSpecString(t *testing.T) {
	tests := []struct {
		spec Spec
		want string
		name string
	}{
		{Spec{Code: BH}, "BH", "Buchholz (C.07 8.1)"},
		{Spec{Code: BH, Modifier: Cut1}, "BH-C1", "Buchholz cut 1 (C.07 8.1, 14.1)"},
		{Spec{Code: SB, Modifier: Median2}, "SB-M2", "Sonneborn-Berger median 2 (C.07 9.1, 14.1)"},
		{Spec{Code: DE}, "DE", "direct encounter (C.07 6)"},
	}
	for _, tt := range tests {
		if got := tt.spec.String(); got != tt.want {
			t.Errorf("%#v.String() = %q, want %q", tt.spec, got, tt.want)
		}
		if got := tt.spec.Name(); got != tt.name {
			t.Errorf("%#v.Name() = %q, want %q", tt.spec, got, tt.name)
		}
	}
}

func TestParseChain(t *testing.T) {
	chain, err := ParseChain([]string{"BH", "de", "SB", "DE"})
	if err != nil {
		t.Fatal(err)
	}
	want := []Spec{{Code: BH}, {Code: DE}, {Code: SB}, {Code: DE}}
	if len(chain) != len(want) {
		t.Fatalf("ParseChain = %v, want %v", chain, want)
	}
	for i := range want {
		if chain[i] != want[i] {
			t.Errorf("ParseChain[%d] = %v, want %v", i, chain[i], want[i])
		}
	}
	_, err = ParseChain([]string{"BH", "SB", "BHC"})
	if err == nil || !strings.Contains(err.Error(), "entry 3") || !errors.Is(err, ErrUnknownCode) {
		t.Errorf("ParseChain with a bad third entry: error = %v, want one naming entry 3", err)
	}
}

func TestValidate(t *testing.T) {
	if err := (Spec{Code: "XX"}).Validate(); !errors.Is(err, ErrUnknownCode) {
		t.Errorf("Validate(XX) = %v, want ErrUnknownCode", err)
	}
	if err := (Spec{Code: KS, Modifier: Cut1}).Validate(); !errors.Is(err, ErrModifier) {
		t.Errorf("Validate(KS-C1) = %v, want ErrModifier", err)
	}
	for _, c := range codeOrder {
		if err := (Spec{Code: c}).Validate(); err != nil {
			t.Errorf("Validate(%s) = %v", c, err)
		}
	}
}

// FuzzParseSpec: whatever parses prints back to text that parses to the
// same spec.
func FuzzParseSpec(f *testing.F) {
	for _, s := range []string{"BH", "bh-c1", "SB/M2", "de", "PS C1", "aro-m1", "x", "-", "BH--C1", "ＢＨ"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		s, err := ParseSpec(text)
		if err != nil {
			return
		}
		again, err := ParseSpec(s.String())
		if err != nil {
			t.Fatalf("ParseSpec(%q) = %v, but ParseSpec(%q) fails: %v", text, s, s.String(), err)
		}
		if again != s {
			t.Fatalf("ParseSpec(%q) = %v, ParseSpec(%q) = %v", text, s, s.String(), again)
		}
		if err := s.Validate(); err != nil {
			t.Fatalf("ParseSpec(%q) = %v, which does not validate: %v", text, s, err)
		}
	})
}

// TestCodes checks that every listed code and modifier parses, for the
// completion lists built from them.
func TestCodes(t *testing.T) {
	for _, c := range Codes() {
		if s, err := ParseSpec(string(c)); err != nil || s != (Spec{Code: c}) {
			t.Errorf("ParseSpec(%s) = %v, %v", c, s, err)
		}
		for _, m := range c.Modifiers() {
			if s, err := ParseSpec(string(c) + "-" + m); err != nil || s != (Spec{Code: c, Modifier: m}) {
				t.Errorf("ParseSpec(%s-%s) = %v, %v", c, m, s, err)
			}
		}
	}
	if got := DE.Modifiers(); got != nil {
		t.Errorf("DE.Modifiers() = %v, want none", got)
	}
}
