package output

import (
	"fmt"
	"maps"
	"strings"

	"github.com/flagadmin/flagadmin/importvalidate"
)

// groupedNames is how many names a grouped finding lists before it says
// how many more there are.
const groupedNames = 3

// grouped returns f with its feature-exists warnings, one per existing
// feature of a re-exported project, made one finding at the place of the
// first: its item lists the first names and says how many there are in
// all, those -max-same left out included. The text and github formats
// show it so; the counts stay one per feature, as on the wire.
func grouped(f File) File {
	var names []string
	first := -1
	for i, d := range f.Shown {
		if d.Code == importvalidate.CodeFeatureExists {
			if first < 0 {
				first = i
			}
			names = append(names, d.Item)
		}
	}
	total := len(names) + f.Omitted[string(importvalidate.CodeFeatureExists)]
	if total < 2 || first < 0 {
		return f
	}
	g := f.Shown[first]
	g.Item = groupItem(names, total)
	shown := make([]importvalidate.Diagnostic, 0, len(f.Shown)-len(names)+1)
	for i, d := range f.Shown {
		switch {
		case i == first:
			shown = append(shown, g)
		case d.Code != importvalidate.CodeFeatureExists:
			shown = append(shown, d)
		}
	}
	f.Shown = shown
	if f.Omitted[string(importvalidate.CodeFeatureExists)] > 0 {
		f.Omitted = maps.Clone(f.Omitted)
		delete(f.Omitted, string(importvalidate.CodeFeatureExists))
	}
	return f
}

// groupItem is "a, b, c and 17 more; 20 features" for the names shown of
// total, or "a, b; 2 features" when all are named.
func groupItem(names []string, total int) string {
	listed := names[:min(len(names), groupedNames)]
	s := strings.Join(listed, ", ")
	if more := total - len(listed); more > 0 {
		s += fmt.Sprintf(" and %d more", more)
	}
	return fmt.Sprintf("%s; %d features", s, total)
}
