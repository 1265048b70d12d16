package importvalidate

import (
	"cmp"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/flagadmin/flagadmin/importvalidate/internal/schema"
	"github.com/flagadmin/flagadmin/internal/safetext"
)

// Diagnostic is one finding at one place: a structural problem, or one
// affected item of an issue at one of its locations. Report.Diagnostics
// lists them flat, in the order a reader of the input meets them, and
// Report.Structural holds the structural ones.
type Diagnostic struct {
	// Severity is error or warning.
	Severity Severity `json:"severity"`
	// Category says what the finding is about: the structure, the data
	// (a rule) or the caller's permissions.
	Category Category `json:"category"`
	// Code is the stable code of the problem or rule.
	Code Code `json:"code"`
	// Item is the affected item (a feature name, a permission) as the
	// reference response writes it; "" for a structural problem and for an
	// issue without items.
	Item string `json:"item,omitempty"`
	// Hint is the nearest known name when the finding is about an unknown
	// name close to one: a strategy, context field, segment or tag type
	// (from Item.Hint), or a member the schema does not allow; "" else.
	Hint string `json:"hint,omitempty"`
	// Location is where the finding is in the input. Offset is -1 when it
	// has no place there (a missing permission, the feature limit, or an
	// input given as a decoded value).
	Location Location `json:"location"`
	// ImportAccepts says why Unleash's import accepts the file for a
	// reference error's item all the same (Item.ImportAccepts); the
	// diagnostic is then a warning.
	ImportAccepts string `json:"importAccepts,omitempty"`

	// message is a rule finding's message; problem is what a structural
	// problem found, which Message and FileMessage word.
	message string
	problem *problem
}

// problem is what a structural problem found, and its code's entry,
// which words it and places it in the reference's answer.
type problem struct {
	detail schema.Detail
	info   CodeInfo
	// bare: the version the validation answered as writes pointers
	// without "/body" (wording.bare).
	bare bool
}

// Message is the text of the finding in the reference server's words: a
// rule's message, or a structural problem worded as the 400 answer of the
// version the validation answered as words it, its pointers starting at
// the HTTP request's root ("/body/data"; "data" in Unleash 5.x). It never
// names its own position (see Problems.Details).
func (d Diagnostic) Message() string {
	if d.problem == nil {
		return d.message
	}
	return d.problem.info.words(wording{bare: d.problem.bare}, d.Location.Pointer, &d.problem.detail)
}

// FileMessage is the text of the finding as FormatDiagnostic prints it:
// a structural problem worded for a file, its pointers starting at the
// document's root (the reference's "`/body/data`" reads "`/data`"), under
// the output rule of FormatDiagnostic.
func (d Diagnostic) FileMessage() string {
	if d.problem == nil {
		return safetext.String(d.message)
	}
	return safetext.String(d.problem.info.words(wording{file: true}, d.Location.Pointer, &d.problem.detail))
}

// MarshalJSON writes the diagnostic's members and its Message.
func (d Diagnostic) MarshalJSON() ([]byte, error) {
	type members Diagnostic
	return json.Marshal(struct {
		members
		Message string `json:"message"`
	}{members(d), d.Message()})
}

// UnmarshalJSON reads what MarshalJSON writes, the message as the
// finding's own: a structural problem read back keeps the words it was
// written with.
func (d *Diagnostic) UnmarshalJSON(b []byte) error {
	type members Diagnostic
	var w struct {
		members
		Message string `json:"message"`
	}
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	*d = Diagnostic(w.members)
	d.message = w.Message
	return nil
}

// String formats the diagnostic as "line:col: code: message", with the
// pointer standing in for line:col when the line is unknown, and the item
// in parentheses when there is one.
func (d Diagnostic) String() string {
	s := fmt.Sprintf("%s: %s: %s", d.Location, d.Code, d.Message())
	if d.Item != "" {
		s += " (" + d.Item + ")"
	}
	if d.ImportAccepts != "" {
		s += "; the import accepts it: " + d.ImportAccepts
	}
	return s
}

