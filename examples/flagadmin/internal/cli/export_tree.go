package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/flagadmin/flagadmin/examples/flagadmin/internal/cmdflag"
	"github.com/flagadmin/flagadmin/unleashapi"
)

// tree reports whether the command line asks for a tree: -all, or
// -project without -environment.
func (c exportConfig) tree() bool {
	return c.all || (c.project != "" && c.environment == "" && c.tag == "" && c.features == "")
}

// checkTree checks the flags of a tree export.
func (c exportConfig) checkTree(fs *flag.FlagSet) (exportConfig, int, bool) {
	msg := ""
	switch {
	case c.out == "":
		msg = "give -o DIR, the directory of the tree (DIR/PROJECT/ENVIRONMENT.json)"
	case c.all && (c.project != "" || c.tag != "" || c.features != "" || c.environment != ""):
		msg = "-all exports every project and environment: leave out -project, -tag, -features and -environment"
	case c.body || c.target != "":
		msg = "a tree holds exports: leave out -body and -target-project"
	default:
		return c, ExitOK, true
	}
	return c, cmdflag.Fail(fs, msg), false
}

// exportTree writes the tree of cfg.out: every environment of the
// project of -project, or of every project (-all).
func (cfg exportConfig) exportTree(ctx context.Context, env Env, c *unleashapi.Client) int {
	fail := failTo(env.Stderr, "flagadmin export")
	say := sayTo(env.Stderr, "flagadmin export")
	projects := []string{cfg.project}
	if cfg.all {
		var err error
		if projects, err = c.Projects(ctx); err != nil {
			return fail(ExitUsage, err)
		}
	}
	written := map[string]bool{}
	features := 0
	for _, p := range projects {
		envs, err := c.ProjectEnvironments(ctx, p)
		if errors.Is(err, unleashapi.ErrNoProject) {
			return fail(ExitFindings, err)
		}
		if err != nil {
			return fail(ExitUsage, err)
		}
		for _, e := range envs {
			path, err := treePath(cfg.out, p, e)
			if err != nil {
				return fail(ExitFindings, err)
			}
			ex, err := c.Export(ctx, unleashapi.ExportQuery{Environment: e, Project: p, File: cfg.fileOptions()})
			if errors.Is(err, unleashapi.ErrEnvironment) {
				// The open-source edition exports the settings of the
				// environments default, development and production only
				// (another one is made in its database): nothing to write.
				say("%s: not written: the instance's export shows no settings of environment %q in project %q", path, e, p)
				continue
			}
			if errors.Is(err, unleashapi.ErrNoProject) {
				return fail(ExitFindings, err)
			}
			if err != nil {
				return fail(ExitUsage, err)
			}
			// The directories are made as os.MkdirAll makes them, and the
			// file as export -o writes one: with the umask.
			if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
				return fail(ExitUsage, err)
			}
			if err := writeFileAtomic(path, textFile(ex.File), 0o666); err != nil {
				return fail(ExitUsage, err)
			}
			written[path] = true
			features += len(ex.Features)
		}
	}
	// What the tree holds that the instance no longer has stays, and is
	// said: plan DIR reads it as a project's environment to import.
	if old, err := readTree(cfg.out); err == nil {
		for _, f := range old {
			if !written[f.path] && (cfg.all || f.project == cfg.project) {
				say("%s: left as it is: the instance has no environment %q in project %q", f.path, f.environment, f.project)
			}
		}
	}
	what := fmt.Sprintf("%d %s", len(projects), plural(len(projects), "project", "projects"))
	if !cfg.all {
		what = fmt.Sprintf("project %s", cfg.project)
	}
	say("%d %s of %s (%d %s in all) from %s into %s", len(written), plural(len(written), "file", "files"), what,
		features, plural(features, "feature", "features"), c.BaseURL(), cfg.out)
	return ExitOK
}
