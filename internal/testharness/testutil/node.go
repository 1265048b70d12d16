package testutil

import (
	"bytes"
	"encoding/json"
	"os/exec"
	"testing"
)

// Node runs script with node (as `node -e script args...`), writes in to
// its standard input as JSON and decodes its standard output, JSON too,
// into out. It reports false, and runs nothing, when node is not on PATH:
// the caller then skips the comparison. A failing script fails tb.
func Node(tb testing.TB, script string, in, out any, args ...string) bool {
	tb.Helper()
	bin, err := exec.LookPath("node")
	if err != nil {
		return false
	}
	b, err := json.Marshal(in)
	if err != nil {
		tb.Fatal(err)
	}
	cmd := exec.Command(bin, append([]string{"-e", script}, args...)...)
	cmd.Stdin = bytes.NewReader(b)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	res, err := cmd.Output()
	if err != nil {
		tb.Fatalf("node: %v: %s", err, stderr.String())
	}
	if err := json.Unmarshal(res, out); err != nil {
		tb.Fatalf("node's answer %.200s: %v", res, err)
	}
	return true
}
