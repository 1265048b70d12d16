package importmodel

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// The import stores a link's URL as normalize-url 9.0.1 returns it with
// defaultProtocol "https", and refuses the link when that throws
// (feature-link-service.js normalize): a data: URL its pattern does not
// match, or a URL that the WHATWG URL parser (whatwg_url.go) refuses once
// "https:" is put before one without a scheme. A URL of another scheme
// that parses is returned as it is; an http, https or file URL is
// normalised: the scheme and host lower-cased, the host without a
// trailing dot or a leading "www.", the default port, the credentials,
// duplicate and trailing slashes, utm_ parameters and a text fragment
// removed, the path's escapes decoded where decodeURI decodes them, the
// query parameters sorted by name. normalizeURL is that function, one for
// both readers: the validation's verdict (linkURL: import-link-invalid-url,
// import-link-url-untold, import-link-template-invalid) and the replay's
// stored URL (after_links.go).

// linkURL says whether the import accepts raw as a link's URL:
// normalizeURL's verdict, without making the URL.
func linkURL(raw string) urlVerdict {
	_, v := normalize(raw, false)
	return v
}

// normalizeURL is normalize-url as the import calls it on raw: the URL it
// returns and the verdict, urlInvalid when it throws (the URL is then
// ""), urlUntold when that cannot be told: a host that needs IDNA, whose
// URL is then made of the host as given, lower-cased.
func normalizeURL(raw string) (string, urlVerdict) {
	return normalize(raw, true)
}

// normalize is normalizeURL, the URL made only when result is true.
func normalize(raw string, result bool) (string, urlVerdict) {
	if normal(raw) {
		return raw, urlValid
	}
	s := trim(raw)
	if len(s) >= 5 && strings.EqualFold(s[:5], "data:") {
		v := dataURL(s)
		if v != urlValid || !result {
			return "", v
		}
		return normalizeDataURL(s), v
	}
	u, v := parseURL(s)
	if v == urlUntold && !result {
		return "", v
	}
	if v != urlInvalid && customProtocol(s, u.scheme) {
		return s, v // returned unchanged
	}
	if !strings.HasPrefix(s, "//") && strings.HasPrefix(strings.TrimLeft(s, "."), "/") {
		return "", urlInvalid // a relative URL: no base to parse it against
	}
	// /^(?!(?:\w+:)?\/\/)|^\/\// -> "https:"
	switch {
	case strings.HasPrefix(s, "//"):
		s = "https:" + s[2:]
	case !wordSchemeSlashes(s):
		s = "https:" + s
	}
	first := v
	u, v = parseURL(s)
	switch {
	case first == urlUntold:
		v = urlUntold
	case v == urlInvalid:
		return "", v
	}
	if !result {
		return "", v
	}
	return u.normalized(), v
}

