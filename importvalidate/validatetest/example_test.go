package validatetest_test

import (
	"fmt"
	"testing"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/importvalidate/validatetest"
)

// checkFlags is the whole check of a repository that keeps its export in
// testdata/flags.json; in that repository it reads
//
//	func TestFlags(t *testing.T) {
//		validatetest.File(t, "testdata/flags.json", validatetest.Options{
//			State:   validatetest.StateFile(t, "testdata/state.json"), // flagadmin snapshot writes one
//			Project: "default", Environment: "development",
//			Permissions: importvalidate.AllPermissions{},
//		})
//	}
func checkFlags(t testing.TB) {
	validatetest.File(t, "testdata/export.json", validatetest.Options{
		State:   validatetest.StateFile(t, "testdata/state.json"),
		Project: "default", Environment: "development",
		Permissions: importvalidate.AllPermissions{},
	})
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
	// testdata/export.json:3:15: error duplicate-feature: We detected the following features are duplicate in your import data: (checkout-v2)
	// testdata/export.json:4:15: error duplicate-feature: We detected the following features are duplicate in your import data: (checkout-v2)
	// testdata/export.json:5:15: warning feature-exists: The following features already exist in this project and will be overwritten: (existing-flag)
	// testdata/export.json:8:15: error unknown-strategy: We detected the following custom strategy that needs to be created first: (flexibleRolout); did you mean "flexibleRollout"?
}
