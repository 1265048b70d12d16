package importvalidate

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/flagadmin/flagadmin/model"
)

// refusalGrants is a caller who holds the given permissions everywhere.
type refusalGrants []Permission

func (g refusalGrants) HasPermission(_ context.Context, p, _, _ string) (bool, error) {
	return slices.Contains(g, Permission(p)), nil
}

// TestReferenceErrorsTheImportAccepts validates, with the reference rules,
// the recorded files on which the reference's validation and its import
// disagree, and those on which they agree: the reference response stays
// what the validation answered, byte for byte, while the report has an
// error (or a missing permission) exactly when the import refused the
// file.
func TestReferenceErrorsTheImportAccepts(t *testing.T) {
	for _, tc := range []struct {
		name string
		// features are added to the recorded state, as the case's setup
		// inserted them.
		features []model.SnapshotFeature
		perms    Permissions
	}{
		// The validation reports errors, the import accepts the file.
		{name: "ref-e1-strategy-without-feature-name"},
		{name: "ref-e3-archived-other-project"},
		{name: "ref-e4-duplicate-archived"},
		{name: "feature-duplicate-existing"},
		{name: "feature-naming-pattern-existing", features: []model.SnapshotFeature{{Name: "legacy-x", Project: "limited"}}},
		{name: "ref-e6-archived-counted", features: []model.SnapshotFeature{
			{Name: "lim-old1", Project: "limited", Archived: true}, {Name: "lim-old2", Project: "limited", Archived: true}}},
		{name: "ref-permission-unused-tag-type", perms: refusalGrants{PermCreateFeature, PermUpdateFeature}},
		// Both refuse.
		{name: "ref-e1-unknown-strategy"},
		{name: "feature-other-project"},
		{name: "feature-duplicate-new"},
		{name: "feature-naming-pattern-new"},
		{name: "feature-project-limit"},
		{name: "ref-permissions-viewer", perms: refusalGrants{}},
		// Both accept.
		{name: "ok-baseline"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, seed := refusalSeedState(t)
			snap := *seed
			snap.Features = append(slices.Clip(snap.Features), tc.features...)
			st, err := NewMemoryState(&snap)
			if err != nil {
				t.Fatal(err)
			}
			v, err := New(Options{State: st})
			if err != nil {
				t.Fatal(err)
			}
			body, err := os.ReadFile(filepath.Join("testdata", "import", tc.name+".body.json"))
			if err != nil {
				t.Fatal(err)
			}
			perms := tc.perms
			if perms == nil {
				perms = AllPermissions{}
			}
			rep, err := v.Validate(context.Background(), body, Target{Permissions: perms})
			if err != nil {
				t.Fatal(err)
			}
			var validated struct {
				Body model.ValidateResponse `json:"body"`
			}
			b, err := os.ReadFile(filepath.Join("testdata", "import", tc.name+".validate.json"))
			if err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(b, &validated); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(validated.Body, rep.Reference()); diff != "" {
				t.Errorf("reference response (-validation +here):\n%s", diff)
			}
			c := rep.Counts()
			refused := readRefusalAnswer(t, tc.name).Status != 200
			if got := c.Errors > 0 || c.Permissions > 0; got != refused {
				t.Errorf("errors or missing permissions: %v, the import refused the file: %v\n%v", got, refused, rep.Diagnostics())
			}
		})
	}
}
