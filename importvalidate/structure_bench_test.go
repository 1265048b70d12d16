package importvalidate

import (
	"testing"

	"github.com/flagadmin/flagadmin/internal/testharness/exportgen"
)

func BenchmarkCheck(b *testing.B) {
	s := stNew(b, Options{})
	body := exportgen.JSON(exportgen.Options{Features: 200, Seed: 1})
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		if _, ps := s.Check(body); len(ps) > 0 {
			b.Fatal(ps)
		}
	}
}
