package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// node is one subschema of the import schema, with the keywords the
// generator reads. Property order is the order of the document.
type node struct {
	ptr        string
	ref        string
	types      []string
	props      []string
	propNodes  map[string]*node
	required   []string
	addl       *node // additionalProperties as a schema
	addlFalse  bool  // additionalProperties: false
	items      *node
	enum       []string
	minimum    string // JSON text of the bound, "" when absent
	maximum    string
	minLength  int // -1 when absent
	maxLength  int
	pattern    string
	format     string
	unreadable []string // keywords the generator does not implement
}

// known reports whether the generator implements keyword k, or k does not
// bear on validity.
func known(k string) bool {
	switch k {
	case "$schema", "$id", "$defs", "title", "description", "$comment", "$ref", "type", "properties",
		"required", "additionalProperties", "items", "enum", "minimum", "maximum", "minLength", "maxLength",
		"pattern", "format", "examples", "default":
		return true
	}
	return false
}

// document is the parsed schema with its definitions by pointer.
type document struct {
	root  *node
	nodes map[string]*node
}

// resolve follows $ref.
func (doc *document) resolve(n *node) (*node, error) {
	for i := 0; n != nil && n.ref != ""; i++ {
		if i > 64 {
			return nil, fmt.Errorf("%s: $ref loop", n.ptr)
		}
		next, ok := doc.nodes[strings.TrimPrefix(n.ref, "#")]
		if !ok {
			return nil, fmt.Errorf("%s: $ref %q names no definition", n.ptr, n.ref)
		}
		if len(n.types) > 0 || len(n.props) > 0 {
			return nil, fmt.Errorf("%s: $ref beside other keywords is not supported", n.ptr)
		}
		n = next
	}
	return n, nil
}

// parseDocument reads the schema document, keeping the order of members.
func parseDocument(b []byte) (*document, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	v, err := readOrdered(dec)
	if err != nil {
		return nil, err
	}
	obj, ok := v.(*ordered)
	if !ok {
		return nil, fmt.Errorf("the schema is not an object")
	}
	doc := &document{nodes: map[string]*node{}}
	if doc.root, err = doc.build(obj, ""); err != nil {
		return nil, err
	}
	return doc, nil
}

// ordered is a JSON object with its member order.
type ordered struct {
	keys []string
	vals map[string]any
}

// readOrdered reads one JSON value; objects become *ordered.
func readOrdered(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			o := &ordered{vals: map[string]any{}}
			for dec.More() {
				k, err := dec.Token()
				if err != nil {
					return nil, err
				}
				v, err := readOrdered(dec)
				if err != nil {
					return nil, err
				}
				o.keys = append(o.keys, k.(string))
				o.vals[k.(string)] = v
			}
			_, err := dec.Token()
			return o, err
		case '[':
			var a []any
			for dec.More() {
				v, err := readOrdered(dec)
				if err != nil {
					return nil, err
				}
				a = append(a, v)
			}
			_, err := dec.Token()
			return a, err
		}
	}
	return tok, nil
}

// build turns the subschema o at ptr into a node, with its children and
// definitions.
func (doc *document) build(o *ordered, ptr string) (*node, error) {
	n := &node{ptr: ptr, propNodes: map[string]*node{}, minLength: -1, maxLength: -1}
	doc.nodes[ptr] = n
	for _, k := range o.keys {
		v := o.vals[k]
		if !known(k) {
			n.unreadable = append(n.unreadable, k)
			continue
		}
		var err error
		switch k {
		case "$ref":
			n.ref, _ = v.(string)
		case "type":
			switch t := v.(type) {
			case string:
				n.types = []string{t}
			case []any:
				for _, e := range t {
					s, _ := e.(string)
					n.types = append(n.types, s)
				}
			}
		case "properties":
			props, ok := v.(*ordered)
			if !ok {
				return nil, fmt.Errorf("%s/properties is not an object", ptr)
			}
			for _, name := range props.keys {
				sub, ok := props.vals[name].(*ordered)
				if !ok {
					return nil, fmt.Errorf("%s/properties/%s is not an object", ptr, name)
				}
				n.props = append(n.props, name)
				if n.propNodes[name], err = doc.build(sub, ptr+"/properties/"+escape(name)); err != nil {
					return nil, err
				}
			}
		case "required":
			a, _ := v.([]any)
			for _, e := range a {
				s, _ := e.(string)
				n.required = append(n.required, s)
			}
		case "additionalProperties":
			switch t := v.(type) {
			case bool:
				n.addlFalse = !t
			case *ordered:
				if n.addl, err = doc.build(t, ptr+"/additionalProperties"); err != nil {
					return nil, err
				}
			}
		case "items":
			sub, ok := v.(*ordered)
			if !ok {
				return nil, fmt.Errorf("%s/items is not a schema object", ptr)
			}
			if n.items, err = doc.build(sub, ptr+"/items"); err != nil {
				return nil, err
			}
		case "enum":
			a, _ := v.([]any)
			for _, e := range a {
				s, ok := e.(string)
				if !ok {
					return nil, fmt.Errorf("%s/enum: only strings are supported", ptr)
				}
				n.enum = append(n.enum, s)
			}
		case "minimum", "maximum":
			num, ok := v.(json.Number)
			if !ok {
				return nil, fmt.Errorf("%s/%s is not a number", ptr, k)
			}
			if k == "minimum" {
				n.minimum = num.String()
			} else {
				n.maximum = num.String()
			}
		case "minLength", "maxLength":
			num, ok := v.(json.Number)
			i, err := num.Int64()
			if !ok || err != nil || i < 0 {
				return nil, fmt.Errorf("%s/%s is not a length", ptr, k)
			}
			if k == "minLength" {
				n.minLength = int(i)
			} else {
				n.maxLength = int(i)
			}
		case "pattern":
			n.pattern, _ = v.(string)
		case "format":
			n.format, _ = v.(string)
		case "$defs":
			defs, ok := v.(*ordered)
			if !ok {
				return nil, fmt.Errorf("%s/$defs is not an object", ptr)
			}
			for _, name := range defs.keys {
				sub, ok := defs.vals[name].(*ordered)
				if !ok {
					return nil, fmt.Errorf("%s/$defs/%s is not an object", ptr, name)
				}
				if _, err := doc.build(sub, ptr+"/$defs/"+escape(name)); err != nil {
					return nil, err
				}
			}
		}
	}
	return n, nil
}

// escape escapes a JSON pointer token.
func escape(s string) string {
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(s)
}

// has reports whether the node's type keyword lists t.
func (n *node) has(t string) bool {
	for _, x := range n.types {
		if x == t {
			return true
		}
	}
	return false
}

// nonNull returns the node's types other than null.
func (n *node) nonNull() []string {
	var out []string
	for _, t := range n.types {
		if t != "null" {
			out = append(out, t)
		}
	}
	return out
}
