package profile_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/model/profile"
)

func TestResolve(t *testing.T) {
	tests := []struct {
		in, profile string
		note        string // a part of the note; "" for none
		err         string // a part of the error; "" for none
	}{
		{in: "5.12.8", profile: "5.12"},
		{in: "5.12.0", profile: "5.12"},
		{in: "6.10.1", profile: "6.10"},
		{in: "6.3.0", profile: "6.10", note: "was not verified"},
		{in: "7.0.0", profile: "7.0", note: "was not verified"},
		{in: "7.3.9", profile: "7.0", note: "was not verified"},
		{in: "7.4.1", profile: "7.4"},
		{in: "7.5.1", profile: "7.5"},
		{in: "7.6.5", profile: "7.6"},
		{in: "7.9.0", profile: "7.6", note: "newer than the newest verified 7.6.5"},
		{in: "v8.2.0", profile: "8"},
		{in: "8.2.1", profile: "8"},
		{in: "8.0.0", profile: "8", note: "was not verified"},
		{in: "8.3.0-beta.1", profile: "8", note: "newer than the newest verified 8.2.0"},
		{in: "", profile: "8", note: "no version known"},
		{in: "5.11.3", err: "older than Unleash 5.12.0"},
		{in: "4.22.0", err: "older than Unleash 5.12.0"},
		{in: "9.0.0", err: "newer than Unleash 8.x"},
		{in: "latest", err: "not a version number"},
	}
	for _, tt := range tests {
		r, err := profile.Resolve(tt.in, profile.FromInstance)
		if tt.err != "" {
			var ue *profile.UnsupportedError
			if !errors.As(err, &ue) || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("Resolve(%q) error = %v, want an *UnsupportedError with %q", tt.in, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("Resolve(%q): %v", tt.in, err)
			continue
		}
		if r.Profile.Name != tt.profile {
			t.Errorf("Resolve(%q) profile = %s, want %s", tt.in, r.Profile.Name, tt.profile)
		}
		if (tt.note == "") != (r.Note == "") || !strings.Contains(r.Note, tt.note) {
			t.Errorf("Resolve(%q) note = %q, want one with %q", tt.in, r.Note, tt.note)
		}
	}
}

func TestFromMigration(t *testing.T) {
	tests := []struct{ last, want string }{
		{"/20240430075605-add-scim-external-id", "5.12.8"},
		{"/20250110130010-add-permission-cors", "5.12.8"},
		{"/20250506074807-feature-link-table", "6.10.1"},
		{"/20251210144308-add-project-column-to-context-fields", "6.10.1"},
		{"/20260119100647-add-api-key-revision-id-to-edge-observability", "7.4.1"},
		{"/20260303132225-add-milestone-strategies-disabled", "7.5.1"},
		{"/20260406161629-user-access-requests-unique-email", "7.6.5"},
		{"/20260902120000-add-user-agent-to-login-history", "8.2.0"},
		{"/20270101000000-a-later-one", "8.2.0"},
		{"/20240418140646-add-ip-column-to-events-table", ""},
		{"", ""},
	}
	for _, tt := range tests {
		got, ok := profile.FromMigration(tt.last)
		if got != tt.want || ok != (tt.want != "") {
			t.Errorf("FromMigration(%q) = %q, %v; want %q", tt.last, got, ok, tt.want)
		}
	}
}

// TestProfilesCover checks that the lines follow each other without a gap
// from 5.12.0 to the last 8.x, that each verified release resolves to its
// own line, and that each line lists the seven permissions once.
func TestProfilesCover(t *testing.T) {
	all := profile.All()
	for i, p := range all {
		for _, v := range p.Verified {
			r, err := profile.Resolve(v, profile.FromInstance)
			if err != nil || r.Profile.Name != p.Name || r.Note != "" {
				t.Errorf("verified %s of %s resolves to %+v, %v", v, p.Name, r.Profile.Name, err)
			}
			if p.Database.LastMigration != "" {
				if got, _ := profile.FromMigration(p.Database.LastMigration); got != v {
					t.Errorf("the latest migration of %s reads as %s", v, got)
				}
			}
		}
		if i > 0 {
			lo, _, _ := strings.Cut(strings.TrimPrefix(p.Range, ">="), " ")
			_, hi, _ := strings.Cut(all[i-1].Range, "<")
			if lo != hi {
				t.Errorf("%s starts at %s, but %s ends before %s", p.Name, lo, all[i-1].Name, hi)
			}
		}
		seen := map[string]bool{}
		for _, q := range p.Permissions {
			seen[q.Name] = true
		}
		if len(p.Permissions) != 7 || len(seen) != 7 {
			t.Errorf("%s lists %d permissions, %d distinct; want 7", p.Name, len(p.Permissions), len(seen))
		}
		if p.Rank("CREATE_TAG_TYPE") != 6 || p.Rank("NOPE") != 7 || p.DisplayName("NOPE") != "NOPE" {
			t.Errorf("%s: Rank or DisplayName wrong", p.Name)
		}
	}
	if d := profile.Default(); d.Newest() != profile.DefaultVersion {
		t.Errorf("Default is %s, want the line of %s", d.Newest(), profile.DefaultVersion)
	}
}

// TestAllIndependent checks that changing one profile leaves the others
// as they were.
func TestAllIndependent(t *testing.T) {
	all := profile.All()
	all[0].Permissions[0].DisplayName = "changed"
	all[1].Import.Limits.Constraints = -1
	all[5].Schema.Operators[0] = "changed"
	again := profile.All()
	if again[1].Permissions[0].DisplayName == "changed" || again[2].Import.Limits.Constraints == -1 || again[6].Schema.Operators[0] == "changed" {
		t.Fatal("profiles share their slices or limits")
	}
	if all[2].Import.Limits.Constraints == -1 || all[6].Schema.Operators[0] == "changed" {
		t.Fatal("the profiles of one call share their slices or limits")
	}
}

func ExampleResolve() {
	r, err := profile.Resolve("5.12.8", profile.FromInstance)
	if err != nil {
		panic(err)
	}
	fmt.Println(r.Profile.Name, r.Profile.DisplayName("CREATE_FEATURE"), r.Profile.Errors.PathPrefix == "")
	r, _ = profile.Resolve("8.4.0", profile.FromInstance)
	fmt.Println(r.Profile.Name, r.Note)
	// Output:
	// 5.12 Create feature toggles true
	// 8 Unleash 8.4.0 is newer than the newest verified 8.2.0: answering as Unleash 8.2.0
}

func BenchmarkResolve(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := profile.Resolve("7.6.5", profile.FromInstance); err != nil {
			b.Fatal(err)
		}
	}
}
