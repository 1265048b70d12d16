package conformance

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// errorID matches the random id of an error body.
var errorID = regexp.MustCompile(`"id":"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"`)

// Normalized returns r's body compact, the random id of an error body
// (status 400 and above) replaced by "<id>".
func Normalized(r Response) []byte {
	var b bytes.Buffer
	if err := json.Compact(&b, r.Body); err != nil {
		return r.Body
	}
	if r.Status < 400 {
		return b.Bytes()
	}
	return errorID.ReplaceAll(b.Bytes(), []byte(`"id":"<id>"`))
}

// Differs returns "" when got answers as want does (the same status,
// content type and body, byte for byte once compact, error ids aside),
// and else says how they differ.
func Differs(want, got Response) string {
	var out []string
	if want.Status != got.Status {
		out = append(out, fmt.Sprintf("status %d, recorded %d", got.Status, want.Status))
	}
	if want.ContentType != got.ContentType {
		out = append(out, fmt.Sprintf("content type %q, recorded %q", got.ContentType, want.ContentType))
	}
	if w, g := Normalized(want), Normalized(got); !bytes.Equal(w, g) {
		paths := DiffPaths(w, g)
		if len(paths) == 0 {
			paths = []string{"member order"}
		}
		out = append(out, "body differs at "+strings.Join(paths, ", ")+
			fmt.Sprintf("\n  got:      %s\n  recorded: %s", clip(g), clip(w)))
	}
	return strings.Join(out, "; ")
}

func clip(b []byte) string {
	const max = 600
	if len(b) > max {
		return string(b[:max]) + "..."
	}
	return string(b)
}

// DiffPaths returns the JSON pointers at which two JSON texts differ in
// value (members missing on one side included), not in member order.
func DiffPaths(a, b []byte) []string {
	var va, vb any
	if json.Unmarshal(a, &va) != nil || json.Unmarshal(b, &vb) != nil {
		return []string{""}
	}
	var out []string
	walkDiff("", va, vb, &out)
	return out
}

func walkDiff(path string, a, b any, out *[]string) {
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok {
			break
		}
		keys := make([]string, 0, len(x)+len(y))
		for k := range x {
			keys = append(keys, k)
		}
		for k := range y {
			if _, ok := x[k]; !ok {
				keys = append(keys, k)
			}
		}
		slices.Sort(keys)
		for _, k := range keys {
			walkDiff(path+"/"+k, x[k], y[k], out)
		}
		return
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			break
		}
		for i := range x {
			walkDiff(path+"/"+strconv.Itoa(i), x[i], y[i], out)
		}
		return
	default:
		if fmt.Sprint(a) == fmt.Sprint(b) && (a == nil) == (b == nil) {
			return
		}
	}
	*out = append(*out, path)
}
