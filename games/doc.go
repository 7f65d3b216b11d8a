// Package games decides what a submitted game means for a board of a
// tournament: which board a PGN game belongs to, judged by its Round tag
// and the players' names, and which result the Laws of Chess give it. It
// is pure: it works on values from the arbiter and rules packages and
// does no I/O.
//
// # Matching games to boards
//
// ParseRound reads a Round tag: "3" for round 3, "3.2" for board 2 of
// round 3 (the form export writes); "", "?" and "-" mean unknown. An
// Index holds the boards of a tournament by their players' names and
// finds the board a game was played on (Index.Find); Compare lists what a
// game's tags say against a board chosen by hand. Names are compared as
// arbiter.SameName does: accents and case do not count, and "Rossi,
// Mario" is "Mario Rossi". A game whose White and Black are the board's
// Black and White is an error, never silently turned round.
//
// # Results
//
// Decide applies the Laws to a submitted result, knowing where the game
// ended when it is known:
//
//   - a game that ended by itself has the result of its end: checkmate
//     (art. 5.1.1) for the side that mated, stalemate (5.2.1), a dead
//     position (5.2.2), fivefold repetition (9.6.1) and 75 moves (9.6.2)
//     a draw. Any other result is refused (a Refusal says which result
//     the position gives);
//   - a loss on time is a draw when the winner cannot checkmate by any
//     series of legal moves (art. 6.9, every edition);
//   - a resignation is a draw when the winner cannot checkmate, under the
//     Laws of 2023 (art. 5.1.2); under earlier editions it stands;
//   - when both flags have fallen and it cannot be told which fell first,
//     the game is drawn: see BothFlagsRule for the rule of each edition;
//   - an arbiter's decision (a ruling) stands as given.
//
// Termination and ParseTermination map results and their reasons to the
// PGN Termination tag and back, so that a tournament written as PGN reads
// back as it was.
package games
