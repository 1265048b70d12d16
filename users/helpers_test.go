package users

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/flagadmin/flagadmin/internal/testharness/conformance"
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

func ptr[T any](v T) *T { return &v }
