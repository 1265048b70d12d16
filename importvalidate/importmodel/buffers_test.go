package importmodel

import (
	"testing"

	"github.com/flagadmin/flagadmin/internal/testharness/exportgen"
	"github.com/flagadmin/flagadmin/model"
)

// TestReleaseKeepsUnusedBuffers holds that an input whose rules built no
// view hands back the view's buffers it was given, one that built a view
// hands back that view's memory, cleared of its names, and both hand back
// the memory of the resolved names.
func TestReleaseKeepsUnusedBuffers(t *testing.T) {
	same := func(a, b []int32) bool { return cap(a) > 0 && cap(a) == cap(b) && &a[:1][0] == &b[:1][0] }
	spare := &Buffers{refs: make([]ref, 0, 4), ints: make([]int32, 8), names: make([]int32, 1000)}
	in := &Input{Import: &model.ImportRequest{}, buffers: spare}
	in.fileNames()
	if got := in.Release(); cap(got.refs) != 4 || &got.refs[:1][0] != &spare.refs[:1][0] || !same(got.ints, spare.ints) || !same(got.names, spare.names) {
		t.Errorf("without a view: got %+v, want the buffers given", got)
	}
	imp := exportgen.Generate(exportgen.Options{Features: 10, Seed: 1})
	in = &Input{Import: imp, Project: imp.Project, Environment: imp.Environment, buffers: spare}
	in.resolved()
	got := in.Release()
	if got == nil || cap(got.refs) == 0 || len(got.ints) == 0 || same(got.ints, spare.ints) {
		t.Fatalf("with a view: got %+v, want the view's memory", got)
	}
	if !same(got.names, spare.names) {
		t.Errorf("with a view: got names %p, want those given", got.names)
	}
	for _, r := range got.refs[:cap(got.refs)] {
		if r.name != "" {
			t.Fatalf("the buffers keep the name %q", r.name)
		}
	}
	if in.viewCache != nil || in.buffers != nil {
		t.Error("the input still holds its view or buffers")
	}
}
