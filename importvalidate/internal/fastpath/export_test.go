package fastpath

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/flagadmin/flagadmin/internal/jsonwire"
)

// TestDecodeExport: the "data" of every agreement body that is JSON,
// decoded on its own, gets the verdict, the data and the item offsets
// that DecodeIndexed gives for the request body made of it, at every
// depth limit.
func TestDecodeExport(t *testing.T) {
	ctx := context.Background()
	taken := 0
	for name, body := range agreementBodies(t) {
		if !json.Valid(body) {
			continue
		}
		off := jsonwire.Locate(body, []string{"/data"})[0]
		if off < 0 {
			continue
		}
		export := " \n" + string(body[off:jsonwire.SkipValue(body, int(off))]) + "\n "
		prefix := `{"project":"p","environment":"e","data":`
		wrapped := []byte(prefix + export + "}")
		for _, depth := range []int{testDepth, 2, 3, 5} {
			want, wantStarts, wantOK := DecodeIndexed(ctx, wrapped, depth)
			got, starts, ok := DecodeExport(ctx, []byte(export), depth)
			if ok != wantOK {
				t.Errorf("%s, depth %d: DecodeExport says %v, DecodeIndexed of the body %v", name, depth, ok, wantOK)
				continue
			}
			if !ok {
				continue
			}
			taken++
			if diff := cmp.Diff(want.Data, got.Data); diff != "" {
				t.Errorf("%s, depth %d: data (-body +export):\n%s", name, depth, diff)
			}
			if got.Project != "" || got.Environment != "" {
				t.Errorf("%s: project %q, environment %q", name, got.Project, got.Environment)
			}
			shifted := jsonwire.ItemStarts{}
			for arr, items := range wantStarts {
				moved := make([]int32, len(items))
				for i, o := range items {
					moved[i] = o - int32(len(prefix))
				}
				shifted[strings.TrimPrefix(arr, "/data")] = moved
			}
			if diff := cmp.Diff(shifted, starts); diff != "" {
				t.Errorf("%s, depth %d: item offsets (-body +export):\n%s", name, depth, diff)
			}
		}
	}
	if taken < 100 {
		t.Errorf("only %d exports taken", taken)
	}
}
