package unleashapi_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/internal/testharness/unleashtest"
	"github.com/flagadmin/flagadmin/model/profile"
	"github.com/flagadmin/flagadmin/unleashapi"
)

// importEventsAndLimit imports into s with an Admin user's personal
// access token: the project's event log, read from the mark taken
// before, holds the import's events, each feature's and the closing
// features-imported one, by the token's user (7.x and later: in one
// transaction group); a body one byte over the profile's limit is
// refused with 413, one at the limit is not.
func importEventsAndLimit(t *testing.T, s *unleashtest.Server, prof *profile.Profile) {
	t.Helper()
	ctx := context.Background()
	pat, err := s.AdminPersonalToken(ctx)
	if err != nil {
		t.Fatal(err)
	}
	c, err := unleashapi.New(s.URL, pat, unleashapi.Options{ListTTL: -1})
	if err != nil {
		t.Fatal(err)
	}
	im, err := unleashapi.NewImporter(s.URL, pat, unleashapi.Options{})
	if err != nil {
		t.Fatal(err)
	}
	caller, err := im.Caller(ctx)
	if err != nil {
		t.Fatal(err)
	}
	mark, err := c.LatestProjectEvent(ctx, "default")
	if err != nil {
		t.Fatalf("LatestProjectEvent: %v", err)
	}
	body := `{"project":"default","environment":"development","data":{"features":[{"name":"ev-a","project":"default"},{"name":"ev-b","project":"default"}],
 "featureStrategies":[{"name":"default","featureName":"ev-a"}],"featureEnvironments":[{"name":"ev-a","featureName":"ev-a","enabled":true}],"tagTypes":[]}}`
	if err := im.Import(ctx, []byte(body)); err != nil {
		t.Fatalf("import: %v", err)
	}
	evs, err := c.ProjectEvents(ctx, "default", mark)
	if err != nil {
		t.Fatalf("ProjectEvents: %v", err)
	}
	groups := map[string]bool{}
	var imported, featureA bool
	for _, e := range evs {
		if e.ID <= mark {
			t.Errorf("event %d is not after the mark %d", e.ID, mark)
		}
		if e.CreatedByUserID == nil || *e.CreatedByUserID != caller.UserID {
			t.Errorf("event %d %s by %v, want user %d", e.ID, e.Type, e.CreatedByUserID, caller.UserID)
		}
		if e.GroupID != nil {
			groups[*e.GroupID] = true
		}
		imported = imported || e.Type == "features-imported"
		featureA = featureA || (e.FeatureName != nil && *e.FeatureName == "ev-a")
	}
	if !imported || !featureA {
		t.Errorf("the import's events: features-imported %v, ev-a's %v in %d events", imported, featureA, len(evs))
	}
	if prof.Name == "5.12" || prof.Name == "6.10" {
		if len(groups) != 0 {
			t.Errorf("%s: groups %v", prof.Name, groups)
		}
	} else if len(groups) != 1 {
		t.Errorf("%s: the import's events are in %d groups, want one", prof.Name, len(groups))
	}

	// The request limit: the body padded inside a description.
	padded := func(size int64) []byte {
		head := `{"project":"default","environment":"development","data":{"features":[{"name":"ev-limit","project":"default","description":"`
		tail := `"}],"tagTypes":[]}}`
		return []byte(head + strings.Repeat("x", int(size)-len(head)-len(tail)) + tail)
	}
	for _, size := range []int64{prof.Import.MaxBody, prof.Import.MaxBody + 1} {
		err := im.Import(ctx, padded(size))
		var r *unleashapi.RefusedError
		if over := errors.As(err, &r) && r.Status == 413; over != (size > prof.Import.MaxBody) {
			t.Errorf("a body of %d bytes: %v", size, fmt.Sprint(err))
		}
	}
}
