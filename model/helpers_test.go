package model_test

import (
	"encoding/json"
	"testing"
)

// reencode decodes in into v with encoding/json and returns v encoded
// again, failing the test when either step fails.
func reencode(t *testing.T, in string, v any) string {
	t.Helper()
	if err := json.Unmarshal([]byte(in), v); err != nil {
		t.Fatal(err)
	}
	out, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}
