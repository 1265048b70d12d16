package statetest

import (
	"testing"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/model"
)

// Validator returns a validator with opts whose State, when opts leaves
// it nil, is an importvalidate.MemoryState of snap; it fails tb when
// either refuses.
func Validator(tb testing.TB, snap *model.Snapshot, opts importvalidate.Options) *importvalidate.Validator {
	tb.Helper()
	if opts.State == nil {
		st, err := importvalidate.NewMemoryState(snap)
		if err != nil {
			tb.Fatal(err)
		}
		opts.State = st
	}
	v, err := importvalidate.New(opts)
	if err != nil {
		tb.Fatal(err)
	}
	return v
}
