package importvalidate_test

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/flagadmin/flagadmin/importvalidate"
)

const ruleState = `{
  "projects":[{"id":"default"},{"id":"other"},
    {"id":"lim","featureLimit":2},
    {"id":"zero","featureLimit":0},
    {"id":"pat","featureNaming":{"pattern":"^p-[a-z]+$","example":"p-x","description":"starts with p-"}},
    {"id":"patex","featureNaming":{"pattern":"[a-z]+","example":"abc"}},
    {"id":"patdesc","featureNaming":{"pattern":"[a-z]+","description":"letters"}},
    {"id":"badpat","featureNaming":{"pattern":"(?i)x"}}],
  "environments":[{"name":"development"},{"name":"production"}],
  "strategies":[{"name":"default","builtIn":true},{"name":"flexibleRollout","builtIn":true},{"name":"custom","builtIn":false},{"name":"custom2"}],
  "contextFields":[{"name":"region","legalValues":[{"value":"eu"},{"value":"us"}]},{"name":"appName"},
    {"name":"owned","legalValues":[{"value":"a"}],"project":"other"}],
  "segments":[{"id":1,"name":"global-seg"},{"id":2,"name":"other-seg","project":"other"}],
  "tagTypes":[{"name":"simple"}],
  "features":[
    {"name":"in-default","project":"default","strategyEnvironments":["production"]},
    {"name":"archived-default","project":"default","archived":true},
    {"name":"in-other","project":"other"},
    {"name":"archived-other","project":"other","archived":true},
    {"name":"lim-a","project":"lim"},
    {"name":"lim-archived","project":"lim","archived":true}]
}`

type ruleCase struct {
	name    string
	project string
	env     string
	data    string
	strict  bool
	perms   importvalidate.Permissions
	code    importvalidate.Code
	// want is the affected items of the issue with code; nil asserts that
	// no issue has that code.
	want []string
	// msg, when set, is the exact message.
	msg string
	// sev, when set, is the issue's severity.
	sev importvalidate.Severity
}

func runRuleCases(t *testing.T, cases []ruleCase) {
	t.Helper()
	st := mustState(t, ruleState)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			v := mustNew(t, importvalidate.Options{State: st, Strict: tc.strict})
			project, env := tc.project, tc.env
			if project == "" {
				project = "default"
			}
			if env == "" {
				env = "development"
			}
			data := tc.data
			for _, req := range []string{"features", "featureStrategies", "tagTypes"} {
				if !strings.Contains(data, `"`+req+`"`) {
					data += `,"` + req + `":[]`
				}
			}
			data = strings.TrimPrefix(data, ",")
			imp := mustImport(t, `{"project":"`+project+`","environment":"`+env+`","data":{`+data+`}}`)
			rep, err := v.ValidateImport(context.Background(), imp, importvalidate.Target{Permissions: orAll(tc.perms)})
			if err != nil {
				t.Fatal(err)
			}
			is, found := find(rep, tc.code)
			if tc.want == nil {
				if found {
					t.Fatalf("unexpected %s issue: %+v", tc.code, is)
				}
				return
			}
			if !found {
				t.Fatalf("no %s issue; report: %+v", tc.code, rep.Issues)
			}
			var got []string
			for _, it := range is.Items {
				got = append(got, it.Value)
			}
			if got == nil {
				got = []string{}
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("items (-want +got):\n%s", diff)
			}
			if tc.msg != "" && tc.msg != is.Message {
				t.Errorf("message\n got %q\nwant %q", is.Message, tc.msg)
			}
			if tc.sev != 0 && tc.sev != is.Severity {
				t.Errorf("severity %s, want %s", is.Severity, tc.sev)
			}
		})
	}
}

