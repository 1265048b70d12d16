package schema

import (
	"github.com/flagadmin/flagadmin/importvalidate/internal/jsvalue"

	"encoding/json"
	"reflect"
	"testing"

	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
)

// TestDoubledCopyEqualsDecodedCopy: the copy made from the instance equals
// the copy decoded again from the body and changed in place, and leaves
// the instance as it was.
func TestDoubledCopyEqualsDecodedCopy(t *testing.T) {
	c := newTestChecker(t)
	changed := 0
	every := 12 // a body in twelve; a third in the long tests
	if testutil.Long() {
		every = 3
	}
	for i, body := range testBodies(t, c) {
		if i%every != 0 {
			continue
		}
		instance, err := jsvalue.Parse(body)
		if err != nil {
			t.Fatal(err)
		}
		again, _ := jsvalue.Parse(body)
		want := walkInstance(c.tree.Root, again, func(n *Node, v any, _ []step) (any, bool) {
			if num, ok := v.(json.Number); ok {
				if t, changed := doubleNumber(num); changed {
					return t, false
				}
			}
			return v, true
		})
		got, ch := doubledCopy(c.tree.Root, instance)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("body %d: the copies differ\n%s", i, body)
		}
		if original, _ := jsvalue.Parse(body); !reflect.DeepEqual(instance, original) {
			t.Fatalf("body %d: the instance changed", i)
		}
		if ch {
			changed++
		}
	}
	if changed < 10 {
		t.Errorf("only %d bodies with a number to change", changed)
	}
}
