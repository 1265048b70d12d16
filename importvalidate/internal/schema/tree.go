package schema

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/flagadmin/flagadmin/importvalidate/internal/ajvformat"
	"github.com/flagadmin/flagadmin/internal/jsonwire"
)

// The schema document is the JSON Schema (draft 2020-12) of the import
// request body, ImportTogglesSchema, which importvalidate embeds. The order
// of every properties object is the order of the spec tables: the checker
// derives the order of its problems from it.

// schemaURL is the name the schema is compiled under. It is never loaded
// from anywhere.
const schemaURL = "urn:flagadmin:import.schema.json"

// Node is one subschema of the schema document, as the checker needs it to
// word problems and to order them, and as the fast path's generator reads
// it. It is read-only once parsed.
type Node struct {
	Ptr    string // JSON pointer of the node in the schema document
	refPtr string // the target of $ref, "" for none
	Ref    *Node  // the node $ref names, nil for none
	Types  []string
	// Props are the properties in document order; PropNodes their
	// schemas.
	Props     []string
	propIdx   map[string]int
	PropNodes []*Node
	Required  []string
	// Closed is set by additionalProperties: false; Addl is the schema of
	// additional properties when additionalProperties is a schema.
	Closed bool
	Addl   *Node
	Items  *Node
	// Enum holds the enumeration's strings (a number as its JSON text);
	// EnumNotStrings is set when some value is not a string.
	Enum           []string
	EnumNotStrings bool
	// Minimum and Maximum keep the JSON text of the bound, "" when absent.
	Minimum, Maximum     string
	MinLength, MaxLength int // -1 when absent
	Pattern, Format      string
	// Unknown lists the keywords the node carries that are none of the
	// above and not annotations.
	Unknown []string
}

// Resolve follows $ref.
func (n *Node) Resolve() *Node {
	for i := 0; n != nil && n.Ref != nil && i < 64; i++ {
		n = n.Ref
	}
	return n
}

// Prop returns the schema of property name, or nil.
func (n *Node) Prop(name string) *Node {
	if i, ok := n.propIdx[name]; ok {
		return n.PropNodes[i]
	}
	return nil
}

// Child returns the schema of the member name of an object of n: the
// property's, else that of additional properties, else nil.
func (n *Node) Child(name string) *Node {
	if i, ok := n.propIdx[name]; ok {
		return n.PropNodes[i]
	}
	return n.Addl
}

// Tree is the parsed schema document.
type Tree struct {
	Root  *Node
	nodes map[string]*Node // by JSON pointer
}

// ordered is a JSON value decoded with the order of object members kept.
type ordered struct {
	kind    byte // '{', '[', 's' string, 'n' number, 'b' bool, '0' null
	keys    []string
	vals    []*ordered
	str     string
	boolean bool
}

func (o *ordered) get(k string) *ordered {
	if o == nil || o.kind != '{' {
		return nil
	}
	for i, key := range o.keys {
		if key == k {
			return o.vals[i]
		}
	}
	return nil
}

// decodeOrdered decodes the schema document keeping member order.
func decodeOrdered(dec *json.Decoder) (*ordered, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			o := &ordered{kind: '{'}
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				v, err := decodeOrdered(dec)
				if err != nil {
					return nil, err
				}
				o.keys = append(o.keys, kt.(string))
				o.vals = append(o.vals, v)
			}
			_, err = dec.Token()
			return o, err
		case '[':
			o := &ordered{kind: '['}
			for dec.More() {
				v, err := decodeOrdered(dec)
				if err != nil {
					return nil, err
				}
				o.vals = append(o.vals, v)
			}
			_, err = dec.Token()
			return o, err
		}
	case string:
		return &ordered{kind: 's', str: t}, nil
	case json.Number:
		return &ordered{kind: 'n', str: t.String()}, nil
	case bool:
		return &ordered{kind: 'b', boolean: t}, nil
	case nil:
		return &ordered{kind: '0'}, nil
	}
	return nil, fmt.Errorf("unexpected token %v", tok)
}

// Parse reads the schema document doc.
func Parse(doc []byte) (*Tree, error) {
	dec := json.NewDecoder(bytes.NewReader(doc))
	dec.UseNumber()
	o, err := decodeOrdered(dec)
	if err != nil {
		return nil, err
	}
	t := &Tree{nodes: map[string]*Node{}}
	t.Root = t.build(o, "")
	for _, n := range t.nodes {
		if n.refPtr != "" {
			if n.Ref = t.nodes[n.refPtr]; n.Ref == nil {
				return nil, fmt.Errorf("unresolved $ref %q at %q", n.refPtr, n.Ptr)
			}
		}
	}
	for _, n := range t.nodes {
		if n.Pattern != "" {
			if _, err := regexp.Compile(n.Pattern); err != nil {
				return nil, fmt.Errorf("pattern at %q: %w", n.Ptr, err)
			}
		}
	}
	return t, nil
}

