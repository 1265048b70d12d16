package adminhttp_test

import (
	"context"
	"encoding/json"
	"flag"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/examples/server/adminhttp"
	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/instance"
	"github.com/flagadmin/flagadmin/internal/testharness/conformance"
	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
	"github.com/flagadmin/flagadmin/internal/testharness/unleashtest"
	"github.com/flagadmin/flagadmin/model"
	"github.com/flagadmin/flagadmin/unleashapi"
	"github.com/flagadmin/flagadmin/unleashdb"
)

var updateVersions = flag.Bool("update-versions", false, "rewrite testdata/versions/VERSION.deviations from the replay")

// mustAnswerAlike are recorded cases each version answers otherwise than
// 8.2.0 does, and the handler must answer as the version does: its
// permission names and order, its user listing, its error bodies.
var mustAnswerAlike = map[string][]string{
	"5.12.8": {"validate-many-problems-viewer", "user-admin-admin-token", "validate-schema-missing-features", "validate-schema-additional-property"},
	"6.10.1": {"user-admin-admin-token", "user-admin-bearer-admin-token"},
	"7.6.5":  {"user-admin-admin-token", "validate-many-problems-viewer"},
}

// TestVersionRecordings replays every recorded case of each version
// (testdata/versions) on a handler over the version's recorded state, the
// version in it, and checks which cases answer otherwise than the version
// did: exactly those of testdata/versions/VERSION.deviations
// (-update-versions rewrites them; docs/VERSIONS.md says why each kind
// differs), and none of mustAnswerAlike.
func TestVersionRecordings(t *testing.T) {
	versions, err := conformance.RecordedVersions()
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range versions {
		t.Run(v, func(t *testing.T) {
			state := conformance.MustVersionState(t, v)
			if state.Version != v {
				t.Fatalf("the state of %s records the version %q", v, state.Version)
			}
			differ := replayVersion(t, v, versionHandler(t, state))
			for _, name := range mustAnswerAlike[v] {
				if slices.Contains(differ, name) {
					t.Errorf("%s answers otherwise than %s did", name, v)
				}
			}
			path := filepath.Join("testdata", "versions", v+".deviations")
			if *updateVersions {
				if err := os.WriteFile(path, []byte(strings.Join(differ, "\n")+"\n"), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want := readDeviations(t, v)
			for _, n := range differ {
				if !slices.Contains(want, n) {
					t.Errorf("%s: answers otherwise than %s did, and %s does not list it", n, v, path)
				}
			}
			for _, n := range want {
				if !slices.Contains(differ, n) {
					t.Errorf("%s: answers as %s did now; remove it from %s", n, v, path)
				}
			}
			t.Logf("%s: %d cases answer otherwise than recorded", v, len(differ))
		})
	}
}

// versionHandler is the handler over state, answering as its version.
func versionHandler(t *testing.T, state *model.Snapshot) http.Handler {
	t.Helper()
	inst, err := instance.FromSnapshot(state)
	if err != nil {
		t.Fatal(err)
	}
	return instanceHandler(t, inst)
}

// instanceHandler is the handler over inst, answering as its version.
func instanceHandler(t *testing.T, inst *instance.Instance) http.Handler {
	t.Helper()
	prof := inst.Profile()
	v, err := importvalidate.New(importvalidate.Options{State: inst.State, Profile: &prof})
	if err != nil {
		t.Fatal(err)
	}
	h, err := adminhttp.NewHandler(adminhttp.Options{Validator: v, Tokens: inst.Tokens, Users: inst.Users, Profile: &prof})
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// replayVersion replays the recorded cases of version v on h and returns
// the names of those answered otherwise than v did.
func replayVersion(t *testing.T, v string, h http.Handler) []string {
	t.Helper()
	var differ []string
	for _, c := range conformance.MustLoadVersion(t, v, "*") {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, c.Request.HTTP())
		got := conformance.Response{Status: rec.Code, ContentType: rec.Header().Get("Content-Type"), Body: rec.Body.Bytes()}
		if !alike(c.Response, got) {
			differ = append(differ, c.Name)
		}
	}
	return differ
}

// readDeviations returns the cases of testdata/versions/v.deviations.
func readDeviations(t *testing.T, v string) []string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "versions", v+".deviations"))
	if err != nil {
		t.Fatalf("%v (run with -update-versions)", err)
	}
	return strings.Fields(string(b))
}

// TestVersionsLive runs the handler on each version FLAGADMIN_VERSIONS
// selects (8.2.0 alone by default), started seeded, read from its
// database and over its admin API, each answering as the version it
// reads: on the database and over the API every recorded case answers as
// on the recorded state (the same deviations). A long test
// (FLAGADMIN_LONG=1: .ci/long, every version); skipped by -short.
func TestVersionsLive(t *testing.T) {
	testutil.SkipUnlessLong(t)
	ctx := context.Background()
	unleashtest.EachSeeded(t, dbOracleURL, func(t *testing.T, v string, s *unleashtest.Server) {
		db, err := unleashdb.Open(ctx, s.Cluster.URL(s.Database), unleashdb.Options{UnleashURL: dbOracleURL})
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		if db.Version().Version != v {
			t.Fatalf("the database reads as %s", db.Version().Version)
		}
		differ := replayVersion(t, v, instanceHandler(t, db.Instance()))
		if want := readDeviations(t, v); !slices.Equal(differ, want) {
			t.Errorf("on the database, answered otherwise: %v; on the recorded state: %v", differ, want)
		}
		c, err := unleashapi.New(s.URL, unleashtest.AdminToken, unleashapi.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if r, err := c.Profile(ctx); err != nil || r.Version != v {
			t.Fatalf("the instance reads as %s, %v", r.Version, err)
		}
		differ = replayVersion(t, v, instanceHandler(t, c.Instance()))
		if want := readDeviations(t, v); !slices.Equal(differ, want) {
			t.Errorf("over the admin API, answered otherwise: %v; on the recorded state: %v", differ, want)
		}
	})
}

// alike says whether got answers as want: the same status, content type
// and body, ids aside, where a 400's details may go on past the recorded
// ones (the reference lists its first problem, the handler every one).
func alike(want, got conformance.Response) bool {
	if conformance.Differs(want, got) == "" {
		return true
	}
	if want.Status != http.StatusBadRequest || got.Status != want.Status || got.ContentType != want.ContentType {
		return false
	}
	var w, g map[string]json.RawMessage
	if json.Unmarshal(want.Body, &w) != nil || json.Unmarshal(got.Body, &g) != nil {
		return false
	}
	var wd, gd []json.RawMessage
	if json.Unmarshal(w["details"], &wd) != nil || json.Unmarshal(g["details"], &gd) != nil || len(gd) < len(wd) {
		return false
	}
	cut, err := json.Marshal(gd[:len(wd)])
	if err != nil {
		return false
	}
	g["details"] = cut
	b, err := json.Marshal(g)
	if err != nil {
		return false
	}
	// json.Marshal of a map sorts the members; compare want sorted alike.
	wb, err := json.Marshal(w)
	if err != nil {
		return false
	}
	return conformance.Differs(conformance.Response{Status: want.Status, ContentType: want.ContentType, Body: wb},
		conformance.Response{Status: got.Status, ContentType: got.ContentType, Body: b}) == ""
}
