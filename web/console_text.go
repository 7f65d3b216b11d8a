package web

// consolePlaceholders names the placeholders of the console's messages
// (console.go), in the order the pages pass them.
func consolePlaceholders(key string) []string {
	switch key {
	case "c-reported-by":
		return []string{"Result", "Colour"}
	case "c-bad-board":
		return []string{"Board"}
	case "c-no-result":
		return []string{"Codes"}
	case "c-refused-fen", "c-refused-game":
		return []string{"Msg"}
	case "c-entered", "c-corrected":
		return []string{"Board", "Result", "More"}
	case "c-match-correct":
		return []string{"Result", "New"}
	case "c-edited", "c-unpaired", "c-withdrawn", "c-late", "c-unpair", "c-sheet-rounds", "c-pair-waits", "c-late-help", "c-standings-inplay":
		return []string{"Round"}
	case "c-undone", "c-undo-last":
		return []string{"What"}
	case "c-created", "c-return", "c-enter-this", "c-enter-new", "c-edited-player", "c-removed":
		return []string{"Name"}
	case "c-fit-rr", "c-close", "c-closed-swiss":
		return []string{"Players", "Rounds"}
	case "c-close-rr", "c-close-swiss", "c-close-double", "c-close-keep", "c-closed":
		return []string{"Rounds"}
	case "c-fit-swiss":
		return []string{"Planned", "Players", "Swiss"}
	case "c-closed-rr":
		return []string{"Players", "Rounds", "Tiebreaks"}
	case "c-bye-asked":
		return []string{"Round", "Kind"}
	case "c-bad-rating":
		return []string{"Value"}
	case "c-entered-club", "c-entered-new":
		return []string{"PN", "Name"}
	case "c-entered-late":
		return []string{"PN", "Name", "Round"}
	case "c-roster-read":
		return []string{"File", "Count", "New", "Updated"}
	case "c-imported":
		return []string{"File", "Count", "New"}
	case "c-withdrew", "c-returned", "c-bye-cancelled":
		return []string{"Name", "Round"}
	case "c-bye-set":
		return []string{"Name", "Round", "Kind"}
	case "c-sheet-players", "c-entered-count", "c-roster-search":
		return []string{"Count"}
	case "c-save-correction":
		return []string{"Result"}
	}
	return nil
}
