package jsvalue

import (
	"github.com/flagadmin/flagadmin/internal/jsonwire"

	"bytes"
	"encoding/hex"
	"encoding/json"
	"os/exec"
	"reflect"
	"strings"
	"testing"
)

// TestAgainstNode runs the recorded cases of the JSON.parse reading
// (TestSurrogatesRoundTrip, TestAppendReplacingInvalid, TestDropShadowed)
// through node, when node is installed, and compares its answers with
// ours; the tables hold the same values for machines without node.
func TestAgainstNode(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed; the table tests hold the recorded answers")
	}
	// One request per line: "p <json>" answers JSON.stringify(JSON.parse),
	// "u <hex>" JSON.stringify of the bytes decoded as UTF-8.
	const script = `
const lines = require('fs').readFileSync(0, 'utf8').split('\n').filter(Boolean);
for (const l of lines) {
  const arg = l.slice(2);
  console.log(l[0] === 'p' ? JSON.stringify(JSON.parse(arg)) : JSON.stringify(Buffer.from(arg, 'hex').toString()));
}`
	var in strings.Builder
	type check struct {
		what string
		ours func(answer string) bool
	}
	var checks []check
	for _, s := range []string{`"\ud800"`, `"\udc00"`, `"\ud83d\ude00"`, `"\ud83dx"`, `"\ude00\u0041"`, `"\ud800\ud800"`, `"\udfff\ud800"`, `"a\u2028b<&>"`, `"\u0000\u001f\u007f"`} {
		in.WriteString("p " + s + "\n")
		got := string(AppendString(nil, string(jsonwire.AppendUnquoted(nil, []byte(s[1:len(s)-1])))))
		checks = append(checks, check{s, func(a string) bool { return a == got }})
	}
	for _, h := range []string{"ff", "ffff", "e282", "e28261", "c328", "eda080", "f4908080", "f09f98", "e08080", "c0af", "618062", "f18080"} {
		in.WriteString("u " + h + "\n")
		b, _ := hex.DecodeString(h)
		got := string(AppendString(nil, string(jsonwire.AppendReplacingInvalid(nil, b))))
		checks = append(checks, check{h, func(a string) bool { return a == got }})
	}
	for _, s := range []string{`{"a":1,"a":2}`, `{"a":{"x":1,"x":[2]},"a":{"y":3}}`, `{"a":{"x":1},"b":{"x":1,"x":2},"a":4,"a":5}`, `{"\u0061":1,"a":2}`, `[{"k":"v","k":"w"},{"k":1}]`} {
		in.WriteString("p " + s + "\n")
		issues, _ := jsonwire.Scan([]byte(s), 100)
		read := DropShadowed([]byte(s), issues)
		checks = append(checks, check{s, func(a string) bool {
			var x, y any
			return json.Unmarshal(read, &x) == nil && json.Unmarshal([]byte(a), &y) == nil && reflect.DeepEqual(x, y)
		}})
	}
	cmd := exec.Command(node, "-e", script)
	cmd.Stdin = strings.NewReader(in.String())
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	answers := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(answers) != len(checks) {
		t.Fatalf("%d answers for %d questions:\n%s", len(answers), len(checks), bytes.TrimSpace(out))
	}
	for i, c := range checks {
		if !c.ours(answers[i]) {
			t.Errorf("%s: node answers %s", c.what, answers[i])
		}
	}
}
