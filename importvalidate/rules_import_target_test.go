package importvalidate

import "testing"

func TestImportAdminToken(t *testing.T) {
	runRefusalCases(t, refusalCheck(t, CodeImportAdminToken), []refusalCase{
		{name: "admin-api-token", root: true},
		{name: "ok-baseline"},
	})
}

func TestImportChangeRequestsEnabled(t *testing.T) {
	// The setups inserted change_request_settings rows: (default,
	// development) for the first two, (default, production) for the
	// others; the non-admin's custom role lacked SKIP_CHANGE_REQUEST.
	runRefusalCases(t, refusalCheck(t, CodeImportChangeRequestsEnabled), []refusalCase{
		{name: "strategy-change-requests-enabled", at: "/data/featureStrategies/0"},
		{name: "env-change-requests-nonadmin", at: "/data/featureEnvironments/0"},
		{name: "dependency-change-requests-nonadmin", at: "/data/dependencies/0/dependencies/0"},
		{name: "dependency-change-requests"},
		{name: "ok-baseline"},
	})
}

func TestImportProjectNotActive(t *testing.T) {
	runRefusalCases(t, refusalCheck(t, CodeImportProjectNotActive), []refusalCase{
		{name: "project-not-found", at: "/data/features/0"},
		{name: "project-archived", at: "/data/features/0"},
		{name: "ok-baseline"},
	})
}

func TestImportEnvironmentNotFound(t *testing.T) {
	runRefusalCases(t, refusalCheck(t, CodeImportEnvironmentNotFound), []refusalCase{
		{name: "environment-not-found", at: "/data/featureStrategies/0"},
		{name: "environment-not-found-env-only", at: "/data/featureEnvironments/0/name"},
		{name: "environment-not-in-project-enabled", other: true},
		{name: "ok-baseline"},
	})
}

func TestImportEnvironmentNotInProject(t *testing.T) {
	runRefusalCases(t, refusalCheck(t, CodeImportEnvironmentNotInProject), []refusalCase{
		{name: "environment-not-in-project-enabled", at: "/data/featureEnvironments/0/name"},
		{name: "env-variants-env-not-in-project", at: "/data/featureEnvironments/0/featureName"},
		{name: "environment-not-in-project-strategy"},
		{name: "env-variants-feature-other-project"},
		{name: "environment-not-found-env-only", other: true},
		{name: "ok-baseline"},
	})
}

func TestImportEnableNeedsStrategyPermission(t *testing.T) {
	runRefusalCases(t, refusalCheck(t, CodeImportEnableNeedsStrategyPermission), []refusalCase{
		{name: "env-enabled-needs-strategy-permission", at: "/data/featureEnvironments/0/enabled"},
		{name: "env-disabled-without-strategy-permission"},
		// The caller may create strategies.
		{name: "ok-baseline"},
	})
}

func TestImportEnvironmentFeatureNotInProject(t *testing.T) {
	runRefusalCases(t, refusalCheck(t, CodeImportEnvironmentFeatureNotInProject), []refusalCase{
		{name: "env-enabled-feature-missing", at: "/data/featureEnvironments/0/name"},
		{name: "env-enabled-feature-other-project", at: "/data/featureEnvironments/0/name"},
		{name: "env-variants-feature-other-project"},
		{name: "env-name-differs-from-feature-name"},
		{name: "env-without-feature-name"},
		{name: "ok-baseline"},
	})
}

func TestImportEnvironmentVariantsTargetMissing(t *testing.T) {
	runRefusalCases(t, refusalCheck(t, CodeImportEnvironmentVariantsTargetMissing), []refusalCase{
		{name: "env-variants-feature-missing", at: "/data/featureEnvironments/0/featureName"},
		{name: "env-variants-feature-other-project"},
		{name: "env-name-differs-from-feature-name"},
		{name: "ok-baseline"},
	})
}
