package roster

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// TestLimits checks that a list of more than MaxRows players, or a CSV
// file larger than the size limit, is refused naming the line and the
// limit, and that a list of MaxRows players is read.
func TestLimits(t *testing.T) {
	list := func(n int) string {
		var b strings.Builder
		b.WriteString("name,rating\n")
		for i := range n {
			fmt.Fprintf(&b, "\"Player %d, Anna\",%d\n", i, 1000+i%1000)
		}
		return b.String()
	}
	f, err := ReadCSV(strings.NewReader(list(MaxRows)))
	if err != nil {
		t.Fatalf("ReadCSV(%d rows): %v", MaxRows, err)
	}
	if len(f.Rows) != MaxRows {
		t.Fatalf("ReadCSV(%d rows) read %d rows", MaxRows, len(f.Rows))
	}
	_, err = ReadCSV(strings.NewReader(list(MaxRows + 1)))
	var pe *ParseError
	if !errors.As(err, &pe) || !errors.Is(err, ErrTooLarge) || pe.Line != MaxRows+2 || !strings.Contains(err.Error(), "more than 50000 players in one file; split it") {
		t.Errorf("ReadCSV(%d rows) = %v, want a *ParseError at line %d wrapping ErrTooLarge", MaxRows+1, err, MaxRows+2)
	}
	big := "name\n" + strings.Repeat("Rossi, Mario "+strings.Repeat("x", 100)+"\n", sizeLimit/100)
	if _, err := ReadCSV(strings.NewReader(big)); !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "larger than 16 MB") {
		t.Errorf("ReadCSV(%d bytes) = %v, want ErrTooLarge", len(big), err)
	}
}
