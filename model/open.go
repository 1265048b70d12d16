package model

import (
	"bytes"
	"encoding/json"
	"reflect"
	"sort"
	"strings"
)

// Extra holds the members of an open object that its Go type does not name,
// each as the raw JSON it was decoded from. Encoding writes them back after
// the named members, in name order.
type Extra map[string]json.RawMessage

// The open objects' structs without their methods, which decodeOpen and
// encodeOpen read and write.
type (
	collaboratorsFields            Collaborators
	collaboratorFields             Collaborator
	dataLinkFields                 DataLink
	strategyPayloadFields          StrategyPayload
	milestoneStrategyVariantFields MilestoneStrategyVariant
)

// decodeOpen decodes b into the struct that dst points to. Its type is an
// open object's struct without custom decoding (a defined type over it, as
// the object's UnmarshalJSON declares): the members that its json tags name
// go to their fields, the others to its field of type Extra (nil when there
// are none). dst is left unchanged on error.
func decodeOpen(b []byte, dst any) error {
	v := reflect.ValueOf(dst).Elem()
	fresh := reflect.New(v.Type())
	if err := json.Unmarshal(b, fresh.Interface()); err != nil {
		return err
	}
	var all map[string]json.RawMessage
	if err := json.Unmarshal(b, &all); err != nil {
		return err
	}
	extra := -1
	for i := range v.NumField() {
		f := v.Type().Field(i)
		if f.Type == extraType {
			extra = i
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		delete(all, name)
	}
	if len(all) > 0 {
		fresh.Elem().Field(extra).Set(reflect.ValueOf(Extra(all)))
	}
	v.Set(fresh.Elem())
	return nil
}

// encodeOpen encodes known (an open object's struct without custom
// encoding, whose Extra field is tagged "-") followed by the extra members.
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