// label is what a printed line names before the code: "permission" for a
// missing permission, else the severity.
func (d Diagnostic) label() string {
	if d.Category == CategoryPermission && d.ImportAccepts == "" {
		return d.Category.String()
	}
	return d.Severity.String()
}

// located reports whether the diagnostic has a byte offset in the input.
func (d Diagnostic) located() bool { return d.Location.Offset >= 0 }

// Diagnostics returns every finding of the report, one per place: each
// structural problem, and each item of each issue at each of its
// locations (an item without a location once). Located findings come
// first, by byte offset; the others follow in report order (catalogue
// order, errors before warnings before permissions).
func (r *Report) Diagnostics() []Diagnostic {
	out := make([]Diagnostic, 0, len(r.Structural)+len(r.Issues))
	r.each(func(d Diagnostic) { out = append(out, d) })
	slices.SortStableFunc(out, func(a, b Diagnostic) int { return a.compare(b) })
	return out
}

// FirstDiagnostics returns the first n diagnostics, in the order of
// Diagnostics, that keep accepts, and how many more it accepts, without
// listing the others: for a caller that shows a bounded number of the
// findings of a large report.
func (r *Report) FirstDiagnostics(n int, keep func(Diagnostic) bool) (first []Diagnostic, more int) {
	// The n first by (place, report order), in a heap whose root is the
	// last of them.
	type entry struct {
		d   Diagnostic
		seq int
	}
	later := func(a, b entry) bool { return cmp.Or(a.d.compare(b.d), cmp.Compare(a.seq, b.seq)) > 0 }
	var top []entry
	seq := 0
	r.each(func(d Diagnostic) {
		if !keep(d) {
			return
		}
		e := entry{d, seq}
		seq++
		switch {
		case len(top) < n:
			top = append(top, e)
			for i := len(top) - 1; i > 0 && later(top[i], top[(i-1)/2]); i = (i - 1) / 2 {
				top[i], top[(i-1)/2] = top[(i-1)/2], top[i]
			}
			return
		case n == 0 || !later(top[0], e):
			more++
			return
		}
		more++
		top[0] = e
		for i := 0; ; {
			m := i
			for _, c := range []int{2*i + 1, 2*i + 2} {
				if c < len(top) && later(top[c], top[m]) {
					m = c
				}
			}
			if m == i {
				break
			}
			top[i], top[m] = top[m], top[i]
			i = m
		}
	})
	if len(top) == 0 {
		return nil, more
	}
	slices.SortFunc(top, func(a, b entry) int { return cmp.Or(a.d.compare(b.d), cmp.Compare(a.seq, b.seq)) })
	first = make([]Diagnostic, len(top))
	for i := range top {
		first[i] = top[i].d
	}
	return first, more
}

// compare orders d and e as Diagnostics lists them: located findings
// first, by byte offset; the others equal.
func (d Diagnostic) compare(e Diagnostic) int {
	switch {
	case d.located() && e.located():
		return cmp.Compare(d.Location.Offset, e.Location.Offset)
	case d.located():
		return -1
	case e.located():
		return 1
	}
	return 0
}

// each calls f with every finding of the report, one per place, in
// report order: the structural problems, then each item of each issue at
// each of its locations (see Diagnostics).
func (r *Report) each(f func(Diagnostic)) {
	for _, d := range r.Structural {
		f(d)
	}
	for _, is := range r.Issues {
		d := Diagnostic{Severity: is.Severity, Category: is.Category, Code: is.Code, message: is.Message,
			Location: Location{Offset: -1}}
		if len(is.Items) == 0 {
			d.ImportAccepts = is.ImportAccepts
			if d.ImportAccepts != "" {
				d.Severity = SeverityWarning
			}
			f(d)
			continue
		}
		for _, it := range is.Items {
			d.Item, d.Hint, d.ImportAccepts, d.Severity = it.Value, it.Hint, it.ImportAccepts, is.Severity
			if d.ImportAccepts != "" {
				d.Severity = SeverityWarning
			}
			if len(it.Locations) == 0 {
				d.Location = Location{Offset: -1}
				f(d)
				continue
			}
			for _, l := range it.Locations {
				d.Location = l
				f(d)
			}
		}
	}
}
