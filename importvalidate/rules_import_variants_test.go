package importvalidate

import "testing"

const (
	refusalStrategyVariants = "/data/featureStrategies/0/variants"
	refusalEnvVariants      = "/data/featureEnvironments/0/variants"
)

func TestImportVariantRules(t *testing.T) {
	accepted := []refusalCase{{name: "strategy-variant-weights-recomputed"}, {name: "env-variant-no-weight-type-dropped"}, {name: "ok-baseline"}}
	runRefusalRules(t, accepted, []refusalRule{
		{code: CodeImportVariantNameInvalid, at: refusalStrategyVariants + "/0/name",
			refused: []string{"strategy-variant-name-invalid"},
			cases:   []refusalCase{{name: "env-variant-name-invalid", at: refusalEnvVariants + "/0/name"}}},
		{code: CodeImportVariantDuplicateName, at: refusalStrategyVariants + "/1",
			refused: []string{"strategy-variant-duplicate-name"}},
		{code: CodeImportVariantWeightNotInteger, at: refusalEnvVariants + "/0/weight",
			refused: []string{"env-variant-weight-fraction"}},
		{code: CodeImportVariantEmptyString, cases: []refusalCase{
			{name: "strategy-variant-stickiness-empty", at: refusalStrategyVariants + "/0/stickiness"},
			{name: "strategy-variant-payload-empty", at: refusalStrategyVariants + "/0/payload/value"},
			{name: "env-variant-override-empty-value", at: refusalEnvVariants + "/0/overrides/0/values/0"},
		}},
		{code: CodeImportVariantPayloadJSON, at: refusalStrategyVariants + "/0/payload/value",
			refused: []string{"strategy-variant-payload-json-invalid", "strategy-variant-payload-json-scalar"},
			others:  []string{"strategy-variant-payload-empty"}},
		{code: CodeImportVariantPayloadMember, at: refusalStrategyVariants + "/0/payload/extra",
			refused: []string{"strategy-variant-payload-extra-member"}},
		{code: CodeImportVariantNoVariable, at: refusalStrategyVariants,
			refused: []string{"strategy-variant-no-variable"},
			cases:   []refusalCase{{name: "env-variant-no-weight-type", at: refusalEnvVariants}}},
		{code: CodeImportVariantFixOver1000, at: refusalStrategyVariants,
			refused: []string{"strategy-variant-fix-over-1000"},
			others:  []string{"strategy-variant-no-variable"}},
	})
}
