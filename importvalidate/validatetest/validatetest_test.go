package validatetest_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/importvalidate/validatetest"
	"github.com/flagadmin/flagadmin/instance"
	"github.com/flagadmin/flagadmin/model"
)

// fakeTB records what a check reports instead of failing the test. Only
// the methods the package calls are implemented; the embedded nil TB makes
// any other call panic, which would reveal an unexpected use.
type fakeTB struct {
	testing.TB
	errors  []string
	fatals  []string
	helpers int
}

func (f *fakeTB) Helper()           { f.helpers++ }
func (f *fakeTB) Error(args ...any) { f.errors = append(f.errors, fmt.Sprint(args...)) }
func (f *fakeTB) Errorf(s string, args ...any) {
	f.errors = append(f.errors, fmt.Sprintf(s, args...))
}
func (f *fakeTB) Fatalf(s string, args ...any) {
	f.fatals = append(f.fatals, fmt.Sprintf(s, args...))
}
func (f *fakeTB) failed() bool { return len(f.errors)+len(f.fatals) > 0 }

const (
	clean    = "testdata/clean.json"
	broken   = "testdata/broken.json"
	syntax   = "testdata/syntax.json"
	existing = "testdata/existing.json"
	state    = "testdata/state.json"
	// exportFile is an export, the file Unleash's Export button
	// downloads.
	exportFile = "testdata/export.json"
)

// all skips the permission check.
var all = importvalidate.AllPermissions{}

// demo is the state of the embedded demo instance.
var demo = func() importvalidate.State {
	s, err := importvalidate.DemoState()
	if err != nil {
		panic(err)
	}
	return s
}()

// place returns file:line:col of the n-th (0-based) occurrence of s in
// the file, for expectations that follow the file's text.
func place(t *testing.T, file, s string, n int) string {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	off := -1
	for i := 0; i <= n; i++ {
		j := strings.Index(string(b[off+1:]), s)
		if j < 0 {
			t.Fatalf("%s: occurrence %d of %q not found", file, n, s)
		}
		off += 1 + j
	}
	line := 1 + strings.Count(string(b[:off]), "\n")
	col := off - strings.LastIndex(string(b[:off]), "\n")
	return fmt.Sprintf("%s:%d:%d", file, line, col)
}

// checkoutTwice is what a file that imports the feature checkout-v2 twice
// fails with: the reference's error at both (the import's refusal of the
// second is the same mistake, said once).
func checkoutTwice(t *testing.T, file string) []string {
	const dup = ": error duplicate-feature: We detected the following features are duplicate in your import data: (checkout-v2)"
	return []string{
		place(t, file, `"checkout-v2"`, 0) + dup,
		place(t, file, `"checkout-v2"`, 1) + dup,
	}
}

// wantReported fails the test unless f was told exactly the lines of want,
// in order, and nothing fatal.
func wantReported(t *testing.T, f *fakeTB, want []string) {
	t.Helper()
	if strings.Join(f.errors, "\n") != strings.Join(want, "\n") || len(f.fatals) != 0 {
		t.Errorf("reported\n%s\n%q\nwant\n%s", strings.Join(f.errors, "\n"), f.fatals, strings.Join(want, "\n"))
	}
}

func TestCleanFilePasses(t *testing.T) {
	for _, opts := range []validatetest.Options{
		{State: demo, Permissions: all},
		{State: demo, Project: "default", Permissions: all},
		{State: demo, Project: "default", Environment: "development", Strict: true, Permissions: all},
		{State: validatetest.StateFile(t, state), Permissions: all},
	} {
		f := &fakeTB{}
		rep := validatetest.File(f, clean, opts)
		if f.failed() || rep == nil {
			t.Errorf("%+v: clean file failed: %q %q", opts, f.errors, f.fatals)
		}
		if f.helpers == 0 {
			t.Errorf("Helper was not called")
		}
	}
}

func TestBrokenFileFails(t *testing.T) {
	f := &fakeTB{}
	rep := validatetest.File(f, broken, validatetest.Options{State: demo, Project: "default", Permissions: all})
	if rep == nil || !rep.HasErrors() {
		t.Fatalf("report = %+v; want errors", rep)
	}
	wantReported(t, f, append(checkoutTwice(t, broken),
		place(t, broken, `"no-such-strategy"`, 0)+": error unknown-strategy: We detected the following custom strategy that needs to be created first: (no-such-strategy)"))
	if len(f.fatals) != 0 {
		t.Errorf("fatal: %q", f.fatals)
	}
}

