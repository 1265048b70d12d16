package gcsetting_test

import (
	"fmt"
	"runtime/debug"

	"github.com/flagadmin/flagadmin/examples/flagadmin/internal/gcsetting"
)

// A server that allocates about 1 MB a request over a small live heap
// collects less often, within a soft memory limit, unless the operator
// set GOGC or GOMEMLIMIT. A command passes os.Getenv; here the
// environment is a map.
func ExampleApply() {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	env := map[string]string{"GOGC": "200"}
	fmt.Println(gcsetting.Apply(func(k string) string { return env[k] }, gcsetting.Setting{Percent: 400, Limit: 192 << 20}))
	fmt.Println(gcsetting.Apply(func(string) string { return "" }, gcsetting.Setting{Percent: 400, Limit: 192 << 20}))
	// Output:
	// false
	// true
}
