// Command validate checks a feature export file the way the admin API's
// import validation does, without a server.
//
// Usage:
//
//	go run ./examples/validate [flags] FILE|-
//
// FILE is an import request body ({"project","environment","data"}); - reads
// it from stdin. Flags may also follow FILE.
//
// Flags:
//
//	-state FILE         state snapshot of the instance (default: the
//	                    embedded default state)
//	-project NAME       project to validate for (default: the file's)
//	-environment NAME   environment to validate for (default: the file's)
//	-token SECRET       check the permissions of this token of the state
//	                    (default: none checked, as for an admin)
//	-strict             run the extra rules as well
//	-format FORMAT      text (default), json (the full report) or unleash
//	                    (the reference server's response)
//
// The text format prints one line per located item,
//
//	FILE:LINE:COL: severity code: message (item)
//
// one line per structural problem, FILE:LINE:COL: error code: message, and
// FILE: severity code: message (items...) for items without a place in the
// file (permissions, the feature limit), then a summary such as
// "3 errors, 2 warnings, 1 missing permission".
//
// With -format unleash, a body that fails the structural tier is printed as
// the details of the reference server's 400 answer (without the random id).
//
// The exit code is 0 when the data has no error (warnings and missing
// permissions do not count), 1 when it has errors, 2 for a usage or I/O
// problem, reported on stderr.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/flagadmin/flagadmin/auth"
	"github.com/flagadmin/flagadmin/examples/server/adminhttp"
	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/model"
)

// Exit codes.
const (
	exitOK     = 0
	exitErrors = 1
	exitUsage  = 2
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// config is the parsed command line.
type config struct {
	file        string
	stateFile   string
	project     string
	environment string
	token       string
	strict      bool
	format      string
}

// usageError is a problem with the command line.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

// run is the command: it validates the file named by args and writes the
// result to stdout, problems with the invocation to stderr, and returns the
// exit code.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	cfg, err := parseArgs(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return exitOK
	}
	if err != nil {
		fmt.Fprintln(stderr, "validate:", err)
		var ue *usageError
		if errors.As(err, &ue) {
			fmt.Fprintln(stderr, "usage: validate [flags] FILE|-  (validate -h lists the flags)")
		}
		return exitUsage
	}
	body, name, err := readInput(cfg.file, stdin)
	if err != nil {
		fmt.Fprintln(stderr, "validate:", err)
		return exitUsage
	}
	rep, err := validate(cfg, body)
	if err != nil {
		fmt.Fprintln(stderr, "validate:", err)
		return exitUsage
	}
	var out bytes.Buffer
	switch cfg.format {
	case "json":
		b, err := json.MarshalIndent(rep, "", "  ")
		if err != nil {
			fmt.Fprintln(stderr, "validate:", err)
			return exitUsage
		}
		out.Write(b)
		out.WriteByte('\n')
	case "unleash":
		if err := writeUnleash(&out, rep, cfg.strict); err != nil {
			fmt.Fprintln(stderr, "validate:", err)
			return exitUsage
		}
	default:
		writeText(&out, name, rep)
	}
	if _, err := stdout.Write(out.Bytes()); err != nil {
		fmt.Fprintln(stderr, "validate:", err)
		return exitUsage
	}
	if rep.HasErrors() {
		return exitErrors
	}
	return exitOK
}

// parseArgs parses the flags, which may come before and after FILE.
func parseArgs(args []string, stderr io.Writer) (config, error) {
	var cfg config
	fs := flag.NewFlagSet("validate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: validate [flags] FILE|-")
		fs.PrintDefaults()
	}
	fs.StringVar(&cfg.stateFile, "state", "", "state snapshot `file` (default: the embedded default state)")
	fs.StringVar(&cfg.project, "project", "", "`project` to validate for (default: the file's)")
	fs.StringVar(&cfg.environment, "environment", "", "`environment` to validate for (default: the file's)")
	fs.StringVar(&cfg.token, "token", "", "check the permissions of this token `secret` of the state (default: none checked)")
	fs.BoolVar(&cfg.strict, "strict", false, "run the extra rules as well")
	fs.StringVar(&cfg.format, "format", "text", "output `format`: text, json or unleash")
	var files []string
	for {
		if err := fs.Parse(args); err != nil {
			return cfg, err
		}
		if fs.NArg() == 0 {
			break
		}
		files = append(files, fs.Arg(0))
		args = fs.Args()[1:]
	}
	switch {
	case len(files) == 0:
		return cfg, &usageError{"no file given"}
	case len(files) > 1:
		return cfg, &usageError{fmt.Sprintf("one file expected, got %d", len(files))}
	}
	cfg.file = files[0]
	switch cfg.format {
	case "text", "json", "unleash":
	default:
		return cfg, &usageError{fmt.Sprintf("unknown format %q (want text, json or unleash)", cfg.format)}
	}
	return cfg, nil
}

