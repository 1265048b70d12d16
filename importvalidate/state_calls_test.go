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

// countingState counts the reads made of a State and can fail them.
type countingState struct {
	importvalidate.State
	calls atomic.Int64
	fail  bool
}

func (c *countingState) Read(ctx context.Context, q importvalidate.Query) (*importvalidate.Reading, error) {
	c.calls.Add(1)
	if c.fail {
		return nil, errors.New("store unavailable")
	}
	return c.State.Read(ctx, q)
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
		// One read, the import's facts with the rest; the seven
		// permissions an import may need and the two the import checks
		// itself.
		if s10 != 1 || p10 > 9 {
			t.Errorf("strict=%v: %d state reads and %d permission calls; want 1 and at most 9", strict, s10, p10)
		}
	}
}

func TestLookupErrorAbortsWithoutReport(t *testing.T) {
	base := mustState(t, `{"projects":[{"id":"default"}],"strategies":`+builtIns+`}`)
	st := &countingState{State: base, fail: true}
	v := mustNew(t, importvalidate.Options{State: st})
	rep, err := v.ValidateImport(context.Background(), bigImport(3), importvalidate.Target{Permissions: importvalidate.AllPermissions{}, RequestBody: true})
	if err == nil || rep != nil {
		t.Fatalf("got report %v, error %v; want no report and an error", rep, err)
	}
	if !strings.Contains(err.Error(), "store unavailable") {
		t.Errorf("error %q does not wrap the read's error", err)
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

func (s *storeLikeState) Read(ctx context.Context, q importvalidate.Query) (*importvalidate.Reading, error) {
	names := append([]string{q.Project, q.Environment}, q.Strategies...)
	for _, l := range [][]string{q.ContextFields, q.Segments, q.TagTypes, q.Features} {
		names = append(names, l...)
	}
	for _, t := range q.Tags {
		names = append(names, t.Type, t.Value)
	}
	if err := s.refuse(names...); err != nil {
		return nil, err
	}
	return s.State.Read(ctx, q)
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