// normal reports whether u is an https URL of a lower-case host that is
// no IPv4 address, without www., port, credentials, path ending in a
// slash or segment "." or "..", query or fragment, and with no
// characters that parsing would escape: one that normalizeURL returns as
// it is, at once (most links are).
func normal(u string) bool {
	rest, ok := strings.CutPrefix(u, "https://")
	if !ok || strings.HasPrefix(rest, "www.") || strings.HasSuffix(rest, "/") || strings.Contains(rest, "//") {
		return false
	}
	host, path, _ := strings.Cut(rest, "/")
	if host == "" || strings.HasSuffix(host, ".") {
		return false
	}
	// A last label of digits, or hex ones after 0x, may be an IPv4
	// address.
	if last := host[strings.LastIndexByte(host, '.')+1:]; strings.Trim(last, "0123456789abcdefx") == "" && endsInNumber(host) {
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
	for path != "" {
		var seg string
		seg, path, _ = strings.Cut(path, "/")
		if seg == "." || seg == ".." {
			return false
		}
	}
	return true
}

// normalized is the URL normalize-url returns for u, a URL of scheme
// http, https or file that parses.
func (u *urlParts) normalized() string {
	rest, fragment, hasFragment := strings.Cut(u.rest, "#")
	path, query, _ := strings.Cut(rest, "?")

	// Duplicate slashes go; the escapes that decodeURI decodes are
	// decoded; each time the path is set again, as the URL's pathname.
	pathname := setPath(path)
	pathname = setPath(dedupeSlashes(pathname))
	if d, ok := decodeURIWith(pathname, ";/?:@&=+$,#"); ok {
		pathname = setPath(strings.ReplaceAll(d, `\`, "%5C"))
	}

	host := serializeHost(u)
	if h := strings.TrimSuffix(host, "."); h != "" {
		host = h
	}
	host = stripWWW(host)
	search := normalizeQuery(query)
	pathname = setPath(strings.TrimSuffix(pathname, "/"))

	hash := ""
	if hasFragment && fragment != "" {
		var b strings.Builder
		b.WriteByte('#')
		percentEncode(&b, fragment, fragmentSet)
		hash = b.String()
		// /#?:~:text.*?$/i
		if k := indexFold(hash, ":~:text"); k >= 0 {
			if hash[k-1] == '#' {
				k--
			}
			hash = hash[:k]
		}
	}

	var b strings.Builder
	b.WriteString(u.scheme)
	b.WriteString("://")
	b.WriteString(host)
	if u.port != "" && u.port != defaultPort(u.scheme) {
		b.WriteString(":" + u.port)
	}
	b.WriteString(pathname)
	b.WriteString(search)
	b.WriteString(hash)
	out := b.String()
	if hash == "" {
		out = strings.TrimSuffix(out, "/")
	}
	return out
}

// setPath is the path of a special URL whose pathname is set to s, as the
// URL serialises it.
func setPath(s string) string {
	return "/" + strings.Join(pathSegments(s), "/")
}

// dedupeSlashes is normalize-url's removal of duplicate slashes from a
// pathname: a run of slashes becomes one, but for the "//" of what looks
// like a scheme (/\b[a-z][a-z\d+\-.]{1,50}:\/\//).
func dedupeSlashes(p string) string {
	if !strings.Contains(p, "//") {
		return p
	}
	var b strings.Builder
	for i := 0; i < len(p); {
		if n := schemeAt(p, i); n > 0 {
			b.WriteString(p[i : i+n])
			i += n
			continue
		}
		b.WriteByte(p[i])
		if p[i] == '/' {
			for i < len(p) && p[i] == '/' {
				i++
			}
			continue
		}
		i++
	}
	return b.String()
}

// schemeAt is the length of a match of \b[a-z][a-z\d+\-.]{1,50}:\/\/ at
// p[i:], 0 for none.
func schemeAt(p string, i int) int {
	word := func(c byte) bool { return asciiAlnum(c) || c == '_' }
	if p[i] < 'a' || p[i] > 'z' || (i > 0 && word(p[i-1])) {
		return 0
	}
	n := 0
	for i+1+n < len(p) {
		c := p[i+1+n]
		if !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '+' || c == '-' || c == '.') {
			break
		}
		n++
	}
	if n < 1 || n > 50 || !strings.HasPrefix(p[i+1+n:], "://") {
		return 0
	}
	return 1 + n + 3
}

// stripWWW removes "www." from a host that matches
// /^www\.(?!www\.)[a-z\-\d]{1,63}\.[a-z.\-\d]{2,63}$/.
func stripWWW(h string) string {
	rest, ok := strings.CutPrefix(h, "www.")
	if !ok || strings.HasPrefix(rest, "www.") {
		return h
	}
	label, tail, ok := strings.Cut(rest, ".")
	if !ok || len(label) < 1 || len(label) > 63 || len(tail) < 2 || len(tail) > 63 {
		return h
	}
	for i := 0; i < len(rest); i++ {
		if c := rest[i]; !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-' || c == '.') {
			return h
		}
	}
	return rest
}

// indexFold is the index of the first ASCII case-insensitive match of sub
// in s, -1 for none.
func indexFold(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if strings.EqualFold(s[i:i+len(sub)], sub) {
			return i
		}
	}
	return -1
}

// decodeURIWith is JavaScript's decodeURI (reserved ";/?:@&=+$,#") or
// decodeURIComponent (reserved ""): the escapes of UTF-8 decoded, those
// of a reserved character kept; ok is false where it throws (an escape
// that is not one, or not UTF-8).
func decodeURIWith(s, reserved string) (string, bool) {
	if !strings.Contains(s, "%") {
		return s, true
	}
	var b strings.Builder
	for k := 0; k < len(s); {
		if s[k] != '%' {
			b.WriteByte(s[k])
			k++
			continue
		}
		c, ok := escapeAt(s, k)
		if !ok {
			return "", false
		}
		if c < 0x80 {
			if strings.IndexByte(reserved, c) >= 0 {
				b.WriteString(s[k : k+3])
			} else {
				b.WriteByte(c)
			}
			k += 3
			continue
		}
		n := 0
		for c<<n&0x80 != 0 {
			n++
		}
		if n == 1 || n > 4 {
			return "", false
		}
		seq := []byte{c}
		for j := 1; j < n; j++ {
			x, ok := escapeAt(s, k+3*j)
			if !ok || x&0xC0 != 0x80 {
				return "", false
			}
			seq = append(seq, x)
		}
		if r, size := utf8.DecodeRune(seq); r == utf8.RuneError || size != n {
			return "", false
		}
		b.Write(seq)
		k += 3 * n
	}
	return b.String(), true
}

// escapeAt is the byte of the escape %XX at s[k:], ok false when there is
// none.
func escapeAt(s string, k int) (byte, bool) {
	if k+2 >= len(s) || s[k] != '%' || hex(s[k+1]) < 0 || hex(s[k+2]) < 0 {
		return 0, false
	}
	return byte(hex(s[k+1])<<4 | hex(s[k+2])), true
}

// reservedToken is normalize-url's temporary name of an encoded reserved
// character of the query: the token, then its two hex digits.
const reservedToken = "__normalize_url_encoded_reserved__"

// encodedReserved reports whether s[k:] starts with an encoded reserved
// character: %(3A|2F|3F|23|5B|5D|40|21|24|26|27|28|29|2A|2B|2C|3B|3D)/i.
func encodedReserved(s string, k int) bool {
	c, ok := escapeAt(s, k)
	return ok && strings.IndexByte(":/?#[]@!$&'()*+,;=", c) >= 0
}

// normalizeQuery is what normalize-url makes of a URL's query q (after
// its '?'): the parameters whose name matches /^utm_\w+/i removed, the
// others sorted by name, as URLSearchParams writes them and
// decodeURIComponent decodes them again (but for &, #, ?, % and +, and
// the reserved characters that the query held encoded), each without '='
// when the query gave it none. It returns the search: "" or "?" and the
// parameters.
func normalizeQuery(q string) string {
	if q == "" {
		return ""
	}
	var b strings.Builder
	percentEncode(&b, q, querySet)
	q = b.String()
	original := q
	prefix := ""
	if slices.ContainsFunc(escapes(q), func(k int) bool { return encodedReserved(q, k) }) {
		prefix = tokenPrefix(q)
		var t strings.Builder
		for k := 0; k < len(q); k++ {
			if q[k] == '%' && encodedReserved(q, k) {
				t.WriteString(prefix + strings.ToUpper(q[k+1:k+3]))
				k += 2
				continue
			}
			t.WriteByte(q[k])
		}
		q = t.String()
	}
	pairs := formParse(q)
	kept := pairs[:0]
	for _, p := range pairs {
		if !utmName(untoken(p[0], prefix)) {
			kept = append(kept, p)
		}
	}
	slices.SortStableFunc(kept, func(x, y [2]string) int { return compareUTF16(untoken(x[0], prefix), untoken(y[0], prefix)) })
	search := ""
	if len(kept) > 0 {
		var s strings.Builder
		for i, p := range kept {
			if i > 0 {
				s.WriteByte('&')
			}
			formEncode(&s, p[0])
			s.WriteByte('=')
			formEncode(&s, p[1])
		}
		// Decoded but for %26, %23, %3F, %25 and %2B.
		d := s.String()
		var dec strings.Builder
		for k := 0; k < len(d); k++ {
			if d[k] == '%' {
				if c, _ := escapeAt(d, k); strings.IndexByte("&#?%+", c) < 0 {
					dec.WriteByte(c)
					k += 2
					continue
				}
			}
			dec.WriteByte(d[k])
		}
		search = dec.String()
		if prefix != "" {
			search = retoken(search, prefix)
		}
		var e strings.Builder
		percentEncode(&e, search, querySet)
		search = e.String()
	}
	return emptyQueryValues(search, original)
}

// escapes are the indices of the '%' of s.
func escapes(s string) []int {
	var out []int
	for k := 0; k < len(s); k++ {
		if s[k] == '%' {
			out = append(out, k)
		}
	}
	return out
}

// tokenPrefix is the token normalize-url puts for an encoded reserved
// character of the query q: the first of reservedToken+"N__" whose N the
// query, as it is or decoded, does not use.
func tokenPrefix(q string) string {
	used := map[int]bool{}
	scan := func(s string) {
		for k := strings.Index(s, reservedToken); k >= 0; k = strings.Index(s, reservedToken) {
			s = s[k+len(reservedToken):]
			n := 0
			for n < len(s) && '0' <= s[n] && s[n] <= '9' {
				n++
			}
			if n > 0 && strings.HasPrefix(s[n:], "__") {
				if v, err := strconv.Atoi(s[:n]); err == nil {
					used[v] = true
				}
			}
		}
	}
	scan(q)
	if d, ok := decodeURIWith(q, ""); ok {
		scan(d)
	} else {
		for _, p := range formParse(q) {
			scan(p[0] + "=" + p[1])
		}
	}
	n := 0
	for used[n] {
		n++
	}
	return reservedToken + strconv.Itoa(n) + "__"
}

// untoken is s with the tokens of prefix replaced by the characters they
// stand for.
func untoken(s, prefix string) string {
	if prefix == "" || !strings.Contains(s, prefix) {
		return s
	}
	return replaceTokens(s, prefix, func(c byte) string { return string(rune(c)) })
}

// retoken is s with the tokens of prefix replaced by their escapes.
func retoken(s, prefix string) string {
	return replaceTokens(s, prefix, func(c byte) string {
		var b strings.Builder
		writeEscape(&b, c)
		return b.String()
	})
}

// replaceTokens is s with each token of prefix, followed by the two hex
// digits of character c, replaced by with(c).
func replaceTokens(s, prefix string, with func(c byte) string) string {
	var b strings.Builder
	for {
		k := strings.Index(s, prefix)
		n := k + len(prefix)
		if k < 0 || n+2 > len(s) || hex(s[n]) < 0 || hex(s[n+1]) < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:k])
		b.WriteString(with(byte(hex(s[n])<<4 | hex(s[n+1]))))
		s = s[n+2:]
	}
}

// utmName reports whether a parameter's name matches /^utm_\w+/i.
func utmName(name string) bool {
	return len(name) > 4 && strings.EqualFold(name[:4], "utm_") && (asciiAlnum(name[4]) || name[4] == '_')
}

// formParse is the application/x-www-form-urlencoded parser of
// URLSearchParams: name and value of each non-empty part between '&', '+'
// a space, escapes decoded, bytes that are not UTF-8 U+FFFD.
func formParse(s string) [][2]string {
	var out [][2]string
	for _, part := range strings.Split(s, "&") {
		if part == "" {
			continue
		}
		name, value, _ := strings.Cut(part, "=")
		out = append(out, [2]string{formDecode(name), formDecode(value)})
	}
	return out
}

// formDecode decodes one name or value of a form.
func formDecode(s string) string {
	s = strings.ReplaceAll(s, "+", " ")
	if strings.Contains(s, "%") {
		s = percentDecode(s)
	}
	return strings.ToValidUTF8(s, "\uFFFD")
}

// formEncode writes s as the application/x-www-form-urlencoded
// serializer does: a space as '+', every byte but ASCII letters, digits
// and *-._ percent-encoded.
func formEncode(b *strings.Builder, s string) {
	for k := 0; k < len(s); k++ {
		switch c := s[k]; {
		case c == ' ':
			b.WriteByte('+')
		case asciiAlnum(c) || strings.IndexByte("*-._", c) >= 0:
			b.WriteByte(c)
		default:
			writeEscape(b, c)
		}
	}
}

// compareUTF16 compares two strings by their UTF-16 code units, as
// JavaScript compares strings.
func compareUTF16(x, y string) int {
	if x == y {
		return 0
	}
	a, b := utf16.Encode([]rune(x)), utf16.Encode([]rune(y))
	return slices.Compare(a, b)
}

// emptyQueryValues is normalize-url's normalizeEmptyQueryParameters with
// emptyQueryValue "preserve" on search (the query after sorting) and
// original (the query as given, both after their '?'): a '+' in a name
// is %20, and a parameter without a value keeps a '=' unless the query
// gave it none.
func emptyQueryValues(search, original string) string {
	bare := map[string]bool{}
	for _, part := range strings.Split(original, "&") {
		if part != "" && !strings.Contains(part, "=") {
			bare[decodeQueryKey(part)] = true
		}
	}
	empty := func(key string) string {
		if bare[decodeQueryKey(key)] {
			return key
		}
		return key + "="
	}
	var out []string
	for _, p := range strings.Split(search, "&") {
		if p == "" {
			continue
		}
		key, value, eq := strings.Cut(p, "=")
		key = strings.ReplaceAll(key, "+", "%20")
		switch {
		case !eq:
			out = append(out, empty(key))
		case value != "":
			out = append(out, key+"="+value)
		case key == "":
			out = append(out, "=")
		default:
			out = append(out, empty(key))
		}
	}
	if len(out) == 0 {
		return ""
	}
	return "?" + strings.Join(out, "&")
}

// decodeQueryKey is normalize-url's decoding of a query's name:
// decodeURIComponent after '+' becomes %20, else as URLSearchParams
// decodes it.
func decodeQueryKey(v string) string {
	if d, ok := decodeURIWith(strings.ReplaceAll(v, "+", "%20"), ""); ok {
		return d
	}
	return formDecode(v)
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

// normalizeDataURL is normalize-url's normalizeDataURL of s, a data: URL
// that dataURL accepts: the MIME type lower-cased and left out when it is
// text/plain alone, a charset lower-cased and left out when it is
// us-ascii, the data trimmed when it is base64.
func normalizeDataURL(s string) string {
	typ, rest, _ := strings.Cut(s[len("data:"):], ",")
	data, hash, _ := strings.Cut(rest, "#")
	media := strings.Split(typ, ";")
	base64 := media[len(media)-1] == "base64"
	if base64 {
		media = media[:len(media)-1]
	}
	mime := strings.ToLower(media[0])
	var parts []string
	for _, attr := range media[1:] {
		kv := strings.Split(attr, "=")
		key, value := trim(kv[0]), ""
		if len(kv) > 1 {
			value = trim(kv[1])
		}
		if key == "charset" {
			if value = strings.ToLower(value); value == "us-ascii" {
				continue
			}
		}
		if value != "" {
			key += "=" + value
		}
		if key != "" {
			parts = append(parts, key)
		}
	}
	if base64 {
		parts = append(parts, "base64")
		data = trim(data)
	}
	if len(parts) > 0 || (mime != "" && mime != "text/plain") {
		parts = append([]string{mime}, parts...)
	}
	out := "data:" + strings.Join(parts, ";") + "," + data
	if hash != "" {
		out += "#" + hash
	}
	return out
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
