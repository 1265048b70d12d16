package importvalidate

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/model/profile"
)

// TestRequestSchemaPerProfile checks that every profile has its request
// schema embedded, that it compiles, that only the default version's is
// the fast path's, and that it knows exactly what the profile says the
// line's schema knows: the operators in their order, and each member the
// lines differ by.
func TestRequestSchemaPerProfile(t *testing.T) {
	for _, p := range profile.All() {
		t.Run(p.Name, func(t *testing.T) {
			doc, fast, err := requestSchema(p)
			if err != nil {
				t.Fatal(err)
			}
			if want := p.Schema.Name == "8.2.0"; fast != want {
				t.Errorf("fast path %v, want %v", fast, want)
			}
			if _, err := stNew(t, Options{Profile: &p}).slowPath(); err != nil {
				t.Fatal(err)
			}
			var s struct {
				Defs map[string]struct {
					Required   []string                   `json:"required"`
					Properties map[string]json.RawMessage `json:"properties"`
				} `json:"$defs"`
			}
			if err := json.Unmarshal(doc, &s); err != nil {
				t.Fatal(err)
			}
			var op struct {
				Enum []string `json:"enum"`
			}
			if err := json.Unmarshal(s.Defs["Constraint"].Properties["operator"], &op); err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(op.Enum, p.Schema.Operators) {
				t.Errorf("operators %v, the profile's %v", op.Enum, p.Schema.Operators)
			}
			has := func(def, member string) bool { _, ok := s.Defs[def].Properties[member]; return ok }
			keyword := func(def, member, kw string) bool {
				return strings.Contains(string(s.Defs[def].Properties[member]), `"`+kw+`"`)
			}
			for _, c := range []struct {
				what      string
				got, want bool
			}{
				{"Constraint.value minLength", keyword("Constraint", "value", "minLength"), p.Schema.ConstraintValueMinLength},
				{"TagType.color", has("TagType", "color"), p.Schema.TagTypeColor},
				{"Tag bounds and color", keyword("Tag", "value", "maxLength") && has("Tag", "color"), p.Schema.TagBounds},
				{"Feature.createdBy", has("Feature", "createdBy"), p.Schema.FeatureMetadata},
				{"Feature.collaborators", has("Feature", "collaborators"), p.Schema.FeatureMetadata},
				{"Feature.links", has("Feature", "links"), p.Schema.FeatureMetadata},
				{"FeatureEnvironment.changeRequestIds", has("FeatureEnvironment", "changeRequestIds"), p.Schema.Milestones},
				{"FeatureEnvironment.milestoneName", has("FeatureEnvironment", "milestoneName"), p.Schema.Milestones},
				{"FeatureEnvironment.releasePlans", has("FeatureEnvironment", "releasePlans"), p.Schema.ReleasePlans},
				{"FeatureEnvironment.yes", has("FeatureEnvironment", "yes"), p.Schema.ReleasePlans},
				{"Lifecycle.status", has("Lifecycle", "status"), p.Schema.ReleasePlans},
				{"FeatureEnvironment.safeguards", has("FeatureEnvironment", "safeguards"), p.Schema.Safeguards},
				{"ExportData.links", has("ExportData", "links"), p.Schema.DataLinks},
				{"ContextField.project", has("ContextField", "project"), p.Schema.ContextFieldProject},
				{"Feature.variants", has("Feature", "variants"), true}, // the product's API lists them in 8 too
				{"FeatureTag.type", has("FeatureTag", "type"), true},
			} {
				if c.got != c.want {
					t.Errorf("%s: in the schema %v, in the profile %v", c.what, c.got, c.want)
				}
			}
		})
	}
}

// TestRequestSchemaUnnamed: a profile naming no schema has the default's;
// one naming a schema that is not embedded makes New fail, saying so.
func TestRequestSchemaUnnamed(t *testing.T) {
	if _, fast, err := requestSchema(profile.Profile{}); err != nil || !fast {
		t.Errorf("the zero profile: fast %v, %v", fast, err)
	}
	p := profile.Default()
	p.Schema.Name = "9.0.0"
	state, err := DemoState()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := New(Options{State: state, Profile: &p}); err == nil || !strings.Contains(err.Error(), `no request schema for Unleash 8 (schema "9.0.0")`) {
		t.Errorf("New: %v", err)
	}
}

