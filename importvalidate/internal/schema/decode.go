package schema

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/flagadmin/flagadmin/internal/jsonwire"

	"github.com/flagadmin/flagadmin/model"
)

// Decode checks raw as Check does and, when it has no problem, decodes it
// into the model, after the numbers the model cannot hold as written are
// rewritten (see numberFixes). Warnings (see Problem.Warning), among them
// the KindNumber warnings about those rewrites, located in raw, do not stop
// the decoding and are returned beside a non-nil request. A failure of
// encoding/json is a KindDecode problem. The error is ctx's when it ended
// first.
func (c *Checker) Decode(ctx context.Context, raw []byte) (*model.ImportRequest, []Problem, error) {
	return c.DecodeWith(ctx, raw, nil)
}

// DecodeWith is Decode with a first decoder to try: fast, when not nil, is
// given the body as the reference server reads it (a byte order mark,
// shadowed members and invalid UTF-8 gone, scalars coerced), and its
// result is taken when it reports ok. Unlike encoding/json, the fast path
// keeps unpaired surrogates.
func (c *Checker) DecodeWith(ctx context.Context, raw []byte, fast func([]byte) (*model.ImportRequest, bool)) (*model.ImportRequest, []Problem, error) {
	decoded, problems, err := c.Check(ctx, raw)
	if err != nil || hasErrors(problems) {
		return nil, problems, err
	}
	if fast != nil && len(decoded) > 0 {
		if imp, ok := fast(decoded); ok {
			return imp, problems, nil
		}
	}
	rewrites, warnings := c.numberFixes(decoded)
	if len(warnings) > 0 {
		locs := make([]*Location, len(warnings))
		for i := range warnings {
			warnings[i].Warning = c.opts.Warnings.Has(KindNumber)
			locs[i] = &warnings[i].Location
		}
		Locate(raw, nil, locs)
	}
	if len(rewrites) > 0 {
		decoded = applyCoercions(decoded, rewrites)
	}
	imp := new(model.ImportRequest)
	if err := json.Unmarshal(decoded, imp); err != nil {
		p := Problem{Kind: KindDecode, Detail: Detail{Got: err.Error()}, Location: Location{Offset: -1}}
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			p.Location.Offset = te.Offset
		}
		Positions(decoded, &p.Location)
		return nil, append(problems, p), nil
	}
	if err := ctx.Err(); err != nil {
		return nil, nil, err
	}
	return imp, append(problems, warnings...), nil
}

// Target returns the top-level "project" and "environment" of raw when it
// is a document that parses and they are strings, "" otherwise. It serves
// to name the target of a body that failed the checks.
func Target(raw []byte) (project, environment string) {
	var top struct {
		Project     json.RawMessage `json:"project"`
		Environment json.RawMessage `json:"environment"`
	}
	if json.Unmarshal(raw[jsonwire.BOMLen(raw):], &top) != nil {
		return "", ""
	}
	// A member that is no string leaves its result "".
	if json.Unmarshal(top.Project, &project) != nil {
		project = ""
	}
	if json.Unmarshal(top.Environment, &environment) != nil {
		environment = ""
	}
	return project, environment
}
