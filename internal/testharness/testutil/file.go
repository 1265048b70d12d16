package testutil

import (
	"os"
	"path/filepath"
	"testing"
)

// WriteFile writes content to the file name of dir, readable by its owner
// only, and returns its path.
func WriteFile(tb testing.TB, dir, name, content string) string {
	tb.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
		tb.Fatal(err)
	}
	return p
}
