package importvalidate

import (
	"github.com/flagadmin/flagadmin/importvalidate/importmodel"
	"github.com/flagadmin/flagadmin/model"
)

// MemoryState is the State held in memory over a state snapshot, for a
// validation and a plan alike (importmodel.SnapshotSource): what the
// snapshot lists answers every part of a Query. It is immutable once
// built and safe for concurrent use.
type MemoryState = importmodel.SnapshotSource

// NewMemoryState builds a MemoryState from a snapshot (nil is an empty
// instance). It fails on a snapshot that names a feature twice, since a
// feature name is unique across projects, on a negative feature limit or
// resource limit, and on a configuration of a feature the snapshot does
// not list, or listed twice.
func NewMemoryState(s *model.Snapshot) (*MemoryState, error) { return importmodel.NewSnapshotSource(s) }

// ReadSnapshot answers q from s, as a MemoryState of s would: a store of
// its own implements State by building the snapshot of what it holds of
// q's names and answering with it. It fails where NewMemoryState does.
func ReadSnapshot(s *model.Snapshot, q Query) (*Reading, error) {
	return importmodel.ReadSnapshot(s, q)
}