// TestStructureFollowsProfile validates bodies under the profiles of the
// verified lines: each refuses what its schema does not know, with the
// problem its server reports, and accepts what it knows, on the fast path
// for 8.2.0 and on the slow path for the others.
func TestStructureFollowsProfile(t *testing.T) {
	constraint := func(c string) string {
		return `"featureStrategies":[{"name":"default","featureName":"a","constraints":[` + c + `]}]`
	}
	for _, tt := range []struct {
		name, data string
		// refused: the profile names whose schema refuses the body, with
		// the pointer and message of the first problem.
		refused map[string]string
	}{
		{"data.links", `"features":[{"name":"a"}],"featureStrategies":[],"tagTypes":[],"links":[{"feature":"a","links":[]}]`,
			map[string]string{"5.12": "/data/links", "6.10": "/data/links"}},
		{"contextFields.project", `"features":[],"featureStrategies":[],"tagTypes":[],"contextFields":[{"name":"x","project":"p"}]`,
			map[string]string{"5.12": "/data/contextFields/0/project", "6.10": "/data/contextFields/0/project", "7.0": "/data/contextFields/0/project"}},
		{"tagTypes.color", `"features":[],"featureStrategies":[],"tagTypes":[{"name":"team","color":"#aabbcc"}]`,
			map[string]string{"5.12": "/data/tagTypes/0/color"}},
		{"REGEX", `"features":[{"name":"a"}],` + constraint(`{"contextName":"userId","operator":"REGEX","value":"^a"}`) + `,"tagTypes":[]`,
			map[string]string{"5.12": "/data/featureStrategies/0/constraints/0/operator", "6.10": "/data/featureStrategies/0/constraints/0/operator",
				"7.0": "/data/featureStrategies/0/constraints/0/operator", "7.4": "/data/featureStrategies/0/constraints/0/operator"}},
		{"SEMVER_GTE", `"features":[{"name":"a"}],` + constraint(`{"contextName":"appVersion","operator":"SEMVER_GTE","value":"1.0.0"}`) + `,"tagTypes":[]`,
			map[string]string{"5.12": "/data/featureStrategies/0/constraints/0/operator", "6.10": "/data/featureStrategies/0/constraints/0/operator",
				"7.0": "/data/featureStrategies/0/constraints/0/operator", "7.4": "/data/featureStrategies/0/constraints/0/operator",
				"7.5": "/data/featureStrategies/0/constraints/0/operator", "7.6": "/data/featureStrategies/0/constraints/0/operator"}},
		{"empty value", `"features":[{"name":"a"}],` + constraint(`{"contextName":"userId","operator":"STR_CONTAINS","value":""}`) + `,"tagTypes":[]`,
			map[string]string{"8": "/data/featureStrategies/0/constraints/0/value"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			body := []byte(`{"project":"default","environment":"development","data":{` + tt.data + `}}`)
			for _, p := range profile.All() {
				s := stNew(t, Options{Profile: &p})
				imp, _, problems, err := s.decode(context.Background(), body)
				if err != nil {
					t.Fatal(err)
				}
				want, refused := tt.refused[p.Name]
				switch {
				case refused && (!problems.HasErrors() || problems[0].Location.Pointer != want):
					t.Errorf("%s: problems %v, want one at %s first", p.Name, problems, want)
				case !refused && (problems.HasErrors() || imp == nil):
					t.Errorf("%s: refused: %v", p.Name, problems)
				}
			}
		})
	}
}

