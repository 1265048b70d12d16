package cli

import (
	"bytes"
	"slices"
	"testing"

	"github.com/flagadmin/flagadmin/internal/testharness/conformance"
)

// TestUnleashFormatAsVersion: -format unleash writes the 400 of a body
// that fails the schema as the instance's version wrote it, byte for
// byte once compact, without the random id: 5.12.8's details with
// "description", paths and messages without /body; 8.2.0's without.
func TestUnleashFormatAsVersion(t *testing.T) {
	ran := 0
	for _, v := range []string{"5.12.8", "8.2.0"} {
		for _, c := range conformance.MustLoadVersion(t, v, "validate-schema-*") {
			if !slices.Contains(unleashFormatCases, c.Name) {
				continue
			}
			t.Run(v+"/"+c.Name, func(t *testing.T) {
				if c.Response.Status != 400 {
					t.Fatalf("recorded status %d; want a 400", c.Response.Status)
				}
				code, out, errs := invoke(string(c.Request.Payload()), "-state", conformance.VersionStatePath(v),
					"-unleash-version", v, "-format", "unleash", "-")
				if code != 1 {
					t.Fatalf("exit %d; want 1\n%s", code, errs)
				}
				want := bytes.Replace(conformance.Normalized(c.Response), []byte(`"id":"<id>",`), nil, 1)
				if got := bytes.TrimSuffix([]byte(out), []byte("\n")); !bytes.Equal(got, want) {
					t.Errorf("got  %s\nwant %s", got, want)
				}
			})
			ran++
		}
	}
	if want := 2 * len(unleashFormatCases); ran != want {
		t.Errorf("%d recorded cases ran; want %d", ran, want)
	}
}

// unleashFormatCases are recorded bodies that name their project and
// environment and fail the schema: missing and additional properties
// (the path first), at the root and below it, and other keywords (the
// message first).
var unleashFormatCases = []string{
	"validate-schema-missing-data",
	"validate-schema-missing-features",
	"validate-schema-missing-tagtypes",
	"validate-schema-extra-top-property",
	"validate-schema-extra-data-property",
	"validate-schema-strategy-no-name",
	"validate-schema-variant-weight-2000",
	"validate-schema-feature-no-name",
	"validate-schema-constraint-no-op",
}
