package importmodel

import (
	"strconv"
	"strings"
)

// The import stores a link's URL as normalize-url 9.0.1 returns it with
// defaultProtocol "https", and refuses the link when that throws
// (feature-link-service.js normalize): a data: URL its pattern does not
// match, or a URL that the WHATWG URL parser refuses once "https:" is put
// before one without a scheme. A URL of another scheme that parses is
// returned as it is. This file reproduces that decision; the URL parser
// is reproduced as far as it can fail, for hosts of ASCII characters. A
// host beyond ASCII (or with a label of punycode) goes through Unicode's
// IDNA processing, which is not reproduced: such a URL is left untold.

// urlVerdict is what can be said of a link's URL.
type urlVerdict int

const (
	urlValid urlVerdict = iota
	urlInvalid
	urlUntold
)

// linkURL says whether the import accepts raw as a link's URL.
func linkURL(raw string) urlVerdict {
	s := trim(raw)
	if len(s) >= 5 && strings.EqualFold(s[:5], "data:") {
		return dataURL(s)
	}
	scheme, ok, told := parseURL(s)
	if !told {
		return urlUntold
	}
	if ok && customProtocol(s, scheme) {
		return urlValid // returned unchanged
	}
	if !strings.HasPrefix(s, "//") && strings.HasPrefix(strings.TrimLeft(s, "."), "/") {
		return urlInvalid // a relative URL: no base to parse it against
	}
	// /^(?!(?:\w+:)?\/\/)|^\/\// -> "https:"
	switch {
	case strings.HasPrefix(s, "//"):
		s = "https:" + s[2:]
	case !wordSchemeSlashes(s):
		s = "https:" + s
	}
	_, ok, told = parseURL(s)
	switch {
	case !told:
		return urlUntold
	case !ok:
		return urlInvalid
	}
	return urlValid
}

// dataURL matches /^data:(?<type>[^,]*?),(?<data>[^#]*?)(?:#(?<hash>.*))?$/,
// which s reaches by /^data:/i: "data:" in lower case, a comma, and no
// line terminator after the first '#' that follows it.
func dataURL(s string) urlVerdict {
	if !strings.HasPrefix(s, "data:") {
		return urlInvalid
	}
	comma := strings.IndexByte(s, ',')
	if comma < 0 {
		return urlInvalid
	}
	if hash := strings.IndexByte(s[comma:], '#'); hash >= 0 &&
		strings.ContainsAny(s[comma+hash:], "\n\r\u2028\u2029") {
		return urlInvalid
	}
	return urlValid
}

// wordSchemeSlashes reports whether s matches ^\w+://.
func wordSchemeSlashes(s string) bool {
	i := 0
	for i < len(s) && (asciiAlnum(s[i]) || s[i] == '_') {
		i++
	}
	return i > 0 && strings.HasPrefix(s[i:], "://")
}

// customProtocol is normalize-url's getCustomProtocol for a URL
// that parses with scheme: a scheme other than http, https and file, and
// without a '.' unless "//" follows it; "localhost:" before a port is no
// scheme.
func customProtocol(s, scheme string) bool {
	switch scheme {
	case "http", "https", "file":
		return false
	}
	protocol := scheme + ":"
	hasAuthority := len(s) >= len(protocol)+2 && strings.EqualFold(s[:len(protocol)+2], protocol+"//")
	if scheme == "localhost" && !hasAuthority {
		rest := s[min(len(protocol), len(s)):]
		n := 0
		for n < len(rest) && n < 6 && '0' <= rest[n] && rest[n] <= '9' {
			n++
		}
		if n >= 1 && n <= 5 && (n == len(rest) || strings.IndexByte("/?#", rest[n]) >= 0) {
			return false
		}
	}
	return !strings.Contains(scheme, ".") || hasAuthority
}

