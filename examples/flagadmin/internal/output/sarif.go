package output

import (
	"io"
	"maps"
	"path/filepath"
	"slices"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/internal/safetext"
)

// sarif writes a SARIF 2.1.0 log (the format GitHub code scanning reads)
// with one run: a rule per code found, with its description, and a result
// per finding, with its file and region. A missing permission is a note.
// The JSON is written with encoding/json from the few types below: the
// subset of the schema code scanning reads needs no library.
type sarif struct {
	w       io.Writer
	results []sarifResult
	codes   map[string]bool
}

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool    sarifTool     `json:"tool"`
	Results []sarifResult `json:"results"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	InformationURI string      `json:"informationUri"`
	Rules          []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID               string       `json:"id"`
	ShortDescription sarifMessage `json:"shortDescription"`
	Help             sarifMessage `json:"help"`
}

type sarifMessage struct {
	Text string `json:"text"`
}

type sarifResult struct {
	RuleID    string          `json:"ruleId"`
	Level     string          `json:"level"`
	Message   sarifMessage    `json:"message"`
	Locations []sarifLocation `json:"locations"`
}

type sarifLocation struct {
	PhysicalLocation sarifPhysical `json:"physicalLocation"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           *sarifRegion  `json:"region,omitempty"`
}

type sarifArtifact struct {
	URI string `json:"uri"`
}

type sarifRegion struct {
	StartLine   int   `json:"startLine"`
	StartColumn int   `json:"startColumn"`
	ByteOffset  int64 `json:"byteOffset"`
}

func (o *sarif) File(f File) error {
	if o.codes == nil {
		o.codes = map[string]bool{}
	}
	for _, d := range f.Shown {
		o.codes[string(d.Code)] = true
		level := kindName(d, "note", "warning", "error")
		loc := sarifPhysical{ArtifactLocation: sarifArtifact{URI: uri(f.Name)}}
		if l := d.Location; l.Line > 0 {
			loc.Region = &sarifRegion{StartLine: l.Line, StartColumn: l.Column, ByteOffset: l.Offset}
		}
		o.results = append(o.results, sarifResult{RuleID: string(d.Code), Level: level,
			Message: sarifMessage{d.Text()}, Locations: []sarifLocation{{loc}}})
	}
	return nil
}

func (o *sarif) Close(Totals) error {
	codes := slices.Sorted(maps.Keys(o.codes))
	rules := make([]sarifRule, len(codes))
	for i, c := range codes {
		summary := importvalidate.Code(c).Summary()
		if summary == "" {
			summary = c
		}
		rules[i] = sarifRule{ID: c, ShortDescription: sarifMessage{summary},
			Help: sarifMessage{"flagadmin " + c + ": " + summary + ". The codes are listed in the documentation of package importvalidate."}}
	}
	results := o.results
	if results == nil {
		results = []sarifResult{}
	}
	return encodeJSON(o.w, sarifLog{
		Schema:  "https://json.schemastore.org/sarif-2.1.0.json",
		Version: "2.1.0",
		Runs: []sarifRun{{
			Tool: sarifTool{Driver: sarifDriver{Name: "flagadmin", InformationURI: "https://pkg.go.dev/github.com/flagadmin/flagadmin/importvalidate",
				Rules: rules}},
			Results: results,
		}},
	})
}

// uri is the relative URI of a file name: forward slashes, and "stdin"
// for standard input.
func uri(name string) string {
	if name == "<stdin>" {
		return "stdin"
	}
	return filepath.ToSlash(safetext.String(name))
}
