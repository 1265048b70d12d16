package importvalidate

import (
	"slices"

	"github.com/flagadmin/flagadmin/model"
)

// Item is one affected item of an issue: the text the reference server
// lists, and where it comes from in the input.
type Item struct {
	// Value is the affected item as the reference response writes it, such
	// as a feature name or "flag (in project other)".
	Value string `json:"value"`
	// Locations are the places in the input the item comes from, in input
	// order. Empty when the item has no single place (a permission) or the
	// input was given as a decoded value.
	Locations []Location `json:"locations,omitempty"`
	// Hint is the nearest known name when the item is an unknown name
	// close to one ("flexibleRollout" for "flexibleRolout"), else "".
	// It is no part of the reference response.
	Hint string `json:"hint,omitempty"`
	// ImportAccepts, set on an item of a reference error, says why
	// Unleash's import accepts the file all the same: it checks the file
	// after dropping its archived features, and the strategies and
	// environments that name no feature. The reference response lists
	// the item; the report counts it as a warning (not with
	// Options.Strict).
	ImportAccepts string `json:"importAccepts,omitempty"`
}

// Issue is one finding of a rule: a severity, the rule's stable code, a
// message and the affected items.
type Issue struct {
	// Severity is error or warning.
	Severity Severity `json:"severity"`
	// Category is CategoryRule, or CategoryPermission for the permissions
	// the caller lacks.
	Category Category `json:"category"`
	// Code is the stable code of the rule that found it.
	Code Code `json:"code"`
	// Message is the text of the finding, in the reference server's
	// wording for the reference rules.
	Message string `json:"message"`
	// Items are the affected items, possibly none.
	Items []Item `json:"items"`
	// Reference reports that the issue belongs in the reference response
	// (see Report.Reference).
	Reference bool `json:"reference"`
	// ImportAccepts is Item.ImportAccepts for an issue without items.
	ImportAccepts string `json:"importAccepts,omitempty"`
}

// accepted reports whether Unleash's import accepts the file for the
// issue's item it (or for the issue, when it has no items).
func (is Issue) accepted(it *Item) bool {
	if it == nil {
		return is.ImportAccepts != ""
	}
	return it.ImportAccepts != ""
}

// values returns the items' values, never nil.
func (is Issue) values() []string {
	out := make([]string, len(is.Items))
	for i, it := range is.Items {
		out[i] = it.Value
	}
	return out
}

// Report is the answer of a validation.
type Report struct {
	// Project and Environment are the target the data was validated for.
	// When the body failed the structural tier they are the target's
	// overrides, else the body's own where the document parses and holds
	// them as strings.
	Project     string `json:"project"`
	Environment string `json:"environment"`
	// Structural lists the problems of the body's structure, diagnostics
	// of CategoryStructure in file order. When it holds an error the body
	// was not validated further and Issues holds only the
	// CodeImportMemberOfNewerVersion findings (none for the default
	// version); over HTTP this is a 400 (see Problems.Details).
	Structural Problems `json:"structural,omitempty"`
	// Issues are the findings of the rules grouped by rule: errors, then
	// warnings, then the permissions entry, each group in catalogue order.
	// Report.Diagnostics lists the same findings flat, one per place.
	Issues []Issue `json:"issues"`
	// Restated are the findings left out of Issues because a finding at
	// the same place says the same mistake (one mistake, one finding; see
	// docs/RULES.md): an extra rule's where the import's own check
	// refuses the value, the import's version of a reference error where
	// the reference error is reported. They count nowhere; a plan reads
	// them for the import's refusals in the import's own words.
	Restated []Issue `json:"-"`
	// Import is the decoded import the rules ran on, its values read as
	// the reference server reads them (a coerced scalar already
	// converted); nil when the body failed the structural tier. It is
	// what a later step on the same body, such as an import plan, should
	// use instead of decoding the bytes again.
	Import *model.ImportRequest `json:"-"`
	// VersionNote, when not empty, says that nothing said which Unleash
	// version the instance is (Options.Profile was nil), so the data was
	// validated as the default version (profile.DefaultVersion) answers:
	// its schema, permission names and rules. Show it to the user.
	VersionNote string `json:"versionNote,omitempty"`
}

// HasErrors reports whether the body failed the structural tier or any
// rule issue has SeverityError, that is, whether the data cannot be
// imported. Missing permissions do not count: they are the caller's, not
// the data's.
func (r *Report) HasErrors() bool {
	if r.Structural.HasErrors() {
		return true
	}
	for _, is := range r.Issues {
		if is.Severity != SeverityError || is.Category == CategoryPermission {
			continue
		}
		if len(is.Items) == 0 && !is.accepted(nil) {
			return true
		}
		for k := range is.Items {
			if !is.accepted(&is.Items[k]) {
				return true
			}
		}
	}
	return false
}

