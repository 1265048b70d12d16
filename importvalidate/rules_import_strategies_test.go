package importvalidate

import (
	"fmt"
	"testing"
)

func TestImportStrategyFeatureNotInProject(t *testing.T) {
	runRefusalCases(t, refusalCheck(t, CodeImportStrategyFeatureNotInProject), []refusalCase{
		{name: "strategy-feature-not-in-file-missing", at: "/data/featureStrategies/0/featureName"},
		{name: "strategy-feature-other-project", at: "/data/featureStrategies/0/featureName"},
		{name: "strategy-feature-not-in-file-existing"},
		{name: "strategy-on-archived-feature-outside-file"},
		{name: "ok-baseline"},
	})
}

func TestImportTooManyConstraints(t *testing.T) {
	runRefusalCases(t, refusalCheck(t, CodeImportTooManyConstraints), []refusalCase{
		{name: "strategy-too-many-constraints", at: "/data/featureStrategies/0/constraints"},
		{name: "strategy-constraints-at-limit"},
		{name: "ok-baseline"},
	})
}

func TestImportTooManyConstraintValues(t *testing.T) {
	runRefusalCases(t, refusalCheck(t, CodeImportTooManyConstraintValues), []refusalCase{
		{name: "strategy-too-many-constraint-values", at: "/data/featureStrategies/0/constraints/0/values"},
		{name: "strategy-constraints-at-limit"},
		{name: "ok-baseline"},
	})
}

func TestImportTooManyStrategies(t *testing.T) {
	runRefusalCases(t, refusalCheck(t, CodeImportTooManyStrategies), []refusalCase{
		// The setup gave existing-flag 29 more strategies in development.
		{name: "strategy-limit-with-outside-feature", at: "/data/featureStrategies/0"},
		{name: "strategy-feature-not-in-file-existing"},
		// Features of the file lose their strategies first: whether
		// the import refuses more than the limit is not certain
		// (checkImportTooManyStrategiesInFile).
		{name: "strategy-too-many-strategies"},
		{name: "strategy-too-many-strategies-100"},
		{name: "ok-baseline"},
	})
}

// TestImportTooManyStrategiesInFile checks the warning on the files that
// give one feature more strategies than the limit: the import stored all
// of them for two (31 and 100 plain strategies), refused the third (a
// strategy with constraints among them), as the warning says it may.
func TestImportTooManyStrategiesInFile(t *testing.T) {
	for _, tc := range []struct {
		name    string
		feature string
		total   int
	}{
		{"strategy-too-many-strategies", "imp-s31", 31},
		{"strategy-too-many-strategies-100", "imp-s100", 100},
		{"strategy-too-many-strategies-mixed", "imp-smx", 31},
	} {
		t.Run(tc.name, func(t *testing.T) {
			answer := readRefusalAnswer(t, tc.name)
			limitMsg := refusalExceeds("strategy", 30)
			if answer.Status != 200 && answer.message() != limitMsg {
				t.Fatalf("the import answered %d %q, neither outcome the warning names", answer.Status, answer.message())
			}
			found := refusalCheck(t, CodeImportTooManyStrategiesInFile)(refusalCaseInput(t, tc.name))
			want := fmt.Sprintf(`The import gives feature %q %d strategies in environment "development", more than the limit of 30: `+
				`it either refuses the file (%q) or stores them all, depending on the order in which its queries run.`, tc.feature, tc.total, limitMsg)
			if len(found) != 1 || found[0].Message != want || found[0].Items[0].Locations[0].Pointer != "/data/featureStrategies/0" {
				t.Fatalf("found %s\nwant one warning at /data/featureStrategies/0: %s", refusalDescribe(found), want)
			}
		})
	}
	for _, name := range []string{"strategy-constraints-at-limit", "strategy-feature-not-in-file-existing", "ok-baseline"} {
		if found := checkImportTooManyStrategiesInFile(refusalCaseInput(t, name)); len(found) > 0 {
			t.Errorf("%s: found %s", name, refusalDescribe(found))
		}
	}
	// 29 kept and 2 added: over the limit, and not refused for certain.
	in := refusalCaseInput(t, "strategy-feature-not-in-file-existing")
	refusalStrategies("existing-flag", 29)(in)
	in.Import.Data.FeatureStrategies = append(in.Import.Data.FeatureStrategies, in.Import.Data.FeatureStrategies[0])
	if found := checkImportTooManyStrategiesInFile(in); len(found) != 1 {
		t.Errorf("29 kept and 2 added: found %s", refusalDescribe(found))
	}
}

func TestImportStrategySortOrder(t *testing.T) {
	runRefusalCases(t, refusalCheck(t, CodeImportStrategySortOrder), []refusalCase{
		{name: "strategy-sort-order-fraction", at: "/data/featureStrategies/0/sortOrder"},
		{name: "strategy-sort-order-huge", at: "/data/featureStrategies/0/sortOrder"},
		{name: "ok-baseline"},
	})
}

// A strategy without a sort order that reads its next one after a
// strategy of sort order 2147483647 was inserted is refused (the second
// of the same round, in file order); one that reads first gets 0.
func TestImportStrategyNextSortOrder(t *testing.T) {
	runRefusalCases(t, refusalCheck(t, CodeImportStrategyNextSortOrder), []refusalCase{
		{name: "strategy-next-sort-order-overflow", at: "/data/featureStrategies/1"},
		{name: "strategy-next-sort-order-read-first"},
		{name: "strategy-sort-order-huge", other: true},
		{name: "ok-baseline"},
	})
}

func TestImportStrategySegments(t *testing.T) {
	t.Run("not listed", func(t *testing.T) {
		runRefusalCases(t, refusalCheck(t, CodeImportStrategySegmentNotListed), []refusalCase{
			{name: "segment-id-not-listed", at: "/data/featureStrategies/0/segments/0"},
			{name: "segment-remapped-by-name"},
			{name: "segment-duplicate-in-strategy", other: true},
		})
	})
	t.Run("other project", func(t *testing.T) {
		runRefusalCases(t, refusalCheck(t, CodeImportStrategySegmentOtherProject), []refusalCase{
			{name: "segment-name-in-two-projects", at: "/data/featureStrategies/0/segments/0"},
			{name: "segment-remapped-by-name"},
		})
	})
	t.Run("too many", func(t *testing.T) {
		runRefusalCases(t, refusalCheck(t, CodeImportStrategyTooManySegments), []refusalCase{
			{name: "segment-too-many", at: "/data/featureStrategies/0/segments"},
			{name: "segment-remapped-by-name"},
		})
	})
	t.Run("duplicate", func(t *testing.T) {
		runRefusalCases(t, refusalCheck(t, CodeImportStrategyDuplicateSegment), []refusalCase{
			{name: "segment-duplicate-in-strategy", at: "/data/featureStrategies/0/segments/1"},
			{name: "segment-too-many", other: true},
			{name: "segment-remapped-by-name"},
		})
	})
}
