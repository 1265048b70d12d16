package importvalidate_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
	"github.com/flagadmin/flagadmin/model"
)

// countingState counts the calls made to a State and can fail one method.
type countingState struct {
	importvalidate.State
	calls  atomic.Int64
	failOn string
}

func (c *countingState) hit(method string) error {
	c.calls.Add(1)
	if c.failOn == method {
		return errors.New("store unavailable")
	}
	return nil
}

func (c *countingState) Strategies(ctx context.Context, n []string) ([]model.SnapshotStrategy, error) {
	return counted(c, "Strategies", func() ([]model.SnapshotStrategy, error) { return c.State.Strategies(ctx, n) })
}
func (c *countingState) ContextFields(ctx context.Context, n []string) ([]model.SnapshotContextField, error) {
	return counted(c, "ContextFields", func() ([]model.SnapshotContextField, error) { return c.State.ContextFields(ctx, n) })
}
func (c *countingState) Segments(ctx context.Context, n []string) ([]model.SnapshotSegment, error) {
	return counted(c, "Segments", func() ([]model.SnapshotSegment, error) { return c.State.Segments(ctx, n) })
}
func (c *countingState) TagTypes(ctx context.Context, n []string) ([]string, error) {
	return counted(c, "TagTypes", func() ([]string, error) { return c.State.TagTypes(ctx, n) })
}
func (c *countingState) Features(ctx context.Context, n []string) ([]model.SnapshotFeature, error) {
	return counted(c, "Features", func() ([]model.SnapshotFeature, error) { return c.State.Features(ctx, n) })
}
func (c *countingState) Project(ctx context.Context, id string) (importvalidate.Project, bool, error) {
	if err := c.hit("Project"); err != nil {
		return importvalidate.Project{}, false, err
	}
	return c.State.Project(ctx, id)
}
func (c *countingState) FeaturesWithStrategies(ctx context.Context, env string, n []string) ([]string, error) {
	return counted(c, "FeaturesWithStrategies", func() ([]string, error) { return c.State.FeaturesWithStrategies(ctx, env, n) })
}

// counted asks the state with ask after counting the call of name, or
// fails it as the state was told to.
func (c *countingState) ImportFacts(ctx context.Context, q importvalidate.ImportQuery) (*importvalidate.ImportFacts, error) {
	return counted(c, "ImportFacts", func() (*importvalidate.ImportFacts, error) {
		return c.State.(importvalidate.ImportState).ImportFacts(ctx, q)
	})
}
func (c *countingState) SourceName() string { return "the counted state" }

func counted[T any](c *countingState, name string, ask func() (T, error)) (T, error) {
	if err := c.hit(name); err != nil {
		var zero T
		return zero, err
	}
	return ask()
}

// countingPerms counts permission questions.
type countingPerms struct{ calls atomic.Int64 }

func (c *countingPerms) HasPermission(context.Context, string, string, string) (bool, error) {
	c.calls.Add(1)
	return false, nil
}

// bigImport builds an import of n features touching every kind of lookup.
func bigImport(n int) *model.ImportRequest {
	var b strings.Builder
	b.WriteString(`{"project":"default","environment":"development","data":{"features":[`)
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"name":"f%d"}`, i)
	}
	b.WriteString(`],"featureStrategies":[`)
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"name":"s%d","featureName":"f%d","constraints":[{"contextName":"c%d","operator":"IN","values":["x"]}]}`, i%7, i, i)
	}
	b.WriteString(`],"featureEnvironments":[{"name":"f0","enabled":true,"variants":[{"name":"v","weight":1000}]}],"contextFields":[`)
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"name":"c%d","legalValues":[{"value":"x"}]}`, i)
	}
	b.WriteString(`],"segments":[{"id":1,"name":"seg"}],"featureTags":[{"featureName":"f0","tagType":"t","tagValue":"vv"}],"tagTypes":[{"name":"t"}],"dependencies":[`)
	for i := 1; i < n; i++ {
		if i > 1 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"feature":"f%d","dependencies":[{"feature":"p%d"}]}`, i, i)
	}
	b.WriteString(`]}}`)
	var imp model.ImportRequest
	if err := jsonUnmarshal([]byte(b.String()), &imp); err != nil {
		panic(err)
	}
	return &imp
}

func TestStateCallsDoNotGrowWithInput(t *testing.T) {
	base := mustState(t, `{"projects":[{"id":"default","featureLimit":5}],"strategies":`+builtIns+`}`)
	count := func(n int, strict bool) (int64, int64) {
		st := &countingState{State: base}
		perms := &countingPerms{}
		v := mustNew(t, importvalidate.Options{State: st, Strict: strict})
		rep, err := v.ValidateImport(context.Background(), bigImport(n), importvalidate.Target{Permissions: perms})
		if err != nil {
			t.Fatal(err)
		}
		if !rep.HasErrors() {
			t.Fatalf("n=%d: expected errors in the report", n)
		}
		return st.calls.Load(), perms.calls.Load()
	}
	// A lookup per feature would show at either size; the long tests run
	// the larger one.
	n := testutil.Sized(1000, 10000)
	for _, strict := range []bool{false, true} {
		s10, p10 := count(10, strict)
		sn, pn := count(n, strict)
		if s10 != sn || p10 != pn {
			t.Errorf("strict=%v: state calls 10 features: %d, %d features: %d; permission calls %d vs %d", strict, s10, n, sn, p10, pn)
		}
		// Seven lookups and the import's facts; the seven permissions an
		// import may need and the two the import checks itself.
		if s10 > 8 || p10 > 9 {
			t.Errorf("strict=%v: %d state calls and %d permission calls; want at most 8 and 9", strict, s10, p10)
		}
	}
}

