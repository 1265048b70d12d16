package plan

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/internal/safetext"
)

// Text options.
type TextOptions struct {
	// Color marks the lines with ANSI colours (for a terminal).
	Color bool
	// File names the validated file in the places of the failures, as
	// importvalidate.FormatDiagnostic does ("file:line:col: error code:
	// message"); "" starts them with the place alone.
	File string
}

const (
	green  = "\x1b[32m"
	yellow = "\x1b[33m"
	red    = "\x1b[31m"
	dim    = "\x1b[2m"
	reset  = "\x1b[0m"
)

// line is a line of a plan's text: indent spaces, a mark ("+", "-",
// "~", "=", "!" or none) and the text after it, in a colour on a
// terminal.
type line struct {
	indent int
	mark   string
	text   string
	color  string
}

// WriteText writes p for a person to read at a glance: one line per
// feature, "+" create, "~" update, "=" unchanged, "!" skip; under a
// create, what the feature brings, and under an update, one line per
// aspect that changes and per item ("+" added, with its settings under
// it, "-" removed, "~" changed, with its changed fields) and its notes
// ("file:line:col: note code: message"); then what the
// import creates besides, the failures it will meet, and the summary
// line (see Summary). Names and values are printed under package
// safetext's rule: control characters, bidirectional overrides and line
// separators escaped.
func WriteText(w io.Writer, p *Plan, o TextOptions) error {
	var b strings.Builder
	for _, l := range lines(p, o.File) {
		s := strings.Repeat(" ", l.indent)
		if l.mark != "" {
			s += l.mark + " "
		}
		s += l.text
		if o.Color && l.color != "" {
			s = l.color + s + reset
		}
		b.WriteString(s + "\n")
	}
	b.WriteString(Summary(p) + "\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// lines are the lines of p's text, the summary left out; file names the
// validated file in the failures' places.
func lines(p *Plan, file string) []line {
	var out []line
	add := func(indent int, mark, text, color string) {
		out = append(out, line{indent: indent, mark: mark, text: text, color: color})
	}
	for _, f := range p.Features {
		switch f.Action {
		case Create:
			add(0, "+", printable(f.Name), green)
		case Unchanged:
			add(0, "=", printable(f.Name), dim)
		case Skip:
			add(0, "!", printable(f.Name)+" (skipped: "+f.Reason+")", dim)
		case Update:
			add(0, "~", printable(f.Name), yellow)
		}
		changes := f.Changes
		if f.Action != Update && f.Action != Create {
			changes = nil
		}
		for _, c := range changes {
			if c.From != "" || c.To != "" {
				if f.Action == Create {
					add(4, "", fmt.Sprintf("%s: %s", c.Aspect, printable(c.To)), "")
				} else {
					add(4, "", fmt.Sprintf("%s: %s -> %s", c.Aspect, orAbsent(c.From), orAbsent(c.To)), "")
				}
				continue
			}
			add(4, "", string(c.Aspect)+":", "")
			for _, it := range c.Removed {
				add(6, "-", printable(it.Key), red)
			}
			for _, it := range c.Added {
				add(6, "+", printable(it.Key), green)
				for _, fv := range settings(c.Aspect, it.Value) {
					add(10, "", printable(fv[0])+": "+printable(fv[1]), "")
				}
			}
			for _, ch := range c.Changed {
				add(6, "~", printable(ch.Key), yellow)
				for _, fc := range ch.Fields {
					add(10, "", fmt.Sprintf("%s: %s -> %s", printable(fc.Field), orAbsent(fc.From), orAbsent(fc.To)), "")
				}
			}
		}
		for _, n := range f.Notes {
			add(4, "", printable(noteLine(file, n)), "")
		}
	}
	for _, n := range p.ContextFields {
		add(0, "+", "context field "+printable(n), green)
	}
	for _, n := range p.TagTypes {
		add(0, "+", "tag type "+printable(n), green)
	}
	for _, f := range p.Failures {
		add(0, "", failureLine(file, f), red)
	}
	if p.MoreFailures > 0 {
		add(0, "", fmt.Sprintf("error: %d more", p.MoreFailures), red)
	}
	return out
}

// keyMembers are the members of an added item of each aspect that its
// key already names.
var keyMembers = map[Aspect][]string{
	AspectStrategies:   {"name", "title"},
	AspectVariants:     {"name"},
	AspectTags:         {"type", "value"},
	AspectDependencies: {"feature"},
	AspectLinks:        {"url", "title"},
}

// settings lists the members of value, the JSON text of an added item of
// aspect, that its key does not name, each with its JSON text, in their
// order; empty ones (null, [], {}) and a strategy's "disabled": false are
// left out.
func settings(aspect Aspect, value string) [][2]string {
	dec := json.NewDecoder(strings.NewReader(value))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil
	}
	var out [][2]string
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return out
		}
		k, _ := t.(string)
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return out
		}
		v := string(bytes.TrimSpace(raw))
		skip := v == "null" || v == "[]" || v == "{}" || (k == "disabled" && v == "false")
		for _, m := range keyMembers[aspect] {
			skip = skip || k == m
		}
		if !skip {
			out = append(out, [2]string{k, v})
		}
	}
	return out
}

// failureLine is f as importvalidate.FormatDiagnostic prints it in file,
// or, when file is "", from its place on: "3:15: error code: message".
func failureLine(file string, f importvalidate.Diagnostic) string {
	s := importvalidate.FormatDiagnostic(file, f)
	if file == "" {
		s = strings.TrimPrefix(strings.TrimPrefix(s, ":"), " ")
	}
	return s
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
	if p.Refused() {
		return "Plan: the import will be refused (" + failureCounts(p) + "); nothing changes."
	}
	c := p.Count()
	return fmt.Sprintf("Plan: %d to create, %d to update, %d unchanged, %d skipped; %d %s and %d %s to create.",
		c.Create, c.Update, c.Unchanged, c.Skip,
		len(p.ContextFields), plural(len(p.ContextFields), "context field", "context fields"),
		len(p.TagTypes), plural(len(p.TagTypes), "tag type", "tag types"))
}

// failureCounts counts p's failures in the unit of importvalidate.Counts,
// a missing permission as one, as validate counts it: "2 errors", "1
// missing permission", "2 errors and 1 missing permission". The failures
// past those listed count as errors: a missing permission, which has no
// place in the file, is listed after them all.
func failureCounts(p *Plan) string {
	c := importvalidate.CountDiagnostics(p.Failures)
	c.Errors += p.MoreFailures
	var parts []string
	if c.Errors > 0 {
		parts = append(parts, fmt.Sprintf("%d %s", c.Errors, plural(c.Errors, "error", "errors")))
	}
	if c.Permissions > 0 {
		parts = append(parts, fmt.Sprintf("%d %s", c.Permissions, plural(c.Permissions, "missing permission", "missing permissions")))
	}
	return strings.Join(parts, " and ")
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
