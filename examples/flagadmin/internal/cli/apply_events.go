package cli

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/flagadmin/flagadmin/importvalidate/plan"
	"github.com/flagadmin/flagadmin/importvalidate/plan/planfile"
	"github.com/flagadmin/flagadmin/internal/safetext"
	"github.com/flagadmin/flagadmin/unleashapi"
)

// eventImported is the event that ends an import's events.
const eventImported = "features-imported"

// maxOtherLines bounds the lines that name other writers' changes.
const maxOtherLines = 20

// mark returns the newest event of the log of e's project, and whether
// the log can be read; when it cannot, apply says so for the file and goes on
// without seeing other writers.
func (a *applier) mark(ctx context.Context, e planfile.Entry) (int64, bool) {
	id, err := a.client.LatestProjectEvent(ctx, e.Project)
	if err != nil {
		sayTo(a.env.Stderr, "flagadmin apply")("%s: the event log cannot be read (%v): changes that another writer makes while apply runs will not be seen",
			e.File, err)
		return 0, false
	}
	return id, true
}

// othersSince names what writers other than this apply's imports did to
// p's features since the event mark, one line per writer and feature;
// own is the number of imports of the file that apply sent since the
// mark (several when its body is sent in parts). Before the first
// (own 0) every such event is another's. After them, their own events
// are told apart by their transactions (7.x and later), or else by their
// user and by counting the imports into the target: one more import by
// the same user is another's.
func (a *applier) othersSince(ctx context.Context, mark int64, p *plan.Plan, own int) []string {
	evs, err := a.client.ProjectEvents(ctx, p.Project, mark)
	if err != nil {
		return []string{fmt.Sprintf("the event log could not be read again, so changes by others while apply ran are unknown: %v", err)}
	}
	// An event is counted once, however many pages showed it.
	seen := map[int64]bool{}
	evs = slices.DeleteFunc(evs, func(ev unleashapi.Event) bool {
		dup := seen[ev.ID]
		seen[ev.ID] = true
		return dup
	})
	features := planFeatures(p)
	var relevant []unleashapi.Event
	for _, ev := range evs {
		if env := deref(ev.Environment); env != "" && env != p.Environment {
			continue
		}
		if features[deref(ev.FeatureName)] || ev.Type == eventImported {
			relevant = append(relevant, ev)
		}
	}
	mine := func(ev unleashapi.Event) bool {
		return ev.CreatedByUserID != nil && *ev.CreatedByUserID == a.user
	}
	// The imports into the target by this user since the mark.
	var imports []unleashapi.Event
	for _, ev := range relevant {
		if ev.Type == eventImported && mine(ev) && deref(ev.Environment) == p.Environment {
			imports = append(imports, ev)
		}
	}
	ours := func(unleashapi.Event) bool { return false }
	groups := map[string]bool{}
	for _, ev := range imports {
		if ev.GroupID != nil {
			groups[*ev.GroupID] = true
		}
	}
	var lines []string
	switch {
	case own == 0:
	case len(imports) == own && len(groups) == own:
		ours = func(ev unleashapi.Event) bool { return ev.GroupID != nil && groups[*ev.GroupID] }
	case len(imports) == own:
		ours = mine
	default:
		// More imports by this user than apply sent (or none seen): the
		// features' events of this user cannot be told apart.
		ours = mine
		if len(imports) > own {
			lines = append(lines, fmt.Sprintf("%d imports into project %s, environment %s by this token's user while apply ran, where apply sent %d (events %s)",
				len(imports), safetext.String(p.Project), safetext.String(p.Environment), own, eventIDs(imports)))
		}
	}
	type key struct{ writer, feature string }
	byWriter := map[key][]unleashapi.Event{}
	var order []key
	for _, ev := range relevant {
		if ours(ev) || ev.Type == eventImported {
			continue
		}
		k := key{ev.CreatedBy, deref(ev.FeatureName)}
		if _, ok := byWriter[k]; !ok {
			order = append(order, k)
		}
		byWriter[k] = append(byWriter[k], ev)
	}
	for _, k := range order {
		evs := byWriter[k]
		var types []string
		for _, ev := range evs {
			if !slices.Contains(types, ev.Type) {
				types = append(types, ev.Type)
			}
		}
		lines = append(lines, fmt.Sprintf("feature %s: %s by %s (events %s)", safetext.String(k.feature), strings.Join(types, ", "),
			safetext.String(k.writer), eventIDs(evs)))
	}
	if len(lines) > maxOtherLines {
		lines = append(lines[:maxOtherLines], fmt.Sprintf("… and %d more", len(lines)-maxOtherLines))
	}
	return lines
}

// eventIDs lists the ids of evs, ascending.
func eventIDs(evs []unleashapi.Event) string {
	ids := make([]int64, len(evs))
	for i, ev := range evs {
		ids[i] = ev.ID
	}
	slices.Sort(ids)
	parts := make([]string, 0, min(len(ids), 6))
	for i, id := range ids {
		if i == 5 && len(ids) > 6 {
			parts = append(parts, fmt.Sprintf("… %d", ids[len(ids)-1]))
			break
		}
		parts = append(parts, fmt.Sprint(id))
	}
	return strings.Join(parts, ", ")
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
