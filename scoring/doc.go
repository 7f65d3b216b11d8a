// Package scoring turns a tournament's rounds into score cards: for each
// player and round, what happened (a game, a forfeit, a bye, an absence),
// against whom, with which colour, and for how many points. Pairing and
// tie-breaks both read score cards. The package is pure: no I/O.
package scoring
