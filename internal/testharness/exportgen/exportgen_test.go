package exportgen

import (
	"bytes"
	"encoding/json"
	"os"
	"regexp"
	"slices"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"github.com/flagadmin/flagadmin/model"
)

func TestDeterministic(t *testing.T) {
	for _, opts := range []Options{
		{Features: 300, Seed: 1},
		{Features: 300, Seed: 42, ProblemShare: 0.25, Project: "web", Environment: "production"},
	} {
		a, b := JSON(opts), JSON(opts)
		if !bytes.Equal(a, b) {
			t.Errorf("%+v: two runs gave different bytes", opts)
		}
		c, err := json.Marshal(Generate(opts))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a, c) {
			t.Errorf("%+v: JSON differs from encoding Generate", opts)
		}
		other := opts
		other.Seed++
		if bytes.Equal(a, JSON(other)) {
			t.Errorf("%+v: seeds %d and %d gave the same bytes", opts, opts.Seed, other.Seed)
		}
	}
}

func TestSize(t *testing.T) {
	n1000 := len(JSON(Options{Features: 1000, Seed: 1}))
	t.Logf("N=1000: %d bytes", n1000)
	if n1000 < 900_000 || n1000 > 1_400_000 {
		t.Errorf("N=1000 gave %d bytes, want 0.9 MB to 1.4 MB", n1000)
	}
	// Roughly linear: the bytes per feature stay within 10% of N=1000's.
	per := float64(n1000) / 1000
	for _, n := range []int{100, 250, 500, 2000, 4000} {
		got := float64(len(JSON(Options{Features: n, Seed: 1}))) / float64(n)
		if got < 0.9*per || got > 1.1*per {
			t.Errorf("N=%d: %.0f bytes per feature, N=1000 has %.0f", n, got, per)
		}
	}
}

// TestDecodes checks that the bytes decode back into model.ImportRequest,
// strictly (no member the model does not name), and re-encode to the same
// bytes, so the round trip through the model neither loses nor invents a
// member. It is the round trip of large generated exports: package model's
// own round-trip test cannot import this internal package.
func TestDecodes(t *testing.T) {
	for _, opts := range []Options{
		{Features: 0},
		{Features: 1, ProblemShare: 1},
		{Features: 7, Seed: 3, ProblemShare: 1},
		{Features: 200, Seed: 200, ProblemShare: 0.3},
		{Features: 500, Seed: 9, ProblemShare: 0.2},
	} {
		b := JSON(opts)
		var req model.ImportRequest
		if err := model.DecodeStrict(b, &req); err != nil {
			t.Fatalf("%+v: %v", opts, err)
		}
		if len(req.Data.Features) != opts.Features {
			t.Errorf("%+v: %d features", opts, len(req.Data.Features))
		}
		again, err := json.Marshal(&req)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(b, again) {
			t.Errorf("%+v: decoding and re-encoding changed the bytes", opts)
		}
	}
}

