package adminhttp

import "strings"

// routePath returns the escaped request path as the router compares it
// with the paths of the endpoints, without regard to ASCII case: with a
// trailing slash dropped and a run of slashes counting as one, as the
// reference server's router matches. Percent-escapes are not decoded:
// /api/admin/user%2Dadmin names nothing.
func routePath(escaped string) string {
	p := collapseSlashes(escaped)
	if len(p) > 1 {
		p = strings.TrimSuffix(p, "/")
	}
	return p
}

// collapseSlashes replaces every run of slashes in p by one.
func collapseSlashes(p string) string {
	if !strings.Contains(p, "//") {
		return p
	}
	var b strings.Builder
	b.Grow(len(p))
	for i := 0; i < len(p); i++ {
		if p[i] == '/' && i > 0 && p[i-1] == '/' {
			continue
		}
		b.WriteByte(p[i])
	}
	return b.String()
}
