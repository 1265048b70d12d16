// Command clispeed measures the validate command (flagadmin validate) on a
// generated export against a process that only reads the same file and
// runs json.Valid on it: the cost of a whole validation, process start
// included, next to the least any process must do to read the file.
//
// Usage:
//
//	go run ./internal/measure/clispeed [-features 10000] [-runs 21] [-bare]
//
// It writes the export (internal/testharness/exportgen, seed 1, 1% of
// the features with a problem) and the state it is checked against to a
// temporary directory: an import request body ({"project",
// "environment", "data"}), or with -bare the bare export, the file
// Unleash's Export button gives (the body's "data"), which the validate
// command is then given with -project default -environment development.
// It takes the flagadmin command from Go's build cache (linked there
// when missing; else built into that directory), runs each of
// the two processes once to warm the file cache, then runs them in turn,
// alternating, and prints the median and the spread of the wall times and
// the ratio of the medians, then the same for the CPU time of each
// process (user and system), which waits for no core and so varies less
// on a shared machine. -validate runs a flagadmin command already built
// instead. Run with -read-valid FILE, it is itself the
// process that only reads FILE and runs json.Valid.
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"time"

	"github.com/flagadmin/flagadmin/internal/testharness/exportgen"
	"github.com/flagadmin/flagadmin/internal/testharness/serveproc"
)

func main() {
	features := flag.Int("features", 10000, "number of features of the generated export")
	runs := flag.Int("runs", 21, "timed runs of each process")
	problems := flag.Float64("problems", 0.01, "share of the features that carry a problem")
	readValid := flag.String("read-valid", "", "only read `FILE` and run json.Valid on it")
	validate := flag.String("validate", "", "the flagadmin command whose validate to run (default: built from examples/flagadmin)")
	bare := flag.Bool("bare", false, "measure the bare export (the request body's data) instead of the request body")
	flag.Parse()
	if *readValid != "" {
		os.Exit(readValidFile(*readValid))
	}
	if err := measure(os.Stdout, *features, *runs, *problems, *validate, *bare); err != nil {
		fmt.Fprintln(os.Stderr, "clispeed:", err)
		os.Exit(2)
	}
}

// readValidFile is the reading process: it reads file, runs json.Valid
// on it and returns the exit code, 0 for valid JSON, 1 for other bytes and
// 2 when the file cannot be read.
func readValidFile(file string) int {
	b, err := os.ReadFile(file)
	if err != nil {
		fmt.Fprintln(os.Stderr, "clispeed:", err)
		return 2
	}
	if !json.Valid(b) {
		return 1
	}
	return 0
}

// measure prepares the files and the command, times the two processes
// and writes the figures to w; bare measures the bare export rather than
// the request body.
func measure(w io.Writer, features, runs int, problems float64, validate string, bare bool) error {
	if runs < 1 {
		return errors.New("-runs must be at least 1")
	}
	dir, err := os.MkdirTemp("", "clispeed")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	opts := exportgen.Options{Features: features, Seed: 1, ProblemShare: problems,
		Project: "default", Environment: "development"}
	export := filepath.Join(dir, "export.json")
	form, body := "request body", exportgen.JSON(opts)
	if bare {
		form, body = "bare export", exportgen.ExportJSON(opts)
	}
	if err := os.WriteFile(export, body, 0o600); err != nil {
		return err
	}
	state, err := json.Marshal(exportgen.Snapshot(opts))
	if err != nil {
		return err
	}
	stateFile := filepath.Join(dir, "state.json")
	if err := os.WriteFile(stateFile, state, 0o600); err != nil {
		return err
	}
	if validate == "" {
		if validate, err = serveproc.Program(dir); err != nil {
			return fmt.Errorf("building the validate command: %w", err)
		}
	}
	self, err := os.Executable()
	if err != nil {
		return err
	}
	procs := []struct {
		name string
		args []string
		exit int // the exit code expected
	}{
		{"validate", []string{validate, "validate", "-state", stateFile, export}, 1},
		{"read + json.Valid", []string{self, "-read-valid", export}, 0},
	}
	if bare {
		procs[0].args = []string{validate, "validate", "-state", stateFile, "-project", opts.Project, "-environment", opts.Environment, export}
	}
	if problems == 0 {
		procs[0].exit = 0
	}
	wall := make([][]time.Duration, len(procs))
	cpu := make([][]time.Duration, len(procs))
	for round := -1; round < runs; round++ { // round -1 warms up
		for i, p := range procs {
			w, c, err := run(p.args, p.exit)
			if err != nil {
				return fmt.Errorf("%s: %w", p.name, err)
			}
			if round >= 0 {
				wall[i] = append(wall[i], w)
				cpu[i] = append(cpu[i], c)
			}
		}
	}
	fmt.Fprintf(w, "export: %d features, %s, %.1f MB; %d runs of each, alternating\n", features, form, float64(len(body))/1e6, runs)
	for _, m := range []struct {
		what  string
		times [][]time.Duration
	}{{"wall", wall}, {"cpu", cpu}} {
		medians := make([]time.Duration, len(procs))
		for i, p := range procs {
			t := m.times[i]
			slices.Sort(t)
			medians[i] = t[len(t)/2]
			fmt.Fprintf(w, "%-4s %-18s median %6.1f ms  min %6.1f ms  max %6.1f ms\n", m.what, p.name,
				ms(medians[i]), ms(t[0]), ms(t[len(t)-1]))
		}
		fmt.Fprintf(w, "%-4s ratio of the medians: %.2fx\n", m.what, float64(medians[0])/float64(medians[1]))
	}
	return nil
}

// run runs a process to its end, its output discarded, and returns the
// wall time it took and the CPU time it used. An exit code other than
// exit is an error.
func run(args []string, exit int) (wall, cpu time.Duration, err error) {
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stdout, cmd.Stderr = io.Discard, io.Discard
	start := time.Now()
	err = cmd.Run()
	wall = time.Since(start)
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		return 0, 0, err
	}
	if code := cmd.ProcessState.ExitCode(); code != exit {
		return 0, 0, fmt.Errorf("exit code %d, want %d", code, exit)
	}
	return wall, cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime(), nil
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