func asciiAlpha(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
func asciiAlnum(c byte) bool { return asciiAlpha(c) || '0' <= c && c <= '9' }

// specialScheme reports whether scheme is one of the WHATWG URL
// standard's special schemes.
func specialScheme(scheme string) bool {
	switch scheme {
	case "ftp", "file", "http", "https", "ws", "wss":
		return true
	}
	return false
}

// parseURL runs the WHATWG basic URL parser without a base on s
// as far as it can fail: the scheme, and the authority's host and port.
// It returns the scheme in lower case, whether s parses, and whether that
// could be told (not for a host that needs IDNA processing).
func parseURL(s string) (scheme string, ok, told bool) {
	// Leading and trailing C0 controls and spaces go, and every tab and
	// newline.
	s = strings.TrimFunc(s, func(r rune) bool { return r <= ' ' })
	if strings.ContainsAny(s, "\t\n\r") {
		s = strings.NewReplacer("\t", "", "\n", "", "\r", "").Replace(s)
	}
	if s == "" || !asciiAlpha(s[0]) {
		return "", false, true
	}
	i := 1
	for i < len(s) && (asciiAlnum(s[i]) || s[i] == '+' || s[i] == '-' || s[i] == '.') {
		i++
	}
	if i == len(s) || s[i] != ':' {
		return "", false, true
	}
	scheme, rest := strings.ToLower(s[:i]), s[i+1:]
	special := specialScheme(scheme)
	slash := func(c byte) bool { return c == '/' || (special && c == '\\') }
	switch {
	case scheme == "file":
		if len(rest) < 2 || !slash(rest[0]) || !slash(rest[1]) {
			return scheme, true, true
		}
		host := rest[2:]
		if end := strings.IndexAny(host, `/\?#`); end >= 0 {
			host = host[:end]
		}
		if host == "" || (len(host) == 2 && asciiAlpha(host[0]) && (host[1] == ':' || host[1] == '|')) {
			return scheme, true, true
		}
		ok, told := parseHost(host, true)
		return scheme, ok, told
	case special:
		rest = strings.TrimLeft(rest, `/\`)
	case strings.HasPrefix(rest, "//"):
		rest = rest[2:]
	default:
		return scheme, true, true // an opaque path, or a path without an authority
	}
	end := len(rest)
	for k := 0; k < len(rest); k++ {
		if slash(rest[k]) || rest[k] == '?' || rest[k] == '#' {
			end = k
			break
		}
	}
	auth := rest[:end]
	at := strings.LastIndexByte(auth, '@')
	hostPort := auth[at+1:]
	if at >= 0 && hostPort == "" {
		return scheme, false, true
	}
	host, port, colon := hostPort, "", false
	inside := false
	for k := 0; k < len(hostPort) && !colon; k++ {
		switch hostPort[k] {
		case '[':
			inside = true
		case ']':
			inside = false
		case ':':
			if !inside {
				host, port, colon = hostPort[:k], hostPort[k+1:], true
			}
		}
	}
	if host == "" {
		// A port needs a host; a special scheme needs one anyway.
		return scheme, !special && !colon, true
	}
	if port != "" {
		if !allDigits(port) {
			return scheme, false, true
		}
		if n, err := strconv.ParseUint(port, 10, 64); err != nil || n > 65535 {
			return scheme, false, true
		}
	}
	ok, told = parseHost(host, special)
	return scheme, ok, told
}

// forbiddenHost are the forbidden host code points but '%' and
// those that end the host before it is parsed.
const forbiddenHost = "\x00\t\n\r #/:<>?@[\\]^|"

// parseHost is the WHATWG host parser: an IPv6 address in
// brackets; for a special scheme a domain (percent-decoded, then IDNA's
// ToASCII, then no forbidden domain code point, then an IPv4 address when
// it ends in a number); else an opaque host without forbidden host code
// points.
func parseHost(host string, special bool) (ok, told bool) {
	if host[0] == '[' {
		return len(host) >= 2 && host[len(host)-1] == ']' && ipv6(host[1:len(host)-1]), true
	}
	if !special {
		return !strings.ContainsAny(host, forbiddenHost), true
	}
	domain := percentDecode(host)
	for k := 0; k < len(domain); k++ {
		if domain[k] >= 0x80 {
			return false, false // IDNA mapping
		}
	}
	domain = strings.ToLower(domain)
	for _, label := range strings.Split(domain, ".") {
		if strings.HasPrefix(label, "xn--") {
			return false, false // punycode, checked by IDNA
		}
	}
	for k := 0; k < len(domain); k++ {
		if c := domain[k]; c < 0x20 || c == '%' || c == 0x7F || strings.IndexByte(forbiddenHost, c) >= 0 {
			return false, true
		}
	}
	if endsInNumber(domain) {
		return ipv4(domain), true
	}
	return true, true
}

// percentDecode decodes %XX escapes; a '%' not followed by two hex
// digits stays.
func percentDecode(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	var b strings.Builder
	for k := 0; k < len(s); k++ {
		if s[k] == '%' && k+2 < len(s) && hex(s[k+1]) >= 0 && hex(s[k+2]) >= 0 {
			b.WriteByte(byte(hex(s[k+1])<<4 | hex(s[k+2])))
			k += 2
			continue
		}
		b.WriteByte(s[k])
	}
	return b.String()
}

// hex is the value of a hex digit, or -1.
func hex(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case 'a' <= c && c <= 'f':
		return int(c-'a') + 10
	case 'A' <= c && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

// endsInNumber is the WHATWG ends-in-a-number checker.
func endsInNumber(domain string) bool {
	parts := strings.Split(domain, ".")
	if parts[len(parts)-1] == "" {
		if len(parts) == 1 {
			return false
		}
		parts = parts[:len(parts)-1]
	}
	last := parts[len(parts)-1]
	if allDigits(last) {
		return true
	}
	_, ok := ipv4Number(last)
	return ok && last != ""
}

// ipv4Number parses one part of an IPv4 address: decimal, octal
// after a leading 0, hex after 0x. A value beyond 2^32 is capped there.
func ipv4Number(s string) (uint64, bool) {
	if s == "" {
		return 0, false
	}
	radix := 10
	switch {
	case len(s) >= 2 && (s[:2] == "0x" || s[:2] == "0X"):
		radix, s = 16, s[2:]
	case len(s) >= 2 && s[0] == '0':
		radix, s = 8, s[1:]
	}
	var v uint64
	for k := 0; k < len(s); k++ {
		d := hex(s[k])
		if d < 0 || d >= radix {
			return 0, false
		}
		if v < 1<<33 {
			v = v*uint64(radix) + uint64(d)
		}
	}
	return v, true
}

// ipv4 is the WHATWG IPv4 parser's verdict.
func ipv4(s string) bool {
	parts := strings.Split(s, ".")
	if parts[len(parts)-1] == "" && len(parts) > 1 {
		parts = parts[:len(parts)-1]
	}
	if len(parts) > 4 {
		return false
	}
	for k, p := range parts {
		n, ok := ipv4Number(p)
		if !ok {
			return false
		}
		if k < len(parts)-1 && n > 255 {
			return false
		}
		if k == len(parts)-1 && n >= uint64(1)<<(8*(5-len(parts))) {
			return false
		}
	}
	return true
}

// ipv6 is the WHATWG IPv6 parser's verdict.
func ipv6(s string) bool {
	piece, compress, p := 0, -1, 0
	at := func(k int) int {
		if k < len(s) {
			return int(s[k])
		}
		return -1
	}
	if at(p) == ':' {
		if at(p+1) != ':' {
			return false
		}
		p += 2
		piece++
		compress = piece
	}
	for at(p) >= 0 {
		if piece == 8 {
			return false
		}
		if at(p) == ':' {
			if compress >= 0 {
				return false
			}
			p++
			piece++
			compress = piece
			continue
		}
		length := 0
		for length < 4 && at(p) >= 0 && hex(byte(at(p))) >= 0 {
			p++
			length++
		}
		if at(p) == '.' {
			if length == 0 || piece > 6 {
				return false
			}
			p -= length
			seen := 0
			for at(p) >= 0 {
				if seen > 0 {
					if at(p) != '.' || seen >= 4 {
						return false
					}
					p++
				}
				if at(p) < '0' || at(p) > '9' {
					return false
				}
				v := -1
				for at(p) >= '0' && at(p) <= '9' {
					d := at(p) - '0'
					switch {
					case v < 0:
						v = d
					case v == 0:
						return false
					default:
						v = v*10 + d
					}
					if v > 255 {
						return false
					}
					p++
				}
				seen++
				if seen == 2 || seen == 4 {
					piece++
				}
			}
			return seen == 4 && (compress >= 0 || piece == 8)
		}
		if at(p) == ':' {
			p++
			if at(p) < 0 {
				return false
			}
		} else if at(p) >= 0 {
			return false
		}
		piece++
	}
	return compress >= 0 || piece == 8
}
