package hostilebody

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
)

func TestUnknownKeys(t *testing.T) {
	for _, size := range []int{1000, UnknownKeysSize} {
		body := UnknownKeys(size)
		if len(body) < size || len(body) > size+20 {
			t.Errorf("size %d: body of %d bytes", size, len(body))
		}
		var doc struct {
			Data map[string]json.RawMessage `json:"data"`
		}
		if err := json.Unmarshal(body, &doc); err != nil {
			t.Fatalf("size %d: %v", size, err)
		}
		// The keys k0, k1, ... are distinct: the members are the three
		// required ones and every unknown key written.
		unknown := len(doc.Data) - 3
		if _, ok := doc.Data["k"+strconv.Itoa(unknown-1)]; unknown < 1 || !ok {
			t.Errorf("size %d: %d unknown keys, or no k%d", size, unknown, unknown-1)
		}
	}
}

func TestNested(t *testing.T) {
	body := Nested(UnknownKeysSize)
	if len(body) != UnknownKeysSize || json.Valid(body) {
		t.Fatalf("%d bytes, valid %v", len(body), json.Valid(body))
	}
	var v any
	err := json.Unmarshal(body, &v)
	if err == nil {
		t.Fatal("decoded")
	}
	// Closed, it is a JSON text nested deeper than encoding/json reads.
	closed := append(body, []byte(strings.Repeat("]", len(body)-6)+"}")...)
	if json.Valid(closed) {
		t.Errorf("the closed text is within encoding/json's depth limit")
	}
}

// Each plan body is a JSON text of about the size asked, and at PlanSize
// under the default limit of 512 000 bytes.
func TestPlanBodies(t *testing.T) {
	for _, pb := range PlanBodies() {
		for _, size := range []int{4096, PlanSize} {
			body := pb.Build(size)
			if len(body) < size-200 || len(body) > size+100 || (size == PlanSize && len(body) > 512000) {
				t.Errorf("%s at %d: %d bytes", pb.Name, size, len(body))
			}
			var doc struct {
				Project string         `json:"project"`
				Data    map[string]any `json:"data"`
			}
			if err := json.Unmarshal(body, &doc); err != nil || doc.Project != "default" || doc.Data["features"] == nil {
				t.Errorf("%s at %d: %v", pb.Name, size, err)
			}
		}
	}
}