// readInput reads the file, or stdin for "-", and returns its bytes and the
// name to print.
func readInput(file string, stdin io.Reader) ([]byte, string, error) {
	if file == "-" {
		b, err := io.ReadAll(stdin)
		if err != nil {
			return nil, "", fmt.Errorf("reading stdin: %w", err)
		}
		return b, "<stdin>", nil
	}
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, "", err
	}
	return b, file, nil
}

// validate builds the validator of cfg and runs it on body.
func validate(cfg config, body []byte) (*importvalidate.Report, error) {
	snap, err := loadState(cfg.stateFile)
	if err != nil {
		return nil, err
	}
	st, err := importvalidate.NewMemoryState(snap)
	if err != nil {
		return nil, fmt.Errorf("state: %w", err)
	}
	t := importvalidate.Target{Project: cfg.project, Environment: cfg.environment}
	if cfg.token != "" {
		p, err := principal(snap, cfg.token)
		if err != nil {
			return nil, err
		}
		t.Permissions = p
	}
	v, err := importvalidate.New(importvalidate.Options{State: st, Strict: cfg.strict})
	if err != nil {
		return nil, err
	}
	return v.Validate(context.Background(), body, t)
}

// principal resolves secret among the tokens of snap. The secret is never
// part of an error.
func principal(snap *model.Snapshot, secret string) (*auth.Principal, error) {
	tokens, err := auth.NewMemoryLookup(snap)
	if err != nil {
		return nil, fmt.Errorf("state: %w", err)
	}
	ctx := context.Background()
	p, err := (&auth.Authenticator{Lookup: tokens}).Authenticate(ctx, secret)
	if err != nil {
		return nil, errors.New("-token: the state has no such token")
	}
	if err := auth.Authorize(ctx, nil, p, auth.Requirement{}); err != nil {
		return nil, fmt.Errorf("-token: a %s token may not use the admin API", p.Kind)
	}
	return p, nil
}

// loadState decodes the snapshot in file, or the embedded default state
// when file is "".
func loadState(file string) (*model.Snapshot, error) {
	if file == "" {
		return model.DefaultSnapshot()
	}
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	s, err := model.DecodeSnapshot(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	return s, nil
}

// writeText writes the report as lines of the form FILE:LINE:COL: ... and
// a summary.
func writeText(w *bytes.Buffer, name string, rep *importvalidate.Report) {
	errs, warns, perms := 0, 0, 0
	for _, p := range rep.Structural {
		if p.Severity == importvalidate.SeverityError {
			errs++
		}
		fmt.Fprintf(w, "%s: %s %s: %s\n", where(name, p.Location), p.Severity, p.Code, p.Message)
	}
	for _, is := range rep.Issues {
		switch is.Severity {
		case importvalidate.SeverityError:
			errs++
		case importvalidate.SeverityWarning:
			warns++
		case importvalidate.SeverityPermission:
			perms += len(is.Items)
		}
		head := fmt.Sprintf("%s %s: %s", is.Severity, is.Code, is.Message)
		var unplaced []string
		for _, it := range is.Items {
			if len(it.Locations) == 0 {
				unplaced = append(unplaced, it.Value)
				continue
			}
			for _, loc := range it.Locations {
				fmt.Fprintf(w, "%s: %s (%s)\n", where(name, loc), head, it.Value)
			}
		}
		switch {
		case len(unplaced) > 0:
			fmt.Fprintf(w, "%s: %s (%s)\n", name, head, strings.Join(unplaced, ", "))
		case len(is.Items) == 0:
			fmt.Fprintf(w, "%s: %s\n", name, head)
		}
	}
	fmt.Fprintf(w, "%s, %s, %s\n", plural(errs, "error", "errors"), plural(warns, "warning", "warnings"),
		plural(perms, "missing permission", "missing permissions"))
}

// where formats a location as FILE:LINE:COL, or FILE:POINTER when only the
// pointer is known, or FILE when neither is.
func where(name string, l importvalidate.Location) string {
	switch {
	case l.Line > 0:
		return fmt.Sprintf("%s:%d:%d", name, l.Line, l.Column)
	case l.Pointer != "":
		return name + ":" + l.Pointer
	}
	return name
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// badData is the 400 answer of the reference server without its random
// id.
type badData struct {
	Name    string              `json:"name"`
	Message string              `json:"message"`
	Details []model.ErrorDetail `json:"details"`
}

// writeUnleash writes what the reference server answers: the validation
// response, or the details of its 400 for a structurally invalid body.
func writeUnleash(w *bytes.Buffer, rep *importvalidate.Report, strict bool) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if rep.Structural.HasErrors() {
		return enc.Encode(badData{Name: adminhttp.NameBadDataError, Message: adminhttp.MsgBadData, Details: rep.Structural.Details()})
	}
	if strict {
		return enc.Encode(rep.Response())
	}
	return enc.Encode(rep.Reference())
}
