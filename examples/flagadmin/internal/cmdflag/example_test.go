package cmdflag_test

import (
	"flag"
	"fmt"
	"os"

	"github.com/flagadmin/flagadmin/examples/flagadmin/internal/cmdflag"
)

func ExampleParse() {
	fs := flag.NewFlagSet("demo", flag.ContinueOnError)
	fs.SetOutput(os.Stdout)
	n := fs.Int("n", 1, "a number")
	if code, ok := cmdflag.Parse(fs, []string{"-n", "2", "stray"}); !ok {
		fmt.Println("exit", code)
	}
	fmt.Println("n =", *n)
	// Output:
	// demo: unexpected argument "stray"
	// exit 2
	// n = 2
}
