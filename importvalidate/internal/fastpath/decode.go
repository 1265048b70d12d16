package fastpath

import (
	"context"
	"math"
	"regexp"
	"runtime/metrics"
	"strings"
	"sync"

	"github.com/flagadmin/flagadmin/internal/jsonwire"
	"github.com/flagadmin/flagadmin/model"
)

// Decode decodes body into an ImportRequest when, and only when, body is a single JSON value that is
// syntactically valid, valid UTF-8 throughout, free of duplicate member names in every object (compare names
// after unescaping), nested no deeper than maxDepth, and valid against import.schema.json. Otherwise ok is false
// and the caller falls back to the slow path that reports the problems.
//
// Precisely: ok is true exactly when all of the following hold, and then
// req equals what json.Unmarshal into a model.ImportRequest gives for body
// (including Nullable presence, nil versus empty optional arrays, the
// presence bits of ExportData, Extra members and raw items):
//
//   - body is one JSON text (RFC 8259; whitespace is space, tab, line feed
//     and carriage return; no byte order mark) whose strings are valid
//     UTF-8 and whose objects have distinct member names once unescaped
//     (escapes decode as in JSON.parse: an unpaired surrogate stays a
//     code point of its own, held as WTF-8, where encoding/json reads
//     U+FFFD; string lengths count it as one);
//   - objects and arrays nest at most maxDepth levels (the outermost
//     object is level 1); beyond the schema's own objects (in free-form
//     members) the nesting is checked without recursion, so any depth the
//     input holds costs a small frame per level;
//   - jsonschema/v5 (formats asserted, date-time checked as the reference
//     checks it, ajvformat.DateTime) finds body valid against
//     import.schema.json with every number replaced by the shortest
//     decimal of its IEEE double (±1e400 beyond the double range), as the
//     reference judges numbers;
//   - encoding/json decodes body into a model.ImportRequest without error.
//     Valid bodies it fails on: an "integer" member written 5.0 or 1e2 or
//     beyond int64, a number beyond float64;
//   - no open object (collaborators and its users, a strategy variant's
//     payload, a milestone strategy's variants, data.links[].links) has an extra member
//     whose name equals a declared member's name under case folding
//     (strings.EqualFold): encoding/json would decode it into the declared
//     member as well.
//
// A date-time is kept as written (model.DateTime).
//
// req shares no memory with body, which the caller may reuse afterwards.
// Its strings are copied into a few 32 KiB chunks (lex.go, keep).
func Decode(body []byte, maxDepth int) (req *model.ImportRequest, ok bool) {
	return DecodeContext(context.Background(), body, maxDepth)
}

// DecodeContext is Decode that stops when ctx ends: it looks at ctx every
// thousand members and items, and then reports false, as for a body it
// does not take. The caller tells the two apart by ctx.Err.
func DecodeContext(ctx context.Context, body []byte, maxDepth int) (req *model.ImportRequest, ok bool) {
	req, _, ok = decode(ctx, body, maxDepth, false, countBytes, false)
	return req, ok
}

// DecodeIndexed is DecodeContext that also returns where the items of
// the arrays of data begin in body, by the arrays' JSON pointers
// ("/data/features": the offset of each feature), for locating values
// of the result in body without crossing it again
// (jsonwire.LocateWith). A body of 2 GiB or more gets no offsets.
func DecodeIndexed(ctx context.Context, body []byte, maxDepth int) (req *model.ImportRequest, starts jsonwire.ItemStarts, ok bool) {
	return decode(ctx, body, maxDepth, len(body) <= math.MaxInt32, countBytes, false)
}

// DecodeExport decodes a bare export, the value of an import request's
// "data" member on its own, with its items' offsets as DecodeIndexed
// gives them, keyed by the arrays' pointers from the export's root
// ("/features"). It accepts exactly the exports that DecodeIndexed accepts
// as the "data" of a request body whose project and environment are
// strings: the export is read as if nested one level deep, so that
// maxDepth counts the request body's object as well. The result's Project
// and Environment are empty.
func DecodeExport(ctx context.Context, export []byte, maxDepth int) (req *model.ImportRequest, starts jsonwire.ItemStarts, ok bool) {
	return decode(ctx, export, maxDepth, len(export) <= math.MaxInt32, countBytes, true)
}

