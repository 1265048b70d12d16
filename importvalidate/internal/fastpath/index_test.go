package fastpath

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/flagadmin/flagadmin/internal/jsonwire"
)

// TestDecodeIndexedStarts: for every agreement body the fast path takes,
// DecodeIndexed gives the verdict of Decode and, for each array of data,
// the offsets at which the pointer walk finds its items (an empty array
// has none, and no entry).
func TestDecodeIndexedStarts(t *testing.T) {
	bodies := agreementBodies(t)
	bodies["escaped member, white space"] = []byte(" {\"project\":\"p\", \"data\" : {\"\\u0066eatures\" : [ {\"name\":\"a\"} ,\n{\"name\":\"b\"} ], \"tagTypes\":[]} } ")
	indexed := 0
	for name, body := range bodies {
		_, plain := Decode(body, testDepth)
		_, starts, ok := DecodeIndexed(context.Background(), body, testDepth)
		if ok != plain {
			t.Errorf("%s: DecodeIndexed says %v, Decode %v", name, ok, plain)
			continue
		}
		if !ok {
			continue
		}
		want := jsonwire.ItemStarts{}
		jsonwire.WalkPointers(body, func(off int, key bool, ptr []byte) bool {
			p := string(ptr)
			if !key && strings.Count(p, "/") == 2 && strings.HasPrefix(p, "/data/") && body[off] == '[' {
				want[p] = []int32{}
			}
			if j := strings.LastIndexByte(p, '/'); !key && j > 0 {
				if items, isArray := want[p[:j]]; isArray {
					want[p[:j]] = append(items, int32(off))
				}
			}
			return true
		})
		for arr, items := range want {
			if len(items) == 0 {
				delete(want, arr) // no item to look for
			}
		}
		if diff := cmp.Diff(want, starts); diff != "" {
			t.Errorf("%s: item offsets (-walk +decoder):\n%s", name, diff)
		}
		if len(starts) > 0 {
			indexed++
		}
	}
	if indexed < 100 {
		t.Errorf("only %d bodies with arrays in data", indexed)
	}
}
