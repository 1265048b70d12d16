package fastpath

import (
	"encoding/json"
	"strconv"
	"testing"

	"github.com/flagadmin/flagadmin/internal/testharness/testutil"

	"github.com/flagadmin/flagadmin/internal/testharness/exportgen"
	"github.com/flagadmin/flagadmin/model"
)

// benchSizes are the numbers of features of the benchmarked exports:
// 1000 features make about 1.19 MB.
var benchSizes = []int{1000, 10000, 100000}

// benchBodies caches the generated exports by size.
var benchBodies = map[int][]byte{}

// benchBody returns the export of n features (seed 1).
func benchBody(n int) []byte {
	if b, ok := benchBodies[n]; ok {
		return b
	}
	b := exportgen.JSON(exportgen.Options{Features: n, Seed: 1})
	benchBodies[n] = b
	return b
}

// BenchmarkDecodeEncodingJSON is the baseline: json.Unmarshal of an export
// into a model.ImportRequest, without any schema check.
func BenchmarkDecodeEncodingJSON(b *testing.B) {
	for _, n := range benchSizes {
		b.Run("N="+strconv.Itoa(n), func(b *testing.B) {
			body := benchBody(n)
			b.SetBytes(int64(len(body)))
			b.ReportAllocs()
			cpu := testutil.StartCPU(b, len(body))
			for i := 0; i < b.N; i++ {
				var req model.ImportRequest
				if err := json.Unmarshal(body, &req); err != nil {
					b.Fatal(err)
				}
			}
			cpu.Report()
		})
	}
}

// benchDepth is the nesting limit of the benchmarks, importvalidate's
// default.
const benchDepth = 1000

// BenchmarkFastDecode measures Decode, which checks the export against
// the schema and decodes it in one pass.
func BenchmarkFastDecode(b *testing.B) {
	for _, n := range benchSizes {
		b.Run("N="+strconv.Itoa(n), func(b *testing.B) {
			body := benchBody(n)
			if _, ok := Decode(body, benchDepth); !ok {
				b.Fatal("the export does not take the fast path")
			}
			b.SetBytes(int64(len(body)))
			b.ReportAllocs()
			cpu := testutil.StartCPU(b, len(body))
			for i := 0; i < b.N; i++ {
				if _, ok := Decode(body, benchDepth); !ok {
					b.Fatal("not ok")
				}
			}
			cpu.Report()
		})
	}
}
