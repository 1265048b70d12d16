package importmodel

import (
	"strings"
	"testing"
)

// urlCases are link URLs and whether the import accepts them.
var urlCases = []verdict[urlVerdict]{
	{"https://example.com", urlValid}, {"example.com", urlValid}, {"EXAMPLE.com/a/../b?b=2&a=1", urlValid},
	{"//example.com/x", urlValid}, {"  https://example.com  ", urlValid}, {"http://user:pw@example.com:8080/p", urlValid},
	{"mailto:someone@example.com", urlValid}, {"ftp://example.com", urlValid}, {"javascript:alert(1)", urlValid},
	{"localhost:9802", urlValid}, {"localhost:9802/x", urlValid}, {"example.com:8080", urlValid}, {"http://1.2.3.4", urlValid},
	{"http://[::1]:80/", urlValid}, {"http://[1:2:3:4:5:6:7:8]", urlValid}, {"http://[::ffff:1.2.3.4]", urlValid},
	{"http://0x7f.1", urlValid}, {"http://999999999", urlValid}, {"http://4294967295", urlValid}, {"http://4294967296", urlInvalid},
	{"http://1.2.3.256", urlInvalid}, {"http://1.2.3.4.5", urlInvalid}, {"http://1..2", urlInvalid}, {"http://a.1", urlInvalid},
	{"http://08", urlInvalid}, {"http://0x", urlValid}, {"data:text/plain,hello", urlValid}, {"data:,", urlValid},
	{"data:text/plain", urlInvalid}, {"data:,a#b\nc", urlInvalid}, {"DATA:,x", urlInvalid}, {"git+ssh://host/x", urlValid},
	{"http://", urlInvalid}, {"", urlInvalid}, {"a b", urlInvalid}, {"https://exa mple.com", urlInvalid}, {"/relative", urlInvalid},
	{"./relative", urlInvalid}, {"../up", urlInvalid}, {"http://example.com:99999", urlInvalid}, {"http://example.com:8a", urlInvalid},
	{"http://example.com:", urlValid}, {"http://@example.com", urlValid}, {"http://user@", urlInvalid}, {"http://[::1", urlInvalid},
	{"http://[1:2:3:4:5:6:7:8:9]", urlInvalid}, {"http://[::1::2]", urlInvalid}, {"http://exa%20mple.com", urlInvalid},
	{"http://exa%41mple.com", urlValid}, {"http://a<b", urlInvalid}, {"http://a^b", urlInvalid}, {"http://a_b.com", urlValid},
	{"ftp://exa mple.com", urlInvalid}, {"file:///etc/passwd", urlValid}, {"file://host/x", urlValid}, {"foo://a b", urlInvalid},
	{"foo://[x]", urlInvalid}, {"foo://h:1/x", urlValid}, {"foo://:1", urlInvalid}, {"https:foo", urlInvalid}, {"https:https:foo", urlInvalid},
	{"http://example.com\\path", urlValid}, {"http:\\\\example.com", urlValid}, {"ws://x", urlValid}, {"a:b.c", urlValid},
	{"http://ex\tample.com", urlValid}, {"http://exämple.com", urlUntold}, {"http://xn--exmple-cua.com", urlUntold},
	{"https://例え.jp", urlUntold}, {"http://a%C3%A4.com", urlUntold},
}

func TestLinkURL(t *testing.T) {
	checkRefusalVerdicts(t, urlCases, linkURL)
}

// TestParseURLAgainstNode compares the URL parser with node's
// WHATWG URL on the cases and generated URLs.
func TestParseURLAgainstNode(t *testing.T) {
	var in []string
	for _, c := range urlCases {
		in = append(in, strings.TrimSpace(c.in), "https:"+c.in)
	}
	in = append(in, generated(11, 3000, [][]string{
		{"http://", "https://", "ftp://", "ws:", "foo://", "file://", "HTTP:", "x:", "https:", "a+b://"},
		{"", "user@", "u:p@", "@", "a@b@"},
		{"example.com", "1.2.3.4", "0x7f.1", "1.2.3.256", "[::1]", "[::ffff:1.2.3.4]", "[1:2::3:4", "ex ample", "a%2fb", "a%41", "", "08.1", "0.0.0.0.0", "x.0x", "a..b", "%25", "a^b"},
		{"", ":", ":80", ":65535", ":65536", ":8x", ":-1"},
		{"", "/", "/a b", "?q", "#f", "\\x"},
	})...)
	script := `const cases = JSON.parse(require("fs").readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify(cases.map((v) => { try { new URL(v); return true; } catch { return false; } })));`
	parsed := node[bool](t, script, in)
	told := 0
	for i, s := range in {
		_, ok, isTold := parseURL(s)
		if !isTold {
			continue
		}
		told++
		if ok != parsed[i] {
			t.Errorf("%q: parses %v here, %v in node", s, ok, parsed[i])
		}
	}
	if told < len(in)*9/10 {
		t.Errorf("only %d of %d told", told, len(in))
	}
}

// TestLinkURLAgainstNormalizeURL compares the verdicts with
// normalize-url itself, as the import calls it.
func TestLinkURLAgainstNormalizeURL(t *testing.T) {
	script := `const cases = JSON.parse(require("fs").readFileSync(0, "utf8"));
import(process.argv[1] + "/normalize-url/index.js").then(({ default: normalizeUrl }) => {
  process.stdout.write(JSON.stringify(cases.map((v) => { try { normalizeUrl(v, { defaultProtocol: "https" }); return true; } catch { return false; } })));
});`
	accepted := node[bool](t, script, inputs(urlCases), nodeModules(t))
	for i, c := range urlCases {
		if c.want == urlUntold {
			continue
		}
		if accepted[i] != (c.want == urlValid) {
			t.Errorf("%q: normalize-url accepts it: %v; the table says %d", c.in, accepted[i], c.want)
		}
	}
}
