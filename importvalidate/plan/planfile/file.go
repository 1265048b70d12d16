// Package planfile is the saved plan of 'flagadmin plan -out', which
// 'flagadmin apply' applies: per file, the import body, the target, the
// plan, and the instance state the plan read (every read of the
// validation and of the plan, with its answer in a normal form, and a
// SHA-256 of them, the fingerprint). Apply makes the same reads again
// and refuses the plan when an answer changed (Check), naming what
// changed; after the import plan.Outcome compares the instance with the
// plan.
//
// No read of the admin API carries a version of what it returns, and
// Unleash has no conditional import: the state the plan read is the only
// fingerprint that holds, and the check and the import are still two
// requests, between which a change is not seen (plan.Outcome then sees its
// effects).
package planfile

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"sort"

	"github.com/flagadmin/flagadmin/importvalidate/plan"
	"github.com/flagadmin/flagadmin/model"
)

// Format is the value of the member "format" of a saved plan, and
// Version its version.
const (
	Format  = "flagadmin-plan"
	Version = 1
)

// File is a saved plan.
type File struct {
	Format  string `json:"format"`
	Version int    `json:"version"`
	// Unleash is the base URL of the instance the plans were made for,
	// UnleashVersion its version then.
	Unleash        string `json:"unleash"`
	UnleashVersion string `json:"unleashVersion,omitempty"`
	// CreatedAt is when the plan was made (RFC 3339), for a person.
	CreatedAt string `json:"createdAt,omitempty"`
	// Plans holds one entry per file, in the order they are applied.
	Plans []Entry `json:"plans"`
}

// Entry is the plan of one file.
type Entry struct {
	// File names the file the body came from.
	File        string `json:"file"`
	Project     string `json:"project"`
	Environment string `json:"environment"`
	// Body is the import request body, sent as it is.
	Body json.RawMessage `json:"body"`
	// Plan is what the import will change.
	Plan *plan.Plan `json:"plan"`
	// Reads are the instance state the validation and the plan read, and
	// Fingerprint a SHA-256 of them (Fingerprint).
	Reads       []Read `json:"reads"`
	Fingerprint string `json:"fingerprint"`
}

// Fingerprint is "sha256:" and the hex SHA-256 of the reads' JSON, in
// the order of their kinds and arguments.
func Fingerprint(reads []Read) string {
	rs := append([]Read(nil), reads...)
	sortReads(rs)
	b, _ := json.Marshal(rs)
	sum := sha256.Sum256(b)
	return "sha256:" + hex.EncodeToString(sum[:])
}

// IsPlanFile reports whether raw is a saved plan: a JSON object whose
// member "format" is Format.
func IsPlanFile(raw []byte) bool {
	var probe struct {
		Format string `json:"format"`
	}
	return json.Unmarshal(raw, &probe) == nil && probe.Format == Format
}

// Decode reads a saved plan and checks it: its format and version, and
// each entry's fingerprint against its reads (a plan edited by hand is
// refused).
func Decode(raw []byte) (*File, error) {
	var f File
	if err := json.Unmarshal(raw, &f); err != nil {
		return nil, fmt.Errorf("planfile: %w", err)
	}
	switch {
	case f.Format != Format:
		return nil, fmt.Errorf("planfile: not a saved plan (format %q, want %q)", f.Format, Format)
	case f.Version != Version:
		return nil, fmt.Errorf("planfile: version %d; this flagadmin reads version %d", f.Version, Version)
	case f.Unleash == "":
		return nil, errors.New("planfile: no instance URL")
	case len(f.Plans) == 0:
		return nil, errors.New("planfile: no plan")
	}
	for i, e := range f.Plans {
		if e.Plan == nil || len(e.Body) == 0 {
			return nil, fmt.Errorf("planfile: plan %d (%s): no body or no plan", i+1, e.File)
		}
		if got := Fingerprint(e.Reads); got != e.Fingerprint {
			return nil, fmt.Errorf("planfile: plan %d (%s): the fingerprint %s does not match its reads (%s): the file was changed", i+1, e.File, e.Fingerprint, got)
		}
	}
	return &f, nil
}

// Current returns the query of the entry's plan and the configuration it
// read, in its normal form (the part of the answer that a plan reads),
// the one plan.Outcome starts from; nil when the plan read none.
func (e *Entry) Current() (*plan.Query, *model.Snapshot, error) {
	for _, rd := range e.Reads {
		if rd.Kind != KindCurrent {
			continue
		}
		var q plan.Query
		var cur model.Snapshot
		if err := json.Unmarshal(rd.Args, &q); err != nil {
			return nil, nil, fmt.Errorf("planfile: %w", err)
		}
		if err := json.Unmarshal(rd.Answer, &cur); err != nil {
			return nil, nil, fmt.Errorf("planfile: %w", err)
		}
		return &q, &cur, nil
	}
	return nil, nil, nil
}

func sortStrings(s []string) { sort.Strings(s) }
