// Package rules implements the Laws of Chess that an arbiter needs to
// check a game score: positions and legal moves, move notation as players
// write it, PGN, and the verdict on a whole game. It is pure: no I/O
// beyond the io.Reader and io.Writer it is given, and only the standard
// library.
//
// # Positions and moves
//
// A Position is a value: the board, the side to move, castling rights, the
// en passant square and the two FEN counters. Start from StartPosition or
// ParseFEN; FEN writes it back. LegalMoves lists the legal moves exactly
// (Perft counts them, and the tests hold it to published counts), Play
// plays one, InCheck, IsCheckmate and IsStalemate describe the position,
// and Key identifies it as art. 9.2.3 does for repetitions: same player to
// move, same pieces, same castling rights, and an en passant square only
// when an en passant capture is actually legal.
//
// A Move is a departure and an arrival square with the promotion piece;
// castling is the king's two-square move. Move.String gives the coordinate
// form (e2e4, e7e8q).
//
// # Notation
//
// ParseMove reads a move as a player writes it, in the letters of English
// (K Q R B N) or Italian (R D T A C: Re, Donna, Torre, Alfiere, Cavallo),
// or either (AnyLang): short algebraic (Nf3, exd5, Nbd2, R1a3, Qh4e1),
// captures with x, : or ×, castling as O-O, 0-0, O-O-O or 0-0-0, promotion
// as e8=Q, e8Q, e8D, e8(Q) or e8/Q, the suffixes + ++ # e.p. ! ? !! ?? !?
// ?! and the draw offer (=), long algebraic (e2-e4, Cg1-f3, Ng1xf3) and
// coordinates (g1f3, e7e8q, e1g1), and figurines. A move the Laws forbid
// comes back as a *MoveError that says why and cites the article:
//
//	the knight on f3 is pinned by the black bishop on g4: moving it
//	exposes the king to check (art. 3.9)
//
// SAN writes a move in Standard Algebraic Notation, as PGN requires, and
// FormatMove writes it with Italian letters on request (Cf3, 0-0, d8D).
// Italian R is the king and English R the rook: with AnyLang a text whose
// only letter is R is read in the set in which it is legal.
//
// # PGN
//
// Reader reads games one at a time from any io.Reader: export format, and
// what people and programs write besides: movetext without tags (a bare
// "1.e4 e5 2.Df3" is a game; a new "1." starts the next one), move numbers
// in any form or none (3.-Cc3, 16 Db4, 12..., 1.e4), comments in braces
// or after a semicolon, nested variations, NAGs, a byte order mark, CRLF,
// and Latin-1 text, which is converted to UTF-8. A game that cannot be
// read is returned as far as it was read, with a *SyntaxError, and the
// next Read goes on with the next game. Games from a set-up position
// ([SetUp "1"] and [FEN]) start from it (Game.StartPosition).
//
// Writer writes games in PGN export format: the Seven Tag Roster first and
// in order, other tags sorted, lines under 80 characters, comments,
// variations and NAGs kept. Normalize rewrites the moves of a game in SAN
// (English, or Italian on request) first.
//
// # Verdicts
//
// Check replays the main line of a game and returns a Verdict: the first
// move that cannot be played, with its number, the side, the text as
// written, the reason and the article; how the game ended by itself
// (checkmate 5.1.1, stalemate 5.2.1, dead position 5.2.2, fivefold
// repetition 9.6.1, 75 moves 9.6.2) and after which move, since moves
// after that do not count; the draws the player to move could claim at
// the end (threefold repetition 9.2 and fifty moves 9.3, also by
// declaring a move); whether each side could still checkmate; and whether
// the result fits: a result against a checkmate or an automatic draw is
// wrong, and so is a win on time for a side that cannot checkmate (6.9).
// Other results are plausible (resignation, agreement) and the note says
// so. The letter set of a game is found from the letters it uses (a game
// that mixes both sets is an error at the first move of the other set) or
// given in Options.
//
// # Can a side still checkmate?
//
// CanMate answers the question of arts. 6.9 and 5.2.2 (and of blitz
// claims): can this side checkmate by some series of legal moves, whatever
// the opponent plays to help? The answer says how it was decided:
//
//   - material: a lone king never mates; a queen, rook or pawn always can
//     (unless a search below shows otherwise); two minor pieces other than
//     bishops of one colour can; a lone knight can only against a king
//     that has a pawn, knight, bishop or rook to block its own flight
//     squares (not against queens alone); bishops all on one colour can
//     only against a pawn, a knight or a bishop of the other colour. These
//     rules are proved in the tests by searching every mating pattern.
//   - search: when the side to move has at most three moves, every forced
//     line is followed, which catches a forced capture of the last piece
//     that could mate; when the pawns are locked against each other and
//     only kings (and bishops) can move, the reachable positions are
//     searched, which proves blocked pawn walls dead.
//   - board: the position is already checkmate or stalemate.
//
// A position where neither side can mate is dead (IsDead; Check reports
// the dead position by material at any move, and by search at the end).
//
// # Articles
//
// Articles are those of the FIDE Laws of Chess in force since 1 January
// 2018 and kept in the 2023 edition: 3.1 to 3.9 for the moves, 5.1 and 5.2
// for the end of the game, 6.9 for flag fall, 9.2 to 9.6 for draws, and
// appendix C for notation (C.10 for two pieces that can reach the same
// square; appendix E before 2009). Cite writes them as "art. 3.9" or
// "appendix C.10".
package rules
