package importvalidate

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/internal/testharness/exportgen"
)

// problemExport is a generated export of n features in which the features
// chosen by pick (by index) have a type problem: impressionData an array.
func problemExport(n int, pick func(i, n int) bool) []byte {
	body := exportgen.JSON(exportgen.Options{Features: n, Seed: 42})
	const member = `"impressionData":false`
	parts := bytes.Split(body, []byte(member))
	var out bytes.Buffer
	out.Grow(len(body) + n)
	for i, p := range parts {
		if i > 0 {
			if pick(i-1, len(parts)-1) {
				out.WriteString(`"impressionData":[]`)
			} else {
				out.WriteString(member)
			}
		}
		out.Write(p)
	}
	return out.Bytes()
}

// BenchmarkStructureProblems runs the structural tier on bodies with
// structural problems, the tier that words them included: one problem in
// a large valid export (at its start, at its end), one feature in a
// hundred, every feature, and the worst bodies under the 500 kB limit.
// Each size is run at 1 000 and 10 000 features (1 000 only with -short):
// a tier that grew faster than the body would show it in MB/s.
func BenchmarkStructureProblems(b *testing.B) {
	s := stNew(b, Options{})
	type body struct {
		name string
		body []byte
	}
	var bodies []body
	sizes := []int{1000, 10000}
	if testing.Short() {
		sizes = sizes[:1]
	}
	for _, n := range sizes {
		bodies = append(bodies,
			body{fmt.Sprintf("first feature/N=%d", n), problemExport(n, func(i, _ int) bool { return i == 0 })},
			body{fmt.Sprintf("last feature/N=%d", n), problemExport(n, func(i, n int) bool { return i == n-1 })},
			body{fmt.Sprintf("one feature in 100/N=%d", n), problemExport(n, func(i, _ int) bool { return i%100 == 50 })},
			body{fmt.Sprintf("every feature/N=%d", n), problemExport(n, func(int, int) bool { return true })},
		)
	}
	var unknown strings.Builder
	unknown.WriteString(`{"project":"default","environment":"development","data":{"features":[],"featureStrategies":[],"tagTypes":[]`)
	for i := 0; unknown.Len() < 490_000; i++ {
		fmt.Fprintf(&unknown, `,"k%d":0`, i)
	}
	unknown.WriteString(`}}`)
	bodies = append(bodies,
		body{"unknown members of data", []byte(unknown.String())},
		body{"every item lacking a name", []byte(`{"project":"default","environment":"development","data":{"features":[` +
			strings.TrimSuffix(strings.Repeat(`{},`, 160000), ",") + `],"featureStrategies":[],"tagTypes":[]}}`)},
	)
	for _, tc := range bodies {
		b.Run(tc.name, func(b *testing.B) {
			b.SetBytes(int64(len(tc.body)))
			b.ReportAllocs()
			for b.Loop() {
				if _, ps := s.Check(tc.body); !ps.HasErrors() {
					b.Fatal("no problem found")
				}
			}
		})
	}
}
