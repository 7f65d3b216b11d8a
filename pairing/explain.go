package pairing

// Explanation tells why a board was paired as it was.
type Explanation struct {
	Board   int    // board number, 0 for the PAB
	Bracket string // the bracket, e.g. "3 points (MDPs from 3.5)"
	Text    string // plain words: floats, colours, the criteria that decided
}

// trace collects what the engine did, for explanations.
type trace struct{}

func (t *trace) bracket(b *bracket, pairs [][2]int) {}

func (t *trace) explanations(r *round, res Result) []Explanation { return nil }
