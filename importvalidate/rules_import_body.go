package importvalidate

import (
	"encoding/json"
	"strconv"

	"github.com/flagadmin/flagadmin/internal/jsonwire"
)

// requestBody is the request body an import was read from: the body
// itself, or an export, which is sent compact inside its target as
// flagadmin apply sends it.
type requestBody struct {
	raw    []byte
	export bool
}

// size is the body's size in bytes as it is sent, and with the white
// space outside its strings removed, for the target project and env;
// over is false when it is within limit. The compact size is counted
// only up to the limit (a size above it stands for any such size), and
// for an export sent is that count too: there, exact is the export's own
// length instead.
func (b requestBody) size(project, env string, limit int64) (sent, compact, exact int64, over bool) {
	if b.raw == nil {
		return 0, 0, 0, false
	}
	if !b.export {
		sent = int64(len(b.raw))
		if sent <= limit {
			return sent, sent, sent, false
		}
		return sent, jsonwire.CompactLenUpTo(b.raw, limit), sent, true
	}
	p, _ := json.Marshal(project)
	e, _ := json.Marshal(env)
	wrap := int64(len(`{"project":,"environment":,"data":}`) + len(p) + len(e))
	// Compact is at most the export's own length.
	if wrap+int64(len(b.raw)) <= limit {
		return 0, 0, 0, false
	}
	sent = wrap + jsonwire.CompactLenUpTo(b.raw, limit-wrap)
	return sent, sent, int64(len(b.raw)), sent > limit
}

// checkImportBodyTooLarge reports a request body over the instance's
// limit (profile.Import.MaxBody), which Unleash answers 413 before the
// import reads it: an error when the body is over it even compact, a
// warning when compacting it would take it under.
func checkImportBodyTooLarge(in *Input) []Issue {
	limit := in.versionProfile().Import.MaxBody
	if limit <= 0 {
		return nil
	}
	sent, compact, exact, over := in.body.size(in.Project, in.Environment, limit)
	if !over {
		return nil
	}
	what := "The request body is " + strconv.FormatInt(sent, 10) + " bytes,"
	if in.body.export {
		what = "The export is " + strconv.FormatInt(exact, 10) + " bytes, and the request body that imports it is"
	}
	msg := what + " over the " + strconv.FormatInt(limit, 10) + " bytes that Unleash " + in.versionProfile().Name +
		" takes: it answers 413 Request Entity Too Large"
	if compact > limit {
		return []Issue{{Message: msg + " and imports nothing. Split the file by feature."}}
	}
	return []Issue{{Severity: SeverityWarning, Message: msg + " as it is written; without the white space between its values it is " +
		strconv.FormatInt(compact, 10) + " bytes and is taken (flagadmin apply sends it so)."}}
}
