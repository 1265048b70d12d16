package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/importvalidate/plan"
	"github.com/flagadmin/flagadmin/importvalidate/plan/planfile"
	"github.com/flagadmin/flagadmin/internal/safetext"
	"github.com/flagadmin/flagadmin/model/profile"
)

// The plan of a tree (tree.go): every file planned for the target its
// path names, in the tree's order (by project, then environment), then
// what each project says beyond its files (plan.PlanTree): a file whose
// features are not those of the project's other files, the features of
// the instance that no file holds (left out: kept, or archived with
// -prune), and a created feature that looks like a left-out one.

// projectReader is what a tree's plan reads of the instance beyond each
// file's plan: one request per project, and the edition (read with the
// version). unleashapi.Client is one.
type projectReader interface {
	ProjectFeatures(ctx context.Context, project string) ([]string, error)
	OpenSource(ctx context.Context) (bool, error)
}

// treePlan is the plan of a tree.
type treePlan struct {
	files    []planned
	projects []plan.ProjectPlan
	// listed are each project's active features, as read.
	listed map[string][]string
}

// checkTree says what is wrong with the flags of a tree's plan; "" when
// nothing.
func (c planConfig) checkTree() string {
	if c.prune && !c.tree {
		return "-prune plans a tree: give one DIR of DIR/PROJECT/ENVIRONMENT.json files, with -unleash URL, without -project and -environment"
	}
	return ""
}

// planTree plans the tree dir over state, reading each project's
// features with reader, as the version of prof answers and imports.
func planTree(ctx context.Context, state importvalidate.State, prof profile.Profile, reader projectReader,
	dir string, prune bool, limit int64) (*treePlan, error) {
	files, err := readTree(dir)
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("%s: the tree holds no file DIR/PROJECT/ENVIRONMENT.json", dir)
	}
	oss, err := reader.OpenSource(ctx)
	if err != nil {
		return nil, err
	}
	// The files are planned treeWorkers at a time (each plan waits on the
	// instance most of its time), the projects' features read once each;
	// the results keep the tree's order.
	type result struct {
		p   planned
		raw []byte
		err error
	}
	results := make([]result, len(files))
	listed := map[string][]string{}
	var mu sync.Mutex
	w := newWorkers(treeWorkers)
	for i, f := range files {
		w.run(func() {
			in := input{name: f.path, path: f.path}
			raw, err := in.read(ctx, nil, limit)
			if err == nil {
				err = checkTreeTarget(f, raw)
			}
			var p planned
			if err == nil {
				if p, err = planOne(ctx, state, prof, in, raw, f.project, f.environment); err != nil {
					err = fmt.Errorf("%s: %w", f.path, err)
				}
			}
			mu.Lock()
			_, read := listed[f.project]
			if !read {
				listed[f.project] = nil
			}
			mu.Unlock()
			if err == nil && !read {
				var names []string
				names, err = reader.ProjectFeatures(ctx, f.project)
				mu.Lock()
				listed[f.project] = names
				mu.Unlock()
			}
			results[i] = result{p, raw, err}
		})
	}
	w.wait()
	tp := &treePlan{listed: listed}
	var projects []plan.TreeProject
	for i, f := range files {
		r := results[i]
		if r.err != nil {
			return nil, r.err
		}
		tp.files = append(tp.files, r.p)
		if len(projects) == 0 || projects[len(projects)-1].Project != f.project {
			projects = append(projects, plan.TreeProject{Project: f.project, Instance: listed[f.project]})
		}
		last := &projects[len(projects)-1]
		last.Files = append(last.Files, treeFileOf(safetext.String(f.path), r.raw))
	}
	tp.projects = plan.PlanTree(projects, plan.TreeOptions{Prune: prune, Profile: &prof, OpenSource: oss})
	return tp, nil
}

// treeWorkers is how many files of a tree are planned at once.
const treeWorkers = 4

// checkTreeTarget refuses a file of the tree that is the export of
// another project or environment than its path names.
func checkTreeTarget(f treeFile, raw []byte) error {
	named, ok := importvalidate.ReadExportTarget(raw)
	if !ok {
		return nil
	}
	project, environment := named.One()
	if (project != "" && project != f.project) || (environment != "" && environment != f.environment) {
		return &targetError{fmt.Sprintf("%s: the file is an export of project %q, environment %q, but its path names project %q, environment %q: "+
			"a tree's file is the export of the project and the environment its path names", f.path, project, environment, f.project, f.environment)}
	}
	return nil
}

