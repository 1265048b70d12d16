package cli

import (
	"context"
	"fmt"
	"strings"

	"github.com/flagadmin/flagadmin/importvalidate/plan"
	"github.com/flagadmin/flagadmin/importvalidate/plan/planfile"
	"github.com/flagadmin/flagadmin/internal/safetext"
)

// The archive of a tree's plan (plan -prune): once every file is
// imported as planned, the features of each project that no file holds
// are archived, project by project, in one request each (Unleash
// archives a parent together with its children). The project's features
// are read again first: they must be the ones the plan read, with the
// features the imports created.

// archiveText names the features of an archive.
func archiveText(ar planfile.Archive) string {
	names := make([]string, len(ar.Features))
	for i, n := range ar.Features {
		names[i] = safetext.String(n)
	}
	return fmt.Sprintf("%d %s (%s)", len(names), plural(len(names), "feature", "features"), strings.Join(names, ", "))
}

// archiveStale reads the active features of ar's project and says how
// they differ from those the plan read plus created, the features the
// imports created; none when they are the same.
func (a *applier) archiveStale(ctx context.Context, ar planfile.Archive, created []string) ([]string, error) {
	list, err := a.client.ProjectFeatures(ctx, ar.Project)
	if err != nil {
		return nil, err
	}
	now, want := nameSet(list), nameSet(ar.Listed)
	for _, n := range created {
		want[n] = true
	}
	var out []string
	for _, n := range append(append([]string(nil), ar.Listed...), created...) {
		if !now[n] {
			out = append(out, fmt.Sprintf("feature %q of project %q: archived or deleted", n, ar.Project))
		}
	}
	for _, n := range list {
		if !want[n] {
			out = append(out, fmt.Sprintf("feature %q of project %q: created", n, ar.Project))
		}
	}
	return out, nil
}

// archiveAll archives the features of archives, after the imports of
// entries (checked) landed as planned.
func (a *applier) archiveAll(ctx context.Context, entries []planfile.Entry, checked []verified, archives []planfile.Archive) int {
	say := sayTo(a.env.Stderr, "flagadmin apply")
	for i, ar := range archives {
		var created []string
		for j, e := range entries {
			if e.Project != ar.Project {
				continue
			}
			for _, f := range checked[j].plan.Features {
				if f.Action == plan.Create {
					created = append(created, f.Name)
				}
			}
		}
		stop := func() int {
			var left []string
			for _, r := range archives[i:] {
				left = append(left, safetext.String(r.Project))
			}
			say("every file was imported; not archived: the features of %s", strings.Join(left, ", "))
			return ExitImportFailed
		}
		changed, err := a.archiveStale(ctx, ar, created)
		if err != nil {
			say("project %s: reading its features failed: %v", ar.Project, err)
			return stop()
		}
		if len(changed) > 0 {
			say("project %s: not archived: its features changed since the plan was made (another writer?):", ar.Project)
			a.list(changed)
			return stop()
		}
		if err := a.im.Archive(ctx, ar.Project, ar.Features); err != nil {
			say("project %s: %v", ar.Project, err)
			return stop()
		}
		list, err := a.client.ProjectFeatures(ctx, ar.Project)
		if err != nil {
			say("project %s: archived; reading its features again failed: %v", ar.Project, err)
			return ExitDiffers
		}
		now := nameSet(list)
		var still []string
		for _, n := range ar.Features {
			if now[n] {
				still = append(still, fmt.Sprintf("feature %q: still active", n))
			}
		}
		if len(still) > 0 {
			say("project %s: archived, but the instance differs from the plan:", ar.Project)
			a.list(still)
			return ExitDiffers
		}
		fmt.Fprintf(a.env.Stdout, "\nArchived in project %s: %s.\n", safetext.String(ar.Project), archiveText(ar))
	}
	return ExitOK
}

// nameSet is the set of names.
func nameSet(names []string) map[string]bool {
	out := make(map[string]bool, len(names))
	for _, n := range names {
		out[n] = true
	}
	return out
}
