package importmodel

import (
	"net/url"
	"regexp"
	"sort"
	"strings"
)

var (
	schemeRe = regexp.MustCompile(`^(?:\w+:)?//`)
	wwwRe    = regexp.MustCompile(`^www\.(?:[a-z\-\d]{1,63})\.[a-z.\-\d]{2,63}$`)
	utmRe    = regexp.MustCompile(`(?i)^utm_\w+`)
	slashes  = regexp.MustCompile(`/{2,}`)
	portRe   = regexp.MustCompile(`^\d{1,5}(?:[/?#]|$)`)
)

// customScheme reports whether normalize-url returns s as it is: s parses
// with a scheme other than http, https, file and data (whose URLs it
// normalises), one without a dot or followed by "//", and not localhost
// followed by a port.
func customScheme(s string) bool {
	// The scheme: a letter, then letters, digits, "+", "-" and ".", then
	// ":" (read without a regular expression: this runs for every link).
	end := strings.IndexByte(s, ':')
	if end < 1 || !isLetter(s[0]) {
		return false
	}
	for i := 1; i < end; i++ {
		if c := s[i]; !isLetter(c) && !('0' <= c && c <= '9') && c != '+' && c != '-' && c != '.' {
			return false
		}
	}
	scheme, rest := strings.ToLower(s[:end]), s[end+1:]
	authority := strings.HasPrefix(rest, "//")
	switch {
	case scheme == "http" || scheme == "https" || scheme == "file" || scheme == "data":
		return false
	case scheme == "localhost" && !authority && portRe.MatchString(rest):
		return false
	case strings.Contains(scheme, ".") && !authority:
		return false
	}
	_, err := url.Parse(s)
	return err == nil
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// normalizeURL is the part of normalize-url (defaultProtocol https) that
// Unleash applies to a link's URL that changes common links: https:// is
// prepended when the URL has no scheme, the host is lower-cased and loses
// a leading "www." and a trailing dot, default ports, authentication,
// duplicate and trailing slashes and utm_ parameters go, and the query
// parameters are sorted by name; a URL of another scheme, such as
// javascript: or ftp://, is kept as it is (trimmed). ok is false when the
// URL does not parse.
func normalizeURL(raw string) (string, bool) {
	if normal(raw) {
		return raw, true
	}
	s := strings.TrimSpace(raw)
	if customScheme(s) {
		return s, true
	}
	if strings.HasPrefix(s, "//") {
		s = "https:" + s
	} else if !strings.HasPrefix(s, "https://") && !strings.HasPrefix(s, "http://") && !schemeRe.MatchString(s) {
		s = "https://" + s
	}
	u, err := url.Parse(s)
	if err != nil || u.Host == "" {
		return "", false
	}
	u.Scheme = strings.ToLower(u.Scheme)
	u.User = nil
	host, port := strings.ToLower(u.Hostname()), u.Port()
	host = strings.TrimSuffix(host, ".")
	if strings.HasPrefix(host, "www.") && wwwRe.MatchString(host) && !strings.HasPrefix(host, "www.www.") {
		host = strings.TrimPrefix(host, "www.")
	}
	if (u.Scheme == "https" && port == "443") || (u.Scheme == "http" && port == "80") {
		port = ""
	}
	u.Host = host
	if port != "" {
		u.Host = host + ":" + port
	}
	if strings.Contains(u.Path, "//") {
		u.Path = slashes.ReplaceAllString(u.Path, "/")
	}
	u.Path = strings.TrimSuffix(u.Path, "/")
	u.RawPath = ""
	if u.RawQuery != "" {
		parts := strings.Split(u.RawQuery, "&")
		kept := parts[:0]
		for _, p := range parts {
			k, _, _ := strings.Cut(p, "=")
			if len(k) < 4 || !utmRe.MatchString(k) {
				kept = append(kept, p)
			}
		}
		sort.SliceStable(kept, func(i, j int) bool {
			ki, _, _ := strings.Cut(kept[i], "=")
			kj, _, _ := strings.Cut(kept[j], "=")
			return ki < kj
		})
		u.RawQuery = strings.Join(kept, "&")
	}
	return u.String(), true
}

// normal reports whether u is an https URL of a lower-case host, without
// www., port, credentials, path ending in a slash, query or fragment, and
// with no characters that parsing would escape: one that normalizeURL
// leaves as it is.
func normal(u string) bool {
	rest, ok := strings.CutPrefix(u, "https://")
	if !ok || strings.HasPrefix(rest, "www.") || strings.HasSuffix(rest, "/") || strings.Contains(rest, "//") {
		return false
	}
	host, _, _ := strings.Cut(rest, "/")
	if host == "" || strings.HasSuffix(host, ".") {
		return false
	}
	for i := 0; i < len(rest); i++ {
		c := rest[i]
		switch {
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9', c == '.', c == '-', c == '_', c == '~':
		case c == '/' && i >= len(host):
		case c >= 'A' && c <= 'Z' && i >= len(host):
		default:
			return false
		}
	}
	return true
}
