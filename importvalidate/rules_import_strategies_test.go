package importvalidate

import (
	"fmt"
	"testing"
)

func TestImportStrategyRules(t *testing.T) {
	runRefusalRules(t, []refusalCase{{name: "ok-baseline"}}, []refusalRule{
		{code: CodeImportStrategyFeatureNotInProject, at: "/data/featureStrategies/0/featureName",
			refused:  []string{"strategy-feature-not-in-file-missing", "strategy-feature-other-project"},
			accepted: []string{"strategy-feature-not-in-file-existing", "strategy-on-archived-feature-outside-file"}},
		{code: CodeImportTooManyConstraints, at: "/data/featureStrategies/0/constraints",
			refused:  []string{"strategy-too-many-constraints"},
			accepted: []string{"strategy-constraints-at-limit"}},
		{code: CodeImportTooManyConstraintValues, at: "/data/featureStrategies/0/constraints/0/values",
			refused:  []string{"strategy-too-many-constraint-values"},
			accepted: []string{"strategy-constraints-at-limit"}},
		// The setup gave existing-flag 29 more strategies in development.
		// Features of the file lose their strategies first: whether
		// the import refuses more than the limit is not certain
		// (checkImportTooManyStrategiesInFile).
		{code: CodeImportTooManyStrategies, at: "/data/featureStrategies/0",
			refused:  []string{"strategy-limit-with-outside-feature"},
			accepted: []string{"strategy-feature-not-in-file-existing", "strategy-too-many-strategies", "strategy-too-many-strategies-100"}},
		{code: CodeImportStrategySortOrder, at: "/data/featureStrategies/0/sortOrder",
			refused: []string{"strategy-sort-order-fraction", "strategy-sort-order-huge"}},
		// A strategy without a sort order that reads its next one after a
		// strategy of sort order 2147483647 was inserted is refused (the
		// second of the same round, in file order); one that reads first
		// gets 0.
		{code: CodeImportStrategyNextSortOrder, at: "/data/featureStrategies/1",
			refused:  []string{"strategy-next-sort-order-overflow"},
			accepted: []string{"strategy-next-sort-order-read-first"},
			others:   []string{"strategy-sort-order-huge"}},
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
			limitMsg := "Failed to create strategy. You can't create more than the established limit of 30."
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
		if found := refusalCheck(t, CodeImportTooManyStrategiesInFile)(refusalCaseInput(t, name)); len(found) > 0 {
			t.Errorf("%s: found %s", name, refusalDescribe(found))
		}
	}
	// 29 kept and 2 added: over the limit, and not refused for certain.
	in := refusalCaseInput(t, "strategy-feature-not-in-file-existing")
	refusalStrategies("existing-flag", 29)(in)
	in.Import.Data.FeatureStrategies = append(in.Import.Data.FeatureStrategies, in.Import.Data.FeatureStrategies[0])
	in.Reread()
	if found := refusalCheck(t, CodeImportTooManyStrategiesInFile)(in); len(found) != 1 {
		t.Errorf("29 kept and 2 added: found %s", refusalDescribe(found))
	}
}

func TestImportStrategySegments(t *testing.T) {
	runRefusalRules(t, []refusalCase{{name: "segment-remapped-by-name"}}, []refusalRule{
		{code: CodeImportStrategySegmentNotListed, at: "/data/featureStrategies/0/segments/0",
			refused: []string{"segment-id-not-listed"},
			others:  []string{"segment-duplicate-in-strategy"}},
		{code: CodeImportStrategySegmentOtherProject, at: "/data/featureStrategies/0/segments/0",
			refused: []string{"segment-name-in-two-projects"}},
		{code: CodeImportStrategyTooManySegments, at: "/data/featureStrategies/0/segments",
			refused: []string{"segment-too-many"}},
		{code: CodeImportStrategyDuplicateSegment, at: "/data/featureStrategies/0/segments/1",
			refused: []string{"segment-duplicate-in-strategy"},
			others:  []string{"segment-too-many"}},
	})
}
