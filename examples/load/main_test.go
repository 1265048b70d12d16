package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestShortRun runs every measurement briefly and checks that each row
// of the report is there, with served requests.
func TestShortRun(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the load program for about a second")
	}
	var out, errs bytes.Buffer
	if code := run([]string{"-duration", "100ms", "-max-requests", "200", "-features", "2"}, &out, &errs); code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	s := out.String()
	for _, row := range []string{"| POST validate | 1 |", "| POST validate | 8 |", "| POST validate | 64 |",
		"| GET user-admin | 1 |", "| GET user-admin | 8 |", "| GET user-admin | 64 |", "| alone |", "| under attack |", "Kept "} {
		if !strings.Contains(s, row) {
			t.Errorf("no %q in:\n%s", row, s)
		}
	}
	if !strings.Contains(s, "×200") {
		t.Errorf("no request was served:\n%s", s)
	}
}

func TestFlags(t *testing.T) {
	for _, args := range [][]string{
		{"-duration", "0s"}, {"-duration", "1m"}, {"-max-requests", "0"},
		{"-max-inflight", "-1"}, {"-features", "0"}, {"-nope"}, {"extra"},
	} {
		var out, errs bytes.Buffer
		if code := run(args, &out, &errs); code != 2 {
			t.Errorf("%v: exit %d; want 2", args, code)
		}
	}
}

func TestBodies(t *testing.T) {
	if n := len(worstBody()); n < 496<<10 || n > 500<<10 {
		t.Errorf("worst body %d bytes; want just under the 500 kB limit", n)
	}
	if b := validateBody(3); !bytes.Contains(b, []byte(`"load-2"`)) {
		t.Errorf("validation body %s", b)
	}
}