// TestErrorsCannotBeAccepted: Accept takes the codes of warnings and
// missing permissions; an error's code is refused at once, naming it, and
// so is a code no finding has.
func TestErrorsCannotBeAccepted(t *testing.T) {
	for _, tc := range []struct{ code, want string }{
		{"duplicate-feature", `Options.Accept: "duplicate-feature" is the code of an error`},
		{"feature-exist", `Options.Accept: no finding has the code "feature-exist"; did you mean "feature-exists"?`},
	} {
		f := &fakeTB{}
		validatetest.File(f, broken, validatetest.Options{State: demo, Permissions: all, Accept: []string{tc.code}})
		if len(f.fatals) != 1 || !strings.Contains(f.fatals[0], tc.want) || len(f.errors) != 0 {
			t.Errorf("Accept %q: fatal %q, errors %q; want one fatal saying %q", tc.code, f.fatals, f.errors, tc.want)
		}
	}
}

func TestSyntaxErrorFails(t *testing.T) {
	f := &fakeTB{}
	validatetest.File(f, syntax, validatetest.Options{State: demo, Permissions: all})
	if len(f.errors) != 2 {
		t.Fatalf("errors = %q; want the problem and the note that the rules did not run", f.errors)
	}
	prefix := place(t, syntax, `"featureStrategies"`, 0) + ": error syntax: "
	if !strings.HasPrefix(f.errors[0], prefix) {
		t.Errorf("error %q does not start with %q", f.errors[0], prefix)
	}
	if want := syntax + ": 1 structural problem; the import rules did not run"; f.errors[1] != want {
		t.Errorf("last error %q, want %q", f.errors[1], want)
	}
}

func TestWarningsFailUnlessAccepted(t *testing.T) {
	f := &fakeTB{}
	validatetest.File(f, existing, validatetest.Options{State: validatetest.StateFile(t, state), Permissions: all})
	want := place(t, existing, `"existing-flag"`, 0) +
		": warning feature-exists: The following features already exist in this project and will be overwritten: (existing-flag)"
	if len(f.errors) != 1 || f.errors[0] != want {
		t.Errorf("errors = %q; want %q", f.errors, want)
	}

	f = &fakeTB{}
	validatetest.File(f, existing, validatetest.Options{State: validatetest.StateFile(t, state), Permissions: all, Accept: []string{"feature-exists"}})
	if f.failed() {
		t.Errorf("accepted warning failed the test: %q", f.errors)
	}

	// Against the demo state the feature does not exist.
	f = &fakeTB{}
	validatetest.File(f, existing, validatetest.Options{State: demo, Permissions: all})
	if f.failed() {
		t.Errorf("default state: %q", f.errors)
	}
}

// TestStateOfAnInstance: the state may be any instance's, here one held
// in memory from a snapshot.
func TestStateOfAnInstance(t *testing.T) {
	b, err := os.ReadFile(state)
	if err != nil {
		t.Fatal(err)
	}
	var snap model.Snapshot
	if err := model.DecodeStrict(b, &snap); err != nil {
		t.Fatal(err)
	}
	inst, err := instance.FromSnapshot(&snap)
	if err != nil {
		t.Fatal(err)
	}
	f := &fakeTB{}
	validatetest.File(f, existing, validatetest.Options{State: inst.State, Permissions: all})
	if len(f.errors) != 1 || !strings.Contains(f.errors[0], "feature-exists") {
		t.Errorf("errors = %q; want the feature-exists warning", f.errors)
	}
}

func TestMissingPermissionsFailUnlessAccepted(t *testing.T) {
	f := &fakeTB{}
	validatetest.File(f, clean, validatetest.Options{State: demo, Permissions: noRights{}})
	if len(f.errors) == 0 {
		t.Errorf("no errors; want the missing permissions")
	}
	for _, e := range f.errors {
		if !strings.HasPrefix(e, clean+": permission missing-permissions: ") && !strings.HasPrefix(e, clean+": permission import-missing-permissions: ") {
			t.Errorf("error %q; want an unplaced missing-permissions line, the reference's or the import's", e)
		}
	}
	f = &fakeTB{}
	validatetest.File(f, clean, validatetest.Options{State: demo, Permissions: noRights{}, Accept: []string{"missing-permissions", "import-missing-permissions"}})
	if f.failed() {
		t.Errorf("accepted: %q", f.errors)
	}
}

func TestBytes(t *testing.T) {
	f := &fakeTB{}
	validatetest.Bytes(f, "inline", []byte(`{"project":"default","environment":"development"}`), validatetest.Options{State: demo, Permissions: all})
	if len(f.errors) != 2 || f.errors[0] != "inline:1:1: error required: The `/data` property is required. The file lacks it." {
		t.Errorf("errors = %q", f.errors)
	}
}

