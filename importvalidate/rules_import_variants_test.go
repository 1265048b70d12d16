package importvalidate

import "testing"

const (
	refusalStrategyVariants = "/data/featureStrategies/0/variants"
	refusalEnvVariants      = "/data/featureEnvironments/0/variants"
)

func TestImportVariantRules(t *testing.T) {
	accepted := []refusalCase{{name: "strategy-variant-weights-recomputed"}, {name: "env-variant-no-weight-type-dropped"}, {name: "ok-baseline"}}
	for _, tc := range []struct {
		code  Code
		check func(*Input) []Issue
		cases []refusalCase
	}{
		{CodeImportVariantNameInvalid, checkImportVariantNameInvalid, []refusalCase{
			{name: "strategy-variant-name-invalid", at: refusalStrategyVariants + "/0/name"},
			{name: "env-variant-name-invalid", at: refusalEnvVariants + "/0/name"}}},
		{CodeImportVariantDuplicateName, checkImportVariantDuplicateName, []refusalCase{
			{name: "strategy-variant-duplicate-name", at: refusalStrategyVariants + "/1"}}},
		{CodeImportVariantWeightNotInteger, checkImportVariantWeightNotInteger, []refusalCase{
			{name: "env-variant-weight-fraction", at: refusalEnvVariants + "/0/weight"}}},
		{CodeImportVariantEmptyString, checkImportVariantEmptyString, []refusalCase{
			{name: "strategy-variant-stickiness-empty", at: refusalStrategyVariants + "/0/stickiness"},
			{name: "strategy-variant-payload-empty", at: refusalStrategyVariants + "/0/payload/value"},
			{name: "env-variant-override-empty-value", at: refusalEnvVariants + "/0/overrides/0/values/0"}}},
		{CodeImportVariantPayloadJSON, checkImportVariantPayloadJSON, []refusalCase{
			{name: "strategy-variant-payload-json-invalid", at: refusalStrategyVariants + "/0/payload/value"},
			{name: "strategy-variant-payload-json-scalar", at: refusalStrategyVariants + "/0/payload/value"},
			{name: "strategy-variant-payload-empty", other: true}}},
		{CodeImportVariantPayloadMember, checkImportVariantPayloadMember, []refusalCase{
			{name: "strategy-variant-payload-extra-member", at: refusalStrategyVariants + "/0/payload/extra"}}},
		{CodeImportVariantNoVariable, checkImportVariantNoVariable, []refusalCase{
			{name: "strategy-variant-no-variable", at: refusalStrategyVariants},
			{name: "env-variant-no-weight-type", at: refusalEnvVariants}}},
		{CodeImportVariantFixOver1000, checkImportVariantFixOver1000, []refusalCase{
			{name: "strategy-variant-fix-over-1000", at: refusalStrategyVariants},
			{name: "strategy-variant-no-variable", other: true}}},
	} {
		t.Run(string(tc.code), func(t *testing.T) { runRefusalCases(t, tc.check, append(tc.cases, accepted...)) })
	}
}
