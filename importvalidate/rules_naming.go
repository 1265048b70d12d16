package importvalidate

import (
	"errors"
	"strconv"

	"github.com/flagadmin/flagadmin/importvalidate/importmodel"
	"github.com/flagadmin/flagadmin/internal/jsregex"
)

// checkNamingPattern is E5: imported names that fail the target project's
// naming pattern, de-duplicated and sorted by UTF-16 code units. Skipped
// when the project does not exist or has no pattern, and when JavaScript
// refuses the pattern (CodeInvalidNamingPattern reports that).
func checkNamingPattern(in *Input) []Issue {
	res := in.Naming()
	if !res.OK {
		return nil
	}
	bad := append([]string(nil), res.Bad...)
	nm := in.TargetProject.Naming()
	sortBy(bad, lessUTF16)
	items := make([]Item, len(bad))
	for i, n := range bad {
		items[i] = in.verifiedItem(importmodel.VerifiedNaming, n, n)
	}
	msg := `Features imported into this project must match the project's feature naming pattern: "` + nm.Pattern + `".`
	if nm.Example != "" {
		msg += ` For example: "` + nm.Example + `".`
	}
	if nm.Description != "" {
		msg += ` The pattern is described as follows: "` + nm.Description + `"`
	}
	msg += " The following features do not match the pattern:"
	return one(msg, items)
}

// checkInvalidNamingPattern warns that feature names were not checked:
// all of them when JavaScript refuses the project's naming pattern (the
// reference server then skips the check in silence), located at the
// project member and the features; and those whose test would backtrack
// beyond the matcher's limits, each located at its occurrences.
func checkInvalidNamingPattern(in *Input) []Issue {
	res := in.Naming()
	unchecked, err := append([]string(nil), res.Unchecked...), res.Err
	pattern := strconv.Quote(in.TargetProject.Naming().Pattern)
	var se *jsregex.SyntaxError
	if errors.As(err, &se) {
		return []Issue{{
			Message: "The feature naming pattern " + pattern + " of project " + strconv.Quote(in.Import.Project) +
				" is not a valid JavaScript regular expression: new RegExp('^' + pattern + '$') refuses /" + se.Source +
				"/ (" + se.Reason + " at code unit " + strconv.Itoa(se.Offset) +
				"); feature names were not checked against it.",
			Items: []Item{{Value: in.TargetProject.Naming().Pattern,
				Locations: []Location{at("/project"), at("/data/features")}}},
		}}
	}
	if len(unchecked) == 0 {
		return nil
	}
	sortBy(unchecked, lessUTF16)
	items := make([]Item, len(unchecked))
	for i, n := range unchecked {
		items[i] = in.featureItem(n, n)
	}
	return one("Testing these feature names against the naming pattern "+pattern+
		" backtracks beyond the matcher's limits; they were not checked against it:", items)
}
