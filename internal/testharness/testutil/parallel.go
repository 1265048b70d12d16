package testutil

import (
	"flag"
	"strconv"
)

// ParallelAtLeast raises the number of parallel tests (go test's
// -parallel, GOMAXPROCS by default) to n unless the command line sets it.
// Call it in TestMain, before m.Run, in a package whose parallel tests
// mostly wait (on a server's locks, timeouts and answers) rather than
// compute: with two processors, two tests that wait would hold the
// others back.
func ParallelAtLeast(n int) {
	if !flag.Parsed() {
		flag.Parse()
	}
	f := flag.Lookup("test.parallel")
	if f == nil {
		return
	}
	set := false
	flag.Visit(func(v *flag.Flag) { set = set || v == f })
	if cur, err := strconv.Atoi(f.Value.String()); set || err != nil || cur >= n {
		return
	}
	f.Value.Set(strconv.Itoa(n))
}