// Counts are the numbers of a report's findings in the one unit that
// Summary, Count, the CLI's last line and its JSON counts share: one per
// Diagnostic, that is one per structural problem and per affected item of
// an issue at each of its places in the input (an issue without items
// counts once).
type Counts struct {
	// Errors and Warnings count the structural problems and the rule
	// findings of that severity; Permissions counts the missing
	// permissions, which are neither.
	Errors      int `json:"errors"`
	Warnings    int `json:"warnings"`
	Permissions int `json:"permissions"`
}

// String words the counts as Summary does: "3 errors, 1 warning, 0
// missing permissions".
func (c Counts) String() string {
	return count(c.Errors, "error", "errors") + ", " + count(c.Warnings, "warning", "warnings") + ", " +
		count(c.Permissions, "missing permission", "missing permissions")
}

// Counts counts the report's diagnostics (see Counts).
func (r *Report) Counts() Counts { return CountDiagnostics(r.Diagnostics()) }

// CountDiagnostics counts ds, such as the diagnostics of a report a
// caller has filtered, in the unit of Counts.
func CountDiagnostics(ds []Diagnostic) Counts {
	var c Counts
	for _, d := range ds {
		switch {
		case d.Category == CategoryPermission && d.ImportAccepts == "":
			c.Permissions++
		case d.Severity == SeverityError:
			c.Errors++
		case d.Severity == SeverityWarning:
			c.Warnings++
		}
	}
	return c
}

// Count returns the number of diagnostics of severity s, structural ones
// included, missing permissions left out: the number Summary prints (see
// Counts).
func (r *Report) Count(s Severity) int {
	c := r.Counts()
	switch s {
	case SeverityError:
		return c.Errors
	case SeverityWarning:
		return c.Warnings
	}
	return 0
}

// Reference renders the response of the reference server: the issues of
// the reference rules only, as {"errors","warnings","permissions"}, with
// every list present. MarshalResponse(rep.Reference()) gives byte for byte
// what the reference server answers. encoding/json does not: it escapes
// '<', '>', '&', U+2028 and U+2029 (the first three unless
// SetEscapeHTML(false)) and writes an unpaired surrogate of a name as
// U+FFFD.
func (r *Report) Reference() model.ValidateResponse { return r.response(true) }

// Response renders every issue of the validation, the extra rules'
// included, in the shape of the reference response: the strict answer.
// Of what the import would do (the rules of CategoryImport), its
// refusals (the codes that are errors by default) are sent as errors;
// what it would do without a word (its warnings, errors only in strict
// mode), and the permissions it asks for beyond the reference's own list
// (import-missing-permissions), stay in the report. The extra rules'
// findings that the report leaves to a finding of the import
// (Report.Restated) are in it, after the others of their severity.
func (r *Report) Response() model.ValidateResponse { return r.response(false) }

func (r *Report) response(referenceOnly bool) model.ValidateResponse {
	out := model.ValidateResponse{Errors: []model.Issue{}, Warnings: []model.Issue{}, Permissions: []model.Issue{}}
	// Whether each import code met is a refusal, looked up once a code.
	refusals := map[Code]bool{}
	isRefusal := func(c Code) bool {
		r, ok := refusals[c]
		if !ok {
			r = refusal(c)
			refusals[c] = r
		}
		return r
	}
	issues := r.Issues
	if !referenceOnly && len(r.Restated) > 0 {
		issues = slices.Clip(issues)
		for _, is := range r.Restated {
			if is.Category == CategoryRule {
				issues = append(issues, is)
			}
		}
	}
	for _, is := range issues {
		if referenceOnly && !is.Reference || is.Code == CodeImportMissingPermissions ||
			is.Category == CategoryImport && !isRefusal(is.Code) {
			continue
		}
		mi := model.Issue{Message: is.Message, AffectedItems: is.values()}
		switch {
		case is.Category == CategoryPermission:
			out.Permissions = append(out.Permissions, mi)
		case is.Severity == SeverityError:
			out.Errors = append(out.Errors, mi)
		case is.Severity == SeverityWarning:
			out.Warnings = append(out.Warnings, mi)
		}
	}
	return out
}

// refusal reports whether code c is one of the import's refusals: an
// error by default.
func refusal(c Code) bool {
	info, ok := lookup(c)
	return ok && info.Severity == SeverityError
}
