package plan

import (
	"fmt"
	"slices"
	"strings"

	"github.com/flagadmin/flagadmin/internal/suggest"
	"github.com/flagadmin/flagadmin/model/profile"
)

// A tree is a repository of exports, one file per project and
// environment (DIR/PROJECT/ENVIRONMENT.json): each file is planned as an
// import of its own, and the tree adds what no single file can say, per
// project: a file whose features are not those of the project's other
// files (an export of any environment holds every feature of the
// project), the features of the instance that no file holds (left out:
// kept, or archived with Prune), and a created feature that looks like a
// left-out one (a rename). No I/O: the caller reads the files and the
// instance's features of each project.

// TreeFile is what one file of a tree holds that the tree's plan reads.
type TreeFile struct {
	// Name names the file, as the output shows it.
	Name string
	// Features are the names of the file's features.
	Features []string
	// Parents are the parents of each feature that has some.
	Parents map[string][]string
	// Shared holds, per feature, a text of what every environment's
	// export of the feature holds alike (its entry, tags, parents and
	// links): two files of a project must hold the same.
	Shared map[string]string
}

// TreeProject is one project of a tree: its files, and the names of its
// active features on the instance.
type TreeProject struct {
	Project  string
	Files    []TreeFile
	Instance []string
}

// TreeOptions say how a tree is planned.
type TreeOptions struct {
	// Prune plans the left-out features to be archived.
	Prune bool
	// Profile is that of the instance's version; nil means
	// profile.Default.
	Profile *profile.Profile
	// OpenSource: the instance is the open-source edition, which refuses
	// a personal access token archiving outside the project default
	// (profile.AdminAPI.ArchiveDefaultOnly).
	OpenSource bool
}

// Rename is a created feature whose name is close to a left-out one's.
type Rename struct {
	From string `json:"from"`
	To   string `json:"to"`
}

// ProjectPlan is what the tree says of one project beyond its files'
// plans.
type ProjectPlan struct {
	Project string `json:"project"`
	// Inconsistent has one line per file that lacks features another file
	// of the project holds, naming the file: the tree is refused.
	Inconsistent []string `json:"inconsistent,omitempty"`
	// LeftOut are the project's active features that no file holds,
	// sorted: kept, or archived when Archive is set.
	LeftOut []string `json:"leftOut,omitempty"`
	// Archive: the left-out features are to be archived (Prune).
	Archive bool `json:"archive,omitempty"`
	// Renamed are the created features that look like a left-out one.
	Renamed []Rename `json:"renamed,omitempty"`
	// Refusals say why the instance will refuse the archive: nothing of
	// the tree may be applied then.
	Refusals []string `json:"refusals,omitempty"`
}

// Refused reports whether the project's part of the tree is refused.
func (p *ProjectPlan) Refused() bool { return len(p.Inconsistent) > 0 || len(p.Refusals) > 0 }

// HasChanges reports whether the project differs from its files beyond
// their imports: a feature of the instance that no file holds.
func (p *ProjectPlan) HasChanges() bool { return len(p.LeftOut) > 0 }

// PlanTree plans what each project of a tree says beyond its files.
func PlanTree(projects []TreeProject, opts TreeOptions) []ProjectPlan {
	prof := profile.Default()
	if opts.Profile != nil {
		prof = *opts.Profile
	}
	out := make([]ProjectPlan, 0, len(projects))
	for _, tp := range projects {
		out = append(out, planProject(tp, opts, prof))
	}
	return out
}

func planProject(tp TreeProject, opts TreeOptions, prof profile.Profile) ProjectPlan {
	pp := ProjectPlan{Project: tp.Project}
	held := map[string]bool{}
	parents := map[string][]string{}
	for _, f := range tp.Files {
		for _, n := range f.Features {
			held[n] = true
		}
		for child, ps := range f.Parents {
			for _, p := range ps {
				if !slices.Contains(parents[child], p) {
					parents[child] = append(parents[child], p)
				}
			}
		}
	}
	// Each file must hold every feature of the project that another
	// file holds.
	for _, f := range tp.Files {
		in := map[string]bool{}
		for _, n := range f.Features {
			in[n] = true
		}
		var lacks []string
		for n := range held {
			if !in[n] {
				lacks = append(lacks, n)
			}
		}
		if len(lacks) == 0 {
			continue
		}
		slices.Sort(lacks)
		where := ""
		for _, g := range tp.Files {
			if slices.Contains(g.Features, lacks[0]) {
				where = g.Name
				break
			}
		}
		pp.Inconsistent = append(pp.Inconsistent, fmt.Sprintf("%s lacks %s, which %s holds: an export of any environment holds every feature of the project",
			f.Name, quotedList(lacks, 10), where))
	}
	// What every environment shares must be the same in every file:
	// else the result would depend on the order of the imports.
	first := map[string]string{}
	for _, f := range tp.Files {
		var differ []string
		where := ""
		for _, n := range f.Features {
			v, ok := f.Shared[n]
			if !ok {
				continue
			}
			if w, seen := first[n]; !seen {
				first[n] = f.Name + "\x00" + v
			} else if name, was, _ := strings.Cut(w, "\x00"); was != v {
				differ, where = append(differ, n), name
			}
		}
		if len(differ) > 0 {
			pp.Inconsistent = append(pp.Inconsistent, fmt.Sprintf("%s holds %s otherwise than %s: a feature's type, description, tags, parents and links are the same in every environment",
				f.Name, quotedList(differ, 10), where))
		}
	}
	onInstance := map[string]bool{}
	for _, n := range tp.Instance {
		onInstance[n] = true
		if !held[n] {
			pp.LeftOut = append(pp.LeftOut, n)
		}
	}
	slices.Sort(pp.LeftOut)
	var created []string
	for n := range held {
		if !onInstance[n] {
			created = append(created, n)
		}
	}
	slices.Sort(created)
	for _, n := range created {
		if from := suggest.Nearest(n, pp.LeftOut); from != "" {
			pp.Renamed = append(pp.Renamed, Rename{From: from, To: n})
		}
	}
	if !opts.Prune || len(pp.LeftOut) == 0 {
		return pp
	}
	pp.Archive = true
	if opts.OpenSource && prof.AdminAPI.ArchiveDefaultOnly && tp.Project != "default" {
		pp.Refusals = append(pp.Refusals, fmt.Sprintf("open-source Unleash %s refuses (403) a personal access token archiving outside the project default: "+
			"archive %s in project %q otherwise, or keep them in the files", prof.Name, quotedList(pp.LeftOut, 10), tp.Project))
	}
	archived := map[string]bool{}
	for _, n := range pp.LeftOut {
		archived[n] = true
	}
	children := make([]string, 0, len(parents))
	for child := range parents {
		children = append(children, child)
	}
	slices.Sort(children)
	for _, child := range children {
		ps := slices.Clone(parents[child])
		slices.Sort(ps)
		for _, p := range ps {
			if archived[p] && held[child] {
				pp.Refusals = append(pp.Refusals, fmt.Sprintf("%q depends on %q, which would be archived: Unleash refuses to archive a feature that a kept one depends on; "+
					"keep %q in the files, or remove the dependency", child, p, p))
			}
		}
	}
	return pp
}

// quotedList quotes up to max names, and counts the rest.
func quotedList(names []string, max int) string {
	var parts []string
	for i, n := range names {
		if i == max {
			parts = append(parts, fmt.Sprintf("and %d more", len(names)-max))
			break
		}
		parts = append(parts, fmt.Sprintf("%q", n))
	}
	return strings.Join(parts, ", ")
}
