package plan

import (
	"context"
	"fmt"
	"maps"
	"strings"

	"github.com/flagadmin/flagadmin/importvalidate/importmodel"
	"github.com/flagadmin/flagadmin/model"
	"github.com/flagadmin/flagadmin/model/profile"
)

// Outcome compares the instance after an import of d with what its plan
// p foresaw: each imported feature must have the configuration that the
// import gives it over before (the snapshot of the State's answer that the plan read),
// each skipped feature the one it had, and the context fields and tag
// types the plan creates must exist. after is the same read as before,
// made after the import. It returns one line per difference,
// naming the feature and the aspect with how it differs from the plan;
// none when the import did exactly what the plan said. It fails as a
// plan does on a state without a feature's configuration
// (ErrNoConfiguration).
func Outcome(p *Plan, d *model.ExportData, before, after *model.Snapshot) ([]string, error) {
	was, err := currentOf(before, p.Project, p.Environment)
	if err != nil {
		return nil, fmt.Errorf("plan: before the import: %w", err)
	}
	now, err := currentOf(after, p.Project, p.Environment)
	if err != nil {
		return nil, fmt.Errorf("plan: after the import: %w", err)
	}
	// The context never ends: Apply does not fail.
	imported, _ := importmodel.Apply(context.Background(), profile.Default().Import, p.Project, p.Environment, d, was)
	want := make(map[string]*importmodel.Config, len(imported.Features)+len(was.Features))
	maps.Copy(want, imported.Features)
	for i := range was.Features {
		if _, ok := want[was.Features[i].Name]; !ok {
			want[was.Features[i].Name] = &was.Features[i] // skipped: as it was
		}
	}
	got := map[string]*importmodel.Config{}
	for i := range now.Features {
		got[now.Features[i].Name] = &now.Features[i]
	}
	var out []string
	for _, fp := range p.Features {
		w, planned := want[fp.Name]
		g := got[fp.Name]
		switch {
		case !planned && g == nil:
		case !planned:
			out = append(out, fmt.Sprintf("feature %q: exists, the plan did not create it", fp.Name))
		case g == nil:
			out = append(out, fmt.Sprintf("feature %q: missing after the import (planned: %s)", fp.Name, fp.Action))
		default:
			for _, c := range diff(w, g) {
				out = append(out, fmt.Sprintf("feature %q: %s: %s", fp.Name, c.Aspect, changeText(c)))
			}
		}
	}
	out = appendNotCreated(out, "context field", p.ContextFields, now.ContextFields)
	out = appendNotCreated(out, "tag type", p.TagTypes, now.TagTypes)
	return out, nil
}

// appendNotCreated appends to out a line for each name of planned, of
// the kind what, that exists does not hold; exists is read into a set
// once, not searched for each name.
func appendNotCreated(out []string, what string, planned, exists []string) []string {
	have := make(map[string]bool, len(exists))
	for _, n := range exists {
		have[n] = true
	}
	for _, n := range planned {
		if !have[n] {
			out = append(out, fmt.Sprintf("%s %q: not created", what, n))
		}
	}
	return out
}

// changeText says how an aspect differs from the plan: "planned X, is
// Y", or the items the instance has beyond the plan (+), lacks (-) or
// holds otherwise (~).
func changeText(c Change) string {
	if c.From != "" || c.To != "" {
		return fmt.Sprintf("planned %s, is %s", c.From, c.To)
	}
	var parts []string
	for _, it := range c.Added {
		parts = append(parts, "+"+it.Key)
	}
	for _, it := range c.Removed {
		parts = append(parts, "-"+it.Key)
	}
	for _, ch := range c.Changed {
		var fs []string
		for _, f := range ch.Fields {
			fs = append(fs, fmt.Sprintf("%s planned %s, is %s", f.Field, orNoneText(f.From), orNoneText(f.To)))
		}
		parts = append(parts, "~"+ch.Key+" ("+strings.Join(fs, "; ")+")")
	}
	return strings.Join(parts, ", ")
}

func orNoneText(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}
