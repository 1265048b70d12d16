//go:build unix

package cli

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
)

// specialInputs makes, in dir, a FIFO without a writer and a directory
// whose only .json file is a link to /dev/zero.
func specialInputs(t *testing.T, dir string) (fifo, linkDir string) {
	t.Helper()
	fifo = filepath.Join(dir, "fifo.json")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	linkDir = filepath.Join(dir, "flags")
	if err := os.Mkdir(linkDir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/dev/zero", filepath.Join(linkDir, "zero.json")); err != nil {
		t.Fatal(err)
	}
	return fifo, linkDir
}

// TestOnlyRegularFiles: devices, a FIFO without a writer, a link to
// /dev/zero found in a directory, as the file to validate or plan or as
// the -state file, are each refused with exit code 2 and a line that says
// what they are, without reading them.
func TestOnlyRegularFiles(t *testing.T) {
	dir := t.TempDir()
	fifo, linkDir := specialInputs(t, dir)
	target := []string{"-demo", "-project", "default", "-environment", "development"}
	for _, tc := range []struct {
		name string
		run  func() (int, string, string)
		want string
	}{
		{"validate /dev/zero", func() (int, string, string) { return invoke("", append(target, "/dev/zero")...) }, "/dev/zero is a character device, not a regular file"},
		{"validate /dev/urandom", func() (int, string, string) { return invoke("", append(target, "/dev/urandom")...) }, "/dev/urandom is a character device"},
		{"validate FIFO", func() (int, string, string) { return invoke("", append(target, fifo)...) }, fifo + " is a named pipe (FIFO), not a regular file"},
		{"validate directory with a link to /dev/zero", func() (int, string, string) { return invoke("", append(target, linkDir)...) }, "zero.json is a character device"},
		{"validate -state FIFO", func() (int, string, string) { return invoke("", "-state", fifo, clean) }, "state file " + fifo + " is a named pipe (FIFO)"},
		{"validate -state /dev/zero", func() (int, string, string) { return invoke("", "-state", "/dev/zero", clean) }, "state file /dev/zero is a character device"},
		{"plan FIFO", func() (int, string, string) { return runPlan(nil, nil, "-demo", fifo) }, fifo + " is a named pipe (FIFO)"},
		{"plan -state /dev/zero", func() (int, string, string) { return runPlan(nil, nil, "-state", "/dev/zero", clean) }, "/dev/zero is a character device"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			testutil.Within(t, 20*time.Second, tc.name, func() {
				code, stdout, stderr := tc.run()
				if code != ExitUsage || !strings.Contains(stderr, tc.want) {
					t.Errorf("exit %d, want %d and %q\nstdout:\n%s\nstderr:\n%s", code, ExitUsage, tc.want, stdout, stderr)
				}
			})
		})
	}
}

// TestFileSizeLimit: -max-file-size bounds the files and standard input.
func TestFileSizeLimit(t *testing.T) {
	big := testutil.WriteFile(t, t.TempDir(), "big.json", `{"project":"default","environment":"development","data":{"features":[],"featureStrategies":[],"tagTypes":[]}}`)
	for _, tc := range []struct {
		name, stdin string
		args        []string
		code        int
		want        string
	}{
		{"file within", "", []string{"-demo", "-max-file-size", "1000", big}, ExitOK, ""},
		{"file past", "", []string{"-demo", "-max-file-size", "50", big}, ExitUsage, big + " is larger than 50 bytes, the limit of -max-file-size"},
		{"stdin past", strings.Repeat(" ", 100) + "{}", []string{"-demo", "-max-file-size", "50", "-"}, ExitUsage, "standard input is larger than 50 bytes"},
		{"state past", "", []string{"-state", state, "-max-file-size", "50", clean}, ExitUsage, "state file " + state + " is larger than 50 bytes"},
		{"zero limit", "", []string{"-demo", "-max-file-size", "0", big}, ExitUsage, "-max-file-size must be positive, not 0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := invoke(tc.stdin, tc.args...)
			if code != tc.code || !strings.Contains(stderr, tc.want) {
				t.Errorf("exit %d, want %d and %q\nstdout:\n%s\nstderr:\n%s", code, tc.code, tc.want, stdout, stderr)
			}
		})
	}
}

// TestSignalEndsRead runs the program (this test binary, re-entered
// through TestMain) on standard input that never ends nor comes, and on a
// FIFO given as a file, and sends SIGTERM: each run ends at once.
func TestSignalEndsRead(t *testing.T) {
	fifo, _ := specialInputs(t, t.TempDir())
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"validate stdin", []string{"validate", "-demo", "-project", "default", "-environment", "development", "-"}, "reading standard input: terminated signal received"},
		{"plan stdin", []string{"plan", "-demo", "-"}, "reading standard input: terminated signal received"},
		{"validate FIFO", []string{"validate", "-demo", "-project", "default", "-environment", "development", fifo}, "is a named pipe (FIFO)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], tc.args...)
			cmd.Env = append(os.Environ(), reenterEnv+"=1")
			stdin, err := cmd.StdinPipe() // never written, never closed until the end
			if err != nil {
				t.Fatal(err)
			}
			defer stdin.Close()
			var stderr bytes.Buffer
			ready := make(chan struct{})
			cmd.Stderr = &readyWriter{buf: &stderr, ready: ready}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			select {
			case <-ready: // the program is listening to signals
			case <-time.After(20 * time.Second):
				_ = cmd.Process.Kill()
				t.Fatal("the program did not start")
			}
			time.Sleep(100 * time.Millisecond)
			_ = cmd.Process.Signal(syscall.SIGTERM)
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			select {
			case err := <-done:
				var ee *exec.ExitError
				if !errors.As(err, &ee) || ee.ExitCode() != ExitUsage || !strings.Contains(stderr.String(), tc.want) {
					t.Errorf("%v, want exit code %d and %q; stderr:\n%s", err, ExitUsage, tc.want, stderr.String())
				}
			case <-time.After(20 * time.Second):
				_ = cmd.Process.Kill()
				t.Fatalf("SIGTERM did not end the program; stderr:\n%s", stderr.String())
			}
		})
	}
}

// readyWriter collects standard error and closes ready once readyLine
// is written.
type readyWriter struct {
	mu    sync.Mutex
	buf   *bytes.Buffer
	ready chan struct{}
}

func (w *readyWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf.Write(p)
	if w.ready != nil && strings.Contains(w.buf.String(), readyLine) {
		close(w.ready)
		w.ready = nil
	}
	return len(p), nil
}
