package importmodel

import (
	"encoding/json"
	"strconv"

	"github.com/flagadmin/flagadmin/internal/jsonwire"
)

// RequestBody is the request body an import was read from: the body
// itself, or an export, which is sent compact inside its target as
// flagadmin apply sends it.
type RequestBody struct {
	Raw    []byte
	Export bool
}

// size is the body's size in bytes as it is sent, and with the white
// space outside its strings removed, for the target project and env;
// over is false when it is within limit. The compact size is counted
// only up to the limit (a size above it stands for any such size), and
// for an export sent is that count too: there, exact is the export's own
// length instead.
func (b RequestBody) size(project, env string, limit int64) (sent, compact, exact int64, over bool) {
	if b.Raw == nil {
		return 0, 0, 0, false
	}
	if !b.Export {
		sent = int64(len(b.Raw))
		if sent <= limit {
			return sent, sent, sent, false
		}
		return sent, jsonwire.CompactLenUpTo(b.Raw, limit), sent, true
	}
	p, _ := json.Marshal(project)
	e, _ := json.Marshal(env)
	wrap := int64(len(`{"project":,"environment":,"data":}`) + len(p) + len(e))
	// Compact is at most the export's own length.
	if wrap+int64(len(b.Raw)) <= limit {
		return 0, 0, 0, false
	}
	sent = wrap + jsonwire.CompactLenUpTo(b.Raw, limit-wrap)
	return sent, sent, int64(len(b.Raw)), sent > limit
}

// checkImportBodyTooLarge reports a request body over the instance's
// limit (profile.Import.MaxBody), which Unleash answers 413 before the
// import reads it: an error when the body is over it even compact, a
// warning when compacting it would take it under.
func checkImportBodyTooLarge(in *Input) []Finding {
	limit := in.VersionProfile().Import.MaxBody
	if limit <= 0 {
		return nil
	}
	sent, compact, exact, over := in.body.size(in.Project, in.Environment, limit)
	if !over {
		return nil
	}
	what := "The request body is " + strconv.FormatInt(sent, 10) + " bytes,"
	if in.body.Export {
		what = "The export is " + strconv.FormatInt(exact, 10) + " bytes, and the request body that imports it is"
	}
	msg := what + " over the " + strconv.FormatInt(limit, 10) + " bytes that Unleash " + in.VersionProfile().Name +
		" takes: it answers 413 Request Entity Too Large"
	if compact > limit {
		return []Finding{{Message: msg + " and imports nothing. Split the file by feature."}}
	}
	return []Finding{{Warning: true, Message: msg + " as it is written; without the white space between its values it is " +
		strconv.FormatInt(compact, 10) + " bytes and is taken (flagadmin apply sends it so)."}}
}
