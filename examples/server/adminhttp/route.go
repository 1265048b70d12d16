package adminhttp

import "strings"

// route returns the endpoint path (PathValidate or PathUserAdmin) that the
// escaped request path names, "" for none. Paths match as the reference
// server's router matches them: without regard to ASCII case, with a
// trailing slash ignored, and with a run of slashes counting as one.
// Percent-escapes are not decoded: /api/admin/user%2Dadmin names nothing.
func route(escaped string) string {
	p := collapseSlashes(escaped)
	if len(p) > 1 {
		p = strings.TrimSuffix(p, "/")
	}
	for _, ep := range [...]string{PathValidate, PathUserAdmin, PathPlan} {
		if strings.EqualFold(p, ep) {
			return ep
		}
	}
	return ""
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
