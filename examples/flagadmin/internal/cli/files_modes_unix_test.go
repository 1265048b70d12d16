//go:build unix

package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// setUmask sets the process's umask and returns what puts it back.
func setUmask(mask int) func() {
	old := syscall.Umask(mask)
	return func() { syscall.Umask(old) }
}

// TestWriteFileModes: a written export honours the umask; a plan file
// is its owner's alone whatever the umask.
func TestWriteFileModes(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		perm, want os.FileMode
	}{{0o666, 0o600}, {0o600, 0o600}} {
		path := filepath.Join(dir, fmt.Sprintf("f-%o", c.perm))
		restore := setUmask(0o077)
		err := writeFileAtomic(path, []byte("x\n"), c.perm)
		restore()
		if err != nil {
			t.Fatal(err)
		}
		if st, err := os.Stat(path); err != nil || st.Mode().Perm() != c.want {
			t.Errorf("perm %o under umask 077: %v %v, want %o", c.perm, st.Mode(), err, c.want)
		}
	}
	path := filepath.Join(dir, "export.json")
	restore := setUmask(0o022)
	err := writeFileAtomic(path, []byte("x\n"), 0o666)
	restore()
	if st, serr := os.Stat(path); err != nil || serr != nil || st.Mode().Perm() != 0o644 {
		t.Errorf("an export under umask 022: %v %v", err, serr)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 3 {
		t.Errorf("left behind: %v", entries)
	}
}
