package model_test

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/flagadmin/flagadmin/model"
)

// TestOpenObjects: an open object decodes its named members into fields and
// keeps every other member, by exact name, in Extra; it encodes the named
// members in field order, then the others by name.
func TestOpenObjects(t *testing.T) {
	raw := func(s string) json.RawMessage { return json.RawMessage(s) }
	for _, tc := range []struct {
		name, in, out string
		// got points to a zero value of the object's type; want is what
		// it holds after decoding in.
		got, want any
	}{
		{"payload with unknown members", `{"z":[1],"type":"json","value":"{}","a":null}`,
			`{"type":"json","value":"{}","a":null,"z":[1]}`, new(model.StrategyPayload),
			&model.StrategyPayload{Type: model.PayloadJSON, Value: "{}", Extra: model.Extra{"z": raw("[1]"), "a": raw("null")}}},
		{"member names are matched exactly for Extra", `{"URL":"u","title":null}`,
			`{"url":"u","title":null,"URL":"u"}`, new(model.DataLink),
			&model.DataLink{URL: "u", Title: model.Null[string](), Extra: model.Extra{"URL": raw(`"u"`)}}},
		{"no unknown members leaves Extra nil", `{"id":1,"name":"n","imageUrl":"i"}`,
			`{"id":1,"name":"n","imageUrl":"i"}`, new(model.Collaborator),
			&model.Collaborator{ID: 1, Name: "n", ImageURL: "i"}},
		{"collaborators without users", `{"x":true}`, `{"users":[],"x":true}`, new(model.Collaborators),
			&model.Collaborators{Extra: model.Extra{"x": raw("true")}}},
		{"milestone variant", `{"name":"v","weight":5,"weightType":"fix","stickiness":"default","extra":1}`,
			`{"name":"v","weight":5,"weightType":"fix","stickiness":"default","extra":1}`, new(model.MilestoneStrategyVariant),
			&model.MilestoneStrategyVariant{Name: "v", Weight: 5, WeightType: model.WeightFix, Stickiness: "default",
				Extra: model.Extra{"extra": raw("1")}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := reencode(t, tc.in, tc.got)
			if diff := cmp.Diff(tc.want, tc.got); diff != "" {
				t.Errorf("decoded (-want +got):\n%s", diff)
			}
			if out != tc.out {
				t.Errorf("encoded %s, want %s", out, tc.out)
			}
		})
	}
}

// TestOpenObjectUnchangedOnError: a value that fails to decode is left as
// it was.
func TestOpenObjectUnchangedOnError(t *testing.T) {
	p := model.StrategyPayload{Type: model.PayloadCSV, Value: "a", Extra: model.Extra{"k": json.RawMessage("1")}}
	if err := json.Unmarshal([]byte(`{"type":"json","value":5}`), &p); err == nil {
		t.Fatal("a number for value decoded without an error")
	}
	want := model.StrategyPayload{Type: model.PayloadCSV, Value: "a", Extra: model.Extra{"k": json.RawMessage("1")}}
	if diff := cmp.Diff(want, p); diff != "" {
		t.Errorf("after the error (-want +got):\n%s", diff)
	}
}
