package importvalidate

import (
	"context"
	"fmt"

	"github.com/flagadmin/flagadmin/model"
)

// adminTokenCaller is what Target.Permissions implements when it can tell
// that the caller authenticated with an admin API token (*auth.Principal
// does).
type adminTokenCaller interface {
	AdminAPIToken() bool
}

// sourceNamer is what a State implements to name itself in findings.
type sourceNamer interface {
	SourceName() string
}

// factsPermissions are the permissions the import checks itself, beyond
// those it requires, that Facts.Granted answers.
var factsPermissions = [...]Permission{PermCreateFeatureStrategy, PermSkipChangeRequest}

// gatherFacts fills in.Facts: the caller's from perms, the instance's
// from st when it is an ImportState, in one call whatever the size of the
// import, with the feature names looked up for in.Features (every name
// the file names).
func (in *Input) gatherFacts(ctx context.Context, st State, perms Permissions) error {
	f := &in.Facts
	f.Source = "the state"
	if n, ok := st.(sourceNamer); ok {
		f.Source = n.SourceName()
	}
	if c, ok := perms.(adminTokenCaller); ok {
		f.AdminToken = c.AdminAPIToken()
	}
	f.Granted = make(map[Permission]bool, len(factsPermissions))
	for _, p := range factsPermissions {
		if _, all := perms.(AllPermissions); all {
			f.Granted[p] = true
			continue
		}
		ok, err := perms.HasPermission(ctx, string(p), in.Project, in.Environment)
		if err != nil {
			return fmt.Errorf("importvalidate: checking permission %s: %w", p, err)
		}
		f.Granted[p] = ok
	}
	is, ok := st.(ImportState)
	if !ok || !model.Storable(in.Project) || !model.Storable(in.Environment) {
		// A target no database can hold has no facts; the rules that need
		// one say so.
		return nil
	}
	q := ImportQuery{Project: in.Project, Environment: in.Environment, Features: in.storableNames,
		Tags: factsTags(&in.Import.Data)}
	got, err := is.ImportFacts(ctx, q)
	if err != nil {
		return fmt.Errorf("importvalidate: looking up the facts of the import: %w", err)
	}
	if got == nil {
		return nil
	}
	granted, admin, source := f.Granted, f.AdminToken, f.Source
	*f = *got
	f.Granted, f.AdminToken = granted, admin
	if f.Source == "" {
		f.Source = source
	}
	return nil
}

// factsTags are the distinct (type, value) pairs of the tags that the
// features of d carry in features[].tags, those a database can hold.
func factsTags(d *model.ExportData) []model.SnapshotTag {
	var out []model.SnapshotTag
	var seen map[model.SnapshotTag]bool
	for i := range d.Features {
		ft := &d.Features[i]
		if ft.FeatureDetails == nil || !ft.Tags.Valid {
			continue
		}
		for _, t := range ft.Tags.Value {
			k := model.SnapshotTag{Type: t.Type, Value: t.Value}
			if seen[k] || !model.Storable(k.Type) || !model.Storable(k.Value) {
				continue
			}
			if seen == nil {
				seen = map[model.SnapshotTag]bool{}
			}
			seen[k] = true
			out = append(out, k)
		}
	}
	return out
}