func TestReferenceRules(t *testing.T) {
	runRuleCases(t, []ruleCase{
		// E1
		{name: "E1 empty strategies", code: "unknown-strategy"},
		{name: "E1 known strategies", data: `"featureStrategies":[{"name":"default"},{"name":"custom"}]`, code: "unknown-strategy"},
		{name: "E1 duplicates kept in input order", data: `"featureStrategies":[{"name":"zz"},{"name":"default"},{"name":"aa"},{"name":"zz"}]`,
			code: "unknown-strategy", want: []string{"zz", "aa", "zz"}, msg: "We detected the following custom strategy that needs to be created first:"},
		// W1
		{name: "W1 distinct, order of first use, built-ins excluded", data: `"featureStrategies":[{"name":"custom2"},{"name":"default"},{"name":"custom"},{"name":"custom2"},{"name":"nope"}]`,
			code: "custom-strategy-used", want: []string{"custom2", "custom"}},
		// E2
		{name: "E2 new field is no error", data: `"contextFields":[{"name":"brand-new","legalValues":[{"value":"x"}]}]`, code: "context-legal-values"},
		{name: "E2 subset of legal values", data: `"contextFields":[{"name":"region","legalValues":[{"value":"eu"}]}]`, code: "context-legal-values"},
		{name: "E2 compared exactly", data: `"contextFields":[{"name":"region","legalValues":[{"value":"EU"}]}]`, code: "context-legal-values", want: []string{"region"}},
		{name: "E2 existing without legal values", data: `"contextFields":[{"name":"appName","legalValues":[{"value":"x"}]}]`, code: "context-legal-values", want: []string{"appName"}},
		{name: "E2 existing without legal values, none imported", data: `"contextFields":[{"name":"appName"}]`, code: "context-legal-values"},
		{name: "E2 field of another project", data: `"contextFields":[{"name":"owned"}]`, code: "context-legal-values", want: []string{"owned"}},
		{name: "E2 field of the target project", project: "other", data: `"contextFields":[{"name":"owned","legalValues":[{"value":"a"}]}]`, code: "context-legal-values"},
		{name: "E2 duplicates kept", data: `"contextFields":[{"name":"appName","legalValues":[{"value":"x"}]},{"name":"region"},{"name":"appName","legalValues":[{"value":"y"}]}]`,
			code: "context-legal-values", want: []string{"appName", "appName"}},
		// E3
		{name: "E3 other project, archived included, once, input order",
			data: `"features":[{"name":"archived-other"},{"name":"in-default"},{"name":"in-other"},{"name":"archived-other"}]`,
			code: "feature-in-other-project", want: []string{"archived-other (in project other)", "in-other (in project other)"},
			msg: "You cannot import a features that already exist in other projects. You already have the following features defined outside of project default:"},
		{name: "E3 archived in other project seen from there", project: "other", data: `"features":[{"name":"archived-default"}]`,
			code: "feature-in-other-project", want: []string{"archived-default (in project default)"}},
		{name: "E3 unknown project: every same-named feature is elsewhere", project: "nowhere", data: `"features":[{"name":"in-default"},{"name":"new"}]`,
			code: "feature-in-other-project", want: []string{"in-default (in project default)"}},
		{name: "E3 empty features", code: "feature-in-other-project"},
		// E4
		{name: "E4 order of second occurrence", data: `"features":[{"name":"b"},{"name":"a"},{"name":"a"},{"name":"c"},{"name":"b"},{"name":"a"}]`,
			code: "duplicate-feature", want: []string{"a", "b"}},
		{name: "E4 no duplicates", data: `"features":[{"name":"a"},{"name":"b"}]`, code: "duplicate-feature"},
		// E5
		{name: "E5 sorted, deduplicated, full message", project: "pat", data: `"features":[{"name":"p-ok"},{"name":"Zed"},{"name":"bad"},{"name":"Zed"},{"name":"p-"}]`,
			code: "naming-pattern", want: []string{"Zed", "bad", "p-"},
			msg: `Features imported into this project must match the project's feature naming pattern: "^p-[a-z]+$". For example: "p-x". The pattern is described as follows: "starts with p-" The following features do not match the pattern:`},
		{name: "E5 anchored at both ends", project: "patex", data: `"features":[{"name":"abc1"},{"name":"1abc"},{"name":"abc"}]`,
			code: "naming-pattern", want: []string{"1abc", "abc1"},
			msg: `Features imported into this project must match the project's feature naming pattern: "[a-z]+". For example: "abc". The following features do not match the pattern:`},
		{name: "E5 description without example, no period after it", project: "patdesc", data: `"features":[{"name":"A"}]`,
			code: "naming-pattern", want: []string{"A"},
			msg: `Features imported into this project must match the project's feature naming pattern: "[a-z]+". The pattern is described as follows: "letters" The following features do not match the pattern:`},
		{name: "E5 UTF-16 code unit order", project: "patex", data: `"features":[{"name":"\uffff"},{"name":"\ud83d\ude00"}]`,
			code: "naming-pattern", want: []string{"😀", "\uffff"}},
		{name: "E5 unknown project skips the check", project: "nowhere", data: `"features":[{"name":"ANY thing"}]`, code: "naming-pattern"},
		{name: "E5 pattern JavaScript refuses skips the check", project: "badpat", data: `"features":[{"name":"x"}]`, code: "naming-pattern"},
		{name: "E5 pattern JavaScript refuses is said", project: "badpat", data: `"features":[{"name":"x"}]`, code: "invalid-naming-pattern", want: []string{"(?i)x"}},
		// E6
		{name: "E6 within limit", project: "lim", data: `"features":[{"name":"lim-a"},{"name":"n1"}]`, code: "feature-limit"},
		{name: "E6 duplicates counted once", project: "lim", data: `"features":[{"name":"n1"},{"name":"n1"}]`, code: "feature-limit"},
		{name: "E6 exceeded, archived counts as new", project: "lim", data: `"features":[{"name":"lim-archived"},{"name":"n1"},{"name":"n1"}]`,
			code: "feature-limit", want: []string{},
			msg: "We detected you want to create 2 new features to a project that already has 1 existing features, exceeding the maximum limit of 2."},
		{name: "E6 limit zero", project: "zero", data: `"features":[{"name":"n1"}]`, code: "feature-limit", want: []string{},
			msg: "We detected you want to create 1 new features to a project that already has 0 existing features, exceeding the maximum limit of 0."},
		{name: "E6 no limit", data: `"features":[{"name":"n1"},{"name":"n2"},{"name":"n3"}]`, code: "feature-limit"},
		{name: "E6 unknown project unlimited", project: "nowhere", data: `"features":[{"name":"n1"}]`, code: "feature-limit"},
		// E7
		{name: "E7 global and own-project segments exist", project: "other", data: `"segments":[{"id":9,"name":"global-seg"},{"id":9,"name":"other-seg"}]`, code: "unknown-segment"},
		{name: "E7 segment of another project, duplicates kept", data: `"segments":[{"id":2,"name":"other-seg"},{"id":1,"name":"global-seg"},{"id":3,"name":"other-seg"}]`,
			code: "unknown-segment", want: []string{"other-seg", "other-seg"}},
		// E8
		{name: "E8 parents imported or existing in any project", data: `"features":[{"name":"child"},{"name":"p1"}],"dependencies":[{"feature":"child","dependencies":[{"feature":"p1"},{"feature":"archived-other"},{"feature":"in-default"}]}]`,
			code: "missing-dependency"},
		{name: "E8 flattened, duplicates kept", data: `"dependencies":[{"feature":"c1","dependencies":[{"feature":"x"},{"feature":"y"}]},{"feature":"c2","dependencies":[{"feature":"x"}]}]`,
			code: "missing-dependency", want: []string{"x", "y", "x"}},
		// W2
		{name: "W2 archived anywhere, once", data: `"features":[{"name":"archived-other"},{"name":"archived-default"},{"name":"archived-other"}]`,
			code: "archived-feature", want: []string{"archived-other", "archived-default"}},
		// W3
		{name: "W3 only non-archived in target project", data: `"features":[{"name":"in-other"},{"name":"archived-default"},{"name":"in-default"},{"name":"in-default"}]`,
			code: "feature-exists", want: []string{"in-default"}},
		{name: "W3 unknown project", project: "nowhere", data: `"features":[{"name":"in-default"}]`, code: "feature-exists"},
	})
}

