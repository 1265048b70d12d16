package cli

import (
	"bytes"
	"context"
	"io"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/flagadmin/flagadmin/internal/testharness/conformance"
	"github.com/flagadmin/flagadmin/internal/testharness/pgtest"
	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
	"github.com/flagadmin/flagadmin/internal/testharness/unleashtest"
	"github.com/flagadmin/flagadmin/model"
)

func noEnv(string) string { return "" }

// runSnapshot runs the snapshot subcommand.
func runSnapshot(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) int {
	return Snapshot(ctx, args, Env{Getenv: getenv, Stdout: stdout, Stderr: stderr})
}

// TestSnapshotOfTheFixture: the snapshot of the reference database equals
// oracle-state.json, with the database's version, through -database and
// through DATABASE_URL: each token told by its secret's digest, the users
// without their e-mail addresses and invitation links unless
// -personal-data asks for them. Written, it holds none of them, and its
// tokens authenticate validate -state FILE -token SECRET as the database's
// do.
func TestSnapshotOfTheFixture(t *testing.T) {
	c := pg.Need(t)
	url := c.URL(pgtest.SharedDB)
	env := testutil.Env(map[string]string{"DATABASE_URL": url})
	var written []byte
	for name, tc := range map[string]struct {
		args     []string
		getenv   func(string) string
		personal bool
	}{
		"flag":               {[]string{"-database", url, "-public-url", "http://127.0.0.1:4242/"}, noEnv, false},
		"env":                {[]string{"-public-url", "http://127.0.0.1:4242"}, env, false},
		"-personal-data":     {[]string{"-personal-data", "-database", url, "-public-url", "http://127.0.0.1:4242/"}, noEnv, true},
		"env -personal-data": {[]string{"-public-url", "http://127.0.0.1:4242", "-personal-data"}, env, true},
	} {
		t.Run(name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if code := runSnapshot(context.Background(), tc.args, tc.getenv, &stdout, &stderr); code != 0 {
				t.Fatalf("exit %d: %s", code, stderr.String())
			}
			got := checkWrittenSnapshot(t, stdout.Bytes(), tc.personal)
			want := conformance.MustState(t)
			want.Version = "8.2.0"
			want.WithoutSecrets()
			if !tc.personal {
				want.WithoutPersonalData()
				written = stdout.Bytes()
			}
			if d := cmp.Diff(want, got, cmpopts.EquateEmpty()); d != "" {
				t.Errorf("snapshot (-oracle-state.json +command):\n%s", d)
			}
		})
	}
	if written != nil {
		// Validated over the snapshot with the recorded tokens, every file
		// is reported as over oracle-state.json, which holds them in clear.
		sameAsSnapshot(t, "written snapshot", "-state", testutil.WriteFile(t, t.TempDir(), "state.json", string(written)))
	}

	// A wrong password: exit 1, a clear message, no password.
	var stdout, stderr bytes.Buffer
	bad := c.URLAs(pgtest.Superuser, "wrong-s3cret", pgtest.SharedDB)
	if code := runSnapshot(context.Background(), []string{"-database", bad}, noEnv, &stdout, &stderr); code != 1 ||
		strings.Contains(stderr.String(), "wrong-s3cret") || !strings.Contains(stderr.String(), "password authentication failed") || stdout.Len() > 0 {
		t.Errorf("wrong password: exit %d, stdout %q, stderr %q", code, stdout.String(), stderr.String())
	}
}

func TestSnapshotUsage(t *testing.T) {
	for _, args := range [][]string{nil, {"extra"}, {"-nope"}} {
		var stdout, stderr bytes.Buffer
		if code := runSnapshot(context.Background(), args, noEnv, &stdout, &stderr); code != 2 || stderr.Len() == 0 || stdout.Len() > 0 {
			t.Errorf("%q: exit %d, stderr %q", args, code, stderr.String())
		}
	}
}

// checkWrittenSnapshot checks the output of 'flagadmin snapshot' (out) of
// the reference instance: it decodes, and holds none of the token secrets
// of oracle-state.json, nor (unless personal) the users' e-mail addresses
// and invitation links, which it holds when personal. It returns the
// snapshot.
func checkWrittenSnapshot(t *testing.T, out []byte, personal bool) *model.Snapshot {
	t.Helper()
	got, err := model.DecodeSnapshot(out)
	if err != nil {
		t.Fatalf("output does not decode: %v", err)
	}
	oracle := conformance.MustState(t)
	var secrets, personalData []string
	for _, tok := range oracle.Tokens {
		secrets = append(secrets, tok.Secret)
	}
	for _, u := range oracle.Users {
		if u.Email != nil {
			personalData = append(personalData, *u.Email)
		}
		if _, invitation, ok := strings.Cut(u.InviteLink, "token="); ok {
			personalData = append(personalData, invitation)
		}
	}
	if len(secrets) < 4 || len(personalData) < 4 {
		t.Fatalf("oracle-state.json has %d secrets, %d e-mail addresses and invitations; want 4 of each", len(secrets), len(personalData))
	}
	for _, p := range append(secrets, `"secret"`) {
		if bytes.Contains(out, []byte(p)) {
			t.Errorf("the snapshot holds %s", p)
		}
	}
	for _, p := range personalData {
		if bytes.Contains(out, []byte(p)) != personal {
			t.Errorf("with -personal-data %v, the snapshot holds %s: %v", personal, p, !personal)
		}
	}
	if len(got.Tokens) == 0 || slices.ContainsFunc(got.Tokens, func(tok model.SnapshotToken) bool { return tok.SecretSHA256 == "" }) {
		t.Errorf("the snapshot's tokens are not each told by a digest: %+v", got.Tokens)
	}
	return got
}

