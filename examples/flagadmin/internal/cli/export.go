package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/flagadmin/flagadmin/examples/flagadmin/internal/cmdflag"
	"github.com/flagadmin/flagadmin/model/exportfile"
	"github.com/flagadmin/flagadmin/unleashapi"
)

const exportUsage = `usage: flagadmin export -unleash URL -environment ENV (-project P | -tag TYPE:VALUE | -features A,B) [flags]
       flagadmin export -unleash URL (-all | -project P) -o DIR [flags]

Writes the export of the selected features in ENV (the file Unleash's
Export button downloads), ready for git: pretty-printed, every list in a
stable order (a feature's strategies in the order Unleash evaluates them,
with their sortOrder, which an import keeps), so that exporting an
unchanged instance again gives the same bytes; without the strategy and
link ids that every import regenerates (-ids keeps them). -body writes an
import request body instead: the export as "data", with the target
project (-project, or the one project of the selected features) and ENV.

-project exports the project's features, -tag those that carry the tag
(TYPE:VALUE; Unleash itself exports by value only), both leaving archived
ones out; -features the features named, archived ones included.

-all -o DIR writes the repository of the whole instance: every project
and every environment of it, one file DIR/PROJECT/ENVIRONMENT.json each,
the same bytes as 'flagadmin export -project PROJECT -environment
ENVIRONMENT'; -project P -o DIR (without -environment) writes the files of
one project. Each file is replaced only once it is complete; a file of
DIR that names no project or environment of the instance is left as it
is, and said. The open-source edition lists only the project default:
the other projects are found by their active features (docs/WORKFLOW.md).

Exit code: 0 written; 1 refused (a feature named that does not exist, an
environment the project does not have); 2 for a usage or I/O problem or an
instance that cannot be read.

flags:
`

type exportConfig struct {
	instance                                         *instanceFlags
	environment, project, tag, features, out, target string
	body, ids, sortOrder, all                        bool
}

func parseExport(args []string, stderr io.Writer) (exportConfig, int, bool) {
	var c exportConfig
	fs := newFlagSet("flagadmin export", exportUsage, stderr)
	c.instance = registerInstance(fs, "to export from (required)")
	fs.StringVar(&c.environment, "environment", "", "`environment` whose configuration to export (required)")
	fs.StringVar(&c.project, "project", "", "export the features of this `project`")
	fs.StringVar(&c.tag, "tag", "", "export the features that carry this tag, `TYPE:VALUE`")
	fs.StringVar(&c.features, "features", "", "export these features, `names` separated by commas")
	fs.BoolVar(&c.body, "body", false, "write an import request body (project, environment, data) instead of a bare export")
	fs.StringVar(&c.target, "target-project", "", "with -body: the `project` to import into (default: the project of the selected features)")
	fs.BoolVar(&c.ids, "ids", false, "keep the strategy and link ids, which every import regenerates")
	fs.BoolVar(&c.sortOrder, "sort-order", true, "write each strategy's sortOrder (its place in the order Unleash evaluates them); false writes the Export button's file")
	fs.StringVar(&c.out, "o", "", "write to `file` (replaced only once the export is complete) instead of standard output; with -all, or -project without -environment, the directory of the tree")
	fs.BoolVar(&c.all, "all", false, "export every project and environment into the tree -o DIR")
	rest, code, ok := parseInterspersed(fs, args)
	if !ok {
		return c, code, false
	}
	n := 0
	for _, s := range []string{c.project, c.tag, c.features} {
		if s != "" {
			n++
		}
	}
	fail := func(msg string) (exportConfig, int, bool) { return c, cmdflag.Fail(fs, msg), false }
	switch {
	case len(rest) > 0:
		return fail("no arguments besides the flags: " + strings.Join(rest, " "))
	case c.instance.url == "":
		return fail("give -unleash URL, the instance to export from")
	case c.tree():
		return c.checkTree(fs)
	case c.environment == "":
		return fail("give -environment")
	case n != 1:
		return fail("give exactly one of -project, -tag TYPE:VALUE and -features A,B")
	case c.tag != "" && (!strings.Contains(c.tag, ":") || strings.HasPrefix(c.tag, ":") || strings.HasSuffix(c.tag, ":")):
		return fail(fmt.Sprintf("-tag %q: TYPE:VALUE, such as team:checkout", c.tag))
	case c.target != "" && !c.body:
		return fail("-target-project is for -body")
	}
	return c, ExitOK, true
}

