package plan

import (
	"fmt"
	"io"
	"strings"

	"github.com/flagadmin/flagadmin/internal/safetext"
)

// Text options.
type TextOptions struct {
	// Color marks the lines with ANSI colours (for a terminal).
	Color bool
}

const (
	green  = "\x1b[32m"
	yellow = "\x1b[33m"
	red    = "\x1b[31m"
	dim    = "\x1b[2m"
	reset  = "\x1b[0m"
)

// WriteText writes p for a person to read at a glance: one line per
// feature, "+" create, "~" update, "=" unchanged, "!" skip; under an
// update, one line per aspect and per item ("+" added, "-" removed, "~"
// changed); then what the import creates besides, the failures it will
// meet, and the summary line (see Summary). Names and values are printed
// under package safetext's rule: control characters, bidirectional
// overrides and line separators escaped.
func WriteText(w io.Writer, p *Plan, o TextOptions) error {
	var b strings.Builder
	paint := func(color, s string) string {
		if o.Color {
			return color + s + reset
		}
		return s
	}
	for _, f := range p.Features {
		switch f.Action {
		case Create:
			b.WriteString(paint(green, "+ "+printable(f.Name)) + "\n")
		case Unchanged:
			b.WriteString(paint(dim, "= "+printable(f.Name)) + "\n")
		case Skip:
			b.WriteString(paint(dim, "! "+printable(f.Name)+" (skipped: "+f.Reason+")") + "\n")
		case Update:
			b.WriteString(paint(yellow, "~ "+printable(f.Name)) + "\n")
		}
		if f.Action != Update && f.Action != Create {
			continue
		}
		for _, c := range f.Changes {
			if c.From != "" || c.To != "" {
				if f.Action == Create {
					fmt.Fprintf(&b, "    %s: %s\n", c.Aspect, printable(c.To))
				} else {
					fmt.Fprintf(&b, "    %s: %s -> %s\n", c.Aspect, printable(c.From), printable(c.To))
				}
				continue
			}
			fmt.Fprintf(&b, "    %s:\n", c.Aspect)
			for _, it := range c.Removed {
				b.WriteString(paint(red, "      - "+printable(it.Key)) + "\n")
			}
			for _, it := range c.Added {
				b.WriteString(paint(green, "      + "+printable(it.Key)) + "\n")
			}
			for _, ch := range c.Changed {
				b.WriteString(paint(yellow, "      ~ "+printable(ch.Key)) + "\n")
				for _, fc := range ch.Fields {
					fmt.Fprintf(&b, "          %s: %s -> %s\n", printable(fc.Field), orAbsent(fc.From), orAbsent(fc.To))
				}
			}
		}
	}
	for _, n := range p.ContextFields {
		b.WriteString(paint(green, "+ context field "+printable(n)) + "\n")
	}
	for _, n := range p.TagTypes {
		b.WriteString(paint(green, "+ tag type "+printable(n)) + "\n")
	}
	for _, f := range p.Failures {
		b.WriteString(paint(red, "error: "+printable(f)) + "\n")
	}
	if p.MoreFailures > 0 {
		b.WriteString(paint(red, fmt.Sprintf("error: %d more", p.MoreFailures)) + "\n")
	}
	b.WriteString(Summary(p) + "\n")
	_, err := io.WriteString(w, b.String())
	return err
}

func orAbsent(s string) string {
	if s == "" {
		return "(none)"
	}
	return printable(s)
}

// Summary is the plan's summary line, such as "Plan: 1 to create, 2 to
// update, 3 unchanged, 0 skipped; 1 context field and 0 tag types to
// create." or, when the import will be refused, "Plan: the import will
// be refused (2 errors); nothing changes."
func Summary(p *Plan) string {
	if n := len(p.Failures) + p.MoreFailures; n > 0 {
		return fmt.Sprintf("Plan: the import will be refused (%d %s); nothing changes.", n, plural(n, "error", "errors"))
	}
	c := p.Count()
	return fmt.Sprintf("Plan: %d to create, %d to update, %d unchanged, %d skipped; %d %s and %d %s to create.",
		c.Create, c.Update, c.Unchanged, c.Skip,
		len(p.ContextFields), plural(len(p.ContextFields), "context field", "context fields"),
		len(p.TagTypes), plural(len(p.TagTypes), "tag type", "tag types"))
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// printable writes a name or value from the file under the output rule
// of package safetext (control characters, bidirectional overrides, line
// separators and workflow-command markers escaped, ill-formed UTF-8
// repaired), so that it cannot drive the terminal or a CI log.
func printable(s string) string { return safetext.String(s) }
