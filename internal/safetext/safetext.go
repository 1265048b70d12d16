// Package safetext is the one rule by which text that comes from the input
// (feature, strategy and segment names, unknown JSON keys, values, file
// names, and the messages that quote them) is written where a person or a
// CI log reads it: a terminal, a GitHub Actions log, an XML or JSON report.
//
// The rule: text is valid UTF-8, and none of these is written raw:
//
//   - control characters (C0, DEL, C1), which drive terminals (ESC c, CSI,
//     OSC 8 links and window titles, backspace) and break lines;
//   - the bidirectional formatting characters U+061C, U+200E, U+200F,
//     U+202A-U+202E and U+2066-U+2069, which reorder what is shown;
//   - the line and paragraph separators U+2028 and U+2029;
//   - the noncharacters U+FFFE and U+FFFF, which XML 1.0 forbids;
//   - the two markers of GitHub Actions workflow commands: "::" at the
//     start of a line (after blanks) and "##[" anywhere.
//
// Each is written as a JSON-style escape: \b \t \n \f \r, \u001b, \u202e;
// a marker has one character escaped ("\u003a:", "##\u005b"). An ill-formed
// UTF-8 sequence is repaired as jsonwire.AppendPrintable does (an unpaired
// surrogate as its \udxxx escape, anything else as U+FFFD). Since every
// escape is one JSON accepts inside a string, the rule applied to a JSON
// document (Text) leaves its values as they were.
//
// String applies the rule to one piece of text, Text to text of several
// lines (keeping its line breaks and tabs), Writer to a stream.
package safetext

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/flagadmin/flagadmin/internal/jsonwire"
)

// Unsafe reports whether r is never written raw.
func Unsafe(r rune) bool {
	switch {
	case r < 0x20, r >= 0x7f && r <= 0x9f:
		return true
	case r < 0x061c:
		return false
	}
	switch r {
	case 0x061c, 0x200e, 0x200f, 0x2028, 0x2029,
		0x202a, 0x202b, 0x202c, 0x202d, 0x202e,
		0x2066, 0x2067, 0x2068, 0x2069,
		0xfffe, 0xffff:
		return true
	}
	return false
}

// String returns s under the rule, as one piece of text: its line breaks
// and tabs are escaped too. It returns s itself when nothing changes.
func String(s string) string { return apply(s, false) }

// Text returns s under the rule, as text of several lines: line feeds and
// tabs are kept, and each line is checked for a leading "::". It returns s
// itself when nothing changes.
func Text(s string) string { return apply(s, true) }

// apply is String, or Text when lines is true.
func apply(s string, lines bool) string {
	if clean(s, lines) {
		return s
	}
	return string(appendRule(make([]byte, 0, len(s)+16), jsonwire.Printable(s), lines))
}

// clean reports whether s needs no change: ASCII printable (with line
// feeds and tabs when lines) or other safe runes, no marker.
func clean(s string, lines bool) bool {
	if !utf8.ValidString(s) || strings.Contains(s, "##[") || leadingMarker(s) {
		return false
	}
	for i, r := range s {
		if r == '\n' && lines {
			if leadingMarker(s[i+1:]) {
				return false
			}
			continue
		}
		if r == '\t' && lines {
			continue
		}
		if Unsafe(r) {
			return false
		}
	}
	return true
}

// leadingMarker reports whether s starts with "::" after blanks, as a
// workflow command line does once the runner trims it.
func leadingMarker(s string) bool {
	return strings.HasPrefix(strings.TrimLeftFunc(s, unicode.IsSpace), "::")
}

// appendRule appends the valid UTF-8 s to dst under the rule.
func appendRule(dst []byte, s string, lines bool) []byte {
	lineStart := true
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case lineStart && leadingMarker(s[i:]):
			// Copy the blanks, then escape the first colon.
			blanks := len(s[i:]) - len(strings.TrimLeftFunc(s[i:], unicode.IsSpace))
			for _, b := range s[i : i+blanks] {
				dst = appendRune(dst, b, lines)
			}
			dst = append(dst, `\u003a`...)
			i += blanks + 1
			lineStart = false
			continue
		case r == '#' && strings.HasPrefix(s[i:], "##["):
			dst = append(dst, `##\u005b`...)
			i += 3
		default:
			dst = appendRune(dst, r, lines)
			i += n
		}
		lineStart = lines && r == '\n'
	}
	return dst
}

// appendRune appends r, escaped when it is unsafe (a line feed or a tab
// is kept when lines).
func appendRune(dst []byte, r rune, lines bool) []byte {
	if !Unsafe(r) || lines && (r == '\n' || r == '\t') {
		return utf8.AppendRune(dst, r)
	}
	switch r {
	case '\b':
		return append(dst, `\b`...)
	case '\t':
		return append(dst, `\t`...)
	case '\n':
		return append(dst, `\n`...)
	case '\f':
		return append(dst, `\f`...)
	case '\r':
		return append(dst, `\r`...)
	}
	const hex = "0123456789abcdef"
	return append(dst, '\\', 'u', hex[r>>12&0xf], hex[r>>8&0xf], hex[r>>4&0xf], hex[r&0xf])
}

// Writer writes what is written to it under the rule, as Text does, to an
// underlying writer: for a stream of lines such as standard error. Each
// Write is taken as whole lines' worth of text (fmt and log write so); a
// line that spans several writes is checked for its leading marker where
// it starts.
type Writer struct {
	mu      sync.Mutex
	w       io.Writer
	midLine bool
}

// NewWriter returns a Writer that writes to w. Its writes are serialised,
// so that several goroutines may share it.
func NewWriter(w io.Writer) *Writer { return &Writer{w: w} }

// Write writes p under the rule. It reports len(p) when the underlying
// write succeeds, whatever the escaped length.
func (w *Writer) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	s := string(p)
	var out string
	if w.midLine {
		// The first line continues one already started, which cannot
		// start with a marker any more.
		out = Text("x" + s)[1:]
	} else {
		out = Text(s)
	}
	if len(s) > 0 {
		w.midLine = s[len(s)-1] != '\n'
	}
	if _, err := io.WriteString(w.w, out); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Check reports the first thing in s, text of several lines, that the
// rule keeps from being written raw: an ill-formed UTF-8 sequence, an
// unsafe character other than a line feed or a tab, a "##[", or a line
// that starts with "::" after blanks; "" when there is none. Whatever Text
// returns passes it. A format that writes workflow commands on purpose
// checks its own lines apart.
func Check(s string) string {
	if !utf8.ValidString(s) {
		return "ill-formed UTF-8"
	}
	if i := strings.Index(s, "##["); i >= 0 {
		return fmt.Sprintf("%q at byte %d", "##[", i)
	}
	for n, line := range strings.Split(s, "\n") {
		if leadingMarker(line) {
			return fmt.Sprintf("line %d starts with \"::\"", n+1)
		}
	}
	for i, r := range s {
		if r != '\n' && r != '\t' && Unsafe(r) {
			return fmt.Sprintf("%U at byte %d", r, i)
		}
	}
	return ""
}