// Export is the export subcommand.
func Export(ctx context.Context, args []string, env Env) int {
	return start(ctx, args, env, parseExport)
}

// run runs the export subcommand with the parsed command line.
func (cfg exportConfig) run(ctx context.Context, env Env) int {
	fail := failTo(env.Stderr, "flagadmin export")
	token, err := cfg.instance.token(ctx, env)
	if err != nil {
		return fail(ExitUsage, err)
	}
	timeout := planTimeout
	if cfg.tree() {
		timeout = treeTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	c, _, err := cfg.instance.client(ctx, token)
	if err != nil {
		return fail(ExitUsage, err)
	}
	if cfg.tree() {
		return cfg.exportTree(ctx, env, c)
	}
	q := unleashapi.ExportQuery{Environment: cfg.environment, Project: cfg.project, File: cfg.fileOptions()}
	if cfg.features != "" {
		for _, n := range strings.Split(cfg.features, ",") {
			if n = strings.TrimSpace(n); n != "" {
				q.Features = append(q.Features, n)
			}
		}
		if len(q.Features) == 0 {
			return fail(ExitUsage, errors.New("-features names no feature"))
		}
	}
	if cfg.tag != "" {
		q.TagType, q.TagValue, _ = strings.Cut(cfg.tag, ":")
	}
	ex, err := c.Export(ctx, q)
	if errors.Is(err, unleashapi.ErrEnvironment) || errors.Is(err, unleashapi.ErrNoProject) {
		return fail(ExitFindings, err)
	}
	if err != nil {
		return fail(ExitUsage, err)
	}
	if len(ex.Missing) > 0 {
		return fail(ExitFindings, fmt.Errorf("no such feature: %s", strings.Join(quoted(ex.Missing), ", ")))
	}
	if len(ex.Archived) > 0 {
		fmt.Fprintf(env.Stderr, "flagadmin export: archived, exported with \"archived\": true: %s\n", strings.Join(quoted(ex.Archived), ", "))
	}
	out := textFile(ex.File)
	if cfg.body {
		project := cfg.target
		if project == "" {
			project = cfg.project
		}
		if project == "" && len(ex.Projects) == 1 {
			project = ex.Projects[0]
		}
		if project == "" {
			return fail(ExitUsage, fmt.Errorf("-body: the features are in %d projects (%s): give -target-project", len(ex.Projects), strings.Join(quoted(ex.Projects), ", ")))
		}
		if out, err = exportfile.Body(project, cfg.environment, ex.File); err != nil {
			return fail(ExitUsage, err)
		}
		out = textFile(out)
	}
	if cfg.out == "" {
		if _, err := env.Stdout.Write(out); err != nil {
			return fail(ExitUsage, err)
		}
	} else if err := writeFileAtomic(cfg.out, out, 0o666); err != nil {
		return fail(ExitUsage, err)
	}
	fmt.Fprintf(env.Stderr, "flagadmin export: %d %s from %s, environment %s\n", len(ex.Features), plural(len(ex.Features), "feature", "features"), c.BaseURL(), cfg.environment)
	return ExitOK
}

// textFile is out ending with a new line: a text file, on a terminal too.
func textFile(out []byte) []byte {
	if bytes.HasSuffix(out, []byte("\n")) {
		return out
	}
	return append(out[:len(out):len(out)], '\n')
}

// fileOptions are what the files keep beyond the instance's own export.
func (cfg exportConfig) fileOptions() exportfile.Options {
	return exportfile.Options{KeepIDs: cfg.ids, SortOrder: cfg.sortOrder}
}

func quoted(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = fmt.Sprintf("%q", n)
	}
	return out
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// writeFileAtomic writes data to a new file beside path and renames it
// to path, so that path holds either its old content or all of data. The
// new file is created with mode perm less the umask, as os.WriteFile
// would create it.
func writeFileAtomic(path string, data []byte, perm os.FileMode) error {
	var f *os.File
	var err error
	for range 100 {
		tmp := filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+"."+strconv.FormatUint(rand.Uint64(), 36))
		f, err = os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
		if !errors.Is(err, fs.ErrExist) {
			break
		}
	}
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		_ = os.Remove(tmp)
	}
	return err
}
