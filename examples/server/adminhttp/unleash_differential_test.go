package adminhttp_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/flagadmin/flagadmin/examples/server/adminhttp"
	"github.com/flagadmin/flagadmin/internal/testharness/conformance"
	"github.com/flagadmin/flagadmin/internal/testharness/unleashtest"
	"github.com/flagadmin/flagadmin/unleashapi"
	"github.com/flagadmin/flagadmin/unleashdb"
)

// differentialCases is the number of generated imports differentialOnUnleash
// sends.
const differentialCases = 120

// differentialOnUnleash sends generated imports, over the names of the
// dump and of what the earlier subtests added (a context field of project
// other), into each project and environment, with the tokens of the admin,
// the editor and the viewer, to the instance's own validation and to the
// handler on the instance read over its admin API and over its database:
// every answer must be the instance's.
func differentialOnUnleash(t *testing.T, s *unleashtest.Server) {
	ctx := context.Background()
	pat, err := s.AdminPersonalToken(ctx)
	if err != nil {
		t.Fatal(err)
	}
	c := apiClient(t, s.URL, unleashapi.Options{})
	db, err := unleashdb.Open(ctx, s.Cluster.URL(s.Database), unleashdb.Options{UnleashURL: dbOracleURL})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	handlers := map[string]http.Handler{"-unleash": dbHandler(t, c, c, c, false), "-database": dbHandler(t, db, db, db, false)}
	tokens := []string{pat, editorToken, viewerToken}
	r := rand.New(rand.NewPCG(30, 8))
	differ := map[string]int{}
	for i := range differentialCases {
		body := generatedImport(r)
		token := tokens[r.IntN(len(tokens))]
		status, want := referenceAnswer(t, s, token, body)
		answers := map[string]dbAnswer{}
		for name, h := range handlers {
			got := dbServe(t, h, conformance.Request{Method: "POST", Path: adminhttp.PathValidate,
				Headers: map[string]string{"Authorization": token, "Content-Type": "application/json"}, Body: json.RawMessage(body)})
			answers[name] = got
			if d := cmp.Diff(want, got.Body, otherProjectOrder); got.Status != status || d != "" {
				differ[name]++
				t.Errorf("case %d on %s: %d, the instance %d (-instance +ours):\n%s\nbody: %s", i, name, got.Status, status, d, body)
			}
		}
		if d := cmp.Diff(answers["-database"], answers["-unleash"]); d != "" {
			t.Errorf("case %d: (-database +unleash):\n%s", i, d)
		}
	}
	t.Logf("%d generated imports: %d answers differ from the instance's on -unleash, %d on -database", differentialCases, differ["-unleash"], differ["-database"])
}

// otherProjectOrder compares the affected items of the error of features
// that exist in other projects without regard to their order: the
// instance lists them in the order of its features table (SQL without
// ORDER BY), the rule engine in the import's, alike on every state source.
var otherProjectOrder = cmp.Transformer("otherProjectOrder", func(m map[string]any) map[string]any {
	msg, _ := m["message"].(string)
	items, ok := m["affectedItems"].([]any)
	if !ok || !strings.HasPrefix(msg, "You cannot import a features that already exist in other projects.") {
		return m
	}
	sorted := slices.Clone(items)
	slices.SortFunc(sorted, func(a, b any) int { return strings.Compare(fmt.Sprint(a), fmt.Sprint(b)) })
	out := maps.Clone(m)
	out["affectedItems"] = sorted
	return out
})

// referenceAnswer sends body to the instance's validation with token and
// returns the status and the body, without the id of an error body.
func referenceAnswer(t *testing.T, s *unleashtest.Server, token, body string) (int, any) {
	t.Helper()
	req, err := http.NewRequest("POST", s.URL+adminhttp.PathValidate, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", token)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	var out any
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatalf("the instance's answer is no JSON: %s", raw)
	}
	if m, ok := out.(map[string]any); ok {
		delete(m, "id")
	}
	return resp.StatusCode, out
}

// pick returns one of options.
func pick[T any](r *rand.Rand, options ...T) T { return options[r.IntN(len(options))] }

// generatedImport returns an import of one to three features into a
// project and environment, drawn from names that exist (in that project,
// in another, archived) and names that do not, with strategies, context
// fields, segments and tags of both kinds.
func generatedImport(r *rand.Rand) string {
	project := pick(r, "default", "other", "limited")
	env := pick(r, "development", "production")
	var b bytes.Buffer
	fmt.Fprintf(&b, `{"project":%q,"environment":%q,"data":{"features":[`, project, env)
	n := 1 + r.IntN(3)
	names := make([]string, n)
	for i := range names {
		names[i] = pick(r, "existing-flag", "archived-flag", "other-flag", "lim-existing", fmt.Sprintf("lim-new-%d", i), fmt.Sprintf("new-%d", i))
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"name":%q,"project":%q,"type":"release"}`, names[i], project)
	}
	b.WriteString(`],"featureStrategies":[`)
	for i, f := range names {
		if i > 0 {
			b.WriteByte(',')
		}
		field := pick(r, "region", "other-scoped", "userId", "fresh-field")
		value := pick(r, "eu", "a", "c")
		segments := pick(r, "", `,"segments":[1]`, `,"segments":[7]`)
		fmt.Fprintf(&b, `{"name":%q,"featureName":%q,"parameters":{},"constraints":[{"contextName":%q,"operator":"IN","values":[%q]}]%s}`,
			pick(r, "default", "flexibleRollout", "custom-strategy", "unknown-strategy"), f, field, value, segments)
	}
	b.WriteString(`],"contextFields":[`)
	for i := range r.IntN(3) {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"name":%q,"legalValues":[{"value":%q}]}`, pick(r, "region", "other-scoped", "fresh-field"), pick(r, "eu", "us", "a", "b", "c"))
	}
	b.WriteString(`],"segments":[`)
	if r.IntN(2) == 0 {
		b.WriteString(pick(r, `{"id":1,"name":"beta-users"}`, `{"id":7,"name":"no-such-segment"}`))
	}
	tagType := pick(r, "team", "simple", "fresh-type")
	fmt.Fprintf(&b, `],"tagTypes":[{"name":%q}],"featureTags":[{"featureName":%q,"tagType":%q,"tagValue":"x"}]}}`, tagType, names[0], tagType)
	return b.String()
}