func TestPermissionsRule(t *testing.T) {
	none := grants{}
	runRuleCases(t, []ruleCase{
		{name: "admin misses nothing", perms: grants{"ADMIN": true}, data: `"featureStrategies":[{"name":"default"}]`, code: "missing-permissions"},
		{name: "nil permissions are not checked", data: `"featureStrategies":[{"name":"default"}]`, code: "missing-permissions"},
		{name: "empty features need delete", perms: none, code: "missing-permissions",
			want: []string{"Delete activation strategies", "Update feature flags"}},
		{name: "existing strategy in the target environment", perms: none, env: "production", data: `"features":[{"name":"in-default"}]`,
			code: "missing-permissions", want: []string{"Delete activation strategies", "Update feature flags"}},
		{name: "strategy in another environment only", perms: none, data: `"features":[{"name":"in-default"}]`,
			code: "missing-permissions", want: []string{"Update feature flags"}},
		{name: "create feature counts duplicates", perms: none, data: `"features":[{"name":"in-default"},{"name":"in-default"}]`,
			code: "missing-permissions", want: []string{"Create feature flags", "Update feature flags"}},
		{name: "archived counts as existing", perms: none, data: `"features":[{"name":"archived-other"}]`,
			code: "missing-permissions", want: []string{"Update feature flags"}},
		{name: "empty variants need no update", perms: none, data: `"features":[{"name":"in-other"}],"featureEnvironments":[{"name":"in-other","enabled":true,"variants":[]}]`,
			code: "missing-permissions", want: []string{"Update feature flags"}},
		{name: "all seven in catalogue order", perms: grants{"CREATE_FEATURE": true},
			data: `"features":[{"name":"n"}],"featureStrategies":[{"name":"default"}],"contextFields":[{"name":"new-ctx"}],"tagTypes":[{"name":"simple"},{"name":"new-tt"}],` +
				`"featureEnvironments":[{"name":"n","enabled":true,"variants":[{"name":"v","weight":1000}]}]`,
			code: "missing-permissions", want: []string{"Create context fields", "Create activation strategies", "Update variants", "Update feature flags", "Create tag types"}},
		{name: "held permission is not listed", perms: grants{"UPDATE_FEATURE": true}, data: `"features":[{"name":"in-other"}]`, code: "missing-permissions"},
	})
}

