// Package tiebreak ranks the players of a tournament by points and a chain
// of FIDE tie-breaks (handbook C.07, "Play-off and tie-break regulations",
// 2023 and 2024 texts; article numbers below follow the 2024 layout). It
// reads score cards (package scoring) and does no I/O.
//
// # Tie-breaks
//
// A chain is a list of Spec values, a C.07 code with an optional modifier:
// BH (Buchholz, 8.1), FB (Fore Buchholz, 8.3), AOB (average of opponents'
// Buchholz, 8.2), SB (Sonneborn-Berger, 9.1), KS (Koya, 9.2), DE (direct
// encounter, 6), WIN, WON, BPG, BWG, PS, REP (7.1 to 7.6; GE is REP's
// older name and still reads), ARO (10.1), TPR (10.2), PTP (10.3), APRO
// (10.4), APPO (10.5), and the 2026 codes STD (standard points, never
// first), TPN (pairing number, lower first) and RTNG (own rating). BH, FB, SB and ARO take the modifiers C1, C2, M1 and M2 (cut or
// median, 14.1); PS takes C1 and C2, which drop the running scores of the
// first rounds. Every figure is "higher is better" except DE's (see below).
//
// Rank applies the chain as C.07 4.2 says: players are sorted by points;
// each tie-break in turn splits the groups still tied; players still level
// at the end share their place (Standing.Rank to Standing.RankTo), listed by
// pairing number.
//
// # Unplayed rounds
//
// Tournament.TiebreakEdition picks how byes, forfeits and absences count in
// BH, FB, AOB and SB. Edition2023 (the default, and any value but 2009 and
// 2026 or later) is C.07 article 16:
//   - A game played over the board contributes the opponent's adjusted
//     score (16.3): his points, except that requested byes (half-point or
//     zero-point byes; not being paired counts as a zero-point bye)
//     followed only by voluntarily unplayed rounds (VURs: requested byes and
//     forfeit losses) up to the last round count as draws. A forfeit loss in
//     that final run keeps its 0, as in the FIDE reference implementation.
//   - Each of the player's own unplayed rounds (PAB, byes, absences,
//     forfeits) is a game against a dummy opponent whose score is the
//     player's own final score (16.4); for SB it is multiplied by the points
//     the round was worth.
//   - Cuts remove VUR contributions first (16.5): a low cut takes the
//     least significant VUR contribution (by the 14.1 order: opponent's
//     score first) unless the least significant value is worth more. For
//     BH that always means the VUR.
//
// Edition2026 (the text in force from 1 March 2026) adds caps to the dummy
// opponent's score: for a forfeit, the scheduled opponent's adjusted score
// (16.4.1); for a bye or an absence, a draw in every round played (16.4.2).
//
// Edition2009 is the "virtual opponent" rule of the 2009 FIDE Congress: the
// opponents' unplayed rounds all count as draws, and each of the player's
// own unplayed rounds R is a game against a virtual opponent who had the
// player's score before R, got the opposite result in R and drew every
// later round: S(before R) + (1 − points in R) + 0.5 × (n − R), n being the
// rounds played. Cuts simply drop the lowest values.
//
// The other tie-breaks read the cards the same way in both editions: WIN
// counts every round scored as a win (forfeit wins, PABs and full-point
// byes worth 1 included), WON, BPG and BWG only games played over the
// board, REP (GE) every round but the VURs, PS every round's points. ARO,
// TPR, PTP, APRO and APPO count games played over the board against rated
// opponents. Input.UnratedRating is the rating the regulations give unrated
// players; without it, when an unrated player takes part, the rating-based
// tie-breaks are dropped (every figure undefined) and Warnings says so, as C.07
// asks. KS counts games and forfeits against opponents on at least half the
// rounds played.
//
// Some figures do not exist, and C.07 leaves them undefined rather than 0:
// ARO (with its cuts), TPR and PTP of a player with no game over the board
// against a rated opponent (or none left after the cuts), APRO and APPO
// with no such opponent whose figure exists, AOB with no game over the
// board, and every rating tie-break once dropped. Standing.Undefined marks
// them (Values holds 0) and Rank puts them after every figure, as the FIDE
// reference implementation does.
//
// "Final scores" are the scores after the rounds on the table: standings
// after round 3 treat round 3 as the last one. A game still without a
// result counts as not played yet: no points, no contribution to any
// tie-break, not a VUR (the player is there). FB takes every game of the
// tournament's last round (Tournament.Rounds) as a draw, once that round is
// on the table; before, FB equals BH.
//
// # Direct encounter
//
// DE exists only among players still tied when it is applied, and may
// appear more than once in a chain. It reads the games the tied players
// played over the board against each other (C.07 6.1; forfeits left out,
// repeated meetings averaged). If they all met, the separate table ranks
// them and DE is applied again to any subset still level (6.2). If not all
// met, a player is ranked first only if he stays alone on top of the
// separate table whatever the results of the missing games (his score
// beats every other player's score plus one point per game that player
// still lacks against the group); then the same test on the same table
// gives the second place, and so on; DE is then applied again to the
// players left (6.3).
//
// DE's figure in Standing.Values is the player's place within the group DE
// was applied to: 1 for the first, 2 for the next place, players DE could
// not separate sharing a place (so lower is better). It is 0 when DE
// decides nothing for the player: when he was no longer tied with anyone at
// that point of the chain, or when DE left his whole group level. The FIDE
// reference implementation shows DE the same way. Explain tells the story:
// the group, the separate table and each step.
package tiebreak