// decode is DecodeContext, DecodeIndexed when indexed, and DecodeExport
// when export; arrays are counted from count bytes of items (countAt).
func decode(ctx context.Context, body []byte, maxDepth int, indexed bool, count int, export bool) (*model.ImportRequest, jsonwire.ItemStarts, bool) {
	if ctx.Err() != nil {
		return nil, nil, false
	}
	d := decoders.Get().(*decoder)
	defer d.release()
	d.data, d.pos, d.depth, d.limit = body, 0, 0, maxDepth
	d.ctx, d.steps = ctx, 0
	d.countBytes = count
	d.whole = !collecting()
	d.startsPrefix = "/data/"
	if indexed {
		d.starts = jsonwire.ItemStarts{}
	}
	req := new(model.ImportRequest)
	d.ws()
	var ok bool
	if export {
		// data on its own, read as if in the request body's object
		d.depth, d.startsPrefix = 1, "/"
		ok = d.exportData(&req.Data)
	} else {
		ok = d.importRequest(req)
	}
	if !ok {
		return nil, nil, false
	}
	d.ws()
	if d.pos != len(body) {
		return nil, nil, false
	}
	return req, d.starts, true
}

// collecting reports whether the garbage collector runs at a percentage
// (GOGC is not off).
func collecting() bool {
	s := [1]metrics.Sample{{Name: "/gc/gogc:percent"}}
	metrics.Read(s[:])
	return s[0].Value.Kind() != metrics.KindUint64 || int64(s[0].Value.Uint64()) >= 0
}

// decoders keeps decoders between calls, so that their scratch lists
// have grown to the size of the arrays met before.
var decoders = sync.Pool{New: func() any { return new(decoder) }}

// release forgets everything of the last decoding that the result holds or
// that would keep the input alive, and returns d to decoders.
func (d *decoder) release() {
	d.data, d.arena, d.arenaUsed, d.ctx = nil, nil, 0, nil
	clear(d.shared[:])
	d.starts, d.offsets, d.dataMember = nil, nil, ""
	clear(d.names)
	d.names = d.names[:0]
	d.store.reset()
	decoders.Put(d)
}

// decoder is the state of one Decode call.
type decoder struct {
	data []byte
	// arena is the current chunk of the string arena (see keep), handed
	// out to the result up to arenaUsed.
	arena     []byte
	arenaUsed int
	pos       int // offset of the next byte to read
	depth     int // objects and arrays open at pos
	limit     int // largest depth allowed
	// countBytes is the size of the items of an array from which it is
	// counted (countAt).
	countBytes int
	// whole is set in a process that does not collect garbage (GOGC=off,
	// as the CLI runs): it keeps every byte it allocates, but the pages
	// of an allocation it never writes cost it nothing. A scratch list
	// there is made at once for the items from which its array is
	// counted, rather than grown and copied, which leaves the smaller
	// lists as dead memory that is never reused.
	whole bool
	// ctx is looked at every cancelEvery members and items, counted by
	// steps.
	ctx   context.Context
	steps int
	buf   []byte
	// names holds the member names of the objects skip is checking,
	// innermost last; skips its open containers.
	names []string
	skips []skipFrame

	// store holds the lists and slabs of the generated decode functions
	// (decode_gen.go).
	store
	// starts, when not nil, receives the item offsets of the arrays of
	// data (DecodeIndexed); offsets holds them all, each array's a part.
	// dataMember is the name of the member of data being read, valid
	// during the call only (see key).
	// startsPrefix is what the keys of starts put before the member's
	// name: "/data/", or "/" for a bare export (DecodeExport).
	starts       jsonwire.ItemStarts
	offsets      []int32
	dataMember   string
	startsPrefix string

	// patterns caches the compiled patterns of patternMatches.
	patterns map[string]*regexp.Regexp
	// shared holds short strings kept in this decoding, by a hash of
	// their text (see keep).
	shared [sharedSlots]string
}

// once sets bit in *seen and reports whether it was clear; a member
// met twice in one object takes the body off the fast path.
func once(seen *uint64, bit uint64) bool {
	if *seen&bit != 0 {
		return false
	}
	*seen |= bit
	return true
}

// extra keeps the member name of an open object, whose declared members
// are known, in *m with the raw bytes of its value. It refuses a name
// that case-folds to a declared one, which encoding/json would decode into
// the declared member too.
func (d *decoder) extra(m *model.Extra, name string, known []string) bool {
	for _, k := range known {
		if strings.EqualFold(name, k) {
			return false
		}
	}
	raw, ok := d.raw()
	if !ok {
		return false
	}
	if *m == nil {
		*m = make(model.Extra, 1)
	}
	n := len(*m)
	(*m)[d.keep(viewBytes(name))] = raw
	return len(*m) > n // equal: a duplicate name
}
