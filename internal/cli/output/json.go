package output

import (
	"encoding/json"
	"io"

	"github.com/flagadmin/flagadmin/importvalidate"
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
	jf := jsonFile{File: f.Name, Project: f.Report.Project, Environment: f.Report.Environment,
		RulesRan: !f.Report.Structural.HasErrors(), Failed: f.Failed, Counts: f.Counts, Omitted: f.Omitted,
		Findings: make([]jsonFinding, 0, len(f.Shown))}
	for _, d := range f.Shown {
		jd := jsonFinding{Severity: d.Severity.String(), Category: d.Category.String(), Code: d.Code,
			Message: d.FileMessage(), Item: d.FileItem(), Hint: d.Hint}
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

// encodeJSON writes v indented, without HTML escaping.
func encodeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
