package instance

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/model"
)

func TestDecodeNamesThePlace(t *testing.T) {
	tests := []struct{ name, doc, want string }{
		{"unknown member", "{\n  \"projects\": [\n    {\"id\": \"p\", \"colour\": 1}\n  ]\n}", "s.json:3:17: /projects/0/colour: unknown member \"colour\""},
		{"misspelt member", `{"projects": [{"id": "p", "featureLimt": 1}]}`, `s.json:1:27: /projects/0/featureLimt: unknown member "featureLimt"; did you mean "featureLimit"?`},
		{"misspelt nested member", `{"projects": [{"id": "p", "featureNaming": {"patern": "x"}}]}`, `s.json:1:45: /projects/0/featureNaming/patern: unknown member "patern"; did you mean "pattern"?`},
		{"misspelt top-level member", `{"enviroments": []}`, `s.json:1:2: /enviroments: unknown member "enviroments"; did you mean "environments"?`},
		{"wrong type", "{\"features\": [{\"name\": 5}]}", "s.json:1:16: /features/0/name: cannot use a JSON number 5 as string"},
		{"syntax", "{\"tokens\": [}", "s.json:1:13: invalid character"},
		{"truncated", "{\"tokens\": [\n", "s.json:2:1: unexpected end of JSON input"},
		{"trailing data", "{} {}", "s.json:1:4: unexpected data after the JSON value"},
		{"an export", `{"features":[{"name":"f"}],"featureStrategies":[],"contextFields":[{"name":"c","description":"d"}],"tagTypes":[]}`,
			"s.json is a feature export, not a state snapshot. A state snapshot describes the instance to check against: {\"projects\": "},
		{"an import body", `{"project":"default","environment":"development","data":{"features":[]}}`, "s.json is an import request body, not a state snapshot"},
		{"token digest", `{"tokens": [{"secretSha256": "0123", "type": "admin"}]}`, "s.json:1:14: /tokens/0/secretSha256: secretSha256 is not a SHA-256 in hexadecimal"},
		{"token secret and digest", `{"tokens": [{"secret": "s3cret-value", "secretSha256": "` + model.TokenDigest("s3cret-value") + `", "type": "admin"}]}`,
			"s.json:1:40: /tokens/0/secretSha256: the token has both secret and secretSha256"},
		{"duplicate member", "{\"projects\": [{\"id\": \"a\"}],\n \"projects\": []}", `s.json:2:2: /projects: duplicate member "projects": the object has it at line 1, column 2 already`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := decodeSnapshot("s.json", []byte(tt.doc))
			if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
				t.Fatalf("decodeSnapshot = %v, want an error starting %q", err, tt.want)
			}
		})
	}
}

// TestFromFile: a good file gives an instance whose readers answer from
// it; a missing file, a bad one and one that FromSnapshot refuses are
// errors naming the file.
func TestFromFile(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	write := func(name, doc string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(doc), 0o600); err != nil {
			t.Fatal(err)
		}
		return path
	}
	good := write("good.json", `{"tagTypes":[{"name":"simple"}],"users":[{"id":1}],"tokens":[{"secretSha256":"`+model.TokenDigest("s1")+`","type":"admin"}]}`)
	i, err := FromFile(ctx, good)
	if err != nil {
		t.Fatal(err)
	}
	defer i.Close()
	if r, err := i.State.Read(ctx, importvalidate.Query{TagTypes: []string{"simple", "other"}}); err != nil || len(r.TagTypes) != 1 {
		t.Errorf("Read = %+v, %v; want the tag type simple", r, err)
	}
	if _, ok, err := i.Tokens.LookupToken(ctx, "s1"); !ok || err != nil {
		t.Errorf("LookupToken(s1) = %v, %v", ok, err)
	}
	// A snapshot that holds a secret in clear, as earlier ones did.
	old, err := FromFile(ctx, write("old.json", `{"tokens":[{"secret":"s1","type":"admin"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	defer old.Close()
	for secret, want := range map[string]bool{"s1": true, "s2": false, model.TokenDigest("s1"): false} {
		if _, ok, err := old.Tokens.LookupToken(ctx, secret); ok != want || err != nil {
			t.Errorf("LookupToken(%s) of the old snapshot = %v, %v; want %v", secret, ok, err, want)
		}
		if _, ok, err := i.Tokens.LookupToken(ctx, secret); ok != want || err != nil {
			t.Errorf("LookupToken(%s) = %v, %v; want %v", secret, ok, err, want)
		}
	}
	if us, err := i.Users.Users(ctx); err != nil || len(us) != 1 {
		t.Errorf("Users = %v, %v", us, err)
	}
	for name, tc := range map[string]struct{ path, want string }{
		"missing":   {filepath.Join(dir, "missing.json"), "missing.json"},
		"located":   {write("bad.json", "{\n \"tagTypes\": 1}"), "bad.json:2:2: /tagTypes: "},
		"refused":   {write("dup.json", `{"features":[{"name":"f","project":"p"},{"name":"f","project":"p"}]}`), "dup.json: "},
		"directory": {dir, "not a regular file"},
	} {
		if _, err := FromFile(ctx, tc.path); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: FromFile = %v; want an error with %q", name, err, tc.want)
		}
	}
}

// TestReadSnapshotLimit: a file over maxSize is refused before it is
// decoded.
func TestReadSnapshotLimit(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.json")
	if err := os.WriteFile(path, []byte(`{"tagTypes":[{"name":"simple"}]}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadSnapshot(context.Background(), path, 10); err == nil || !strings.Contains(err.Error(), "larger than 10 bytes") {
		t.Errorf("ReadSnapshot over the limit = %v", err)
	}
	if s, err := ReadSnapshot(context.Background(), path, 0); err != nil || len(s.TagTypes) != 1 {
		t.Errorf("ReadSnapshot = %v, %v", s, err)
	}
}

// TestIsSnapshot tells snapshots from exports and import bodies by their
// top-level members.
func TestIsSnapshot(t *testing.T) {
	for doc, want := range map[string]bool{
		`{"projects":[],"features":[]}`: true,
		`{"tokens":[]}`:                 true,
		`{"features":[],"featureStrategies":[],"projects":[]}`:   false,
		`{"project":"p","environment":"e","data":{},"users":[]}`: false,
		`{"features":[]}`: false,
		`[]`:              false,
	} {
		if got := IsSnapshot([]byte(doc)); got != want {
			t.Errorf("IsSnapshot(%s) = %v, want %v", doc, got, want)
		}
	}
}
