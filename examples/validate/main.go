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
//	-database URL       validate against an Unleash 8.2+ PostgreSQL
//	                    database instead of a snapshot (default:
//	                    $DATABASE_URL when -state is absent too); -token
//	                    is then a token of that database
//	-unleash URL        validate against a live Unleash 8 instance, read
//	                    over its admin API; -token is then a token of
//	                    that instance, whose rights it gives
//	-token-file FILE    file holding the API token for -unleash
//	                    (default: $UNLEASH_API_TOKEN)
//
// The text format prints one line per finding, in the order of the file
// (findings without a place in it, such as missing permissions and the
// feature limit, last),
//
//	FILE:LINE:COL: severity code: message (item)
//
// then a summary that counts the lines above, such as "3 errors, 2
// warnings, 1 missing permission", or, when the structure of the file is
// wrong, "2 structural problems; the import rules did not run". A bad -state
// file is reported as STATEFILE:LINE:COL: message.
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

	"github.com/flagadmin/flagadmin/auth"
	"github.com/flagadmin/flagadmin/examples/server/adminhttp"
	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/internal/statefile"
	"github.com/flagadmin/flagadmin/internal/unleashflag"
	"github.com/flagadmin/flagadmin/model"
)

// Exit codes.
const (
	exitOK     = 0
	exitErrors = 1
	exitUsage  = 2
)

func main() {
	os.Exit(runWith(os.Args[1:], os.Stdin, os.Stdout, os.Stderr, tuneGC))
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
	database    string
	unleash     unleashflag.Flags
}

// usageError is a problem with the command line.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

// flagError is a flag the flag package refused; it has reported it already.
type flagError struct{ err error }

func (e *flagError) Error() string { return e.err.Error() }
func (e *flagError) Unwrap() error { return e.err }

// run is the command: it validates the file named by args and writes the
// result to stdout, problems with the invocation to stderr, and returns the
// exit code.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return runWith(args, stdin, stdout, stderr, nil)
}

// runWith is run that, when read is not nil, calls it with the size of
// the input once it is read (the command sets its garbage collector
// there, tuneGC).
func runWith(args []string, stdin io.Reader, stdout, stderr io.Writer, read func(size int)) int {
	cfg, err := parseArgs(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return exitOK
	}
	var fe *flagError
	if errors.As(err, &fe) {
		// The flag package has reported it, with the usage.
		return exitUsage
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
	if read != nil {
		read(len(body))
	}
	rep, err := validate(cfg, body)
	if err != nil {
		fmt.Fprintln(stderr, "validate:", err)
		return exitUsage
	}
	var out bytes.Buffer
	switch cfg.format {
	case "json":
		enc := json.NewEncoder(&out)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rep); err != nil {
			fmt.Fprintln(stderr, "validate:", err)
			return exitUsage
		}
	case "unleash":
		if err := writeUnleash(&out, rep, cfg.strict); err != nil {
			fmt.Fprintln(stderr, "validate:", err)
			return exitUsage
		}
	default:
		// Writing to a bytes.Buffer does not fail.
		_ = importvalidate.WriteText(&out, name, rep)
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
	fs.StringVar(&cfg.database, "database", "", "PostgreSQL `URL` of an Unleash 8.2+ database to validate against (default: $DATABASE_URL when -state is absent too)")
	cfg.unleash = unleashflag.Register(fs)
	var files []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return cfg, err
			}
			return cfg, &flagError{err}
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
	if cfg.unleash.Given() {
		return validateOnUnleash(cfg, body)
	}
	if url, err := databaseURL(cfg); err != nil || url != "" {
		if err != nil {
			return nil, err
		}
		return validateOnDatabase(cfg, url, body)
	}
	snap, err := statefile.Load(cfg.stateFile)
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
