package arbiter

// Colour is the colour a player has (or was scheduled to have) in a game.
// NoColour is used for byes and unpaired rounds.
type Colour int8

// Colours. Stored in the database: never reorder.
const (
	NoColour Colour = iota
	White
	Black
)

// Opposite returns Black for White, White for Black and NoColour otherwise.
func (c Colour) Opposite() Colour {
	switch c {
	case White:
		return Black
	case Black:
		return White
	}
	return NoColour
}

// String returns "white", "black" or "none".
func (c Colour) String() string {
	switch c {
	case White:
		return "white"
	case Black:
		return "black"
	}
	return "none"
}

// Letter returns "w", "b" or "-" as in a TRF round block.
func (c Colour) Letter() string {
	switch c {
	case White:
		return "w"
	case Black:
		return "b"
	}
	return "-"
}