// TestExtraRules: the extra rules run by default, as warnings of what
// the import accepts (errors with strict); where the import refuses a
// value, its own finding says so and the extra rule's is left out.
func TestExtraRules(t *testing.T) {
	warning, errorSev := importvalidate.SeverityWarning, importvalidate.SeverityError
	// Values the import reads past: a list beside a single value, and a
	// date without its time.
	const acceptedValues = `"features":[{"name":"a"}],"featureStrategies":[{"name":"default","featureName":"a","constraints":[
		{"contextName":"appName","operator":"NUM_EQ","value":"1","values":["abc"]},
		{"contextName":"appName","operator":"DATE_AFTER","value":"2024-01-01"}]}]`
	runRuleCases(t, []ruleCase{
		{name: "on by default, a warning", data: acceptedValues, code: "constraint-value", sev: warning,
			want: []string{`NUM_EQ "abc": not a number`, `DATE_AFTER "2024-01-01": not an RFC 3339 date-time`}},
		{name: "an error with strict", strict: true, data: acceptedValues, code: "constraint-value", sev: errorSev,
			want: []string{`NUM_EQ "abc": not a number`, `DATE_AFTER "2024-01-01": not an RFC 3339 date-time`}},
		{name: "what the import refuses is its finding alone", strict: true, data: `"features":[{"name":"a"}],"featureStrategies":[{"name":"default","featureName":"a","constraints":[
			{"contextName":"appName","operator":"NUM_EQ","value":"abc"},
			{"contextName":"appName","operator":"NUM_GT","value":"1.5e3"},
			{"contextName":"appName","operator":"DATE_AFTER","value":"2024-13-01T00:00:00Z"},
			{"contextName":"appName","operator":"SEMVER_EQ","value":"1.2"},
			{"contextName":"appName","operator":"IN","values":["anything"]}]}]`,
			code: "constraint-value"},
		{name: "unknown context fields", data: `"contextFields":[{"name":"imported"}],"featureStrategies":[{"name":"default","constraints":[
			{"contextName":"imported","operator":"IN"},{"contextName":"region","operator":"IN"},{"contextName":"ghost","operator":"IN"},{"contextName":"ghost","operator":"IN"}]}]`,
			code: "unknown-context-field", want: []string{"ghost"}, sev: warning},
		{name: "unknown stickiness", data: `"contextFields":[{"name":"tenant"}],"features":[{"name":"a"}],"featureStrategies":[
			{"name":"flexibleRollout","featureName":"a","parameters":{"rollout":"50","stickiness":"tenant","groupId":"a"}},
			{"name":"flexibleRollout","featureName":"a","parameters":{"rollout":"50","stickiness":"region","groupId":"a"}},
			{"name":"flexibleRollout","featureName":"a","parameters":{"rollout":"50","stickiness":"random","groupId":"a"}},
			{"name":"flexibleRollout","featureName":"a","parameters":{"rollout":"50","stickiness":"costomerId","groupId":"a"},
			 "variants":[{"name":"v","weight":1000,"weightType":"variable","stickiness":"acount"}]},
			{"name":"default","featureName":"a","parameters":{"stickiness":"not-a-rollout"}}],
			"featureEnvironments":[{"name":"a","enabled":true,"variants":[{"name":"x","weight":1000,"stickiness":"userId"},{"name":"y","weight":0,"stickiness":"costomerId"}]}]`,
			code: "unknown-stickiness", want: []string{"costomerId", "acount"}, sev: warning},
		{name: "unknown segment ids", data: `"segments":[{"id":1,"name":"global-seg"}],"featureStrategies":[{"name":"default","segments":[1,7,7.5]}]`,
			code: "unknown-segment-id", want: []string{"7", "7.5"}},
		{name: "variant weights", data: `"features":[{"name":"a"},{"name":"b"}],
			"featureEnvironments":[{"name":"a","enabled":true,"variants":[{"name":"x","weight":300},{"name":"y","weight":300}]},
			                       {"name":"b","enabled":true,"variants":[{"name":"x","weight":300,"weightType":"fix"},{"name":"y","weight":700}]},
			                       {"name":"b","enabled":true,"variants":[{"name":"x","weight":300,"weightType":"fix"}]}],
			"featureStrategies":[{"name":"default","featureName":"b","variants":[{"name":"v","weight":999,"weightType":"variable","stickiness":"default"}]}]`,
			code: "variant-weights", want: []string{"a (weights sum to 600)"}},
		{name: "unknown feature references", data: `"features":[{"name":"a"}],
			"featureStrategies":[{"name":"default","featureName":"ghost"},{"name":"default","featureName":"a"}],
			"featureEnvironments":[{"name":"envless","enabled":true},{"name":"x","featureName":"a","enabled":true}],
			"featureTags":[{"featureName":"ghost","tagValue":"v"}],
			"dependencies":[{"feature":"orphan","dependencies":[{"feature":"a"}]}]`,
			code: "unknown-feature-reference", want: []string{"ghost"}},
		{name: "unknown tag types", data: `"tagTypes":[{"name":"imported"}],"featureTags":[
			{"featureName":"a","tagType":"imported","tagValue":"v"},{"featureName":"a","tagType":"simple","tagValue":"v"},
			{"featureName":"a","tagType":"ghost","tagValue":"v"},{"featureName":"a","type":"old-ghost","tagValue":"v"}]`,
			code: "unknown-tag-type"},
		{name: "duplicate strategy ids", data: `"featureStrategies":[{"name":"default","id":"s1"},{"name":"default","id":"s2"},{"name":"default","id":"s1"}]`,
			code: "duplicate-strategy-id", want: []string{"s1"}, sev: warning},
	})
}

// The target's project and environment exist; a warning names the one
// that does not, an error in strict mode.
func TestTargetRules(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{name: "existing project", data: `"features":[{"name":"a"}]`, code: "unknown-project"},
		{name: "unknown project", project: "nowhere", data: `"features":[{"name":"a"}]`, code: "unknown-project", want: []string{"nowhere"},
			msg: "The project to import into does not exist:", sev: importvalidate.SeverityWarning},
		{name: "unknown project, strict", project: "nowhere", strict: true, code: "unknown-project", want: []string{"nowhere"},
			sev: importvalidate.SeverityError},
		{name: "existing environment", env: "production", code: "unknown-environment"},
		{name: "unknown environment", env: "staging", code: "unknown-environment", want: []string{"staging"},
			msg: "The environment to import into does not exist:", sev: importvalidate.SeverityWarning},
	})
}
