package importvalidate

import "testing"

func TestImportTargetRules(t *testing.T) {
	runRefusalRules(t, []refusalCase{{name: "ok-baseline"}}, []refusalRule{
		{code: CodeImportAdminToken, cases: []refusalCase{{name: "admin-api-token", root: true}}},
		// The setups inserted change_request_settings rows: (default,
		// development) for the first two, (default, production) for the
		// others; the non-admin's custom role lacked SKIP_CHANGE_REQUEST.
		{code: CodeImportChangeRequestsEnabled, cases: []refusalCase{
			{name: "strategy-change-requests-enabled", at: "/data/featureStrategies/0"},
			{name: "env-change-requests-nonadmin", at: "/data/featureEnvironments/0"},
			{name: "dependency-change-requests-nonadmin", at: "/data/dependencies/0/dependencies/0"},
		}, accepted: []string{"dependency-change-requests"}},
		{code: CodeImportProjectNotActive, at: "/data/features/0",
			refused: []string{"project-not-found", "project-archived"}},
		{code: CodeImportEnvironmentNotFound, at: "/data/featureStrategies/0",
			refused: []string{"environment-not-found"},
			cases:   []refusalCase{{name: "environment-not-found-env-only", at: "/data/featureEnvironments/0/name"}},
			others:  []string{"environment-not-in-project-enabled"}},
		{code: CodeImportEnvironmentNotInProject, at: "/data/featureEnvironments/0/name",
			refused:  []string{"environment-not-in-project-enabled"},
			cases:    []refusalCase{{name: "env-variants-env-not-in-project", at: "/data/featureEnvironments/0/featureName"}},
			accepted: []string{"environment-not-in-project-strategy", "env-variants-feature-other-project"},
			others:   []string{"environment-not-found-env-only"}},
		// On the baseline the caller may create strategies.
		{code: CodeImportEnableNeedsStrategyPermission, at: "/data/featureEnvironments/0/enabled",
			refused:  []string{"env-enabled-needs-strategy-permission"},
			accepted: []string{"env-disabled-without-strategy-permission"}},
		{code: CodeImportEnvironmentFeatureNotInProject, at: "/data/featureEnvironments/0/name",
			refused:  []string{"env-enabled-feature-missing", "env-enabled-feature-other-project"},
			accepted: []string{"env-variants-feature-other-project", "env-name-differs-from-feature-name", "env-without-feature-name"}},
		{code: CodeImportEnvironmentVariantsTargetMissing, at: "/data/featureEnvironments/0/featureName",
			refused:  []string{"env-variants-feature-missing"},
			accepted: []string{"env-variants-feature-other-project", "env-name-differs-from-feature-name"}},
	})
}
