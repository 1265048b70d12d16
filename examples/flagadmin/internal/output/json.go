package output

import (
	"bytes"
	"encoding/json"
	"io"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/internal/safetext"
)

// jsonOut writes one JSON document: every file with its findings in file
// order, each finding's place as a pointer from the file's root, the
// counts of each file and of the run.
type jsonOut struct {
	w     io.Writer
	files []jsonFile
}

type jsonFile struct {
	File        string                `json:"file"`
	Project     string                `json:"project"`
	Environment string                `json:"environment"`
	RulesRan    bool                  `json:"rulesRan"`
	Failed      bool                  `json:"failed"`
	Counts      importvalidate.Counts `json:"counts"`
	Omitted     map[string]int        `json:"omitted,omitempty"`
	Findings    []jsonFinding         `json:"findings"`
	VersionNote string                `json:"versionNote,omitempty"`
}

type jsonFinding struct {
	Severity string `json:"severity"`
	Category string `json:"category"`
	Code     string `json:"code"`
	Message  string `json:"message"`
	Item     string `json:"item,omitempty"`
	Hint     string `json:"hint,omitempty"`
	// Pointer, Line and Column are omitted for a finding without a place
	// in the file.
	Pointer *string `json:"pointer,omitempty"`
	Offset  *int64  `json:"offset,omitempty"`
	Line    int     `json:"line,omitempty"`
	Column  int     `json:"column,omitempty"`
}

func (o *jsonOut) File(f File) error {
	jf := jsonFile{File: name(f), Project: safetext.String(f.Report.Project), Environment: safetext.String(f.Report.Environment),
		RulesRan: !f.Report.Structural.HasErrors(), Failed: f.Failed, Counts: f.Counts, Omitted: f.Omitted,
		Findings: make([]jsonFinding, 0, len(f.Shown)), VersionNote: f.Report.VersionNote}
	for _, d := range f.Shown {
		jd := jsonFinding{Severity: d.Severity.String(), Category: d.Category.String(), Code: string(d.Code),
			Message: d.FileMessage(), Item: safetext.String(d.Item), Hint: d.Hint}
		if l := d.Location; l.Offset >= 0 {
			p, off := l.Pointer, l.Offset
			jd.Pointer, jd.Offset, jd.Line, jd.Column = &p, &off, l.Line, l.Column
		}
		jf.Findings = append(jf.Findings, jd)
	}
	o.files = append(o.files, jf)
	return nil
}

func (o *jsonOut) Close(t Totals) error {
	files := o.files
	if files == nil {
		files = []jsonFile{}
	}
	return encodeJSON(o.w, struct {
		Files  []jsonFile            `json:"files"`
		Failed int                   `json:"failed"`
		Counts importvalidate.Counts `json:"counts"`
	}{files, t.Failed, t.Counts})
}

// encodeJSON writes v indented, without HTML escaping, under the output
// rule (safetext.Text, whose escapes JSON reads as the characters they
// stand for).
func encodeJSON(w io.Writer, v any) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return err
	}
	_, err := io.WriteString(w, safetext.Text(b.String()))
	return err
}
