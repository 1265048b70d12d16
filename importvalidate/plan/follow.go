package plan

import (
	"encoding/json"
	"fmt"
	"slices"
)

// Follows says how now goes beyond saved: now is the plan of a file of a
// tree made again after the tree's earlier files of the same project
// were imported, saved the plan of that file made before any of them.
// The earlier files may have done part of what saved says (a feature's
// type, description, tags, parents and links are the same in every
// environment, and the first file of a project creates its new
// features), so now may say less; but what now says must be said by
// saved as well: a feature created by both, a change of an aspect the
// same in both, a skip for the same reason, a context field or a tag type
// created by both. It returns one line per difference; none when now
// follows saved.
func Follows(now, saved *Plan) []string {
	was := map[string]*FeaturePlan{}
	for i := range saved.Features {
		was[saved.Features[i].Name] = &saved.Features[i]
	}
	var out []string
	for _, f := range now.Features {
		s := was[f.Name]
		switch {
		case f.Action == Unchanged:
		case s == nil:
			out = append(out, fmt.Sprintf("feature %q: %s, which the saved plan does not name", f.Name, f.Action))
		case s.Action == Create && f.Action != Skip:
			// Created by an earlier file: what this one sets in its
			// environment is checked once it is imported.
		case f.Action != s.Action || f.Reason != s.Reason:
			out = append(out, fmt.Sprintf("feature %q: %s now, %s in the saved plan", f.Name, f.Action, s.Action))
		default:
			for _, c := range f.Changes {
				if !slices.ContainsFunc(s.Changes, func(d Change) bool { return sameChange(c, d) }) {
					out = append(out, fmt.Sprintf("feature %q: %s: %s, which the saved plan does not say", f.Name, c.Aspect, changeText(c)))
				}
			}
		}
	}
	for _, n := range now.ContextFields {
		if !slices.Contains(saved.ContextFields, n) {
			out = append(out, fmt.Sprintf("context field %q: created, which the saved plan does not say", n))
		}
	}
	for _, n := range now.TagTypes {
		if !slices.Contains(saved.TagTypes, n) {
			out = append(out, fmt.Sprintf("tag type %q: created, which the saved plan does not say", n))
		}
	}
	return out
}

// sameChange reports whether two changes are the same.
func sameChange(a, b Change) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}
