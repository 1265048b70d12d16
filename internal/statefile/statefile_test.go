package statefile

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
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
		{"duplicate member", "{\"projects\": [{\"id\": \"a\"}],\n \"projects\": []}", `s.json:2:2: /projects: duplicate member "projects": the object has it at line 1, column 2 already`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Decode("s.json", []byte(tt.doc))
			if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
				t.Fatalf("Decode = %v, want an error starting %q", err, tt.want)
			}
		})
	}
}

func TestLoad(t *testing.T) {
	def, err := Load(context.Background(), "", 0)
	if err != nil || len(def.Projects) == 0 {
		t.Fatalf("Load(\"\") = %v, %v; want the embedded default state", def, err)
	}
	dir := t.TempDir()
	good := filepath.Join(dir, "good.json")
	if err := os.WriteFile(good, []byte(`{"tagTypes":[{"name":"simple"}]}`), 0o600); err != nil {
		t.Fatal(err)
	}
	s, err := Load(context.Background(), good, 0)
	if err != nil || len(s.TagTypes) != 1 || s.TagTypes[0].Name != "simple" {
		t.Fatalf("Load(context.Background(), good, 0) = %+v, %v", s, err)
	}
	if _, err := Load(context.Background(), filepath.Join(dir, "missing.json"), 0); err == nil || !strings.Contains(err.Error(), "missing.json") {
		t.Fatalf("Load(missing) = %v, want an error naming the file", err)
	}
}
