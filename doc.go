// Package arbiter holds the domain of a Swiss-system chess tournament:
// tournaments and their settings, players and entries, rounds, boards,
// results and byes, and the evening's vocabulary (evening.go): a result
// reported from a board (WebReport, BoardCode), a claim and a ruling on a
// disputed one, a presence mark and the roll, a late entry, a player's
// proof (Proof, PINLimits) and who acts (Origin). It has no I/O.
//
// These are values only, shared by every layer: the desk (desk/) decides
// what may be done with them and words the refusals; the store (store/)
// keeps them in one SQLite file and checks that what it writes holds
// together (a few refusals are still worded there: which club player a
// typed name means, a player's details, rounds and a tournament's
// settings: see the store's documentation); the front ends, the command
// line (cmd/arbiter) and the server of the evening (web/), parse what
// people type, call the desk and render what it returns. The rules of
// chess live in rules/, of pairing in pairing/, of tie-breaks in
// tiebreak/; reports in reports/.
//
// Points are counted in half-points (type Score) so that sums are exact.
// Pairing numbers (PN, the C.04.2 "tournament pairing number", TPN) identify
// an entry inside one tournament; roster IDs identify a club player across
// tournaments.
package arbiter
