// Package pairing pairs a round of a Swiss tournament by the FIDE Dutch
// system: C.04.3 as in force (the 2025 rules, criteria numbered C1-C21 as
// in the 2026 text), with the basic rules of C.04.1 and the general
// handling rules of C.04.2. It is pure and deterministic: the same input
// always gives the same pairing.
//
// # API
//
// Build an Input and call Pair:
//
//	in, err := pairing.FromTable(t, entries, table, round, absent) // arbiter's domain
//	in, err := pairing.FromTRF(file, 0)                          // a TRF file
//	res, err := pairing.Pair(in)
//
// Result.Boards lists the games in board order (C.04.2 3.6) with colours;
// Result.Bye is the player given the pairing-allocated bye. PairExplained
// also fills Result.Explanations: for each board, its bracket, the floats
// and colour rules involved and the criteria that decided, in plain words.
// When no pairing satisfies the absolute criteria, the error is a
// *NoPairingError naming the criterion (C1 rematches, C2 byes, C3 colours)
// and wrapping ErrNoPairing. CheckTRF re-pairs every round of a file and
// reports the rounds that differ.
//
// Double-Swiss: PairDoubleSwiss pairs a round of the Double-Swiss system
// (FIDE C.04.5, applied from 1 February 2026), every pairing a match of
// two games with the colours reversed, from a DoubleSwissInput built by
// FromTRFDoubleSwiss (a file whose 192 line names FIDE_DOUBLESWISS, two
// round columns a match) or FromDoubleSwissTable (arbiter's score cards,
// scoring.BuildMatches). It follows the text's top-scoregroup procedure:
// the PAB first (3.4), then the top scoregroup of the players left with
// the upfloaters 3.5 chooses (C3 completion, C4 the fewest, C5 the highest
// scores, C6 the following scoregroup, C7 floaters, then the order of
// 3.5.4), paired by the first pairing identifier of 3.6 that keeps C1 and
// best keeps C8; then colours by Article 4. A match forfeited (a player
// forfeited both games) is no meeting and may be repeated; any other
// match is one, a single forfeited game included (Preface). The orders of
// the text are walked literally with a perfect-matching check at every
// step (doubleswiss_search.go); a test compares them with plain
// enumeration. CheckTRF and GenerateDoubleSwiss do for such files what
// they do for Dutch ones.
//
// Small fields: SwissRounds says how many Swiss rounds a field can always
// pair; BergerRound gives a round of an all-play-all from the FIDE Berger
// tables (C.05 Annex 1), once or twice; LeastBroken finds, for a round
// Pair refuses, the pairing that breaks the absolute criteria least, for
// the chief arbiter to choose (C.04.3 1.9).
//
// # Rules implemented
//
//   - Absolute criteria: no rematch of a game played over the board (C1;
//     forfeited games may be replayed, C.04.2 3.5), the PAB only to a player
//     who has had no PAB and no round scored as a win without playing (C2),
//     no two non-topscorers with the same absolute colour preference (C3;
//     topscorers are those above half the maximum score when the last round
//     is paired, 1.8).
//   - Completion (C4) in every bracket, and the PAB at the lowest score that
//     allows a complete round (C5), fixed before the first bracket.
//   - Quality criteria C6-C21 in order in each bracket: downfloaters, their
//     scores, the next bracket, the PAB assignee's unplayed games (C9),
//     topscorers' colours, colour preferences, repeated floats and their
//     scores.
//   - The bracket procedure's order (Art. 3-4): which moved-down players
//     are paired, the fewest exchanges with the smallest BSN difference,
//     then the first transposition.
//   - Colours by C.04.3 5.2.1-5.2.5 with the initial colour drawn by lot
//     (InitialColourByLot for a seeded lot); colour history over played
//     games only, unplayed rounds moved to the front (C.04.2 3.4).
//   - Floats: a game between different scores floats the higher player down
//     and the lower up; a PAB, a forfeit win or a bye scoring more than a
//     loss is a downfloat; other unplayed rounds are no float.
//
// Input.Edition selects the rules: 2025 (the default; 2026 is the same
// text renumbered) or 2017, the text in force until 31 January 2026, with
// its completion rule (the PPB), pairing score differences, no PAB score
// fixed in advance and downfloats for every unplayed round (see
// dutch2017.go). Arbiter's Tournament.PairingEdition reaches it through
// FromTable.
//
// # Method
//
// The criteria of a bracket are compared lexicographically, so each is
// packed into a bit field of one wide integer per pair of players (weights
// of a few 64-bit words, as wide as the bracket needs), and a
// maximum-weight matching maximises them all at once. A weight depends on
// a few attributes of each player (score, place in the bracket, colour
// and float history, PAB eligibility), so the weights are kept as a table
// per pair of player types, rematches aside; only the tie-break terms of
// the bracket procedure take a small integer per pair. The bracket
// procedure's tie-breaks are then applied one player at a time, each as a
// small change of weights; a primal-dual matcher (Edmonds' blossom
// algorithm with Galil-Micali-Gabow duals) keeps an optimal matching and
// its dual certificate, so most changes are answered from the duals
// without a search. The graph holds the bracket and the next scoregroup
// only; the result is kept after checking that every lower player can
// still be paired (C4), and otherwise the bracket is solved again with
// the lower players in the graph. This reproduces, round for round, the
// pairings of bbpPairings, the FIDE-endorsed engine that introduced the
// weighted-matching formulation of the Dutch rules (v6.0.0 for 2025,
// v5.0.1 for 2017); see the corpora in testdata and TestBBP.
package pairing