func (t *Tree) build(o *ordered, ptr string) *Node {
	n := &Node{Ptr: ptr, MinLength: -1, MaxLength: -1}
	t.nodes[ptr] = n
	if o == nil || o.kind != '{' {
		return n
	}
	if r := o.get("$ref"); r != nil && r.kind == 's' && strings.HasPrefix(r.str, "#") {
		n.refPtr = unescapeSchemaPointer(r.str[1:])
	}
	if ty := o.get("type"); ty != nil {
		if ty.kind == 's' {
			n.Types = []string{ty.str}
		}
		for _, v := range ty.vals {
			n.Types = append(n.Types, v.str)
		}
	}
	if p := o.get("properties"); p != nil && p.kind == '{' {
		n.propIdx = make(map[string]int, len(p.keys))
		for i, k := range p.keys {
			n.Props = append(n.Props, k)
			n.propIdx[k] = i
			n.PropNodes = append(n.PropNodes, t.build(p.vals[i], ptr+"/properties/"+jsonwire.EscapeToken(k)))
		}
	}
	if r := o.get("required"); r != nil {
		for _, v := range r.vals {
			n.Required = append(n.Required, v.str)
		}
	}
	if a := o.get("additionalProperties"); a != nil {
		if a.kind == 'b' {
			n.Closed = !a.boolean
		} else {
			n.Addl = t.build(a, ptr+"/additionalProperties")
		}
	}
	if it := o.get("items"); it != nil {
		n.Items = t.build(it, ptr+"/items")
	}
	if e := o.get("enum"); e != nil {
		for _, v := range e.vals {
			n.Enum = append(n.Enum, v.str)
			n.EnumNotStrings = n.EnumNotStrings || v.kind != 's'
		}
	}
	if v := o.get("minimum"); v != nil {
		n.Minimum = v.str
	}
	if v := o.get("maximum"); v != nil {
		n.Maximum = v.str
	}
	if v := o.get("minLength"); v != nil {
		n.MinLength, _ = strconv.Atoi(v.str)
	}
	if v := o.get("maxLength"); v != nil {
		n.MaxLength, _ = strconv.Atoi(v.str)
	}
	if v := o.get("pattern"); v != nil {
		n.Pattern = v.str
	}
	if v := o.get("format"); v != nil {
		n.Format = v.str
	}
	for _, k := range o.keys {
		if !keywordRead(k) {
			n.Unknown = append(n.Unknown, k)
		}
	}
	if defs := o.get("$defs"); defs != nil {
		for i, k := range defs.keys {
			t.build(defs.vals[i], ptr+"/$defs/"+jsonwire.EscapeToken(k))
		}
	}
	return n
}

// keywordRead reports whether Node holds keyword k, or k is an annotation
// that does not bear on validity.
func keywordRead(k string) bool {
	switch k {
	case "$schema", "$id", "$defs", "$comment", "title", "description", "examples", "default",
		"$ref", "type", "properties", "required", "additionalProperties", "items", "enum",
		"minimum", "maximum", "minLength", "maxLength", "pattern", "format":
		return true
	}
	return false
}

// unescapeSchemaPointer turns a URI fragment pointer into a plain JSON
// pointer (percent-decoding each token; the tokens stay ~-escaped).
func unescapeSchemaPointer(frag string) string {
	if !strings.Contains(frag, "%") {
		return frag
	}
	toks := strings.Split(frag, "/")
	for i, tk := range toks {
		toks[i] = jsonwire.PercentDecode(tk)
	}
	return strings.Join(toks, "/")
}

// compileSchema compiles the schema document doc with its own compiler: no file
// or network loader, formats asserted, date-time checked as the reference
// checks it (ajvformat.DateTime).
// It also compiles the schema of the items of every array of t, keyed by
// the items node (see compiledItems).
func compileSchema(doc []byte, t *Tree) (*jsonschema.Schema, map[*Node]*jsonschema.Schema, error) {
	c := jsonschema.NewCompiler()
	c.Draft = jsonschema.Draft2020
	c.AssertFormat = true
	// The schema refers to nothing outside itself: never read a file or
	// the network.
	c.LoadURL = func(url string) (io.ReadCloser, error) {
		return nil, fmt.Errorf("the import schema loads no external resource (%s)", url)
	}
	c.Formats["date-time"] = isDateTime // this compiler's own map: no shared state
	if err := c.AddResource(schemaURL, bytes.NewReader(doc)); err != nil {
		return nil, nil, err
	}
	root, err := c.Compile(schemaURL)
	if err != nil {
		return nil, nil, err
	}
	items, err := compiledItems(c, t)
	if err != nil {
		return nil, nil, err
	}
	return root, items, nil
}

// isDateTime reports whether v, when a string, is a date-time as the
// reference server's validator checks it (ajv-formats 2.1.1, full mode).
// Non-strings pass: the type keyword judges them.
func isDateTime(v any) bool {
	s, ok := v.(string)
	if !ok {
		return true
	}
	return ajvformat.DateTime(s)
}
