package importvalidate

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// unleashServerEnv names the folder of the unleash-server 8.2.0 npm
// package; with FLAGADMIN_AJV_NODE_MODULES (a node_modules folder with
// ajv@8 and ajv-formats@2.1.1) it lets TestFirstProblemAgainstAjv ask the
// reference's own schemas.
const unleashServerEnv = "FLAGADMIN_UNLEASH_SERVER"

// ajvKeywordCode is the problem code of each ajv keyword.
var ajvKeywordCode = map[string]Code{
	"required": CodeRequired, "additionalProperties": CodeAdditionalProperty, "type": CodeType,
	"enum": CodeEnum, "maximum": CodeMaximum, "minimum": CodeMinimum, "minLength": CodeMinLength,
	"maxLength": CodeMaxLength, "pattern": CodePattern, "format": CodeFormat,
}

// TestFirstProblemAgainstAjv recomputes the expectations of
// TestReferenceShapes and TestNumbersAsDoubles with ajv on the
// reference's schemas, where node and the packages are at hand: the first
// problem must be ajv's first error, and a body ajv accepts must have no
// structural error. A member admin-api.md adds is the one allowed
// difference.
func TestFirstProblemAgainstAjv(t *testing.T) {
	modules, server := os.Getenv("FLAGADMIN_AJV_NODE_MODULES"), os.Getenv(unleashServerEnv)
	node, err := exec.LookPath("node")
	if modules == "" || server == "" || err != nil {
		t.Skipf("set FLAGADMIN_AJV_NODE_MODULES (ajv@8, ajv-formats@2.1.1) and %s (unleash-server@8.2.0), and have node on PATH, to compare with ajv", unleashServerEnv)
	}
	var bodies [][]byte
	for _, c := range referenceShapeCases {
		bodies = append(bodies, []byte(c.body))
	}
	for _, c := range numberCases {
		bodies = append(bodies, numberBody(c.member))
	}
	script, err := filepath.Abs(filepath.Join("testdata", "reference-ajv.mjs"))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(node, script, modules, server)
	cmd.Stdin = bytes.NewReader(append(bytes.Join(bodies, []byte("\n")), '\n'))
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	answers := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(answers) != len(bodies) {
		t.Fatalf("node answered %d lines for %d bodies: %s", len(answers), len(bodies), out)
	}
	v := demoValidator(t)
	for i, body := range bodies {
		rep := validated(t, v, body)
		ajv := strings.Split(answers[i], "\t")
		if ajv[0] == "OK" || ajv[0] == "additionalProperties" && adminAPIMember(ajv[2]) {
			if rep.Structural.HasErrors() {
				t.Errorf("%s\najv accepts it; ours: %v", body, rep.Structural)
			}
			continue
		}
		ptr := ajv[1]
		if ajv[2] != "" {
			ptr += "/" + ajv[2]
		}
		if !rep.Structural.HasErrors() {
			t.Errorf("%s\najv: %s at %s; ours accepts it", body, ajv[0], ptr)
			continue
		}
		if p := rep.Structural[0]; p.Code != ajvKeywordCode[ajv[0]] || p.Location.Pointer != ptr {
			t.Errorf("%s\najv: %s at %s; ours: %s at %s", body, ajv[0], ptr, p.Code, p.Location.Pointer)
		}
	}
}

// adminAPIMember reports whether name is one of the members admin-api.md
// adds to the reference's schema.
func adminAPIMember(name string) bool {
	switch name {
	case "variants", "strategies", "lastSeenAt", "type", "value":
		return true
	}
	return false
}
