package testutil

import "testing"

// TestNode checks a round trip through node when it is installed; the
// values are also checked without node by the callers' table tests.
func TestNode(t *testing.T) {
	var out struct {
		Sum  int    `json:"sum"`
		Arg  string `json:"arg"`
		Echo []int  `json:"echo"`
	}
	script := `const d = JSON.parse(require("fs").readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify({sum: d.reduce((a, b) => a + b, 0), arg: process.argv[1], echo: d}));`
	if !Node(t, script, []int{1, 2, 39}, &out, "x") {
		t.Skip("node is not installed")
	}
	if out.Sum != 42 || out.Arg != "x" || len(out.Echo) != 3 {
		t.Errorf("node answered %+v", out)
	}
}
