package users

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/flagadmin/flagadmin/internal/conformance"
	"github.com/flagadmin/flagadmin/model"
)

// readOracleState loads the snapshot behind the recorded answers.
func readOracleState(t *testing.T) *model.Snapshot { return conformance.MustState(t) }

// compact returns b without insignificant white space, keeping key order.
func compact(t *testing.T, b []byte) string {
	t.Helper()
	var buf bytes.Buffer
	if err := json.Compact(&buf, b); err != nil {
		t.Fatalf("invalid JSON %s: %v", b, err)
	}
	return buf.String()
}

// topLevelKeys returns the member names of the JSON object b in order.
func topLevelKeys(t *testing.T, b []byte) []string {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(b))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		t.Fatalf("not a JSON object: %s", b)
	}
	var keys []string
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			t.Fatal(err)
		}
		keys = append(keys, tok.(string))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			t.Fatal(err)
		}
	}
	return keys
}

func ptr[T any](v T) *T { return &v }
