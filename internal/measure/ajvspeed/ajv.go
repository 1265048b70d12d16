package main

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/flagadmin/flagadmin/internal/safetext"
	"github.com/flagadmin/flagadmin/internal/testharness/unleashtest"
)

// ajvScript is the Node script that times the reference's check.
//
//go:embed ajv.mjs
var ajvScript []byte

// ajvRun is what the script reports: the versions it ran, its timings in
// nanoseconds and its verdict on the body.
type ajvRun struct {
	Node              string  `json:"node"`
	Unleash           string  `json:"unleash"`
	WesleytoddOpenapi string  `json:"wesleytoddOpenapi"`
	AJV               string  `json:"ajv"`
	AJVFormats        string  `json:"ajvFormats"`
	FirstCallNs       int64   `json:"firstCallNs"`
	ParseValidateNs   []int64 `json:"parseValidateNs"`
	ValidateNs        []int64 `json:"validateNs"`
	Errors            int     `json:"errors"`
	FirstError        string  `json:"firstError"`
}

// runAjv writes the script and body to dir and runs the script with the
// node of in on in's unleash-server: warmups runs, then runs timed ones.
func runAjv(ctx context.Context, in *unleashtest.Install, dir string, body []byte, runs int) (*ajvRun, error) {
	script, file := filepath.Join(dir, "ajv.mjs"), filepath.Join(dir, "body.json")
	if err := os.WriteFile(script, ajvScript, 0o600); err != nil {
		return nil, err
	}
	if err := os.WriteFile(file, body, 0o600); err != nil {
		return nil, err
	}
	cmd := exec.CommandContext(ctx, in.Node, script, in.App, file, strconv.Itoa(runs), strconv.Itoa(warmups))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("node %s: %v: %s", script, err, safetext.String(nodeError(stderr.String())))
	}
	var r ajvRun
	if err := json.Unmarshal(out, &r); err != nil {
		return nil, fmt.Errorf("node %s: its output: %v", script, err)
	}
	if len(r.ParseValidateNs) != runs || len(r.ValidateNs) != runs {
		return nil, fmt.Errorf("node %s: %d and %d timings, want %d", script, len(r.ParseValidateNs), len(r.ValidateNs), runs)
	}
	return &r, nil
}

// durations converts the script's nanoseconds.
func durations(ns []int64) []time.Duration {
	d := make([]time.Duration, len(ns))
	for i, n := range ns {
		d[i] = time.Duration(n)
	}
	return d
}

// nodeError is the message in node's standard error s: the line that
// names the error thrown ("TypeError [ERR_X]: ..."), else the first line.
func nodeError(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	for _, l := range lines {
		name, _, ok := strings.Cut(l, ": ")
		if word, _, _ := strings.Cut(name, " "); ok && strings.HasSuffix(word, "Error") {
			return l
		}
	}
	return lines[0]
}
