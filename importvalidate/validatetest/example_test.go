package validatetest_test

import (
	"fmt"
	"testing"

	"github.com/flagadmin/flagadmin/importvalidate/validatetest"
)

// checkFlags is the whole check of a repository that keeps its export in
// testdata/flags.json; in that repository it reads
//
//	func TestFlags(t *testing.T) {
//		validatetest.File(t, "testdata/flags.json", validatetest.Options{Project: "default"})
//	}
func checkFlags(t testing.TB) {
	validatetest.File(t, "testdata/broken.json", validatetest.Options{Project: "default"})
}

// printTB stands in for the *testing.T of a real test and prints what
// would fail it.
type printTB struct{ testing.TB }

func (printTB) Helper()                      {}
func (printTB) Error(args ...any)            { fmt.Println(args...) }
func (printTB) Fatalf(f string, args ...any) { fmt.Printf("FATAL "+f+"\n", args...) }

func ExampleFile() {
	checkFlags(printTB{})
	// Output:
	// testdata/broken.json:6:17: error duplicate-feature: We detected the following features are duplicate in your import data: (checkout-v2)
	// testdata/broken.json:7:17: error duplicate-feature: We detected the following features are duplicate in your import data: (checkout-v2)
	// testdata/broken.json:10:17: error unknown-strategy: We detected the following custom strategy that needs to be created first: (no-such-strategy)
}
