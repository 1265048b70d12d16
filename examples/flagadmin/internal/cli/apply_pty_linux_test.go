package cli

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
	"github.com/flagadmin/flagadmin/internal/testharness/unleashtest"

	"golang.org/x/sys/unix"
)

// openPTY opens a pseudo-terminal: the side a person types on (master)
// and the side a program reads as its terminal (slave); what the
// program writes to it is dropped.
func openPTY(t *testing.T) (master, slave *os.File) { return openPTYTo(t, io.Discard) }

// openPTYTo is openPTY, with what the program writes to the terminal
// (and its echo) copied to w.
func openPTYTo(t *testing.T, w io.Writer) (master, slave *os.File) {
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
	go func() { _, _ = io.Copy(w, m) }() // the terminal's echo and output
	return m, s
}

// confirmOnTerminal: on a terminal, apply asks; "no" cancels and imports
// nothing, and so does an empty answer (a long test), "yes" applies.
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
			if c.answer == "" {
				testutil.SkipUnlessLong(t)
			}
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

// progressOnTerminal: an import that takes more than a second (2.5 s)
// says on a terminal that it is waiting; with standard error not a
// terminal (CI), one that takes 1.5 s says nothing of it.
func progressOnTerminal(t *testing.T, e *eaServer) {
	body := e.export(t, "-environment", "development", "-project", "default", "-body")
	for i, terminal := range []bool{true, false} {
		p := unleashtest.NewProxy(t, e.URL)
		delay := 1500 * time.Millisecond
		if terminal {
			delay = 2500 * time.Millisecond
		}
		p.SetFault(unleashtest.Delay(importPath, delay))
		name := fmt.Sprintf("ea-progress-%d", i)
		file := e.file(t, name+".json", withFeature(t, body, name, "slow"))
		var seen testutil.Buffer
		var stderr io.Writer = &seen
		if terminal {
			_, slave := openPTYTo(t, &seen)
			stderr = slave
		}
		var stdout bytes.Buffer
		code := Main(context.Background(), []string{"apply", "-unleash", p.URL, "-token-file", e.patFile, "-auto-approve", file},
			Env{Stdin: strings.NewReader(""), Stdout: &stdout, Stderr: stderr, Getenv: testutil.Env(nil)})
		time.Sleep(200 * time.Millisecond) // the terminal's last output
		said := strings.Contains(seen.String(), "waiting for the instance to import it")
		if code != ExitOK || said != terminal {
			t.Errorf("terminal %v: exit %d, progress shown %v:\n%s%s", terminal, code, said, stdout.String(), seen.String())
		}
	}
}

// interruptAtPrompt: Ctrl-C (the context's end) at the confirmation ends
// apply at once, with nothing sent.
func interruptAtPrompt(t *testing.T, e *eaServer) {
	_, slave := openPTY(t)
	body := e.export(t, "-environment", "development", "-project", "default", "-body")
	file := e.file(t, "interrupt.json", withFeature(t, body, "ea-interrupt", "int"))
	p := unleashtest.NewProxy(t, e.URL)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var stdout, stderr bytes.Buffer
	prompted := make(chan struct{})
	var once sync.Once
	w := writerFunc(func(b []byte) (int, error) {
		if bytes.Contains(b, []byte("Enter a value")) {
			once.Do(func() { close(prompted) })
		}
		return stderr.Write(b)
	})
	done := make(chan int, 1)
	go func() {
		done <- Main(ctx, []string{"apply", "-unleash", p.URL, "-token-file", e.patFile, file}, Env{Stdin: slave, Stdout: &stdout, Stderr: w, Getenv: testutil.Env(nil)})
	}()
	select {
	case <-prompted:
	case code := <-done:
		t.Fatalf("ended without a prompt: exit %d\n%s%s", code, stdout.String(), stderr.String())
	case <-time.After(60 * time.Second):
		t.Fatal("no prompt")
	}
	start := time.Now()
	cancel()
	select {
	case code := <-done:
		if code != ExitInterrupted || !strings.Contains(stdout.String(), "Nothing was sent") || time.Since(start) > 5*time.Second {
			t.Errorf("exit %d after %s\n%s%s", code, time.Since(start), stdout.String(), stderr.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("apply did not end after the interrupt")
	}
	if n := p.Requests(importPath); n != 0 {
		t.Errorf("%d imports sent", n)
	}
}
