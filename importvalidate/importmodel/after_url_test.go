package importmodel

import "testing"

// The URLs Unleash 8.2.0 stored for these links (checked by hand on the
// reference server, and by the proof test for the first two).
func TestNormalizeURL(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"WWW.Example.com/a/?b=2&a=1", "https://example.com/a?a=1&b=2"},
		{"www.Example.org/x/?b=1&a=2", "https://example.org/x?a=2&b=1"},
		{"https://example.com/a", "https://example.com/a"},
		{"http://example.com:80/", "http://example.com"},
		{"https://user:pw@example.com:443//a//b/", "https://example.com/a/b"},
		{"//example.com/x?utm_source=x&q=1", "https://example.com/x?q=1"},
		{"https://example.com:8443/x#frag", "https://example.com:8443/x#frag"},
		// Another scheme is kept (normalize-url 9.0.1's custom protocols).
		{"javascript:alert(1)", "javascript:alert(1)"},
		{" ftp://Example.com//f/ ", "ftp://Example.com//f/"},
		{"localhost:9802/x", "https://localhost:9802/x"},
	} {
		got, ok := normalizeURL(c.in)
		if !ok || got != c.want {
			t.Errorf("normalizeURL(%q) = %q, %v; want %q", c.in, got, ok, c.want)
		}
	}
	for _, bad := range []string{"", "https://", "http://[::1"} {
		if got, ok := normalizeURL(bad); ok {
			t.Errorf("normalizeURL(%q) = %q, want invalid", bad, got)
		}
	}
}
