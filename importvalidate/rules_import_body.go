package importvalidate

import "strconv"

// BodySize is the size of an import request body, in bytes: as it is
// sent, and with the white space outside its strings removed. An export
// is sent compact, wrapped in its target, as flagadmin apply sends it.
type BodySize struct {
	Sent, Compact int64
}

// checkImportBodyTooLarge reports a request body over the instance's
// limit (profile.Import.MaxBody), which Unleash answers 413 before the
// import reads it: an error when the body is over it even compact, a
// warning when compacting it would take it under.
func checkImportBodyTooLarge(in *Input) []Issue {
	limit := in.versionProfile().Import.MaxBody
	if limit <= 0 || in.Body.Sent <= limit {
		return nil
	}
	over := "The request body is " + strconv.FormatInt(in.Body.Sent, 10) + " bytes, over the " + strconv.FormatInt(limit, 10) +
		" bytes that Unleash " + in.versionProfile().Name + " takes: it answers 413 Request Entity Too Large"
	if in.Body.Compact > limit {
		return []Issue{{Message: over + " and imports nothing. Split the file by feature."}}
	}
	return []Issue{{Severity: SeverityWarning, Message: over + " as it is written; without the white space between its values it is " +
		strconv.FormatInt(in.Body.Compact, 10) + " bytes and is taken (flagadmin apply sends it so)."}}
}
