// Package trf reads and writes FIDE Tournament Report Files: TRF-16 (the
// format FIDE's pairing checkers and endorsed engines read), with the
// pairing extensions of JaVaFo (TRFx) and bbpPairings (TRF(bx)), and
// TRF-26. It is pure: Read takes an io.Reader, Writer writes to an
// io.Writer.
//
// # Reading
//
// Read accepts CR, LF and CRLF line ends and UTF-8 text; columns count
// characters. Each 001 line is read at the fixed columns of TRF-16
// (starting rank 5-8, sex 10, title 11-13, name 15-47, rating 49-52,
// federation 54-56, FIDE ID 58-68, birth date 70-79, points 81-84, rank
// 86-89, round r from column 92+10(r-1): opponent, colour, result). The
// header lines 012-132 and 192 are kept as text. The extensions read are:
//
//	XXR n, 142 n          total number of rounds
//	XXC white1|black1     initial colour (152 W|B in TRF-26)
//	XXC rank              pair by position in the file, not by ID
//	XXZ id ...            players who skip the round being paired
//	XXP id ...            players who may not meet (260 in TRF-26)
//	XXS CODE=v ...        JaVaFo point system
//	BBW BBD BBL BBZ BBF BBU   bbpPairings point values
//	162                   TRF-26 point system (W D L Z|A P)
//	240 K rrr id ...      TRF-26 byes for a round
//	XXA id pts ...        acceleration (kept; not used for pairing)
//	### text              TRF-26 comment
//
// Any other line is kept verbatim in File.Extra and written back at the
// end. Read checks the file as FIDE's checker does: opponents must name
// each other with opposite colours and matching results, and each
// player's points (columns 81-84) must equal the sum of the results under
// the point system; a bye already entered for the round being paired may
// be counted or not. Errors are *ParseError values with the line and
// column, wrapping ErrSyntax, ErrPoints, ErrInconsistent, ErrDuplicate or
// ErrUnknown.
//
// # Writing
//
// Writer writes TRF-16 by default (extensions as XXR, XXC, BBx and XXS
// lines, which bbpPairings and JaVaFo each read or skip) or TRF-26
// (142, 152 and 162 instead), with CRLF line ends unless LineEnd says
// otherwise. What Read accepts, Writer writes back so that Read gives the
// same File (FuzzRead checks this).
//
// # Mapping to arbiter's domain
//
// File.Domain and FromDomain convert between a file and arbiter's
// Tournament, Entries and Rounds. Pairing number = starting rank; the
// ranks must run from 1 to the number of players. Round blocks map as:
//
//	1 0 = (and W L D)   a played game: 1-0, 0-1, ½-½ (W L D, games shorter
//	                    than one move, become ordinary results)
//	+ against -         forfeit win (WhiteForfeit or BlackForfeit)
//	- against -         double forfeit
//	0000 - U            PAB
//	0000 - H            requested half-point bye (HalfBye)
//	0000 - F            requested full-point bye (FullBye)
//	0000 - Z            zero-point bye (ZeroBye)
//	blank block         not in the round (no bye: absent, Unpaired)
//	0000 - +            TRF-06 full-point bye: read as the PAB, as
//	                    bbpPairings does (it blocks a later PAB)
//	0000 - =            TRF-06 half-point bye: HalfBye
//	0000 - -            TRF-06 zero-point bye: ZeroBye
//
// A game whose blocks carry no colour is given White for the lower
// starting rank. Blocks in the column after the last played round hold
// byes already known for the round to pair (Domain.NextByes). Going the
// other way, FromDomain writes PAB as U, HalfBye as H (Z when the
// tournament values it at zero), FullBye as F, ZeroBye and any absence as
// "0000 - Z" (H or F for a late entry whose missed rounds score a half or a
// whole point), computes points and a rank (points, then pairing number),
// and writes the PAB and half-bye values as point lines when they differ
// from the defaults. A ZeroBye and an absence therefore both read back as
// a ZeroBye. arbiter scores 1, ½ and 0, so Domain refuses a file with
// another point system.
//
// The tournament's settings travel in the TRF-26 header: the pairing
// system in 192 (SystemCode and System: FIDE_DUTCH_2025 or _2017, _BAKU,
// FIDE_ROUNDROBIN, FIDE_DOUBLEROUNDROBIN), the tie-break list in 202 and,
// after PTS, in 212 (BH/C1,SB,DE), the rate of play in words at the end of
// 092 ("..., rapid"; Pace reads it, or else works it out from the encoded
// time control, 222).
//
// # Double-Swiss files
//
// FIDE C.04.5 (the Double-Swiss system, applied from 1 February 2026)
// pairs each round as a match of two games with the colours reversed and
// defines no file of its own, and a TRF-26 round block holds one game. A
// file whose 192 line names FIDE_DOUBLESWISS (or FIDE_DOUBLESWISS_BAKU,
// TRF-26's code for the system) therefore holds match k in round columns
// 2k-1 and 2k:
//
//	column 2k-1         game 1: opponent, colour, result as for any game
//	column 2k           game 2: the same opponent, the other colour
//	0000 - U twice      the pairing-allocated bye of the match; the two
//	                    blocks together score the 162 line's P, a game won
//	                    and a game drawn (1.4) when no point line gives it
//	0000 - H, F, Z      requested byes cover the match too: H scores a draw
//	twice               in each column (half the match), F a win in each
//	= against = + 299   a game ending ½-0 or 0-0 (C.04.5 Preface): a draw
//	                    whose 299 line (type D) gives the player who scored
//	                    nothing 0.0 in that column
//
// The 142 (XXR) line, 132 dates (a match's date in both of its columns),
// 240 byes and 250 accelerations count columns, two a match. A match is a
// forfeit only when a player has "-" in both columns (Preface); any other
// match, a single "-" included, counts as played. Read checks the points
// that way (File.DoubleSwiss, File.PlayedMatches); pairing.FromTRFDoubleSwiss
// reads the matches and refuses two columns that disagree. Domain reads
// such a file into a Double-Swiss tournament (arbiter.DoubleSwiss, its bye
// values in game points): each match a board whose Result is game 1 and
// Second game 2, both in their own game's colours, a 299 line of type D
// with 0.0 a game ½-0, 0-½ or 0-0 (File.MatchLines counts them), a bye in
// both columns a bye for the match; it refuses columns that do not make a
// match (ErrInconsistent) and an accelerated Double-Swiss (ErrDoubleSwiss).
// FromDomainDoubleSwiss writes a Double-Swiss tournament's file, and what
// it writes Domain reads back to the same rounds.
package trf
