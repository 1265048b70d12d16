package importmodel

import (
	"bytes"
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
		return sent, compactLenUpTo(b.Raw, limit), sent, true
	}
	p, _ := json.Marshal(project)
	e, _ := json.Marshal(env)
	wrap := int64(len(`{"project":,"environment":,"data":}`) + len(p) + len(e))
	// Compact is at most the export's own length.
	if wrap+int64(len(b.Raw)) <= limit {
		return 0, 0, 0, false
	}
	sent = wrap + compactLenUpTo(b.Raw, limit-wrap)
	return sent, sent, int64(len(b.Raw)), sent > limit
}

// compactLenUpTo is jsonwire.CompactLenUpTo(data, max), told without
// reading each byte where it can be: data[:n] less all its white space,
// in its strings or not, is at most its compact length, which grows by
// at most one a byte, so once n less the white space bytes counted
// (bytes.Count, four searches of n bytes) is over max the count stops at
// max+1 within data[:n]. A body with little white space, as exports are
// written, is told over max so; otherwise it is counted byte by byte.
func compactLenUpTo(data []byte, max int64) int64 {
	if max < 0 || max >= int64(len(data)) {
		return jsonwire.CompactLenUpTo(data, max)
	}
	n, white := int64(0), int64(0)
	for range 64 {
		next := max + 1 + white
		if next > int64(len(data)) {
			break
		}
		for _, c := range [...]byte{' ', '\n', '\t', '\r'} {
			white += int64(bytes.Count(data[n:next], []byte{c}))
		}
		if n = next; n-white > max {
			return max + 1
		}
	}
	return jsonwire.CompactLenUpTo(data, max)
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
