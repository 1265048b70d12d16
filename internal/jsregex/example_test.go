package jsregex_test

import (
	"fmt"

	"github.com/flagadmin/flagadmin/internal/jsregex"
)

func Example() {
	// A naming pattern is used as "^" + pattern + "$", so a top-level
	// alternation leaves the ends unanchored.
	re, err := jsregex.Compile("^" + "feat-[a-z]+|fix" + "$")
	if err != nil {
		panic(err)
	}
	for _, name := range []string{"feat-login", "hotfix", "fix-later"} {
		ok, _ := re.MatchString(name)
		fmt.Println(name, ok)
	}
	_, err = jsregex.Compile("^(?i)feat-.+$")
	fmt.Println(err)
	// Output:
	// feat-login true
	// hotfix true
	// fix-later false
	// Invalid regular expression: /^(?i)feat-.+$/: Invalid group (at code unit 2)
}
