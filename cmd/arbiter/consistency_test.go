package main

import (
	"context"
	"fmt"

	"github.com/labyrinth-chess/arbiter/store"
)

// checkConsistency opens the database file at path as a fresh process
// would after a crash, read-only, and returns every broken invariant
// store's Verify finds (none when the file is sound), the same check as
// arbiter check.
func checkConsistency(ctx context.Context, path string) ([]string, error) {
	db, err := store.OpenMode(ctx, path, store.ReadOnly, nil)
	if err != nil {
		return []string{fmt.Sprintf("store cannot open the file: %v", err)}, nil
	}
	defer db.Close()
	return db.Verify(ctx)
}
