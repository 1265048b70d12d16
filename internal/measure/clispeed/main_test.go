package main

import (
	"bytes"
	"os"
	"os/exec"
	"regexp"
	"testing"

	"github.com/flagadmin/flagadmin/internal/testharness/serveproc"
)

// TestMain lets the test binary be the reading process that measure
// starts (it runs its own executable with -read-valid FILE).
func TestMain(m *testing.M) {
	if len(os.Args) == 3 && os.Args[1] == "-read-valid" {
		os.Exit(readValidFile(os.Args[2]))
	}
	os.Exit(m.Run())
}

// TestMeasure builds the validate command and times it once against the
// reading process on a small export, a request body and a bare export,
// with and without problems (exit codes 1 and 0), and checks that every
// figure is printed.
func TestMeasure(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command to build examples/flagadmin with")
	}
	// The first run finds or builds the command itself; the others run
	// the one found here, as -validate gives it.
	validate, err := serveproc.Program(t.TempDir())
	if err != nil {
		t.Fatalf("building the validate command: %v", err)
	}
	for i, c := range []struct {
		problems float64
		bare     bool
		form     string
	}{{0.1, false, "request body"}, {0, false, "request body"}, {0.1, true, "bare export"}, {0, true, "bare export"}} {
		problems := c.problems
		var out bytes.Buffer
		built := validate
		if i == 0 {
			built = ""
		}
		if err := measure(&out, 30, 1, problems, built, c.bare); err != nil {
			t.Fatalf("problems %v, bare %v: %v", problems, c.bare, err)
		}
		for _, want := range []string{
			`export: 30 features, ` + c.form + `, [0-9.]+ MB; 1 runs of each`,
			`wall validate +median +[0-9.]+ ms`,
			`cpu +read \+ json.Valid +median +[0-9.]+ ms`,
			`wall ratio of the medians: [0-9.]+x`,
			`cpu +ratio of the medians: [0-9.]+x`,
		} {
			if !regexp.MustCompile(want).Match(out.Bytes()) {
				t.Errorf("problems %v: no line matching %q in\n%s", problems, want, out.String())
			}
		}
	}
}

// TestRunExitCodes: a process whose exit code is not the expected one is
// an error, naming the code.
func TestRunExitCodes(t *testing.T) {
	if _, err := exec.LookPath("false"); err != nil {
		t.Skip("no false command")
	}
	if _, _, err := run([]string{"false"}, 1); err != nil {
		t.Errorf("false, exit 1 expected: %v", err)
	}
	if _, _, err := run([]string{"false"}, 0); err == nil || err.Error() != "exit code 1, want 0" {
		t.Errorf("false, exit 0 expected: %v", err)
	}
}

// TestReadValidFile: the reading process's exit codes.
func TestReadValidFile(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		name, content string
		want          int
	}{
		{"valid.json", `{"a":[1,"x"]}`, 0},
		{"invalid.json", `{"a":`, 1},
	} {
		path := dir + "/" + c.name
		if err := os.WriteFile(path, []byte(c.content), 0o600); err != nil {
			t.Fatal(err)
		}
		if got := readValidFile(path); got != c.want {
			t.Errorf("%s: exit code %d, want %d", c.name, got, c.want)
		}
	}
	if got := readValidFile(dir + "/missing.json"); got != 2 {
		t.Errorf("a missing file: exit code %d, want 2", got)
	}
}
