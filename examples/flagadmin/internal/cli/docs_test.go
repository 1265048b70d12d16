package cli

import (
	"flag"
	"os"
	"regexp"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the example outputs of docs/CLI.md from the program")

// consoleBlock is an example of docs/CLI.md: a console block whose first
// line runs flagadmin and whose other lines are its standard output.
var consoleBlock = regexp.MustCompile("(?s)```console\n\\$ (flagadmin [^\n]*)\n(.*?)```")

// TestDocsCLI runs every example of docs/CLI.md from the repository's
// root and compares its standard output with the document's; -update
// writes the program's output into the document.
func TestDocsCLI(t *testing.T) {
	t.Chdir("../../../..")
	doc, err := os.ReadFile("docs/CLI.md")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	got := consoleBlock.ReplaceAllStringFunc(string(doc), func(block string) string {
		n++
		cmd := consoleBlock.FindStringSubmatch(block)[1]
		_, stdout, _ := runMain(strings.Fields(cmd)[1:]...)
		return "```console\n$ " + cmd + "\n" + stdout + "```"
	})
	if n < 6 {
		t.Fatalf("docs/CLI.md has %d examples; want one per format at least", n)
	}
	if *update {
		if err := os.WriteFile("docs/CLI.md", []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if got != string(doc) {
		t.Errorf("docs/CLI.md's examples differ from the program's output; run go test ./examples/flagadmin/internal/cli -run TestDocsCLI -update and review the diff")
	}
}
