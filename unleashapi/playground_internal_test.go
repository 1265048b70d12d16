package unleashapi

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestPlaygroundOrder reads the ids of each feature's strategies, in the
// playground's order, from its answer.
func TestPlaygroundOrder(t *testing.T) {
	var p playgroundAnswer
	body := `{"features":[{"name":"f","strategies":{"data":[{"id":"b"},{"id":"a"}]}},{"name":"g","strategies":{"data":[]}}]}`
	if err := json.Unmarshal([]byte(body), &p); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(map[string][]string{"f": {"b", "a"}, "g": {}}, p.order()); d != "" {
		t.Error(d)
	}
	var req map[string]any
	if err := json.Unmarshal(playgroundRequest(nil, "production"), &req); err != nil || req["projects"] != "*" || req["environment"] != "production" {
		t.Errorf("playgroundRequest(nil) = %v, %v", req, err)
	}
}
