package fastpath

import (
	"context"
	"fmt"
	"reflect"
	"runtime/debug"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/flagadmin/flagadmin/internal/testharness/exportgen"
)

// TestScratchLists: arrays around the sizes at which a scratch list is
// made, grows, is kept by its array and is counted decode alike in a
// process that collects and in one that does not (whole scratch lists),
// in successive decodings (lists made from an earlier array's length),
// and every slice of the result has a capacity equal to its length.
func TestScratchLists(t *testing.T) {
	var bodies []string
	var names []string
	for _, n := range []int{255, 256, 513, 1025, 2049, 2600} {
		names = append(names, fmt.Sprintf("features %d", n), fmt.Sprintf("variants %d", n))
		bodies = append(bodies, string(bodyOf(repeatItems(n, `{"name":"f"}`), "")),
			string(bodyOf(`{"name":"f"}`, repeatItems(2, `{"name":"default","variants":[`+
				repeatItems(n, `{"name":"v","weight":1,"weightType":"fix","stickiness":"d"}`)+`]}`))))
	}
	names = append(names, "exportgen 1100")
	bodies = append(bodies, string(exportgen.JSON(exportgen.Options{Features: 1100, Seed: 5, ProblemShare: 0.1})))
	ctx := context.Background()
	want := make([]any, len(bodies))
	for i, b := range bodies {
		req, starts, ok := DecodeIndexed(ctx, []byte(b), testDepth)
		if !ok {
			t.Fatalf("%s: refused", names[i])
		}
		want[i] = []any{req, starts}
	}
	for _, whole := range []bool{false, true} {
		if whole {
			defer debug.SetGCPercent(debug.SetGCPercent(-1))
		}
		if collecting() == whole {
			t.Fatalf("collecting() = %v with GOGC off %v", collecting(), whole)
		}
		for round := 0; round < 2; round++ {
			for i, b := range bodies {
				for _, count := range []int{countBytes, 0} {
					req, starts, ok := decode(ctx, []byte(b), testDepth, true, count, false)
					if !ok {
						t.Fatalf("%s, whole %v, round %d, count %d: refused", names[i], whole, round, count)
					}
					if got := []any{req, starts}; !reflect.DeepEqual(want[i], got) {
						diff := cmp.Diff(want[i], got)
						t.Fatalf("%s, whole %v, round %d, count %d (-first +now):\n%s", names[i], whole, round, count, diff)
					}
					if round > 0 {
						continue
					}
					if path := spareCapacity(reflect.ValueOf(req), ""); path != "" {
						t.Fatalf("%s, whole %v, count %d: %s has a capacity beyond its length", names[i], whole, count, path)
					}
				}
			}
		}
	}
}

// spareCapacity returns the path of a slice under v whose capacity
// exceeds its length, or "".
func spareCapacity(v reflect.Value, path string) string {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			return spareCapacity(v.Elem(), path)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				if p := spareCapacity(v.Field(i), path+"."+v.Type().Field(i).Name); p != "" {
					return p
				}
			}
		}
	case reflect.Slice:
		if v.Cap() != v.Len() && v.Type().Elem().Kind() != reflect.Uint8 {
			return path
		}
		for i := range v.Len() {
			if p := spareCapacity(v.Index(i), fmt.Sprintf("%s[%d]", path, i)); p != "" {
				return p
			}
		}
	}
	return ""
}
