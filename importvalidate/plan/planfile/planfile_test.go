package planfile_test

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/importvalidate/plan"
	"github.com/flagadmin/flagadmin/importvalidate/plan/planfile"
	"github.com/flagadmin/flagadmin/model"
)

// split answers a plan's read (importvalidate.PartConfigs) from the
// snapshot cur, and the others from st.
type split struct {
	st  importvalidate.State
	cur *model.Snapshot
}

func (s split) Read(ctx context.Context, q importvalidate.Query) (*importvalidate.Reading, error) {
	if q.Want.Has(importvalidate.PartConfigs) {
		return importvalidate.ReadSnapshot(s.cur, q)
	}
	return s.st.Read(ctx, q)
}

// current is a snapshot holding the feature checkout of the
// project default with the description desc, enabled or not in
// development, and the context field region.
func current(desc string, enabled bool) *model.Snapshot {
	return &model.Snapshot{
		Features: []model.SnapshotFeature{{Name: "checkout", Project: "default"}},
		FeatureConfigs: []model.SnapshotFeatureConfig{{Feature: "checkout", Type: "release", Description: &desc,
			Environments: []model.SnapshotFeatureEnvironment{{Name: "development", Enabled: enabled}, {Name: "production", Enabled: !enabled}}}},
		ContextFields: []model.SnapshotContextField{{Name: "region"}},
	}
}

const body = `{"project":"default","environment":"development","data":{
  "features":[{"name":"checkout","project":"default"}],
  "featureStrategies":[{"name":"flexibleRollout","featureName":"checkout","parameters":{"rollout":"50"},
    "constraints":[{"contextName":"region","operator":"IN","values":["eu"]}]}],
  "contextFields":[{"name":"region","legalValues":[{"value":"eu"}]}],
  "tagTypes":[]}}`

// state is the demo instance with a context field region of the given
// legal values.
func state(t *testing.T, legal ...string) importvalidate.State {
	t.Helper()
	return stateWith(t, nil, legal...)
}

