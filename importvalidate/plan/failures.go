package plan

import (
	"fmt"
	"strconv"
	"unicode/utf8"
)

// DefaultMaxFailures is how many failures a plan lists when
// Options.MaxFailures is 0; Plan.MoreFailures counts the others.
const DefaultMaxFailures = 100

// fail notes a reason for which the import will be refused. Past the
// first maxFailures, the reason is only counted: a file may give a reason
// per item, and its message is then not even formatted.
func (a *applier) fail(format string, args ...any) {
	if len(a.failures) >= a.maxFailures {
		a.moreFailures++
		return
	}
	a.failures = append(a.failures, fmt.Sprintf(format, args...))
}

// maxQuoted is the number of bytes of a name or value that a failure's
// message quotes; a longer one is cut there (at a character's start) and
// ends in "…".
const maxQuoted = 64

// short is s cut to maxQuoted bytes, for a message.
func short(s string) string {
	if len(s) <= maxQuoted {
		return s
	}
	cut := maxQuoted
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

// quote is s, cut as short cuts it, in Go's double quotes.
func quote(s string) string { return strconv.Quote(short(s)) }
