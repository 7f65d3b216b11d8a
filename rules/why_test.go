package rules

import (
	"encoding/json"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/labyrinth-chess/arbiter/phrase"
)

var italian = locale.New(locale.Italian)

// whyCases give every "move." message of the catalogs: the explanation
// of a move that cannot be played, in English as MoveError.Reason says
// it and in Italian as the catalog words its phrase.
var whyCases = []struct {
	fen, text string
	lang      Lang
	id        string // the message of the explanation
	en, it    string
}{
	{StartFEN, "", AnyLang, "move.empty",
		"empty move",
		"mossa vuota"},
	{StartFEN, "O-X", AnyLang, "move.castling",
		"castling is written O-O or O-O-O (0-0, 0-0-0)",
		"l'arrocco si scrive 0-0 o 0-0-0 (O-O, O-O-O)"},
	{StartFEN, "?e4", AnyLang, "move.start",
		"a move starts with a piece letter, a file or O-O",
		"una mossa comincia con la lettera di un pezzo, con una colonna o con 0-0"},
	{StartFEN, "ed", AnyLang, "move.files",
		"a pawn capture needs the arrival square (exd5), not just the files",
		"una presa di pedone vuole la casa di arrivo (exd5), non solo le colonne"},
	{StartFEN, "Nf", AnyLang, "move.noarrival",
		"the arrival square is missing",
		"manca la casa di arrivo"},
	{StartFEN, "Nzf3", AnyLang, "move.unread",
		"cannot read \"z\" before the arrival square",
		"non si legge \"z\" prima della casa di arrivo"},
	{StartFEN, "Xf3", AnyLang, "move.noletter",
		"X is not a piece letter (English K Q R B N, Italian R D T A C)",
		"X non è la lettera di un pezzo (in italiano R D T A C, in inglese K Q R B N)"},
	{rookOrKing, "Rf1", AnyLang, "move.rboth",
		"R is a rook in English (Rf1) and a king in Italian (Kf1), and both moves are legal: give the letter set",
		"R è la Torre in inglese (Rf1) e il Re in italiano (Kf1), e le due mosse sono entrambe legali: indicare la notazione"},
	{StartFEN, "Cf3", English, "move.letter.english",
		"C is not a piece letter in English (it is Italian): the game must be written in one letter set",
		"C non è la lettera di un pezzo in inglese (è italiana): la partita va scritta in una sola notazione"},
	{StartFEN, "Nf3", Italian, "move.letter.italian",
		"N is not a piece letter in Italian (it is English): the game must be written in one letter set",
		"N non è la lettera di un pezzo in italiano (è inglese): la partita va scritta in una sola notazione"},
	{promoFEN, "Nf8=Q", English, "move.promo.onlypawn",
		"only a pawn is promoted",
		"si promuove solo un pedone"},
	{promoFEN, "a8=K", English, "move.promo.to",
		"a pawn is promoted to a queen, rook, bishop or knight, not to a king",
		"un pedone si promuove a Donna, Torre, Alfiere o Cavallo, non a un Re"},
	{StartFEN, "e3e4", AnyLang, "move.nopiece",
		"White has no piece on e3",
		"il Bianco non ha pezzi in e3"},
	{promoFEN, "a8+", English, "move.promo.write",
		"the pawn reaches the last rank and must be promoted: write a8=Q (or =R, =B, =N)",
		"il pedone raggiunge l'ultima traversa e va promosso: scrivere a8= e la lettera del pezzo scelto (Donna, Torre, Alfiere o Cavallo)"},
	{"4k3/8/3n4/4P3/8/8/8/4K3 w - - 0 1", "exd6e.p.", English, "move.notep",
		"marked e.p. but it is not an en passant capture",
		"segnata e.p. ma non è una presa en passant"},
	{twoKnights, "Nd2", English, "move.ambiguous.both",
		"the knights on b1 and f3 can both go to d2: add the departure file or rank",
		"i Cavalli in b1 e f3 possono andare in d2: aggiungere la colonna o la traversa di partenza"},
	{threeQueens, "Qe4", English, "move.ambiguous.all",
		"the queens on e1, h1 and h4 can all go to e4: add the departure file or rank",
		"le Donne in e1, h1 e h4 possono andare in e4: aggiungere la colonna o la traversa di partenza"},
	{"r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", "O-O", English, "move.castle.right.kingside",
		"White can no longer castle kingside: the king or the h1 rook has moved",
		"il Bianco non può più arroccare corto: il Re o la Torre di h1 ha già mosso"},
	{"r3k2r/8/8/8/8/8/8/R3K2R b Kk - 0 1", "O-O-O", English, "move.castle.right.queenside",
		"Black can no longer castle queenside: the king or the a8 rook has moved",
		"il Nero non può più arroccare lungo: il Re o la Torre di a8 ha già mosso"},
	{"r3k2r/8/8/8/8/8/8/R3KB1R w KQkq - 0 1", "O-O", English, "move.castle.between.kingside",
		"castling kingside with the white bishop on f1 standing between king and rook",
		"arrocco corto con l'Alfiere bianco in f1 tra Re e Torre"},
	{"r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1", "O-O-O", English, "move.castle.between.queenside",
		"castling queenside with the white knight on b1 standing between king and rook",
		"arrocco lungo con il Cavallo bianco in b1 tra Re e Torre"},
	{"r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1", "O-O", English, "move.castle.check",
		"White castles out of check",
		"il Bianco arrocca per uscire dallo scacco"},
	{"r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1", "O-O", English, "move.castle.cross",
		"the king would cross f1, which the black rook on f2 attacks",
		"il Re passerebbe per f1, attaccata dalla Torre nera in f2"},
	{"r3k2r/8/8/8/8/8/2r5/R3K2R w KQkq - 0 1", "0-0-0", Italian, "move.castle.land",
		"the king would land on c1, which the black rook on c2 attacks",
		"il Re arriverebbe in c1, attaccata dalla Torre nera in c2"},
	{StartFEN, "Nd2", English, "move.own",
		"the white pawn on d2 stands on d2",
		"in d2 c'è già il pedone bianco in d2"},
	{StartFEN, "Nb2d3", English, "move.none.on",
		"White has no knight on b2",
		"il Bianco non ha nessun Cavallo in b2"},
	{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "Df3", Italian, "move.none",
		"White has no queen",
		"il Bianco non ha nessuna Donna"},
	{StartFEN, "Nce3", English, "move.none.file",
		"White has no knight on the c-file",
		"il Bianco non ha nessun Cavallo sulla colonna c"},
	{StartFEN, "A2e3", Italian, "move.none.rank",
		"White has no bishop on the rank 2",
		"il Bianco non ha nessun Alfiere sulla traversa 2"},
	{StartFEN, "Bc4", English, "move.jump",
		"the bishop on f1 cannot jump over the white pawn on e2",
		"l'Alfiere in f1 non può scavalcare il pedone bianco in e2"},
	{StartFEN, "Nd5", English, "move.reach.none",
		"no knight on b1 or g1 can reach d5",
		"nessun Cavallo in b1 o g1 può raggiungere d5"},
	{"4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", "Nb4", English, "move.reach.not",
		"the knight on b1 cannot reach b4",
		"il Cavallo in b1 non può raggiungere b4"},
	{"4k3/8/8/8/8/8/3r4/4K3 w - - 0 1", "Kf2", English, "move.king.check",
		"the king would be in check on f2 from the black rook on d2",
		"il Re sarebbe sotto scacco in f2 della Torre nera in d2"},
	{"4k3/8/8/8/1b6/8/8/r3K1N1 w - - 0 1", "Nf3", English, "move.check.piece",
		"White is in check from the black rook on a1 and the black bishop on b4 and the knight move from g1 to f3 does not answer it",
		"il Bianco è sotto scacco della Torre nera in a1 e dell'Alfiere nero in b4 e la mossa del Cavallo da g1 a f3 non lo para"},
	{"4k3/8/8/8/1b6/8/P7/4K3 w - - 0 1", "a3", English, "move.check.pawn",
		"White is in check from the black bishop on b4 and the pawn move to a3 does not answer it",
		"il Bianco è sotto scacco dell'Alfiere nero in b4 e la mossa di pedone in a3 non lo para"},
	{"4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "Nc3", English, "move.pinned",
		"the knight on e2 is pinned by the black rook on e7: moving it exposes the king to check",
		"la Torre nera in e7 inchioda il Cavallo in e2: la mossa espone il Re allo scacco"},
	{"8/8/8/K2pP2r/8/8/8/7k w - d6 0 1", "exd6", English, "move.leaves",
		"the move leaves the king on a5 in check",
		"la mossa lascia sotto scacco il Re in a5"},
	{StartFEN, "e4=Q", English, "move.promo.lastrank",
		"only a pawn reaching the last rank is promoted",
		"si promuove solo un pedone che raggiunge l'ultima traversa"},
	{epFEN, "cxf6", English, "move.pawn.diagonal",
		"a pawn captures diagonally forward onto the next file, not from the c-file to f6",
		"un pedone cattura in diagonale in avanti sulla colonna accanto, non dalla colonna c a f6"},
	{"4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1", "dxe4", English, "move.pawn.nocapturer",
		"White has no pawn on d3 to capture on e4",
		"il Bianco non ha un pedone in d3 per catturare in e4"},
	{"4k3/8/8/3pP3/8/8/8/4K3 w - - 0 5", "exd6", English, "move.pawn.ep",
		"en passant is only possible on the move right after the pawn's double step",
		"la presa en passant è possibile solo alla mossa subito dopo il doppio passo del pedone"},
	{StartFEN, "exd3", English, "move.pawn.nothing",
		"there is nothing to capture on d3: a pawn moves diagonally only to capture",
		"in d3 non c'è nulla da catturare: un pedone muove in diagonale solo per catturare"},
	{"4k3/8/8/8/4p3/4P3/8/4K3 w - - 0 1", "e4", English, "move.pawn.blocked.capture",
		"the black pawn on e4 blocks the pawn on e3 (a pawn captures only diagonally)",
		"il pedone nero in e4 blocca il pedone in e3 (un pedone cattura solo in diagonale)"},
	{"4k3/8/8/8/4p3/8/4P3/4K3 w - - 0 1", "e4", English, "move.pawn.blocked",
		"the black pawn on e4 blocks the pawn on e2",
		"il pedone nero in e4 blocca il pedone in e2"},
	{StartFEN, "e5", English, "move.pawn.none.white",
		"no white pawn can move to e5",
		"nessun pedone bianco può andare in e5"},
	{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1", "e4", English, "move.pawn.none.black",
		"no black pawn can move to e4",
		"nessun pedone nero può andare in e4"},
	{"4k3/P7/8/8/8/8/8/r3K3 w - - 0 1", "a8", English, "move.promo.add",
		"the pawn reaches the last rank and must be promoted: add the piece, as in a8=Q",
		"il pedone raggiunge l'ultima traversa e va promosso: aggiungere la lettera del pezzo scelto dopo a8="},
}

