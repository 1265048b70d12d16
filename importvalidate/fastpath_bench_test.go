package importvalidate

import (
	"encoding/json"
	"strconv"
	"testing"

	"github.com/flagadmin/flagadmin/importvalidate/internal/exportgen"
	"github.com/flagadmin/flagadmin/model"
)

// fastBenchSizes are the numbers of features of the benchmarked exports:
// 1000 features make about 1.19 MB.
var fastBenchSizes = []int{1000, 10000, 100000}

// fastBenchBodies caches the generated exports by size.
var fastBenchBodies = map[int][]byte{}

// fastBenchBody returns the export of n features (seed 1).
func fastBenchBody(n int) []byte {
	if b, ok := fastBenchBodies[n]; ok {
		return b
	}
	b := exportgen.JSON(exportgen.Options{Features: n, Seed: 1})
	fastBenchBodies[n] = b
	return b
}

// BenchmarkDecodeEncodingJSON is the baseline: json.Unmarshal of an export
// into a model.ImportRequest, without any schema check.
func BenchmarkDecodeEncodingJSON(b *testing.B) {
	for _, n := range fastBenchSizes {
		b.Run("N="+strconv.Itoa(n), func(b *testing.B) {
			body := fastBenchBody(n)
			b.SetBytes(int64(len(body)))
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				var req model.ImportRequest
				if err := json.Unmarshal(body, &req); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkFastDecode measures fastDecode, which checks the export against
// the schema and decodes it in one pass.
func BenchmarkFastDecode(b *testing.B) {
	for _, n := range fastBenchSizes {
		b.Run("N="+strconv.Itoa(n), func(b *testing.B) {
			body := fastBenchBody(n)
			if _, ok := fastDecode(body, DefaultMaxDepth); !ok {
				b.Fatal("the export does not take the fast path")
			}
			b.SetBytes(int64(len(body)))
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, ok := fastDecode(body, DefaultMaxDepth); !ok {
					b.Fatal("not ok")
				}
			}
		})
	}
}
