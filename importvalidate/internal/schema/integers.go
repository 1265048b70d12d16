package schema

import (
	"bytes"
	"encoding/json"
	"github.com/flagadmin/flagadmin/importvalidate/internal/jsonwire"
	"slices"
	"strconv"
	"strings"
)

// JSON Schema, like the reference server, takes 5.0 and 1e2 as integers,
// while encoding/json refuses to decode them into an int64. Before a
// structurally valid body is decoded, numberFixes finds such numbers in
// members the schema types as integer, and the body is decoded from a copy
// in which they are written as plain integers. Numbers the model cannot
// hold at all (an integer beyond int64, 1e400) are KindDecode problems
// naming their place.

// numberFixes walks body (a JSON text that passed the structural tier)
// beside the schema. It returns the rewrites of whole numbers not written
// as integer literals in integer members, and a KindDecode problem for each
// number the model cannot hold: an integer beyond int64, a number beyond
// float64.
func (c *Checker) numberFixes(body []byte) ([]coercion, []Problem) {
	if !bytes.ContainsAny(body, ".eE") {
		return nil, nil // only plain integers: nothing to rewrite, all fit
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	var instance any
	if err := dec.Decode(&instance); err != nil {
		return nil, nil
	}
	var rewrites []coercion
	var problems []Problem
	walkInstance(c.tree.Root, instance, func(n *Node, v any, path []string) (any, bool) {
		num, ok := v.(json.Number)
		if !ok {
			return v, true
		}
		text := num.String()
		switch {
		case slices.Contains(n.Types, "integer"):
			if _, err := strconv.ParseInt(text, 10, 64); err == nil {
				break
			}
			if canon, ok := canonicalInteger(text); ok {
				rewrites = append(rewrites, coercion{ptr: jsonwire.PointerOf(path), text: []byte(canon), off: -1})
				break
			}
			problems = append(problems, rangeProblem(jsonwire.PointerOf(path), text, "a 64-bit integer"))
		case slices.Contains(n.Types, "number"):
			if _, err := strconv.ParseFloat(text, 64); err != nil {
				problems = append(problems, rangeProblem(jsonwire.PointerOf(path), text, "a 64-bit floating-point number"))
			}
		}
		return v, false
	})
	return rewrites, problems
}

// rangeProblem says that the number at pointer does not fit what.
func rangeProblem(pointer, text, what string) Problem {
	if len(text) > 40 {
		text = text[:37] + "..."
	}
	return Problem{Kind: KindDecode, Location: Location{Pointer: pointer, Offset: -1},
		Message: "The `/body" + pointer + "` property does not fit " + what + ". You sent " + text + "."}
}

// canonicalInteger returns the integer literal of a JSON number that is
// whole and within int64 but written with a fraction or an exponent.
func canonicalInteger(s string) (string, bool) {
	if !strings.ContainsAny(s, ".eE") {
		return "", false
	}
	d := jsonwire.ParseDecimal(s)
	if !d.Whole() {
		return "", false
	}
	if d.Digits == "" {
		return "0", true
	}
	if int64(len(d.Digits))+d.Exp > 19 {
		return "", false
	}
	text := d.Digits + strings.Repeat("0", int(d.Exp))
	if d.Neg {
		text = "-" + text
	}
	if _, err := strconv.ParseInt(text, 10, 64); err != nil {
		return "", false
	}
	return text, true
}