// workers run functions, at most as many at a time as their slots.
type workers struct {
	wg    sync.WaitGroup
	slots chan struct{}
}

func newWorkers(n int) *workers { return &workers{slots: make(chan struct{}, n)} }

// run runs f once a slot is free.
func (w *workers) run(f func()) {
	w.wg.Add(1)
	w.slots <- struct{}{}
	go func() {
		defer func() { <-w.slots; w.wg.Done() }()
		f()
	}()
}

// wait waits for every function run.
func (w *workers) wait() { w.wg.Wait() }

// treeFileOf reads what the tree's plan needs of a file: its features,
// their parents, and what every environment's export of a feature holds
// alike (of an export, or of a request body's data).
func treeFileOf(name string, raw []byte) plan.TreeFile {
	type data struct {
		Features     []map[string]any `json:"features"`
		FeatureTags  []map[string]any `json:"featureTags"`
		Dependencies []map[string]any `json:"dependencies"`
		Links        []map[string]any `json:"links"`
	}
	var file struct {
		data
		Data *data `json:"data"`
	}
	_ = json.Unmarshal(raw, &file)
	d := file.data
	if file.Data != nil {
		d = *file.Data
	}
	out := plan.TreeFile{Name: name, Parents: map[string][]string{}, Shared: map[string]string{}}
	shared := map[string][]string{}
	add := func(items []map[string]any, key string) {
		for _, it := range items {
			n, _ := it[key].(string)
			b, _ := json.Marshal(it) // map keys sorted: one text per content
			shared[n] = append(shared[n], string(b))
		}
	}
	add(d.Features, "name")
	add(d.FeatureTags, "featureName")
	add(d.Dependencies, "feature")
	add(d.Links, "feature")
	for _, f := range d.Features {
		n, _ := f["name"].(string)
		out.Features = append(out.Features, n)
		items := shared[n]
		slices.Sort(items)
		out.Shared[n] = strings.Join(items, "\n")
	}
	for _, dep := range d.Dependencies {
		child, _ := dep["feature"].(string)
		parents, _ := dep["dependencies"].([]any)
		for _, p := range parents {
			if m, ok := p.(map[string]any); ok {
				if n, ok := m["feature"].(string); ok {
					out.Parents[child] = append(out.Parents[child], n)
				}
			}
		}
	}
	return out
}

// refused reports whether anything of the tree is refused.
func (tp *treePlan) refused() bool {
	for _, p := range tp.files {
		if p.refusal != "" || p.plan.Refused() {
			return true
		}
	}
	for i := range tp.projects {
		if tp.projects[i].Refused() {
			return true
		}
	}
	return false
}

// hasChanges reports whether the instance differs from the tree: an
// import changes something, or a feature of the instance is left out.
func (tp *treePlan) hasChanges() bool {
	for _, p := range tp.files {
		if p.plan != nil && p.plan.HasChanges() {
			return true
		}
	}
	for i := range tp.projects {
		if tp.projects[i].HasChanges() {
			return true
		}
	}
	return false
}

// archives are the archives of the tree's plan, for a saved plan.
func (tp *treePlan) archives() []planfile.Archive {
	var out []planfile.Archive
	for _, p := range tp.projects {
		if p.Archive {
			out = append(out, planfile.Archive{Project: p.Project, Features: p.LeftOut, Listed: tp.listed[p.Project]})
		}
	}
	return out
}

// runTree runs the plan subcommand on a tree, over the source s.
func (cfg planConfig) runTree(ctx context.Context, env Env, s *stateSource, fail func(int, error) int) int {
	reader, ok := s.State.(projectReader)
	if !ok {
		return fail(ExitUsage, errors.New("a tree is planned over -unleash URL"))
	}
	tp, err := planTree(ctx, s.State, s.Profile(), reader, cfg.files[0], cfg.prune, cfg.source.Limit())
	if err != nil {
		return fail(ExitUsage, err)
	}
	if err := writeTree(env, cfg, tp); err != nil {
		return fail(ExitUsage, err)
	}
	return cfg.finish(ctx, env, s, tp.files, tp.archives(), tp.refused(), tp.hasChanges(), fail)
}

