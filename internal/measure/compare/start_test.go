package main

import (
	"bytes"
	"context"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
	"github.com/flagadmin/flagadmin/internal/testharness/unleashtest"
)

// TestStart measures with -start: both servers are started, answer every
// round alike with 200, and are stopped afterwards. A long test: Unleash
// takes up to a minute to start on its dump.
func TestStart(t *testing.T) {
	testutil.SkipUnlessLong(t)
	if _, err := unleashtest.EnsureInstalled(context.Background()); err != nil {
		unleashtest.Skip(t, err)
	}
	var out, errs bytes.Buffer
	if code := run([]string{"-start", "-sizes", "5000", "-rounds", "20", "-warmup", "5"}, &out, &errs); code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, &out, &errs)
	}
	for _, want := range []string{
		" | flagadmin | 20 | ",
		" | unleash | 20 | ",
		" | 200 | ",
		" | yes |",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the report lacks %q:\n%s", want, &out)
		}
	}
	m := regexp.MustCompile(`started flagadmin serve at (http://\S+);`).FindStringSubmatch(errs.String())
	if m == nil {
		t.Fatalf("stderr does not say where flagadmin served:\n%s", &errs)
	}
	if resp, err := http.Get(m[1] + "/health"); err == nil {
		resp.Body.Close()
		t.Errorf("flagadmin serve at %s still answers after the measurement", m[1])
	}
}