var nameRE = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*$`)

// TestSchemaValid checks the constraints of the request schema that the
// model's types do not enforce by themselves.
func TestSchemaValid(t *testing.T) {
	req := Generate(Options{Features: 600, Seed: 5, ProblemShare: 0.3})
	d := req.Data
	errorf := func(format string, args ...any) {
		t.Helper()
		t.Errorf(format, args...)
	}
	if req.Project != "default" || req.Environment != "development" {
		errorf("project/environment %q/%q", req.Project, req.Environment)
	}
	for _, f := range d.Features {
		if !nameRE.MatchString(f.Name) {
			errorf("feature name %q", f.Name)
		}
	}
	for _, s := range d.FeatureStrategies {
		for _, c := range *s.Constraints {
			if !c.Operator.Valid() {
				errorf("operator %q", c.Operator)
			}
			if c.Value != nil && *c.Value == "" {
				errorf("empty constraint value")
			}
		}
		sum := int64(0)
		for _, v := range *s.Variants {
			if v.Weight < 0 || v.Weight > 1000 || !v.WeightType.Valid() {
				errorf("strategy variant %+v", v)
			}
			if v.Payload != nil && !v.Payload.Type.Valid() {
				errorf("payload type %q", v.Payload.Type)
			}
			if v.Payload != nil && v.Payload.Type == model.PayloadJSON && !json.Valid([]byte(v.Payload.Value)) {
				errorf("json payload %q", v.Payload.Value)
			}
			sum += v.Weight
		}
		if sum != 1000 {
			errorf("strategy variant weights sum to %d", sum)
		}
	}
	for _, e := range d.FeatureEnvironments {
		for _, v := range *e.Variants {
			if v.Weight < 0 || v.Weight > 1000 || !v.WeightType.Valid() || !v.Payload.Type.Valid() {
				errorf("variant %+v", v)
			}
		}
	}
	for _, tag := range d.FeatureTags {
		if n := utf8.RuneCountInString(tag.TagValue); n < 2 || n > 50 {
			errorf("tag value %q", tag.TagValue)
		}
	}
}

// oracleErrors computes the affected items of the errors E1, E2, E3, E4, E7
// and E8 of the rule catalogue (importvalidate's package doc), the ones the generator's problems trigger,
// for req against state. Keys are the rule numbers; empty lists are left out.
func oracleErrors(req *model.ImportRequest, state *model.Snapshot) map[string][]string {
	out := map[string][]string{}
	add := func(k, v string) { out[k] = append(out[k], v) }
	d := req.Data

	strategies := map[string]bool{}
	for _, s := range state.Strategies {
		strategies[s.Name] = true
	}
	for _, s := range d.FeatureStrategies {
		if !strategies[s.Name] {
			add("E1", s.Name)
		}
	}

	fields := map[string]model.SnapshotContextField{}
	for _, f := range state.ContextFields {
		fields[f.Name] = f
	}
	for _, f := range d.ContextFields {
		existing, ok := fields[f.Name]
		if !ok {
			continue
		}
		bad := existing.Project != nil && *existing.Project != req.Project
		if f.LegalValues != nil {
			for _, lv := range *f.LegalValues {
				if !slices.ContainsFunc(existing.LegalValues, func(e model.LegalValue) bool { return e.Value == lv.Value }) {
					bad = true
				}
			}
		}
		if bad {
			add("E2", f.Name)
		}
	}

	existing := map[string]model.SnapshotFeature{}
	for _, f := range state.Features {
		existing[f.Name] = f
	}
	imported, seen := map[string]bool{}, map[string]bool{}
	for _, f := range d.Features {
		if e, ok := existing[f.Name]; ok && e.Project != req.Project && !seen[f.Name] {
			add("E3", f.Name)
		}
		seen[f.Name] = true
	}
	for _, f := range d.Features {
		if imported[f.Name] && !slices.Contains(out["E4"], f.Name) {
			add("E4", f.Name)
		}
		imported[f.Name] = true
	}

	for _, s := range d.Segments {
		if !slices.ContainsFunc(state.Segments, func(e model.SnapshotSegment) bool {
			return e.Name == s.Name && (e.Project == nil || *e.Project == req.Project)
		}) {
			add("E7", s.Name)
		}
	}

	for _, dep := range d.Dependencies {
		for _, parent := range dep.Dependencies {
			if _, ok := existing[parent.Feature]; !ok && !imported[parent.Feature] {
				add("E8", parent.Feature)
			}
		}
	}
	return out
}

func TestNoErrorsWithoutProblems(t *testing.T) {
	for _, opts := range []Options{
		{Features: 1000, Seed: 11},
		{Features: 50, Seed: 12, Project: "other", Environment: "production"},
	} {
		if got := oracleErrors(Generate(opts), Snapshot(opts)); len(got) != 0 {
			t.Errorf("%+v: errors %v", opts, got)
		}
		if got := Problems(opts); len(got) != 0 {
			t.Errorf("%+v: problems %v", opts, got)
		}
		// The generated data uses dependencies, segments and constraints
		// at all, so the check above means something.
		d := Generate(opts).Data
		if len(d.Dependencies) == 0 || len(d.Segments) == 0 || len(d.ContextFields) == 0 {
			t.Errorf("%+v: no dependencies, segments or context fields", opts)
		}
	}
}

func TestNoErrorsAgainstOracleState(t *testing.T) {
	b, err := os.ReadFile("../../../testdata/conformance/oracle-state.json")
	if err != nil {
		t.Fatalf("the recorded reference state is needed: %v", err)
	}
	var state model.Snapshot
	if err := model.DecodeStrict(b, &state); err != nil {
		t.Fatal(err)
	}
	opts := Options{Features: 1000, Seed: 13}
	if got := oracleErrors(Generate(opts), &state); len(got) != 0 {
		t.Errorf("errors %v", got)
	}
}

func TestProblems(t *testing.T) {
	opts := Options{Features: 400, Seed: 21, ProblemShare: 0.25, Project: "web"}
	problems := Problems(opts)
	if len(problems) != 100 {
		t.Fatalf("%d problems, want 100", len(problems))
	}
	want := map[string][]string{}
	rule := map[ProblemKind]string{UnknownStrategy: "E1", IllegalValue: "E2", OtherProject: "E3",
		DuplicateName: "E4", UnknownSegment: "E7", MissingParent: "E8"}
	req := Generate(opts)
	for _, p := range problems {
		want[rule[p.Kind]] = append(want[rule[p.Kind]], p.Item)
		if req.Data.Features[p.Index].Name != p.Name {
			t.Errorf("problem %+v: feature %d is %q", p, p.Index, req.Data.Features[p.Index].Name)
		}
	}
	if len(want) != len(rule) {
		t.Errorf("kinds covered: %v", want)
	}
	got := oracleErrors(req, Snapshot(opts))
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("errors (-want +got):\n%s", diff)
	}
}

func TestProblemShareBounds(t *testing.T) {
	for _, tc := range []struct {
		share float64
		n     int
		want  int
	}{{-1, 10, 0}, {0, 10, 0}, {0.04, 10, 0}, {0.05, 10, 1}, {0.5, 10, 5}, {1, 10, 10}, {7, 10, 10}} {
		if got := len(Problems(Options{Features: tc.n, ProblemShare: tc.share})); got != tc.want {
			t.Errorf("share %v of %d: %d problems, want %d", tc.share, tc.n, got, tc.want)
		}
	}
}

func TestSnapshotIsAValidStateFile(t *testing.T) {
	b, err := json.Marshal(Snapshot(Options{Features: 60, ProblemShare: 0.5}))
	if err != nil {
		t.Fatal(err)
	}
	var s model.Snapshot
	if err := model.DecodeStrict(b, &s); err != nil {
		t.Fatal(err)
	}
	if len(s.Features) != 5 {
		t.Errorf("%d features of another project, want 5", len(s.Features))
	}
}

func TestProblemKindString(t *testing.T) {
	if got := UnknownSegment.String(); got != "unknown-segment" {
		t.Errorf("got %q", got)
	}
	if got := ProblemKind(99).String(); got != "ProblemKind(99)" {
		t.Errorf("got %q", got)
	}
}

func BenchmarkJSON1000(b *testing.B) {
	opts := Options{Features: 1000, Seed: 1, ProblemShare: 0.1}
	for b.Loop() {
		_ = JSON(opts)
	}
}
