// Package reports writes what an organizer hands out and keeps: the
// standings workbook (XLSX) and the printed sheets (PDF) of a tournament.
//
// Every writer takes an io.Writer and an *Event, a presentation model built
// from the domain values alone: the tournament, its entries, its rounds,
// their score cards and the standings rows already ranked by the caller
// (ranks and tie-break values come from the tie-break chain, which this
// package does not compute). An Event describes the tournament after its
// last round in Rounds: pass rounds 1 to N for "after round N".
//
// The workbook (WriteXLSX) has the sheets Standings, Crosstable, one sheet
// per round and Players (Classifica, Tabellone, Turno 1... and Giocatori
// in Italian). Numbers are stored as numbers, so a spreadsheet can sort
// and sum them; points in halves show as fractions ("2 1/2"), other
// decimals as the spreadsheet's locale writes them. Result codes are text
// and use the ½ sign, as printed sheets do ("½-½", "5b½").
//
// Every writer words its output with Event.Locale: English when it is
// nil, or Italian with the federation's terms ("Abbinamenti del 3° turno",
// "Firma del Bianco", "Tabellone").
//
// The crosstable of a round robin (arbiter.RoundRobin) is the square
// "tabellone all'italiana", in the PDF and in the workbook: a line and a
// column per player in rank order, each player's points against the other
// where they meet (both games of a double round robin), a blank diagonal,
// then points, tie-breaks and rank, with a legend. A Swiss that went on as
// an all-play-all (Tournament.AllPlayAll) prints that square for the
// all-play-all's rounds after its crosstable.
//
// The PDF writers (WritePairings, WriteSlips, WriteStandings,
// WriteCrosstable) lay out A4 pages with the Go fonts embedded, so accented
// names print everywhere. Their output is deterministic: the same Event
// gives the same bytes, with the creation date taken from Event.Generated.
package reports