// validateAs validates data for t on the demo state as the line name
// answers.
func validateAs(t *testing.T, name string, data []byte, target Target) *Report {
	t.Helper()
	state, err := DemoState()
	if err != nil {
		t.Fatal(err)
	}
	p, ok := profile.Named(name)
	if !ok {
		t.Fatalf("no profile %s", name)
	}
	v, err := New(Options{State: state, Profile: &p})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := v.Validate(context.Background(), data, target)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// TestExportFollowsProfile: a bare export, which the default version
// takes on the fast path in place, is checked against the profile's
// schema too, and its problem located in the export.
func TestExportFollowsProfile(t *testing.T) {
	export := []byte("{\"features\": [{\"name\": \"a\"}], \"featureStrategies\": [], \"tagTypes\": [],\n \"links\": []}")
	target := Target{Project: "default", Environment: "development", Permissions: AllPermissions{}}
	for _, name := range []string{"6.10", "8"} {
		rep := validateAs(t, name, export, target)
		if name == "8" {
			if rep.HasErrors() {
				t.Errorf("8: %v", rep.Diagnostics())
			}
			continue
		}
		if len(rep.Structural) == 0 {
			t.Fatalf("%s: no structural problem", name)
		}
		// An additional property is located at its value.
		if l := rep.Structural[0].Location; l.Pointer != "/links" || l.Line != 2 || l.Column != 11 {
			t.Errorf("%s: located at %+v, want /links at 2:11", name, l)
		}
	}
}

// TestImportMemberOfNewerVersion validates an export of a newer version
// for older targets: each member or operator the target's schema refuses
// and a newer one knows gets a CodeImportMemberOfNewerVersion error at
// its place, naming the first release that knows it; the wire answer
// stays the structural one.
func TestImportMemberOfNewerVersion(t *testing.T) {
	export := []byte(`{"features": [{"name": "a"}],
 "featureStrategies": [{"name": "default", "featureName": "a",
   "constraints": [{"contextName": "appName", "operator": "SEMVER_GTE", "value": "1.0.0"}]}],
 "contextFields": [{"name": "appName", "project": "default"}],
 "tagTypes": [{"name": "team", "color": "#aabbcc"}],
 "links": [{"feature": "a", "links": []}],
 "bogus": 1}`)
	target := Target{Project: "default", Environment: "development", Permissions: AllPermissions{}}
	for _, tt := range []struct {
		profile string
		want    []string // pointer and first release, of each finding in file order
	}{
		{"5.12", []string{"/featureStrategies/0/constraints/0/operator 8.0.0", "/contextFields/0/project 7.4.0", "/tagTypes/0/color 6.0.0", "/links 7.0.0"}},
		{"6.10", []string{"/featureStrategies/0/constraints/0/operator 8.0.0", "/contextFields/0/project 7.4.0", "/links 7.0.0"}},
		{"7.0", []string{"/featureStrategies/0/constraints/0/operator 8.0.0", "/contextFields/0/project 7.4.0"}},
		{"7.6", []string{"/featureStrategies/0/constraints/0/operator 8.0.0"}},
		{"8", nil},
	} {
		t.Run(tt.profile, func(t *testing.T) {
			rep := validateAs(t, tt.profile, export, target)
			if !rep.Structural.HasErrors() {
				t.Fatal("no structural error: the member bogus is no version's")
			}
			var got []string
			for _, d := range rep.Diagnostics() {
				if d.Code != CodeImportMemberOfNewerVersion {
					continue
				}
				if d.Severity != SeverityError || d.Category != CategoryImport || d.Location.Line == 0 {
					t.Errorf("%s: %+v", d.Location.Pointer, d)
				}
				msg := d.Message()
				if !strings.Contains(msg, "Unleash "+tt.profile+" does not know") || !strings.Contains(msg, "upgrade the instance") {
					t.Errorf("message %q", msg)
				}
				since := msg[strings.Index(msg, "which Unleash ")+len("which Unleash "):]
				got = append(got, d.Location.Pointer+" "+since[:strings.IndexByte(since, ' ')])
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("findings %q, want %q", got, tt.want)
			}
			for _, d := range rep.Structural.Details() {
				if strings.Contains(d.Message, "Unleash") {
					t.Errorf("the wire's details carry the finding: %+v", d)
				}
			}
		})
	}
}

// TestDeprecatedMembersFollowProfile: features[].variants is refused by
// the import of 8.x (CodeImportMemberNotInReferenceSchema) and accepted by
// 7.x's, which then reports nothing.
func TestDeprecatedMembersFollowProfile(t *testing.T) {
	body := []byte(`{"project":"default","environment":"development","data":{"features":[{"name":"a","variants":[]}],"featureStrategies":[],"tagTypes":[]}}`)
	for name, want := range map[string]int{"7.6": 0, "8": 1} {
		rep := validateAs(t, name, body, Target{Permissions: AllPermissions{}, RequestBody: true})
		got := 0
		for _, d := range rep.Diagnostics() {
			if d.Code == CodeImportMemberNotInReferenceSchema {
				got++
			}
		}
		if got != want {
			t.Errorf("%s: %d findings of %s, want %d", name, got, CodeImportMemberNotInReferenceSchema, want)
		}
	}
}

// TestVersionNote: a validator given no profile notes on every report,
// of a body, of an export and of a decoded import, that it validated as
// the default version; one given a profile, the default's included, does
// not.
func TestVersionNote(t *testing.T) {
	state, err := DemoState()
	if err != nil {
		t.Fatal(err)
	}
	def := profile.Default()
	body := []byte(`{"project":"default","environment":"development","data":{"features":[{"name":"a"}],"featureStrategies":[],"tagTypes":[]}}`)
	broken := []byte(`{"project":"default","environment":"development","data":{}}`)
	export := []byte(`{"features":[{"name":"a"}],"featureStrategies":[],"tagTypes":[]}`)
	for _, tt := range []struct {
		name    string
		profile *profile.Profile
		note    bool
	}{{"none", nil, true}, {"default", &def, false}} {
		v, err := New(Options{State: state, Profile: tt.profile})
		if err != nil {
			t.Fatal(err)
		}
		ctx := context.Background()
		reps := map[string]*Report{}
		perm := AllPermissions{}
		if reps["body"], err = v.Validate(ctx, body, Target{Permissions: perm, RequestBody: true}); err != nil {
			t.Fatal(err)
		}
		if reps["broken body"], err = v.Validate(ctx, broken, Target{Permissions: perm, RequestBody: true}); err != nil {
			t.Fatal(err)
		}
		if reps["export"], err = v.Validate(ctx, export, Target{Project: "default", Environment: "development", Permissions: perm}); err != nil {
			t.Fatal(err)
		}
		if reps["import"], err = v.ValidateImport(ctx, reps["body"].Import, Target{Permissions: perm}); err != nil {
			t.Fatal(err)
		}
		for what, rep := range reps {
			if got := rep.VersionNote != ""; got != tt.note || tt.note && !strings.Contains(rep.VersionNote, "Unleash "+profile.DefaultVersion) {
				t.Errorf("%s profile, %s: note %q", tt.name, what, rep.VersionNote)
			}
		}
	}
}