// stateWith is state, with the resource limits of the snapshot changed
// by edit when it is not nil.
func stateWith(t *testing.T, edit func(*model.Snapshot), legal ...string) importvalidate.State {
	t.Helper()
	snap, err := model.DefaultSnapshot()
	if err != nil {
		t.Fatal(err)
	}
	if edit != nil {
		edit(snap)
	}
	cf := model.SnapshotContextField{Name: "region"}
	for _, v := range legal {
		cf.LegalValues = append(cf.LegalValues, model.LegalValue{Value: v})
	}
	snap.ContextFields = append(snap.ContextFields, cf)
	st, err := importvalidate.NewMemoryState(snap)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// record validates and plans body over st through a Recorder.
func record(t *testing.T, st importvalidate.State) ([]planfile.Read, *plan.Plan) {
	t.Helper()
	ctx := context.Background()
	rec := planfile.NewRecorder(st)
	v, err := importvalidate.New(importvalidate.Options{State: rec})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := v.Validate(ctx, []byte(body), importvalidate.Target{Permissions: importvalidate.AllPermissions{}})
	if err != nil || rep.HasErrors() {
		t.Fatalf("validate: %v %v", err, rep.Diagnostics())
	}
	pl, err := plan.New(plan.Options{Source: rec})
	if err != nil {
		t.Fatal(err)
	}
	p, err := pl.Plan(ctx, rep)
	if err != nil {
		t.Fatal(err)
	}
	return rec.Reads(), p
}

// TestCheckNamesWhatChanged: the reads recorded while validating and
// planning hold again on the same state, and on a changed state Check
// names each change.
func TestCheckNamesWhatChanged(t *testing.T) {
	ctx := context.Background()
	cur := current("old", false)
	reads, p := record(t, split{state(t, "eu"), cur})
	// The validation's read and the plan's.
	if len(reads) != 2 || reads[0].Kind != planfile.KindRead || reads[1].Kind != planfile.KindRead {
		t.Errorf("reads %v, want two of kind %s", reads, planfile.KindRead)
	}
	for _, member := range []string{`"strategies"`, `"contextFields"`, `"features"`, `"facts"`, `"current"`} {
		if !strings.Contains(string(reads[0].Answer)+string(reads[1].Answer), member) {
			t.Errorf("no %s read in %s and %s", member, reads[0].Answer, reads[1].Answer)
		}
	}
	if got, err := planfile.Check(ctx, reads, split{state(t, "eu"), cur}); err != nil || len(got) != 0 {
		t.Errorf("the same state: %v %v", got, err)
	}
	// A change in another environment is none for the plan.
	other := current("old", false)
	other.FeatureConfigs[0].Environments[1].Enabled = false
	if got, err := planfile.Check(ctx, reads, split{state(t, "eu"), other}); err != nil || len(got) != 0 {
		t.Errorf("a change in production: %v %v", got, err)
	}
	// The facts the import's own checks read are part of what the plan
	// depends on: a lower limit of constraints is a change.
	one := int64(0)
	lower := stateWith(t, func(s *model.Snapshot) {
		if s.ResourceLimits == nil {
			s.ResourceLimits = &model.SnapshotResourceLimits{}
		}
		s.ResourceLimits.Constraints = &one
		s.Unknown = slices.DeleteFunc(s.Unknown, func(u string) bool { return u == model.UnknownResourceLimits })
	}, "eu")
	if got, err := planfile.Check(ctx, reads, split{lower, cur}); err != nil || !strings.Contains(strings.Join(got, "\n"), "import's own checks") {
		t.Errorf("a lower limit of constraints: %v %v", got, err)
	}
	changed := current("new", true)
	got, err := planfile.Check(ctx, reads, split{state(t, "eu", "us"), changed})
	if err != nil {
		t.Fatal(err)
	}
	all := strings.Join(got, "\n")
	for _, want := range []string{`context field "region": legalValues ["eu"] -> ["eu","us"]`, `feature "checkout" in "development": description, enabled changed`} {
		if !strings.Contains(all, want) {
			t.Errorf("Check says\n%s\nwant a line with %s", all, want)
		}
	}

	// The file round trip keeps the reads and the digest; an edited read
	// is refused.
	f := planfile.File{Format: planfile.Format, Version: planfile.Version, Unleash: "http://127.0.0.1:4242",
		Plans: []planfile.Entry{{File: "x.json", Project: "default", Environment: "development", Body: json.RawMessage(body), Plan: p,
			Reads: reads}}}
	f.Seal()
	raw, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	if !planfile.IsPlanFile(raw) || planfile.IsPlanFile([]byte(body)) {
		t.Error("IsPlanFile")
	}
	back, err := planfile.Decode(raw)
	if err != nil {
		t.Fatal(err)
	}
	q, c, err := back.Plans[0].Current()
	if err != nil || q == nil || len(c.Features) != 1 {
		t.Fatalf("Current: %v %v %v", q, c, err)
	}
	// What was read is what a plan reads: development alone.
	if envs := c.FeatureConfigs[0].Environments; len(envs) != 1 || envs[0].Name != "development" {
		t.Errorf("the configuration read keeps the environments %v", envs)
	}
	if !planfile.SameCurrent(*q, c, cur) || planfile.SameCurrent(*q, c, changed) {
		t.Error("SameCurrent")
	}
	edited := strings.Replace(string(raw), `\"old\"`, `\"older\"`, 1)
	edited = strings.Replace(edited, `"description":"old"`, `"description":"older"`, 1)
	if _, err := planfile.Decode([]byte(edited)); err == nil || !strings.Contains(err.Error(), "digest") {
		t.Errorf("an edited plan file: %v", err)
	}
}

// TestDecodeBindsEverything: the digest covers the instance, each
// entry's target, body, plan and reads; an entry whose target is not its
// body's, or that has no reads, is refused even with a matching digest;
// a truncated file is a plan file that does not decode, with a JSON
// error.
func TestDecodeBindsEverything(t *testing.T) {
	cur := current("old", false)
	reads, p := record(t, split{state(t, "eu"), cur})
	good := func() planfile.File {
		f := planfile.File{Format: planfile.Format, Version: planfile.Version, Unleash: "http://127.0.0.1:4242",
			Plans: []planfile.Entry{{File: "x.json", Project: "default", Environment: "development", Body: json.RawMessage(body), Plan: p,
				Reads: slices.Clone(reads)}}}
		f.Seal()
		return f
	}
	encode := func(f planfile.File) []byte {
		raw, err := json.Marshal(f)
		if err != nil {
			t.Fatal(err)
		}
		return raw
	}
	if _, err := planfile.Decode(encode(good())); err != nil {
		t.Fatalf("the good file: %v", err)
	}
	for _, c := range []struct {
		name   string
		edit   func(f *planfile.File)
		reseal bool
		says   string
	}{
		{"another instance", func(f *planfile.File) { f.Unleash = "https://elsewhere.example" }, false, "digest"},
		{"another environment", func(f *planfile.File) { f.Plans[0].Environment = "production" }, false, "digest"},
		{"another body", func(f *planfile.File) {
			f.Plans[0].Body = json.RawMessage(strings.Replace(body, `"rollout":"50"`, `"rollout":"100"`, 1))
		}, false, "digest"},
		{"another plan", func(f *planfile.File) { f.Plans[0].Plan = &plan.Plan{Project: "default", Environment: "development"} }, false, "digest"},
		{"fewer reads", func(f *planfile.File) { f.Plans[0].Reads = f.Plans[0].Reads[1:] }, false, "digest"},
		{"another environment, resealed", func(f *planfile.File) { f.Plans[0].Environment = "production" }, true, `targets project "default", environment "production"`},
		{"no reads, resealed", func(f *planfile.File) { f.Plans[0].Reads = nil }, true, "no reads"},
		{"version 1", func(f *planfile.File) { f.Version = 1 }, true, "version 1"},
	} {
		f := good()
		c.edit(&f)
		if c.reseal {
			f.Seal()
		}
		if _, err := planfile.Decode(encode(f)); err == nil || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%s: %v, want an error with %q", c.name, err, c.says)
		}
	}
	raw := encode(good())
	cut := raw[:len(raw)/2]
	if !planfile.IsPlanFile(cut) {
		t.Error("a truncated plan file is not taken for one")
	}
	if _, err := planfile.Decode(cut); err == nil || !strings.Contains(err.Error(), "truncated") {
		t.Errorf("a truncated plan file: %v", err)
	}
}

// TestCompareNamesMissingAndNewReads: a read made only at plan time or
// only now is a difference, each named once.
func TestCompareNamesMissingAndNewReads(t *testing.T) {
	a := planfile.Read{Kind: planfile.KindRead, Args: json.RawMessage(`{"tagTypes":["team"]}`), Answer: json.RawMessage(`{"tagTypes":["team"]}`)}
	b := planfile.Read{Kind: planfile.KindRead, Args: json.RawMessage(`{"tagTypes":["squad"]}`), Answer: json.RawMessage(`{}`)}
	if got := planfile.Compare([]planfile.Read{a}, []planfile.Read{a}); len(got) != 0 {
		t.Errorf("the same reads: %v", got)
	}
	got := strings.Join(planfile.Compare([]planfile.Read{a, a}, []planfile.Read{b}), "\n")
	for _, want := range []string{`no longer makes the read of {"tagTypes":["team"]}`, `now makes the read of {"tagTypes":["squad"]}`} {
		if !strings.Contains(got, want) {
			t.Errorf("Compare says\n%s\nwant %s", got, want)
		}
	}
	if strings.Count(got, "no longer") != 1 {
		t.Errorf("a difference named twice:\n%s", got)
	}
}
