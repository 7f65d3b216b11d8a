// Package arbiter holds the domain of a Swiss-system chess tournament:
// tournaments and their settings, players and entries, rounds, boards,
// results and byes. It has no I/O; storage lives in store/, reports in
// reports/, and the rules of chess in rules/.
//
// Points are counted in half-points (type Score) so that sums are exact.
// Pairing numbers (PN, the C.04.2 "tournament pairing number", TPN) identify
// an entry inside one tournament; roster IDs identify a club player across
// tournaments.
package arbiter
