package unleashdb_test

import (
	"context"
	"testing"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
)

// TestConcurrentUse validates, looks tokens up and lists users from many
// goroutines at once on one DB (run it with -race).
func TestConcurrentUse(t *testing.T) {
	db := sharedInParallel(t)
	v, err := importvalidate.New(importvalidate.Options{State: db})
	if err != nil {
		t.Fatal(err)
	}
	body := genExport(50)
	ctx := context.Background()
	errs := make(chan error, 64)
	testutil.Concurrently(8, func(i int) {
		for j := 0; j < 5; j++ {
			if _, err := v.Validate(ctx, body, importvalidate.Target{Permissions: importvalidate.AllPermissions{}}); err != nil {
				errs <- err
			}
			if _, ok, err := db.LookupToken(ctx, editorToken); err != nil || !ok {
				errs <- err
			}
			if _, err := db.Users(ctx); err != nil {
				errs <- err
			}
		}
	})
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}
