package importvalidate_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/model/profile"
)

// TestImportBodyTooLarge: a request body over the instance's limit is an
// error when it is over even compact, a warning when only its white space
// takes it over; an export counts as the compact body that imports it.
func TestImportBodyTooLarge(t *testing.T) {
	features := func(n int, sep string) string {
		var b strings.Builder
		for i := range n {
			if i > 0 {
				b.WriteString("," + sep)
			}
			fmt.Fprintf(&b, `{"name":"feature-%06d","description":"%s"}`, i, strings.Repeat("d", 60))
		}
		return b.String()
	}
	limit := int(profile.DefaultMaxBody)
	// About 100 bytes a feature.
	under, over := features(limit/100-400, ""), features(limit/100+100, "")
	padded := features(limit/100-400, strings.Repeat(" ", 40))
	body := func(fs string) []byte {
		return []byte(`{"project":"default","environment":"development","data":{"features":[` + fs + `],"featureStrategies":[],"tagTypes":[]}}`)
	}
	export := func(fs string) []byte {
		return []byte(`{"features":[` + fs + `],"featureStrategies":[],"tagTypes":[]}`)
	}
	v := mustNew(t, importvalidate.Options{})
	target := importvalidate.Target{Project: "default", Environment: "development", Permissions: importvalidate.AllPermissions{}}
	for _, c := range []struct {
		name string
		raw  []byte
		sev  importvalidate.Severity // 0: no finding
	}{
		{"under", body(under), 0},
		{"over", body(over), importvalidate.SeverityError},
		{"over only with its white space", body(padded), importvalidate.SeverityWarning},
		{"an export under", export(under), 0},
		{"an export over", export(over), importvalidate.SeverityError},
		{"an export over only with its white space", export(padded), 0},
	} {
		rep, err := v.Validate(context.Background(), c.raw, target)
		if err != nil {
			t.Fatal(err)
		}
		is, found := find(rep, importvalidate.CodeImportBodyTooLarge)
		switch {
		case c.sev == 0 && found:
			t.Errorf("%s (%d bytes): %+v", c.name, len(c.raw), is)
		case c.sev != 0 && (!found || is.Severity != c.sev):
			t.Errorf("%s (%d bytes): found %v, %+v; want %s", c.name, len(c.raw), found, is, c.sev)
		case c.sev == importvalidate.SeverityError && !strings.Contains(is.Message, "imports nothing"):
			t.Errorf("%s: %s", c.name, is.Message)
		}
	}
}
