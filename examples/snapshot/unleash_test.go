package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/flagadmin/flagadmin/internal/conformance"
	"github.com/flagadmin/flagadmin/internal/testutil"
	"github.com/flagadmin/flagadmin/internal/unleashtest"
	"github.com/flagadmin/flagadmin/model"
)

// TestSnapshotOverTheAPI: the snapshot of the real Unleash 8.2.0 on the
// module's dump, read over its admin API, has the features, projects,
// environments, strategies, context fields, segments, tag types and API
// tokens of oracle-state.json; a missing or wrong token fails with exit 1
// and no token in the message.
func TestSnapshotOverTheAPI(t *testing.T) {
	s := unleashtest.StartForTest(t, unleashtest.Options{PublicURL: "http://127.0.0.1:4242"}, true)
	want := conformance.MustState(t)
	var stdout, stderr bytes.Buffer
	env := testutil.Env(map[string]string{"UNLEASH_API_TOKEN": s.AdminToken})
	if code := run(context.Background(), []string{"-unleash", s.URL}, env, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	got, err := model.DecodeSnapshot(stdout.Bytes())
	if err != nil {
		t.Fatalf("output does not decode: %v", err)
	}
	var apiTokens []model.SnapshotToken
	for _, tok := range want.Tokens {
		if tok.Type != model.TokenPersonal {
			apiTokens = append(apiTokens, tok)
		}
	}
	opts := cmpopts.EquateEmpty()
	for name, pair := range map[string][2]any{
		"features":      {want.Features, got.Features},
		"projects":      {want.Projects, got.Projects},
		"environments":  {want.Environments, got.Environments},
		"contextFields": {want.ContextFields, got.ContextFields},
		"segments":      {want.Segments, got.Segments},
		"tagTypes":      {want.TagTypes, got.TagTypes},
		"tokens":        {apiTokens, got.Tokens},
	} {
		if d := cmp.Diff(pair[0], pair[1], opts); d != "" {
			t.Errorf("%s (-oracle-state.json +api):\n%s", name, d)
		}
	}
	for _, tc := range []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{}, "UNLEASH_API_TOKEN"},
		{map[string]string{"UNLEASH_API_TOKEN": "*:*.bad-secret"}, "401"},
	} {
		stdout.Reset()
		stderr.Reset()
		code := run(context.Background(), []string{"-unleash", s.URL}, testutil.Env(tc.env), &stdout, &stderr)
		if code != 1 || stdout.Len() > 0 || !strings.Contains(stderr.String(), tc.want) || strings.Contains(stderr.String(), "bad-secret") {
			t.Errorf("%v: exit %d, stderr %q; want 1 and %q", tc.env, code, stderr.String(), tc.want)
		}
	}
}
