package cli

import (
	"fmt"
	"io"
	"os"
	"strings"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"
)

// openPTY opens a pseudo-terminal: the side a person types on (master)
// and the side a program reads as its terminal (slave).
func openPTY(t *testing.T) (master, slave *os.File) {
	t.Helper()
	m, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal here: %v", err)
	}
	if err := unix.IoctlSetPointerInt(int(m.Fd()), unix.TIOCSPTLCK, 0); err != nil {
		m.Close()
		t.Fatalf("unlockpt: %v", err)
	}
	n, err := unix.IoctlGetInt(int(m.Fd()), unix.TIOCGPTN)
	if err != nil {
		m.Close()
		t.Fatalf("ptsname: %v", err)
	}
	s, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		m.Close()
		t.Fatalf("open the terminal: %v", err)
	}
	t.Cleanup(func() { s.Close(); m.Close() })
	go func() { _, _ = io.Copy(io.Discard, m) }() // the terminal's echo
	return m, s
}

// confirmOnTerminal: on a terminal, apply asks; "no" cancels and imports
// nothing, "yes" applies.
func confirmOnTerminal(t *testing.T, e *eaServer, file string) {
	for _, c := range []struct {
		answer string
		code   int
		says   string
	}{
		{"no", ExitFindings, "Apply cancelled."},
		{"", ExitFindings, "Apply cancelled."},
		{"yes", ExitOK, "the instance now matches the plan"},
	} {
		t.Run("answer "+c.answer, func(t *testing.T) {
			master, slave := openPTY(t)
			before := e.export(t, "-environment", "development", "-project", "default")
			if _, err := master.Write([]byte(c.answer + "\n")); err != nil {
				t.Fatal(err)
			}
			code, out, errOut := e.apply(t, slave, "-unleash", e.URL, file)
			if code != c.code || !strings.Contains(out, c.says) || !strings.Contains(errOut, "Only 'yes' will be accepted") {
				t.Errorf("exit %d, want %d with %q:\n%s%s", code, c.code, c.says, out, errOut)
			}
			after := e.export(t, "-environment", "development", "-project", "default")
			if changed := after != before; changed != (c.code == ExitOK) {
				t.Errorf("the instance changed: %v", changed)
			}
		})
	}
}
