package importvalidate

import (
	"maps"
	"slices"

	"github.com/flagadmin/flagadmin/internal/suggest"
)

// addHints sets the Hint of the items of the issues about unknown names
// (strategies, context fields, tag types, segments) to the nearest name
// the import may use, when one is close: Unleash's built-ins, the names
// the state knows among those the import names, and the file's own. The
// reference answer is unchanged: it carries the items' values only.
func addHints(issues []Issue, in *Input) {
	for i := range issues {
		var known []string
		d := &in.Import.Data
		switch issues[i].Code {
		case CodeUnknownStrategy, CodeImportUnknownStrategy:
			known = append(BuiltInStrategies(), slices.Sorted(maps.Keys(in.Strategies))...)
		case CodeUnknownContextField, CodeImportConstraintContextUnknown, CodeUnknownStickiness:
			if issues[i].Code == CodeUnknownStickiness {
				known = []string{"default", "random"}
			}
			known = append(append(known, BuiltInContextFields()...), slices.Sorted(maps.Keys(in.ContextFields))...)
			for _, cf := range d.ContextFields {
				known = append(known, cf.Name)
			}
		case CodeUnknownTagType, CodeImportTagTypeMissing:
			known = append([]string{"simple"}, slices.Sorted(maps.Keys(in.TagTypes))...)
			for _, tt := range d.TagTypes {
				known = append(known, tt.Name)
			}
		case CodeUnknownSegment, CodeImportUnknownSegment:
			known = slices.Sorted(maps.Keys(in.Segments))
		default:
			continue
		}
		for j := range issues[i].Items {
			it := &issues[i].Items[j]
			it.Hint = suggest.Nearest(it.Value, known)
		}
	}
}
