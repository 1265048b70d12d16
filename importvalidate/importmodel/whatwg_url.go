package importmodel

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// The WHATWG URL standard's basic URL parser, which normalize-url
// (url.go) runs through node's URL, reproduced as far as a link's URL
// needs it: whether it parses (parseURL), and, for the special schemes
// that normalize-url normalises, the host, port and path as the parser
// serialises them (serializeHost, pathSegments) and the percent-encode
// sets. Hosts are reproduced for ASCII characters: a host beyond ASCII
// (or with a label of punycode) goes through Unicode's IDNA processing,
// which is not, and is untold.

// urlVerdict is what can be said of a link's URL.
type urlVerdict int

const (
	urlValid urlVerdict = iota
	urlInvalid
	urlUntold
)

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

// urlParts are the parts of a URL as the WHATWG basic URL parser
// reads them without a base, as far as normalize-url needs them: the
// scheme in lower case, and, when it has an authority (hasHost), its
// host and port as given (host without the credentials; domain is the
// host percent-decoded and lower-cased, for a special scheme), then the
// rest (path, query and fragment, as given, tabs and newlines removed).
type urlParts struct {
	scheme           string
	special, hasHost bool
	host, domain     string
	port             string
	rest             string
}

// parseURL runs the WHATWG basic URL parser without a base on s as far
// as it can fail: the scheme, and the authority's host and port. It
// returns the parts read, and whether s parses: urlValid, urlInvalid, or
// urlUntold for a host that needs IDNA processing, which is not
// reproduced (its domain is then the host lower-cased as it is).
func parseURL(s string) (urlParts, urlVerdict) {
	var u urlParts
	// Leading and trailing C0 controls and spaces go, and every tab and
	// newline.
	s = strings.TrimFunc(s, func(r rune) bool { return r <= ' ' })
	if strings.ContainsAny(s, "\t\n\r") {
		s = strings.NewReplacer("\t", "", "\n", "", "\r", "").Replace(s)
	}
	if s == "" || !asciiAlpha(s[0]) {
		return u, urlInvalid
	}
	i := 1
	for i < len(s) && (asciiAlnum(s[i]) || s[i] == '+' || s[i] == '-' || s[i] == '.') {
		i++
	}
	if i == len(s) || s[i] != ':' {
		return u, urlInvalid
	}
	rest := s[i+1:]
	u.scheme = strings.ToLower(s[:i])
	u.special = specialScheme(u.scheme)
	slash := func(c byte) bool { return c == '/' || (u.special && c == '\\') }
	switch {
	case u.scheme == "file":
		u.hasHost = true
		if len(rest) < 2 || !slash(rest[0]) || !slash(rest[1]) {
			u.rest = rest
			return u, urlValid
		}
		host := rest[2:]
		end := strings.IndexAny(host, `/\?#`)
		if end < 0 {
			end = len(host)
		}
		u.rest, host = host[end:], host[:end]
		if host == "" || (len(host) == 2 && asciiAlpha(host[0]) && (host[1] == ':' || host[1] == '|')) {
			if host != "" {
				u.rest = host + u.rest // a drive letter: the path's
			}
			return u, urlValid
		}
		u.host = host
		var v urlVerdict
		u.domain, v = parseHost(host, true)
		if u.domain == "localhost" {
			u.host, u.domain = "", ""
		}
		return u, v
	case u.special:
		rest = strings.TrimLeft(rest, `/\`)
	case strings.HasPrefix(rest, "//"):
		rest = rest[2:]
	default:
		u.rest = rest
		return u, urlValid // an opaque path, or a path without an authority
	}
	u.hasHost = true
	end := len(rest)
	for k := 0; k < len(rest); k++ {
		if slash(rest[k]) || rest[k] == '?' || rest[k] == '#' {
			end = k
			break
		}
	}
	auth := rest[:end]
	u.rest = rest[end:]
	at := strings.LastIndexByte(auth, '@')
	hostPort := auth[at+1:]
	if at >= 0 && hostPort == "" {
		return u, urlInvalid
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
		if !u.special && !colon {
			return u, urlValid
		}
		return u, urlInvalid
	}
	if port != "" {
		if !allDigits(port) {
			return u, urlInvalid
		}
		n, err := strconv.ParseUint(port, 10, 64)
		if err != nil || n > 65535 {
			return u, urlInvalid
		}
		u.port = strconv.FormatUint(n, 10)
	}
	u.host = host
	var v urlVerdict
	u.domain, v = parseHost(host, u.special)
	return u, v
}

// forbiddenHost are the forbidden host code points but '%' and
// those that end the host before it is parsed.
const forbiddenHost = "\x00\t\n\r #/:<>?@[\\]^|"

// parseHost is the WHATWG host parser: an IPv6 address in
// brackets; for a special scheme a domain (percent-decoded, then IDNA's
// ToASCII, then no forbidden domain code point, then an IPv4 address when
// it ends in a number); else an opaque host without forbidden host code
// points. It returns the domain of a special scheme's host,
// percent-decoded and lower-cased (the host itself for the others).
func parseHost(host string, special bool) (string, urlVerdict) {
	if host[0] == '[' {
		return strings.ToLower(host), verdictOf(len(host) >= 2 && host[len(host)-1] == ']' && ipv6(host[1:len(host)-1], nil))
	}
	if !special {
		return host, verdictOf(!strings.ContainsAny(host, forbiddenHost))
	}
	domain := strings.ToLower(percentDecode(host))
	for k := 0; k < len(domain); k++ {
		if domain[k] >= 0x80 {
			return domain, urlUntold // IDNA mapping
		}
	}
	for _, label := range strings.Split(domain, ".") {
		if strings.HasPrefix(label, "xn--") {
			return domain, urlUntold // punycode, checked by IDNA
		}
	}
	for k := 0; k < len(domain); k++ {
		if c := domain[k]; c < 0x20 || c == '%' || c == 0x7F || strings.IndexByte(forbiddenHost, c) >= 0 {
			return domain, urlInvalid
		}
	}
	if endsInNumber(domain) {
		return domain, verdictOf(ipv4(domain, nil))
	}
	return domain, urlValid
}

// verdictOf is urlValid when ok, else urlInvalid.
func verdictOf(ok bool) urlVerdict {
	if ok {
		return urlValid
	}
	return urlInvalid
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

// ipv4 is the WHATWG IPv4 parser's verdict; the address goes to
// *addr when addr is not nil and s is one.
func ipv4(s string, addr *uint32) bool {
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
	if addr != nil {
		var a uint64
		for k, p := range parts[:len(parts)-1] {
			n, _ := ipv4Number(p)
			a |= n << (8 * (3 - k))
		}
		n, _ := ipv4Number(parts[len(parts)-1])
		*addr = uint32(a + n)
	}
	return true
}

// ipv6 is the WHATWG IPv6 parser's verdict; the address goes to *addr
// when addr is not nil and s is one.
func ipv6(s string, addr *[8]uint16) bool {
	var a [8]uint16
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
		value, length := 0, 0
		for length < 4 && at(p) >= 0 && hex(byte(at(p))) >= 0 {
			value = value<<4 | hex(byte(at(p)))
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
				a[piece] = a[piece]<<8 | uint16(v)
				seen++
				if seen == 2 || seen == 4 {
					piece++
				}
			}
			if seen != 4 {
				return false
			}
			break
		}
		if at(p) == ':' {
			p++
			if at(p) < 0 {
				return false
			}
		} else if at(p) >= 0 {
			return false
		}
		a[piece] = uint16(value)
		piece++
	}
	switch {
	case compress >= 0:
		// The pieces after the compression go to the end.
		swaps := piece - compress
		for k := 7; k != 0 && swaps > 0; k-- {
			a[k], a[compress+swaps-1] = a[compress+swaps-1], a[k]
			swaps--
		}
	case piece != 8:
		return false
	}
	if addr != nil {
		*addr = a
	}
	return true
}

// defaultPort is the default port of a special scheme, "" for none.
func defaultPort(scheme string) string {
	switch scheme {
	case "http", "ws":
		return "80"
	case "https", "wss":
		return "443"
	case "ftp":
		return "21"
	}
	return ""
}

// serializeHost is the host of u as the URL serialises it: an IPv4
// address in dotted decimal, an IPv6 address compressed, a domain as
// parseURL read it.
func serializeHost(u *urlParts) string {
	h := u.domain
	if strings.HasPrefix(h, "[") {
		var a [8]uint16
		ipv6(h[1:len(h)-1], &a)
		return "[" + ipv6String(a) + "]"
	}
	var a uint32
	if u.special && endsInNumber(h) && ipv4(h, &a) {
		return strconv.Itoa(int(a>>24)) + "." + strconv.Itoa(int(a>>16&255)) + "." + strconv.Itoa(int(a>>8&255)) + "." + strconv.Itoa(int(a&255))
	}
	return h
}

// ipv6String is the IPv6 serializer: hex pieces, the first longest run
// of two or more zeros compressed to "::".
func ipv6String(a [8]uint16) string {
	// The first longest run of two or more zeros.
	start, length := -1, 1
	for k := 0; k < 8; {
		if a[k] != 0 {
			k++
			continue
		}
		e := k
		for e < 8 && a[e] == 0 {
			e++
		}
		if e-k > length {
			start, length = k, e-k
		}
		k = e
	}
	var b strings.Builder
	skip := false
	for k := 0; k < 8; k++ {
		if skip && a[k] == 0 {
			continue
		}
		skip = false
		if k == start {
			if k == 0 {
				b.WriteString("::")
			} else {
				b.WriteByte(':')
			}
			skip = true
			continue
		}
		b.WriteString(strconv.FormatUint(uint64(a[k]), 16))
		if k != 7 {
			b.WriteByte(':')
		}
	}
	return b.String()
}

// The percent-encode sets of the URL standard, beyond the C0 controls
// and the code points above U+007E, which every set holds.
const (
	pathSet     = " \"#<>?`{}"
	querySet    = " \"#<>'" // the special-query set
	fragmentSet = " \"<>`"
)

// percentEncode appends s to b, each byte of a code point in set
// percent-encoded (upper-case hex); bytes that are not UTF-8 are U+FFFD,
// as a JavaScript string's lone surrogates become.
func percentEncode(b *strings.Builder, s, set string) {
	for k := 0; k < len(s); {
		c := s[k]
		if c < utf8.RuneSelf {
			if c < 0x20 || c == 0x7F || strings.IndexByte(set, c) >= 0 {
				writeEscape(b, c)
			} else {
				b.WriteByte(c)
			}
			k++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[k:])
		var buf [4]byte
		n := utf8.EncodeRune(buf[:], r)
		for _, x := range buf[:n] {
			writeEscape(b, x)
		}
		k += size
	}
}

// writeEscape writes c as %XX.
func writeEscape(b *strings.Builder, c byte) {
	const digits = "0123456789ABCDEF"
	b.WriteByte('%')
	b.WriteByte(digits[c>>4])
	b.WriteByte(digits[c&15])
}

// pathSegments is the path state of a special URL from the path start
// state over s (the path, up to its query or fragment): segments split at
// '/' and '\\', "." and ".." (also percent-encoded) resolved, each
// segment percent-encoded with the path set. It is never empty.
func pathSegments(s string) []string {
	if s != "" && (s[0] == '/' || s[0] == '\\') {
		s = s[1:]
	}
	var segs []string
	for {
		end := strings.IndexAny(s, `/\`)
		last := end < 0
		if last {
			end = len(s)
		}
		seg := s[:end]
		switch {
		case doubleDot(seg):
			if len(segs) > 0 {
				segs = segs[:len(segs)-1]
			}
			if last {
				segs = append(segs, "")
			}
		case singleDot(seg):
			if last {
				segs = append(segs, "")
			}
		default:
			var b strings.Builder
			percentEncode(&b, seg, pathSet)
			segs = append(segs, b.String())
		}
		if last {
			return segs
		}
		s = s[end+1:]
	}
}

// singleDot and doubleDot are the URL standard's single-dot and
// double-dot path segments.
func singleDot(s string) bool { return s == "." || strings.EqualFold(s, "%2e") }

func doubleDot(s string) bool {
	switch strings.ToLower(s) {
	case "..", ".%2e", "%2e.", "%2e%2e":
		return true
	}
	return false
}
