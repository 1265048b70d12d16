//go:build unix

package readfile

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// specialFiles makes, in dir, a FIFO without a writer and a link to
// /dev/zero, and returns them with /dev/zero and /dev/urandom, each with
// the kind its error names.
func specialFiles(t *testing.T, dir string) map[string]string {
	fifo := filepath.Join(dir, "fifo.json")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "zero.json")
	if err := os.Symlink("/dev/zero", link); err != nil {
		t.Fatal(err)
	}
	return map[string]string{fifo: "a named pipe (FIFO)", link: "a character device",
		"/dev/zero": "a character device", "/dev/urandom": "a character device"}
}