func TestLookupErrorAbortsWithoutReport(t *testing.T) {
	base := mustState(t, `{"projects":[{"id":"default"}],"strategies":`+builtIns+`}`)
	for _, m := range []string{"Strategies", "ContextFields", "Segments", "TagTypes", "Features", "Project", "FeaturesWithStrategies"} {
		t.Run(m, func(t *testing.T) {
			st := &countingState{State: base, failOn: m}
			v := mustNew(t, importvalidate.Options{State: st})
			rep, err := v.ValidateImport(context.Background(), bigImport(3), importvalidate.Target{Permissions: importvalidate.AllPermissions{}, RequestBody: true})
			if err == nil || rep != nil {
				t.Fatalf("got report %v, error %v; want no report and an error", rep, err)
			}
			if !strings.Contains(err.Error(), "store unavailable") {
				t.Errorf("error %q does not wrap the lookup's error", err)
			}
		})
	}
}

// storeLikeState refuses, as PostgreSQL does (SQLSTATE 22021), a name
// that no text column can hold.
type storeLikeState struct{ importvalidate.State }

func (s *storeLikeState) refuse(names ...string) error {
	for _, n := range names {
		if !model.Storable(n) {
			return fmt.Errorf("invalid byte sequence in %q", n)
		}
	}
	return nil
}

func (s *storeLikeState) Features(ctx context.Context, n []string) ([]model.SnapshotFeature, error) {
	return refusing(s, n, func() ([]model.SnapshotFeature, error) { return s.State.Features(ctx, n) })
}
func (s *storeLikeState) Strategies(ctx context.Context, n []string) ([]model.SnapshotStrategy, error) {
	return refusing(s, n, func() ([]model.SnapshotStrategy, error) { return s.State.Strategies(ctx, n) })
}
func (s *storeLikeState) ContextFields(ctx context.Context, n []string) ([]model.SnapshotContextField, error) {
	return refusing(s, n, func() ([]model.SnapshotContextField, error) { return s.State.ContextFields(ctx, n) })
}
func (s *storeLikeState) Segments(ctx context.Context, n []string) ([]model.SnapshotSegment, error) {
	return refusing(s, n, func() ([]model.SnapshotSegment, error) { return s.State.Segments(ctx, n) })
}
func (s *storeLikeState) TagTypes(ctx context.Context, n []string) ([]string, error) {
	return refusing(s, n, func() ([]string, error) { return s.State.TagTypes(ctx, n) })
}
func (s *storeLikeState) Project(ctx context.Context, id string) (importvalidate.Project, bool, error) {
	if err := s.refuse(id); err != nil {
		return importvalidate.Project{}, false, err
	}
	return s.State.Project(ctx, id)
}
func (s *storeLikeState) FeaturesWithStrategies(ctx context.Context, env string, n []string) ([]string, error) {
	return refusing(s, append([]string{env}, n...), func() ([]string, error) { return s.State.FeaturesWithStrategies(ctx, env, n) })
}

func (s *storeLikeState) ImportFacts(ctx context.Context, q importvalidate.ImportQuery) (*importvalidate.ImportFacts, error) {
	names := append([]string{q.Project, q.Environment}, q.Features...)
	for _, t := range q.Tags {
		names = append(names, t.Type, t.Value)
	}
	return refusing(s, names, func() (*importvalidate.ImportFacts, error) {
		return s.State.(importvalidate.ImportState).ImportFacts(ctx, q)
	})
}
func (s *storeLikeState) SourceName() string { return "the snapshot" }

func refusing[T any](s *storeLikeState, names []string, ask func() (T, error)) (T, error) {
	if err := s.refuse(names...); err != nil {
		var zero T
		return zero, err
	}
	return ask()
}

// TestUnstorableNamesNotAsked: a name no database can hold (U+0000, an
// unpaired surrogate) is never put to the state, whatever member holds it,
// and the answer is the one of a state that simply lacks it.
func TestUnstorableNamesNotAsked(t *testing.T) {
	base := mustState(t, `{"projects":[{"id":"default"}],"strategies":`+builtIns+`}`)
	for _, bad := range []string{"\x00", "\xed\xa0\x80", "\xed\xbf\xbf"} {
		imp := bigImport(3)
		d := &imp.Data
		imp.Project += bad
		imp.Environment = bad + imp.Environment
		d.Features[1].Name += bad
		d.FeatureStrategies[0].Name += bad
		d.ContextFields[0].Name += bad
		d.Segments[0].Name += bad
		d.TagTypes[0].Name += bad
		*d.FeatureTags[0].TagType += bad
		d.Dependencies[0].Dependencies[0].Feature += bad
		for _, strict := range []bool{false, true} {
			want, err := mustNew(t, importvalidate.Options{State: base, Strict: strict}).ValidateImport(context.Background(), imp, importvalidate.Target{Permissions: importvalidate.AllPermissions{}, RequestBody: true})
			if err != nil {
				t.Fatal(err)
			}
			got, err := mustNew(t, importvalidate.Options{State: &storeLikeState{State: base}, Strict: strict}).
				ValidateImport(context.Background(), imp, importvalidate.Target{Permissions: importvalidate.AllPermissions{}, RequestBody: true})
			if err != nil {
				t.Fatalf("%q strict %v: %v", bad, strict, err)
			}
			if w, g := importvalidate.MarshalResponse(want.Response()), importvalidate.MarshalResponse(got.Response()); string(w) != string(g) {
				t.Errorf("%q strict %v: %s; want %s", bad, strict, g, w)
			}
		}
	}
}
