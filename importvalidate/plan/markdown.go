package plan

import (
	"fmt"
	"io"
	"strings"
)

// MarkdownOptions configure WriteMarkdown.
type MarkdownOptions struct {
	// Title heads the plan, such as the file's name; "" means none. It is
	// escaped for Markdown.
	Title string
	// File names the validated file in the places of the failures (see
	// TextOptions.File).
	File string
	// MaxBytes bounds the output (a GitHub comment takes 65 536
	// characters): past it the plan's lines are cut, with a line saying
	// how many were left out. 0 means no bound.
	MaxBytes int
}

// WriteMarkdown writes p for a pull-request comment: a heading, the
// summary line in bold, and the lines of the text form in a diff block,
// "+" (created, added) and "-" (removed) moved to the first column so
// that the block colours them; the other lines are context lines that
// keep their marks, as the text form has them ("~" updated or changed,
// "=" unchanged, "!" skipped). Names and values follow
// package safetext's rule, and the block's fence is longer than any run
// of backquotes in it, so that nothing from the file ends it early.
func WriteMarkdown(w io.Writer, p *Plan, o MarkdownOptions) error {
	var body []string
	for _, l := range lines(p, o.File) {
		mark := " "
		text := l.text
		switch l.mark {
		case "+", "-":
			mark = l.mark
		case "~", "=", "!":
			text = l.mark + " " + text
		}
		body = append(body, mark+" "+strings.Repeat(" ", l.indent)+text)
	}
	longest := 0
	for _, l := range body {
		run := 0
		for _, r := range l {
			if r == '`' {
				run++
				longest = max(longest, run)
			} else {
				run = 0
			}
		}
	}
	fence := strings.Repeat("`", max(3, longest+1))
	var b strings.Builder
	if o.Title != "" {
		b.WriteString("#### " + escapeMarkdown(printable(o.Title)) + "\n\n")
	}
	b.WriteString("**" + escapeMarkdown(Summary(p)) + "**\n\n")
	if len(body) > 0 {
		b.WriteString(fence + "diff\n")
		closing := fence + "\n"
		for i, l := range body {
			if o.MaxBytes > 0 && b.Len()+len(l)+1+len(closing)+80 > o.MaxBytes {
				fmt.Fprintf(&b, "  … %d more lines\n", len(body)-i)
				break
			}
			b.WriteString(l + "\n")
		}
		b.WriteString(closing)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// escapeMarkdown escapes with a backslash every character of s that
// Markdown may read as markup, so that s is read as plain text.
func escapeMarkdown(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r < 0x80 && strings.ContainsRune("\\`*_{}[]()#+-.!|<>~&", r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}
