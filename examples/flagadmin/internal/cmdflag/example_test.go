package cmdflag_test

import (
	"fmt"
	"os"

	"github.com/flagadmin/flagadmin/examples/flagadmin/internal/cmdflag"
)

func ExampleParse() {
	fs := cmdflag.New("demo", "usage: demo [flags]\n\nflags:\n", cmdflag.Output{Writer: os.Stdout, Stdout: os.Stdout})
	n := fs.Int("n", 1, "a number")
	if code, ok := cmdflag.Parse(fs, []string{"-n", "2", "stray"}); !ok {
		fmt.Println("exit", code)
	}
	fmt.Println("n =", *n)
	// Output:
	// demo: unexpected argument "stray"
	// usage: demo [flags]; 'demo -h' for help
	// exit 2
	// n = 2
}
