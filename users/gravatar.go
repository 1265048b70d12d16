package users

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/flagadmin/flagadmin/model"
)

// GravatarURL returns the fallback profile image URL of u, derived as the
// reference server derives it: https://gravatar.com/avatar/<hex>?s=42&d=retro&r=g,
// where <hex> is the SHA-256 of the UTF-8 bytes of an ident. The ident is
// the first non-empty of u's email, username and decimal id; unless it
// starts with "@" (the reference tests ident.indexOf('@') for truth, which
// fails only at index 0) it is lower-cased as JavaScript's toLowerCase
// does (full Unicode case mapping: "İ" becomes "i̇", a final "Σ" becomes
// "ς"); then it is trimmed as JavaScript's trim does (the whitespace and
// line terminators of JavaScript, among them U+00A0 and U+FEFF but not
// U+0085). The "@" test sees the ident before trimming, so " @Ann" is
// lower-cased and "@Ann" is not.
//
// A JavaScript string holds UTF-16 code units; here invalid UTF-8 (a lone
// surrogate encoded in WTF-8 included) counts as U+FFFD, which is also
// what the reference hashes for a lone surrogate.
func GravatarURL(u model.User) string {
	ident := deref(u.Email)
	if ident == "" {
		ident = deref(u.Username)
	}
	if ident == "" {
		ident = strconv.FormatInt(u.ID, 10)
	}
	ident = validUTF8(ident)
	if !strings.HasPrefix(ident, "@") {
		ident = jsToLower(ident)
	}
	ident = strings.TrimFunc(ident, jsSpace)
	sum := sha256.Sum256([]byte(ident))
	return "https://gravatar.com/avatar/" + hex.EncodeToString(sum[:]) + "?s=42&d=retro&r=g"
}

// validUTF8 replaces each invalid byte of s with U+FFFD, and a three-byte
// encoded surrogate with a single U+FFFD.
func validUTF8(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		if s[i] == 0xED && i+2 < len(s) && s[i+1] >= 0xA0 && s[i+1] <= 0xBF && s[i+2] >= 0x80 && s[i+2] <= 0xBF {
			b.WriteRune(utf8.RuneError)
			i += 3
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		b.WriteRune(r)
		i += n
	}
	return b.String()
}

// jsSpace reports whether r is trimmed by JavaScript's trim: WhiteSpace
// (tab, vertical tab, form feed, space, U+00A0, U+FEFF and the other
// space separators) or LineTerminator (LF, CR, U+2028, U+2029).
func jsSpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ', 0xA0, 0x1680, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF:
		return true
	}
	return r >= 0x2000 && r <= 0x200A
}

// jsToLower lower-cases s as JavaScript's toLowerCase does: the full,
// language-independent mapping of Unicode, with U+0130 becoming "i" and a
// combining dot above, and a capital sigma becoming final sigma at the
// end of a word.
func jsToLower(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return strings.ToLower(s)
	}
	var b strings.Builder
	b.Grow(len(s))
	for i, r := range s {
		switch r {
		case 0x130:
			b.WriteString("i\u0307")
		case 0x3A3:
			if finalSigma(s, i) {
				b.WriteRune(0x3C2)
			} else {
				b.WriteRune(0x3C3)
			}
		default:
			b.WriteRune(lowerRune(r))
		}
	}
	return b.String()
}

// lowerRune is the simple lower-case mapping of r, including the
// mappings of Unicode 16 and 17, which JavaScript engines built on a
// recent ICU apply and Go's unicode tables (Unicode 15) lack.
func lowerRune(r rune) rune {
	switch {
	case r == 0x1C89:
		return 0x1C8A
	case r == 0xA7CB:
		return 0x264
	case r == 0xA7DC:
		return 0x19B
	case r == 0xA7CC || r == 0xA7CE || r == 0xA7D2 || r == 0xA7D4 || r == 0xA7DA:
		return r + 1
	case r >= 0x10D50 && r <= 0x10D65:
		return r + 0x20
	case r >= 0x16EA0 && r <= 0x16EB8:
		return r + 0x1B
	}
	return unicode.ToLower(r)
}

// finalSigma reports whether the capital sigma at byte i of s is at the
// end of a word (Unicode's Final_Sigma condition): a cased letter comes
// before it and none after it, skipping case-ignorable characters.
func finalSigma(s string, i int) bool {
	before := false
	for j := i; j > 0; {
		r, n := utf8.DecodeLastRuneInString(s[:j])
		j -= n
		if caseIgnorable(r) {
			continue
		}
		before = cased(r)
		break
	}
	if !before {
		return false
	}
	for _, r := range s[i+utf8.RuneLen(0x3A3):] {
		if caseIgnorable(r) {
			continue
		}
		return !cased(r)
	}
	return true
}

// cased is Unicode's Cased property, with the letters of Unicode 16 and
// 17 that lowerRune maps.
func cased(r rune) bool {
	return unicode.In(r, unicode.Lu, unicode.Ll, unicode.Lt, unicode.Other_Lowercase, unicode.Other_Uppercase) ||
		lowerRune(r) != r || r == 0x1C8A || r == 0xA7CD || r == 0xA7CF || r == 0xA7D3 || r == 0xA7D5 || r == 0xA7DB ||
		r >= 0x10D70 && r <= 0x10D85 || r >= 0x16EBB && r <= 0x16ED3
}

// caseIgnorable is Unicode's Case_Ignorable property: marks, format
// characters, modifier letters and symbols, and the word-internal
// punctuation of word breaking (apostrophes, periods, colons and the like).
func caseIgnorable(r rune) bool {
	switch r {
	case '\'', '.', ':', '^', '`', 0xA8, 0xAD, 0xAF, 0xB4, 0xB7, 0xB8, 0x387, 0x55F, 0x5F4,
		0x2018, 0x2019, 0x2024, 0x2027, 0xFE13, 0xFE52, 0xFE55, 0xFF07, 0xFF0E, 0xFF1A:
		return true
	}
	return unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf, unicode.Lm, unicode.Sk)
}
