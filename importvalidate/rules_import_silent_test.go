package importvalidate

import (
	"strings"
	"testing"
)

// TestImportSilentWarnings runs each rule of what the import drops or
// changes without a word on a recorded file on which the real import did
// so (testdata/import), with what the instance held there, and on the
// baseline file, on which none of them reports anything. Every item is
// located in the file.
func TestImportSilentWarnings(t *testing.T) {
	// withFacts changes the facts of an existing feature.
	withFacts := func(name string, f func(*FeatureFacts)) func(*Input) {
		return func(in *Input) {
			ff := in.Facts.Features.Value[name]
			f(&ff)
			in.Facts.Features.Value[name] = ff
		}
	}
	for _, tc := range []struct {
		code  Code
		file  string
		setup func(*Input)
		// message, when set, is a part of the first issue's message.
		message string
	}{
		{code: CodeImportMemberNotInReferenceSchema, file: "feature-variants-member"},
		{code: CodeImportUnknownFact, file: "ok-baseline", setup: func(in *Input) { in.Facts.ChangeRequests = Known[ChangeRequests]{} }},
		// The limits known, not how many features count against them.
		{code: CodeImportUnknownFact, file: "feature-type-unknown", setup: func(in *Input) { in.Facts.ActiveFeatures = Known[int64]{} },
			message: "the new features against the instance's feature limit"},
		{code: CodeImportStrategyWithoutFeature, file: "strategy-without-feature-name"},
		{code: CodeImportEnvironmentWithoutFeature, file: "env-without-feature-name"},
		{code: CodeImportEnvironmentNameMismatch, file: "env-name-differs-from-feature-name"},
		{code: CodeImportStrategyOutsideFile, file: "strategy-feature-not-in-file-existing"},
		{code: CodeImportTagOutsideFile, file: "tag-feature-other-project"},
		{code: CodeImportVariantsOutsideFile, file: "env-variants-feature-other-project"},
		{code: CodeImportLinksOutsideFile, file: "link-feature-other-project"},
		{code: CodeImportTagWithoutType, file: "tag-without-tag-type"},
		{code: CodeImportTagTypeUnused, file: "tag-type-unused-not-created"},
		{code: CodeImportDependencySkippedNoProject, file: "dependency-without-project"},
		{code: CodeImportDependencySkippedOutsideFile, file: "dependency-child-not-in-file"},
		{code: CodeImportDependencyReplacesParents, file: "dependency-replaces-existing-parent"},
		{code: CodeImportDependencyChain, file: "dependency-chain-in-file"},
		{code: CodeImportArchivesFeature, file: "feature-archived-in-file"},
		{code: CodeImportMetadataReset, file: "feature-update-resets-metadata", setup: withFacts("existing-flag", func(f *FeatureFacts) {
			f.Metadata = Known[FeatureMetadata]{Value: FeatureMetadata{Type: "experiment", Description: "kept until now", Stale: true}, Known: true}
		})},
		{code: CodeImportUnknownFeatureType, file: "feature-type-unknown"},
		{code: CodeImportDefaultStrategyAdded, file: "env-enabled-creates-default-strategy"},
		{code: CodeImportDeletesReleasePlanStrategies, file: "strategy-release-plan-deleted", setup: withFacts("existing-flag", func(f *FeatureFacts) {
			f.Milestones = Known[int]{Value: 1, Known: true}
		})},
		{code: CodeImportStrategiesReplaced, file: "tags-replaced-when-absent"},
		{code: CodeImportVariantWeightsRecomputed, file: "strategy-variant-weights-recomputed"},
		{code: CodeImportVariantWithoutWeightType, file: "env-variant-no-weight-type-dropped"},
		{code: CodeImportStrategyEnvironmentNotInProject, file: "environment-not-in-project-strategy"},
		{code: CodeImportStrategyParametersDefaults, file: "strategy-parameters-not-checked"},
		{code: CodeImportContextFieldNotUpdated, file: "context-existing-not-updated"},
		{code: CodeImportContextFieldProject, file: "context-project-replaced"},
		{code: CodeImportIgnoredMember, file: "feature-env-strategies-member-ignored"},
	} {
		t.Run(string(tc.code), func(t *testing.T) {
			info, ok := lookup(tc.code)
			if !ok || info.Category != CategoryImport || info.ruleCheck() == nil {
				t.Fatalf("%s is not a rule of the import's category: %+v", tc.code, info)
			}
			if found := info.ruleCheck()(refusalCaseInput(t, "ok-baseline")); len(found) != 0 {
				t.Errorf("the baseline file: %s", refusalDescribe(found))
			}
			in := refusalCaseInput(t, tc.file)
			if tc.setup != nil {
				tc.setup(in)
			}
			found := info.ruleCheck()(in)
			if len(found) == 0 {
				t.Fatalf("%s: nothing reported", tc.file)
			}
			if !strings.Contains(found[0].Message, tc.message) {
				t.Errorf("%s: %q, want it to say %q", tc.file, found[0].Message, tc.message)
			}
			for _, is := range found {
				if is.Message == "" || len(is.Items) == 0 {
					t.Errorf("%s: an issue without a message or an item: %+v", tc.file, is)
				}
				for _, it := range is.Items {
					if len(it.Locations) == 0 || !strings.HasPrefix(it.Locations[0].Pointer, "/data/") && it.Locations[0].Pointer != "/environment" {
						t.Errorf("%s: item %q is not located in the file: %+v", tc.file, it.Value, it.Locations)
					}
				}
			}
		})
	}
	if silent, _ := importCodes(); len(silent) != 28 {
		t.Errorf("%d codes of what the import drops; the test covers 28", len(silent))
	}
}
