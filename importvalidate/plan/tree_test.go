package plan

import (
	"reflect"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/model/profile"
)

// TestPlanTree: a file that lacks a feature of the project is named; the
// features no file holds are left out, kept, or archived with Prune; a
// created feature close to a left-out one is a rename; an archive is
// refused outside default on an open-source 6.x and later, and when a
// kept feature depends on an archived one.
func TestPlanTree(t *testing.T) {
	files := []TreeFile{
		{Name: "t/default/development.json", Features: []string{"checkout-v3", "search", "banner-kid"}, Parents: map[string][]string{"banner-kid": {"old-banner"}}},
		{Name: "t/default/production.json", Features: []string{"checkout-v3", "search"}},
	}
	p := PlanTree([]TreeProject{{Project: "default", Files: files, Instance: []string{"banner-kid", "checkout-v2", "old-banner", "search"}}}, TreeOptions{})
	want := ProjectPlan{Project: "default",
		Inconsistent: []string{`t/default/production.json lacks "banner-kid", which t/default/development.json holds: an export of any environment holds every feature of the project`},
		LeftOut:      []string{"checkout-v2", "old-banner"},
		Renamed:      []Rename{{From: "checkout-v2", To: "checkout-v3"}}}
	if !reflect.DeepEqual(p[0], want) {
		t.Errorf("got %+v\nwant %+v", p[0], want)
	}
	files[1].Features = append(files[1].Features, "banner-kid")
	p = PlanTree([]TreeProject{{Project: "default", Files: files, Instance: []string{"banner-kid", "checkout-v2", "old-banner", "search"}}}, TreeOptions{Prune: true})
	if !p[0].Archive || len(p[0].Refusals) != 1 || !strings.Contains(p[0].Refusals[0], `"banner-kid" depends on "old-banner"`) || len(p[0].Inconsistent) != 0 {
		t.Errorf("prune of a parent: %+v", p[0])
	}
	v8, v5 := profile.Default(), profile.Default()
	v5.AdminAPI.ArchiveDefaultOnly = false
	for _, c := range []struct {
		project string
		prof    profile.Profile
		oss     bool
		refused bool
	}{{"default", v8, true, false}, {"other", v8, true, true}, {"other", v8, false, false}, {"other", v5, true, false}} {
		p := PlanTree([]TreeProject{{Project: c.project, Files: []TreeFile{{Name: "f", Features: []string{"a"}}}, Instance: []string{"a", "b"}}},
			TreeOptions{Prune: true, Profile: &c.prof, OpenSource: c.oss})
		if p[0].Refused() != c.refused || !p[0].Archive || !p[0].HasChanges() {
			t.Errorf("%s, open source %v, ArchiveDefaultOnly %v: %+v", c.project, c.oss, c.prof.AdminAPI.ArchiveDefaultOnly, p[0])
		}
	}
}
