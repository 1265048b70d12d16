package main

import (
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/flagadmin/flagadmin/internal/testharness/conformance"
	"github.com/flagadmin/flagadmin/internal/testharness/unleashtest"
)

// summarize compares the recordings of every version under dir with those
// of unleashtest.UnleashVersion, case by case, and writes how many differ,
// in which groups of cases, and how: the change of status, or, for the
// same status, the places of the answer that differ.
func summarize(dir string, w io.Writer) error {
	load := func(v string) (map[string]conformance.Response, []string, error) {
		cases, err := conformance.LoadDir(filepath.Join(dir, v, "recorded"), "*")
		if err != nil {
			return nil, nil, err
		}
		m := make(map[string]conformance.Response, len(cases))
		names := make([]string, 0, len(cases))
		for _, c := range cases {
			m[c.Name] = c.Response
			names = append(names, c.Name)
		}
		return m, names, nil
	}
	ref, names, err := load(unleashtest.UnleashVersion)
	if err != nil {
		return err
	}
	for _, v := range unleashtest.Versions() {
		if v == unleashtest.UnleashVersion {
			continue
		}
		got, _, err := load(v)
		if err != nil {
			return err
		}
		var differ, statuses int
		groups := map[string]int{}
		places := map[string]int{}
		for _, n := range names {
			a, ok := got[n]
			if !ok {
				return fmt.Errorf("%s has no case %s", v, n)
			}
			if conformance.Differs(ref[n], a) == "" {
				continue
			}
			differ++
			groups[group(n)]++
			if a.Status != ref[n].Status {
				statuses++
				places[fmt.Sprintf("status %d -> %d", ref[n].Status, a.Status)]++
				continue
			}
			seen := map[string]bool{}
			for _, p := range conformance.DiffPaths(conformance.Normalized(ref[n]), conformance.Normalized(a)) {
				if c := pathClass(p); !seen[c] {
					seen[c] = true
					places[c]++
				}
			}
		}
		fmt.Fprintf(w, "%s: %d of %d cases answer otherwise than %s (%d with another status)\n",
			v, differ, len(names), unleashtest.UnleashVersion, statuses)
		fmt.Fprintf(w, "  by group: %s\n", counts(groups))
		fmt.Fprintf(w, "  by place: %s\n", counts(places))
	}
	return nil
}

// group returns the group of a case name: the recorded cases, or the
// generated group (gen-member, gen-schema, ...).
func group(name string) string {
	if !strings.HasPrefix(name, "gen-") {
		return "recorded"
	}
	g, _, _ := strings.Cut(strings.TrimPrefix(name, "gen-"), "-")
	return "gen-" + g
}

// counts formats a count per key, largest first.
func counts(m map[string]int) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b string) int {
		if m[a] != m[b] {
			return m[b] - m[a]
		}
		return strings.Compare(a, b)
	})
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s %d", k, m[k])
	}
	return strings.Join(parts, ", ")
}