// TestSnapshotOfAnOldSnapshot: a snapshot that holds its tokens' secrets
// in clear (oracle-state.json, as earlier versions wrote them) still
// loads; 'flagadmin snapshot -state' writes it anew with digests, and
// without e-mail addresses and invitation links unless asked; the tokens
// of the new one still authenticate.
func TestSnapshotOfAnOldSnapshot(t *testing.T) {
	for _, personal := range []bool{false, true} {
		args := []string{"-state", conformance.StatePath()}
		if personal {
			args = append(args, "-personal-data")
		}
		var stdout, stderr bytes.Buffer
		if code := runSnapshot(context.Background(), args, noEnv, &stdout, &stderr); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr.String())
		}
		got := checkWrittenSnapshot(t, stdout.Bytes(), personal)
		path := testutil.WriteFile(t, t.TempDir(), "state.json", stdout.String())
		want := conformance.MustState(t)
		want.WithoutSecrets()
		if !personal {
			want.WithoutPersonalData()
		}
		if d := cmp.Diff(want, got, cmpopts.EquateEmpty()); d != "" {
			t.Errorf("%v (-oracle-state.json +command):\n%s", args, d)
		}
		checkTokens(t, path, map[string]tokenOutcome{
			"*:*.unleash-insecure-admin-api-token":                          {ExitOK, "0 missing permissions", ""},
			"user:62e4aa0433ed0562b9cef06ab66a0b7233fab6fc07064da0816b9497": {ExitOK, "missing the following permissions: (Create feature flags)", ""},
			"default:development.unleash-insecure-backend-api-token":        {ExitUsage, "", "may not use the admin API"},
			"*:*.unleash-insecure-admin-api-token-not":                      {ExitUsage, "", "has no such token"},
		})
	}
}

// tokenOutcome is what validate -token of a token does on a file: its
// exit code and what its standard output and error hold.
type tokenOutcome struct {
	code      int
	out, errs string
}

// checkTokens validates recorded-minimal.json over the snapshot file
// state with each token, which must do what want says.
func checkTokens(t *testing.T, state string, want map[string]tokenOutcome) {
	t.Helper()
	for token, w := range want {
		code, out, errOut := runIt("-state", state, "-token", token, "../../../../testdata/exports/recorded-minimal.json")
		if code != w.code || !strings.Contains(out, w.out) || !strings.Contains(errOut, w.errs) {
			t.Errorf("-token %s... over the written snapshot: exit %d\n%s%s\nwant exit %d, %q, %q", token[:8], code, out, errOut, w.code, w.out, w.errs)
		}
	}
}

// TestSnapshotDocExample: the minimal snapshot of docs/SNAPSHOT.md holds
// the digest of the secret it names: with that token, its example
// validates as without one (an admin's rights), and another token is
// unknown. (The example's output is held by the test of the docs'
// examples.)
func TestSnapshotDocExample(t *testing.T) {
	doc, err := os.ReadFile("../../../../docs/SNAPSHOT.md")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)```json\n(.*?)```.*?```\n\\$ echo '([^']*)' \\| flagadmin validate -state state.json -").FindSubmatch(doc)
	if m == nil {
		t.Fatal("docs/SNAPSHOT.md has no minimal snapshot followed by its example")
	}
	state := testutil.WriteFile(t, t.TempDir(), "state.json", string(m[1]))
	validate := func(args ...string) (int, string, string) {
		var stdout, stderr bytes.Buffer
		code := Validate(context.Background(), append(append([]string{"-state", state}, args...), "-"),
			Env{Stdin: bytes.NewReader(m[2]), Stdout: &stdout, Stderr: &stderr, Getenv: noEnv})
		return code, stdout.String(), stderr.String()
	}
	wantCode, wantOut, _ := validate()
	if code, out, errOut := validate("-token", "*:*.my-admin-token"); code != wantCode || out != wantOut || !strings.Contains(out, "0 missing permissions") {
		t.Errorf("with the admin token of the example: exit %d\n%s%s\nwant exit %d\n%s", code, out, errOut, wantCode, wantOut)
	}
	if code, _, errOut := validate("-token", "*:*.my-admin-tokens"); code != ExitUsage || !strings.Contains(errOut, "has no such token") {
		t.Errorf("with another token: exit %d, %s", code, errOut)
	}
}

// snapshotOnUnleashPrivate: the API tokens of a snapshot written over
// -unleash (written) authenticate validate -state as on the instance
// (validateOnUnleash holds -unleash to the same messages), and
// -personal-data writes the users' e-mail addresses and invitation links
// the instance shows.
func snapshotOnUnleashPrivate(t *testing.T, s *unleashtest.Server, written []byte) {
	checkTokens(t, testutil.WriteFile(t, t.TempDir(), "state.json", string(written)), map[string]tokenOutcome{
		s.AdminToken: {ExitOK, "0 missing permissions", ""},
		"default:development.unleash-insecure-backend-api-token": {ExitUsage, "", "may not use the admin API"},
		"*:*.no-such-token": {ExitUsage, "", "has no such token"},
	})
	var stdout, stderr bytes.Buffer
	env := testutil.Env(map[string]string{"UNLEASH_API_TOKEN": s.AdminToken})
	if code := runSnapshot(context.Background(), []string{"-unleash", s.URL, "-personal-data"}, env, &stdout, &stderr); code != 0 {
		t.Fatalf("-personal-data: exit %d: %s", code, stderr.String())
	}
	checkWrittenSnapshot(t, stdout.Bytes(), true)
}
