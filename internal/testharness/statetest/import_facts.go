package statetest

import (
	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/model"
)

// ImportFactsSetup is SQL that gives the module's reference database what
// the import's facts read beyond its own state: an archived project gone
// with the environment development only, change requests for project
// other in production, a link template of project other, a disabled and
// a release-plan milestone strategy of existing-flag in development,
// where it is enabled, a dependency of archived-flag on existing-flag,
// and the tag simple:beta.
const ImportFactsSetup = `
INSERT INTO projects (id, name, archived_at) VALUES ('gone', 'Gone', now());
INSERT INTO project_environments (project_id, environment_name) VALUES ('gone', 'development');
INSERT INTO change_request_settings (project, environment) VALUES ('other', 'production');
INSERT INTO project_settings (project, link_templates) VALUES ('other', '[{"title":"t","urlTemplate":"https://x/{{feature}}"}]')
	ON CONFLICT (project) DO UPDATE SET link_templates = EXCLUDED.link_templates;
INSERT INTO release_plan_definitions (id, discriminator, name, feature_name, environment, created_by_user_id, project)
	VALUES ('rp1', 'plan', 'Plan', 'existing-flag', 'development', 1, 'default');
INSERT INTO milestones (id, name, sort_order, release_plan_definition_id) VALUES ('m1', 'M1', 0, 'rp1');
INSERT INTO feature_strategies (id, feature_name, project_name, environment, strategy_name, parameters, milestone_id)
	VALUES ('ms1', 'existing-flag', 'default', 'development', 'flexibleRollout', '{"rollout":"10"}', 'm1');
INSERT INTO feature_strategies (id, feature_name, project_name, environment, strategy_name, disabled)
	VALUES ('off1', 'existing-flag', 'default', 'development', 'default', true);
UPDATE feature_environments SET enabled = true WHERE feature_name = 'existing-flag' AND environment = 'development';
INSERT INTO dependent_features (parent, child) VALUES ('existing-flag', 'archived-flag');
INSERT INTO tags (type, value) VALUES ('simple', 'beta');
`

// ImportQueries are reads of the import's facts (importvalidate.PartFacts)
// about the state of ImportFactsSetup, in the environments development
// and production.
func ImportQueries() []importvalidate.Query {
	features := []string{"existing-flag", "archived-flag", "other-flag", "lim-existing", "nope", "existing-flag\x00", ""}
	tags := []model.SnapshotTag{{Type: "team", Value: "core"}, {Type: "simple", Value: "beta"}, {Type: "simple", Value: "nope"}}
	const facts = importvalidate.PartFacts
	return []importvalidate.Query{
		{Project: "default", Environment: "development", Features: features, Tags: tags, Want: facts},
		{Project: "default", Environment: "production", Features: features, Want: facts},
		{Project: "other", Environment: "production", Features: features, Want: facts},
		{Project: "other", Environment: "development", Want: facts},
		{Project: "gone", Environment: "development", Features: features[:2], Want: facts},
		{Project: "gone", Environment: "production", Want: facts},
		{Project: "nope", Environment: "development", Features: features[2:4], Want: facts},
	}
}

// ImportCodes are the codes of the import's own checks (the category
// import) that may be disabled, for the tests that weigh or compare the
// reference's checks alone and disable these. The finding of a newer
// version's member is no check of its own: it comes with the structural
// problem it explains, and is not disabled.
func ImportCodes() []importvalidate.Code {
	var out []importvalidate.Code
	for _, c := range importvalidate.Codes() {
		if c.Category == importvalidate.CategoryImport && c.Optional {
			out = append(out, c.Code)
		}
	}
	return out
}
