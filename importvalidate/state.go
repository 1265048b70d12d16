package importvalidate

import (
	"context"

	"github.com/flagadmin/flagadmin/importvalidate/importmodel"
)

// State is the one way to read an instance's state (importmodel.Source):
// one method, Read, that answers a Query with a Reading. A validation
// makes one Read, and a plan (package plan) one more, whatever the size
// of the import. A snapshot (NewMemoryState), an Unleash database
// (package unleashdb), a live instance (package unleashapi) and a Go
// service's own store implement it; a store answers most simply by
// building a snapshot of what it holds of the Query's names and asking
// ReadSnapshot. Read must be safe for concurrent use; names absent from
// the store are left out of the answer, and an error aborts the
// validation.
type State = importmodel.Source

// The one State's question and answer (package importmodel, where they
// are documented), under this package's names.
type (
	Query   = importmodel.Query
	Reading = importmodel.Reading
	Parts   = importmodel.Parts
)

// The parts of a Reading a Query may want beyond the named definitions.
const (
	PartTarget  = importmodel.PartTarget
	PartFacts   = importmodel.PartFacts
	PartConfigs = importmodel.PartConfigs
)

// Project is a project as the rules read it: its settings, as a state
// snapshot holds them, and the number of its features, which a snapshot
// gives by listing them.
type Project = importmodel.Project

// The facts of the import (package importmodel, where they are
// documented), under this package's names: what a Reading answers to a
// Query that wants PartFacts. A fact the source cannot know is left with
// Known false; the checks that need it then say so in a warning
// (CodeImportUnknownFact) instead of guessing.
type (
	ImportFacts     = importmodel.Facts
	ResourceLimits  = importmodel.ResourceLimits
	FeatureFacts    = importmodel.FeatureFacts
	FeatureMetadata = importmodel.FeatureMetadata
	ChangeRequests  = importmodel.ChangeRequests
	LinkTemplate    = importmodel.LinkTemplate
)

// Known is a fact of the instance that a state source may not be able to
// tell (importmodel.Known).
type Known[T any] = importmodel.Known[T]

// DefaultResourceLimits are Unleash 8.2.0's resource limits when its
// configuration sets none (importmodel.DefaultResourceLimits).
var DefaultResourceLimits = importmodel.DefaultResourceLimits

// Permissions answers whether the caller holds a permission. The auth
// package's principals implement it.
type Permissions interface {
	// HasPermission reports whether the caller holds permission in project
	// and environment. A caller holding ADMIN holds every permission.
	HasPermission(ctx context.Context, permission, project, environment string) (bool, error)
}