func TestMoveReasonPhrases(t *testing.T) {
	seen := map[string]bool{}
	for _, tt := range whyCases {
		p := mustFEN(t, tt.fen)
		_, err := p.ParseMove(tt.text, tt.lang)
		var me *MoveError
		if !errors.As(err, &me) {
			t.Errorf("ParseMove(%q) in %s = %v, want a MoveError", tt.text, tt.fen, err)
			continue
		}
		checkWhy(t, tt.text, me.Reason, me.Why, tt.id, tt.en, tt.it)
		ids(me.Why, seen)
	}
	// A move after the end of the game: only Check meets it.
	ends := []struct{ pgn, id, en, it string }{
		{"1.f3 e5 2.g4 Qh4# 3.a3 *", "move.after.checkmate",
			"no move can follow: the game ended in checkmate",
			"nessuna mossa può seguire: la partita è finita con lo scacco matto"},
		{"[FEN \"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\"]\n\n1...Kh7 *", "move.after.stalemate",
			"no move can follow: the game ended in stalemate",
			"nessuna mossa può seguire: la partita è finita per stallo"},
	}
	for _, tt := range ends {
		v := Check(readOne(t, tt.pgn), Options{})
		if v.Illegal == nil {
			t.Errorf("Check(%q) finds no illegal move", tt.pgn)
			continue
		}
		checkWhy(t, tt.pgn, v.Illegal.Reason, v.Illegal.Why, tt.id, tt.en, tt.it)
		ids(v.Illegal.Why, seen)
	}
	// Every explanation of the catalog is met above.
	b, err := os.ReadFile("../locale/en.json")
	if err != nil {
		t.Fatal(err)
	}
	var catalog map[string]json.RawMessage
	if err := json.Unmarshal(b, &catalog); err != nil {
		t.Fatal(err)
	}
	var missed []string
	for id := range catalog {
		if strings.HasPrefix(id, "move.") && !seen[id] {
			missed = append(missed, id)
		}
	}
	slices.Sort(missed)
	if len(missed) > 0 {
		t.Errorf("no case words %v", missed)
	}
}

// checkWhy compares an explanation with the one wanted: its message, its
// English, the English its phrase gives (the same, byte for byte) and the
// Italian.
func checkWhy(t *testing.T, text, reason string, why phrase.Text, id, en, it string) {
	t.Helper()
	if why.ID != id {
		t.Errorf("%q: the explanation is %s, want %s", text, why.ID, id)
	}
	if reason != en {
		t.Errorf("%q: Reason = %q, want %q", text, reason, en)
	}
	if got := english.Word(why); got != reason {
		t.Errorf("%q: the phrase of %q is %q in English", text, reason, got)
	}
	if got := italian.Word(why); got != it {
		t.Errorf("%q: in Italian %q, want %q", text, got, it)
	}
}

// ids adds the messages of t and of the phrases inside it to seen.
func ids(t phrase.Text, seen map[string]bool) {
	seen[t.ID] = true
	for _, v := range t.Args {
		if sub, ok := v.(phrase.Text); ok {
			ids(sub, seen)
		}
	}
	for _, p := range t.Parts {
		ids(p, seen)
	}
}
