// Package planfile is the saved plan of 'flagadmin plan -out', which
// 'flagadmin apply' applies: the instance it was made for and, per file,
// the import body, the target, the plan, and the instance state the plan
// read (every read of the validation and of the plan, with its answer in
// a normal form), all under one digest. Apply makes the same reads again
// and refuses the plan when an answer changed (Check, Compare), naming
// what changed; after the import plan.Outcome compares the instance with
// the plan.
//
// The digest is no signature: whoever can write the file can write a
// digest that matches. It makes a file that was damaged, or edited in
// one part and not the others, fail to decode. What binds a plan to the
// instance is that apply derives the plan again from the body and the
// instance now, and refuses it unless the plan and every read are the
// saved ones.
//
// No read of the admin API carries a version of what it returns, and
// Unleash has no conditional import: the state the plan read is the only
// fingerprint that holds, and the check and the import are still two
// requests, between which a change is not seen (plan.Outcome then sees its
// effects).
package planfile

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/importvalidate/plan"
	"github.com/flagadmin/flagadmin/model"
)

// Format is the value of the member "format" of a saved plan, and
// Version its version. Version 1, whose digest covered only the reads,
// and version 2, whose reads were one per kind of name, are refused; a
// version 3 plan may archive features (Archive).
const (
	Format  = "flagadmin-plan"
	Version = 3
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
	// Archive holds, per project of a tree planned with -prune, the
	// features to archive once every file is imported, in that order.
	Archive []Archive `json:"archive,omitempty"`
	// Digest is the digest of everything apply acts on (Seal).
	Digest string `json:"digest"`
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
	// Reads are the instance state the validation and the plan read.
	Reads []Read `json:"reads"`
	// Imports is the number of imports the body is sent in, when it is
	// over the instance's request limit (plan.SplitBody); 0 means one.
	Imports int `json:"imports,omitempty"`
}

// Archive is the archive of a project's features that no file of a tree
// holds.
type Archive struct {
	Project string `json:"project"`
	// Features are the features to archive, sorted.
	Features []string `json:"features"`
	// Listed are the project's active features as the plan read them
	// (sorted): apply reads them again, and refuses a plan made stale.
	Listed []string `json:"listed"`
}

// Seal sets f's Digest: "sha256:" and the hex SHA-256 of the JSON of the
// instance's URL and, per entry in order, its file name, project,
// environment, body, plan and reads (compact, the reads in the order of
// their kinds and arguments).
func (f *File) Seal() { f.Digest = f.digest() }

func (f *File) digest() string {
	all := struct {
		Unleash string    `json:"unleash"`
		Plans   []Entry   `json:"plans"`
		Archive []Archive `json:"archive,omitempty"`
	}{Unleash: f.Unleash, Archive: f.Archive}
	for _, e := range f.Plans {
		e.Body, e.Reads = compact(e.Body), compactReads(e.Reads)
		sortReads(e.Reads)
		all.Plans = append(all.Plans, e)
	}
	b, _ := json.Marshal(all)
	sum := sha256.Sum256(b)
	return "sha256:" + hex.EncodeToString(sum[:])
}

// IsPlanFile reports whether raw claims to be a saved plan: a JSON object
// whose member "format" is Format, before any error in the rest of it
// (a truncated plan is still a plan, which Decode refuses).
func IsPlanFile(raw []byte) bool {
	d := json.NewDecoder(bytes.NewReader(raw))
	if t, err := d.Token(); err != nil || t != json.Delim('{') {
		return false
	}
	for d.More() {
		k, err := d.Token()
		if err != nil {
			return false
		}
		if k == "format" {
			var v string
			return d.Decode(&v) == nil && v == Format
		}
		var skip json.RawMessage
		if d.Decode(&skip) != nil {
			return false
		}
	}
	return false
}

// Decode reads a saved plan and checks it: its format and version, its
// digest, that every entry has a body, a plan and reads, and that each
// entry's project and environment are those of its body and of its plan.
func Decode(raw []byte) (*File, error) {
	var f File
	if err := json.Unmarshal(raw, &f); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			return nil, fmt.Errorf("planfile: not valid JSON at byte %d: %v (a truncated or damaged file?)", se.Offset, err)
		}
		if errors.Is(err, io.ErrUnexpectedEOF) {
			return nil, errors.New("planfile: the JSON ends early (a truncated file?)")
		}
		return nil, fmt.Errorf("planfile: %w", err)
	}
	switch {
	case f.Format != Format:
		return nil, fmt.Errorf("planfile: not a saved plan (format %q, want %q)", f.Format, Format)
	case f.Version != Version:
		return nil, fmt.Errorf("planfile: version %d; this flagadmin reads version %d: make the plan again", f.Version, Version)
	case f.Unleash == "":
		return nil, errors.New("planfile: no instance URL")
	case len(f.Plans) == 0:
		return nil, errors.New("planfile: no plan")
	}
	if got := f.digest(); got != f.Digest {
		return nil, fmt.Errorf("planfile: the digest %q does not match the content (%s): the file was changed", f.Digest, got)
	}
	for i, e := range f.Plans {
		if err := e.check(); err != nil {
			return nil, fmt.Errorf("planfile: plan %d (%q): %w", i+1, e.File, err)
		}
	}
	for _, a := range f.Archive {
		if a.Project == "" || len(a.Features) == 0 {
			return nil, errors.New("planfile: an archive without a project or features")
		}
	}
	return &f, nil
}

// check says what is wrong with an entry of a decoded file.
func (e *Entry) check() error {
	if e.Plan == nil || len(e.Body) == 0 {
		return errors.New("no body or no plan")
	}
	if e.Imports < 0 {
		return errors.New("a negative number of imports")
	}
	if len(e.Reads) == 0 {
		return errors.New("no reads: nothing to check the instance against")
	}
	var target struct {
		Project     string `json:"project"`
		Environment string `json:"environment"`
	}
	if err := json.Unmarshal(e.Body, &target); err != nil {
		return fmt.Errorf("the body: %w", err)
	}
	for _, t := range [][2]string{{target.Project, target.Environment}, {e.Plan.Project, e.Plan.Environment}} {
		if t[0] != e.Project || t[1] != e.Environment {
			return fmt.Errorf("the entry targets project %q, environment %q, but its body or plan %q, %q", e.Project, e.Environment, t[0], t[1])
		}
	}
	return nil
}

// Current returns the query of the entry's plan (the read that wants
// importvalidate.PartConfigs) and the configuration it read, in its
// normal form (the part of the answer that a plan reads), the one
// plan.Outcome starts from; nil when the plan read none.
func (e *Entry) Current() (*importvalidate.Query, *model.Snapshot, error) {
	for _, rd := range e.Reads {
		if rd.Kind != KindRead {
			continue
		}
		var q importvalidate.Query
		if err := json.Unmarshal(rd.Args, &q); err != nil {
			return nil, nil, fmt.Errorf("planfile: %w", err)
		}
		if !q.Want.Has(importvalidate.PartConfigs) {
			continue
		}
		var answer struct {
			Current model.Snapshot `json:"current"`
		}
		if err := json.Unmarshal(rd.Answer, &answer); err != nil {
			return nil, nil, fmt.Errorf("planfile: %w", err)
		}
		return &q, &answer.Current, nil
	}
	return nil, nil, nil
}

func sortStrings(s []string) { sort.Strings(s) }