func TestUnreadableInputIsFatal(t *testing.T) {
	for name, run := range map[string]func(*fakeTB){
		"missing file": func(f *fakeTB) {
			validatetest.File(f, "testdata/nope.json", validatetest.Options{State: demo, Permissions: all})
		},
		"missing state":  func(f *fakeTB) { validatetest.StateFile(f, "testdata/nope.json") },
		"bad state":      func(f *fakeTB) { validatetest.StateFile(f, broken) },
		"no state":       func(f *fakeTB) { validatetest.File(f, clean, validatetest.Options{Permissions: all}) },
		"no permissions": func(f *fakeTB) { validatetest.File(f, clean, validatetest.Options{State: demo}) },
		"export without a target": func(f *fakeTB) {
			validatetest.File(f, exportFile, validatetest.Options{State: validatetest.StateFile(t, state), Permissions: all})
		},
		"unknown fail-on": func(f *fakeTB) {
			validatetest.File(f, clean, validatetest.Options{State: demo, Permissions: all, FailOn: []string{"warnings"}})
		},
		"unknown disabled code": func(f *fakeTB) {
			validatetest.File(f, clean, validatetest.Options{State: demo, Permissions: all, Disable: []string{"required"}})
		},
	} {
		f := &fakeTB{}
		run(f)
		if len(f.fatals) != 1 || len(f.errors) != 0 {
			t.Errorf("%s: fatals %q, errors %q; want one fatal", name, f.fatals, f.errors)
		}
	}
}

// noRights holds no permission.
type noRights struct{}

func (noRights) HasPermission(_ context.Context, _, _, _ string) (bool, error) { return false, nil }

// TestBytesPrintsSurrogatesEscaped: a repeated feature named "\udc00"
// (sent escaped, an unpaired surrogate) fails with the name printed as
// the reference echoes it, not as raw bytes.
func TestBytesPrintsSurrogatesEscaped(t *testing.T) {
	f := &fakeTB{}
	body := []byte(`{"project":"default","environment":"development","data":{"features":[` +
		`{"name":"\udc00","project":"default"},{"name":"\udc00","project":"default"}],` +
		`"featureStrategies":[],"featureEnvironments":[],"tagTypes":[]}}`)
	validatetest.Bytes(f, "inline", body, validatetest.Options{State: demo, Permissions: all})
	found := false
	for _, e := range f.errors {
		if !utf8.ValidString(e) {
			t.Errorf("failure line is not UTF-8: %q", e)
		}
		found = found || strings.Contains(e, "duplicate") && strings.HasSuffix(e, `(\udc00)`)
	}
	if !found {
		t.Errorf("no duplicate failure ending with (\\udc00): %q", f.errors)
	}
}

// TestExport: an export validates for the target the options give, with
// its lines in the export's own bytes; the knobs of the CLI apply.
func TestExport(t *testing.T) {
	opts := validatetest.Options{State: validatetest.StateFile(t, state), Project: "default", Environment: "development", Permissions: all}
	f := &fakeTB{}
	validatetest.File(f, exportFile, opts)
	want := append(checkoutTwice(t, exportFile),
		place(t, exportFile, `"existing-flag"`, 0)+": warning feature-exists: The following features already exist in this project and will be overwritten: (existing-flag)",
		place(t, exportFile, `"flexibleRolout"`, 0)+": error unknown-strategy: We detected the following custom strategy that needs to be created first: (flexibleRolout); did you mean \"flexibleRollout\"?")
	wantReported(t, f, want)

	for _, tc := range []struct {
		name string
		set  func(*validatetest.Options)
		want []string
	}{
		{"errors only", func(o *validatetest.Options) { o.FailOn = []string{"error"} }, []string{want[0], want[1], want[3]}},
		{"disabled", func(o *validatetest.Options) {
			o.Disable = []string{"duplicate-feature", "unknown-strategy", "import-duplicate-feature", "import-unknown-strategy"}
		}, []string{want[2]}},
		{"max same", func(o *validatetest.Options) { o.MaxSame = 1 }, []string{want[0], want[2], want[3],
			exportFile + ": 1 more duplicate-feature finding not shown (Options.MaxSame)"}},
		{"unknown target", func(o *validatetest.Options) {
			o.Project, o.Disable = "nope", []string{"duplicate-feature", "unknown-strategy", "feature-in-other-project",
				"import-duplicate-feature", "import-unknown-strategy", "import-feature-in-other-project"}
		}, []string{
			// The import refuses to create features in a project that
			// does not exist.
			place(t, exportFile, `{ "name": "checkout-v2"`, 0) + ": error import-project-not-active: Active project with id nope does not exist (checkout-v2)",
			exportFile + ": warning unknown-project: The project to import into does not exist: (nope)"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := opts
			tc.set(&o)
			f := &fakeTB{}
			validatetest.File(f, exportFile, o)
			wantReported(t, f, tc.want)
		})
	}
}
