package store

import "github.com/labyrinth-chess/arbiter/pairing"

// Warning is a basic rule of the Swiss system (FIDE C.04.1) that a
// proposed pairing breaks (pairing.CheckBasic).
type Warning = pairing.Warning

// Check returns the warnings for pairing p of the next round
// (pairing.CheckBasic: C.04.1 art. 2, 3, 4, 6 and 7). Check assumes p
// passes SavePairing's own checks.
func (s *Snapshot) Check(p Pairing) []Warning {
	tab, err := s.Table(len(s.Rounds))
	if err != nil {
		return nil
	}
	return pairing.CheckBasic(tab, s.Label, p.Boards, p.Byes)
}
