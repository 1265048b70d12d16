package output

import (
	"encoding/xml"
	"io"
	"strings"
)

// junit writes a JUnit XML report, as CI systems show test results: one
// test suite, one test case per file, failed when the file fails the exit
// policy, with every finding of the file in the failure's text. Written
// with encoding/xml; every text is under package safetext's rule, which
// leaves nothing XML 1.0 forbids (encoding/xml copies CDATA as it is).
type junit struct {
	w     io.Writer
	cases []junitCase
}

type junitSuites struct {
	XMLName xml.Name `xml:"testsuites"`
	junitTotals
	Suites []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	junitTotals
	Cases []junitCase `xml:"testcase"`
}

// junitTotals are the attributes the suites and the one suite share.
type junitTotals struct {
	Name     string `xml:"name,attr"`
	Tests    int    `xml:"tests,attr"`
	Failures int    `xml:"failures,attr"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	ClassName string        `xml:"classname,attr"`
	Failure   *junitFailure `xml:"failure,omitempty"`
	SystemOut *junitText    `xml:"system-out,omitempty"`
}

type junitText struct {
	Text string `xml:",cdata"`
}

type junitFailure struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Text    string `xml:",cdata"`
}

func (o *junit) File(f File) error {
	lines := linterLines(f)
	c := junitCase{Name: name(f), ClassName: "flagadmin.validate"}
	body := strings.Join(lines, "\n")
	if f.Failed {
		c.Failure = &junitFailure{Message: f.Counts.String(), Type: "flagadmin", Text: body}
	} else if body != "" {
		c.SystemOut = &junitText{body}
	}
	o.cases = append(o.cases, c)
	return nil
}

func (o *junit) Close(t Totals) error {
	if _, err := io.WriteString(o.w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(o.w)
	enc.Indent("", "  ")
	totals := junitTotals{Name: "flagadmin validate", Tests: t.Files, Failures: t.Failed}
	err := enc.Encode(junitSuites{junitTotals: totals, Suites: []junitSuite{{totals, o.cases}}})
	if err != nil {
		return err
	}
	_, err = io.WriteString(o.w, "\n")
	return err
}
