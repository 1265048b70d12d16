package model

import (
	"bytes"
	"encoding/json"
	"sort"
)

// Extra holds the members of an open object that its Go type does not name,
// each as the raw JSON it was decoded from. Encoding writes them back after
// the named members, in name order.
type Extra map[string]json.RawMessage

// decodeOpen decodes b into known (a pointer to a struct without custom
// decoding) and returns the members whose names are not in names.
func decodeOpen(b []byte, known any, names ...string) (Extra, error) {
	if err := json.Unmarshal(b, known); err != nil {
		return nil, err
	}
	var all map[string]json.RawMessage
	if err := json.Unmarshal(b, &all); err != nil {
		return nil, err
	}
	for _, n := range names {
		delete(all, n)
	}
	if len(all) == 0 {
		return nil, nil
	}
	return Extra(all), nil
}

// encodeOpen encodes known (a struct without custom encoding) followed by the
// extra members.
func encodeOpen(known any, extra Extra) ([]byte, error) {
	b, err := json.Marshal(known)
	if err != nil || len(extra) == 0 {
		return b, err
	}
	keys := make([]string, 0, len(extra))
	for k := range extra {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var buf bytes.Buffer
	buf.Write(b[:len(b)-1])
	first := len(b) == 2
	for _, k := range keys {
		if !first {
			buf.WriteByte(',')
		}
		first = false
		kb, _ := json.Marshal(k)
		buf.Write(kb)
		buf.WriteByte(':')
		v := extra[k]
		if len(v) == 0 {
			v = nullLiteral
		}
		buf.Write(v)
	}
	buf.WriteByte('}')
	return buf.Bytes(), nil
}

func sortStrings(s []string) { sort.Strings(s) }