// writeTree prints the plan of a tree in the format of cfg: the files'
// plans, then what each project says beyond them, then one summary.
func writeTree(env Env, cfg planConfig, tp *treePlan) error {
	if cfg.format == "json" {
		var files []fileJSON
		for _, p := range tp.files {
			files = append(files, fileJSON{File: p.in.name, Plan: p.plan, Findings: p.refusal, Imports: p.entry.Imports})
		}
		out, _ := json.MarshalIndent(struct {
			Files    []fileJSON         `json:"files"`
			Projects []plan.ProjectPlan `json:"projects"`
			Summary  treeTotals         `json:"summary"`
		}{files, tp.projects, tp.totals()}, "", "  ")
		_, err := env.Stdout.Write([]byte(safetext.Text(string(out)) + "\n"))
		return err
	}
	if err := writePlans(env, cfg, tp.files); err != nil {
		return err
	}
	var b bytes.Buffer
	md := cfg.format == "markdown"
	for _, p := range tp.projects {
		lines := projectLines(p)
		if len(lines) == 0 {
			continue
		}
		if md {
			fmt.Fprintf(&b, "#### Project %s\n\n", safetext.String(p.Project))
			for _, l := range lines {
				b.WriteString("- " + strings.ReplaceAll(l, "`", "'") + "\n")
			}
			b.WriteString("\n")
			continue
		}
		fmt.Fprintf(&b, "\n--- project %s\n", safetext.String(p.Project))
		for _, l := range lines {
			b.WriteString(l + "\n")
		}
	}
	if md {
		b.WriteString("**" + tp.totals().String() + "**\n")
	} else {
		b.WriteString("\n" + tp.totals().String() + "\n")
	}
	_, err := env.Stdout.Write(b.Bytes())
	return err
}

// projectLines are the lines of what a project says beyond its files.
func projectLines(p plan.ProjectPlan) []string {
	var out []string
	for _, l := range p.Inconsistent {
		out = append(out, "error: "+safetext.String(l))
	}
	for _, n := range p.LeftOut {
		if p.Archive {
			out = append(out, "- "+safetext.String(n)+": archived (no file of the project holds it)")
		} else {
			out = append(out, "  "+safetext.String(n)+": left out: kept (no file of the project holds it; -prune archives it)")
		}
	}
	for _, r := range p.Renamed {
		out = append(out, fmt.Sprintf("+ %s: renamed from %s?", safetext.String(r.To), safetext.String(r.From)))
	}
	for _, l := range p.Refusals {
		out = append(out, "error: "+safetext.String(l))
	}
	return out
}

// treeTotals count a tree's plan.
type treeTotals struct {
	Files     int `json:"files"`
	Projects  int `json:"projects"`
	Create    int `json:"create"`
	Update    int `json:"update"`
	Unchanged int `json:"unchanged"`
	Skip      int `json:"skip"`
	LeftOut   int `json:"leftOut"`
	Archive   int `json:"archive"`
	Imports   int `json:"imports"`
	Refused   int `json:"refused"`
}

func (tp *treePlan) totals() treeTotals {
	t := treeTotals{Files: len(tp.files), Projects: len(tp.projects)}
	for _, p := range tp.files {
		if p.refusal != "" || p.plan.Refused() {
			t.Refused++
		}
		if p.plan == nil {
			continue
		}
		pt := p.plan.Totals()
		t.Create, t.Update, t.Unchanged, t.Skip = t.Create+pt.Create, t.Update+pt.Update, t.Unchanged+pt.Unchanged, t.Skip+pt.Skip
		if p.plan.HasChanges() {
			t.Imports += max(1, p.entry.Imports)
		}
	}
	for i, p := range tp.projects {
		if p.Archive {
			t.Archive += len(p.LeftOut)
		} else {
			t.LeftOut += len(p.LeftOut)
		}
		if tp.projects[i].Refused() {
			t.Refused++
		}
	}
	return t
}

func (t treeTotals) String() string {
	s := fmt.Sprintf("Tree: %d %s of %d %s: %d to create, %d to update, %d unchanged, %d skipped in %d %s; %d left out (kept), %d to archive",
		t.Files, plural(t.Files, "file", "files"), t.Projects, plural(t.Projects, "project", "projects"),
		t.Create, t.Update, t.Unchanged, t.Skip, t.Imports, plural(t.Imports, "import", "imports"), t.LeftOut, t.Archive)
	if t.Refused > 0 {
		s += fmt.Sprintf("; refused (%d %s): nothing changes", t.Refused, plural(t.Refused, "file or project", "files or projects"))
	}
	return s + "."
}
