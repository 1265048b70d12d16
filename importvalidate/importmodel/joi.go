package importmodel

import (
	"math"
	"strconv"

	"github.com/flagadmin/flagadmin/importvalidate/internal/jsvalue"
)

// The import checks many values with joi, and Unleash turns each joi
// detail into a message of its own (error/bad-data-error.js fromJoiError):
// joi's message about the value's label, then ". You provided <value>."
// where JavaScript takes the value as true, else ".". joi holds one
// such detail as data; String words it.

// joiKind is the joi error a detail reports.
type joiKind int

const (
	// joiEmpty is string.empty: a string that is "".
	joiEmpty joiKind = iota + 1
	// joiMinLength and joiMaxLength are string.min and string.max, in
	// UTF-16 code units.
	joiMinLength
	joiMaxLength
	// joiURLFriendly is Unleash's isUrlFriendly.base.
	joiURLFriendly
	// joiNumber and joiUnsafe are number.base and number.unsafe.
	joiNumber
	joiUnsafe
	// joiDate is date.base.
	joiDate
	// joiArray is array.base: a value that is not an array.
	joiArray
	// joiMinItems is array.min.
	joiMinItems
	// joiDuplicate is array.unique.
	joiDuplicate
	// joiNotAllowed is object.unknown: a member the schema does not list.
	joiNotAllowed
	// joiWeightDecimal is number.integer of a variant's weight, whose
	// message Unleash replaces with its own (schema/feature-schema.js).
	joiWeightDecimal
	// joiJSONString is the custom error of a json payload's value.
	joiJSONString
)

// joi is one detail of a joi validation error.
type joi struct {
	// label is joi's path of the value, relative to what was validated,
	// without the quotes joi puts around it: "name", "values[0]",
	// "[0].name".
	label string
	kind  joiKind
	// limit is the length or count of joiMinLength, joiMaxLength and
	// joiMinItems.
	limit int
	// value is what the detail quotes after "You provided"; nil quotes
	// nothing.
	value jsValue
}

// joiWording is how a kind of detail is worded: the quoted label
// (unless bare), text, then for a kind with a unit the limit and unit.
type joiWording struct {
	bare       bool
	text, unit string
}

// joiWordings holds each kind's wording, indexed by the kind.
var joiWordings = [...]joiWording{
	joiEmpty:         {text: "is not allowed to be empty"},
	joiMinLength:     {text: "length must be at least ", unit: " characters long"},
	joiMaxLength:     {text: "length must be less than or equal to ", unit: " characters long"},
	joiURLFriendly:   {text: "must be URL friendly"},
	joiNumber:        {text: "must be a number"},
	joiUnsafe:        {text: "must be a safe number"},
	joiDate:          {text: "must be a valid date"},
	joiArray:         {text: "must be an array"},
	joiMinItems:      {text: "must contain at least ", unit: " items"},
	joiDuplicate:     {text: "contains a duplicate value"},
	joiNotAllowed:    {text: "is not allowed"},
	joiWeightDecimal: {bare: true, text: "Weight only supports 1 decimal"},
	joiJSONString:    {bare: true, text: "'value' must be a valid json string when 'type' is json"},
}

// String is the detail's message as the import's answer writes it.
func (d joi) String() string {
	b := make([]byte, 0, 64+len(d.label))
	if int(d.kind) > 0 && int(d.kind) < len(joiWordings) {
		w := &joiWordings[d.kind]
		if !w.bare {
			b = append(b, '"')
			b = append(b, d.label...)
			b = append(b, '"', ' ')
		}
		b = append(b, w.text...)
		if w.unit != "" {
			b = strconv.AppendInt(b, int64(d.limit), 10)
			b = append(b, w.unit...)
		}
	}
	if d.value != nil && d.value.truthy() {
		b = append(b, ". You provided "...)
		b = d.value.appendJS(b)
	}
	return string(append(b, '.'))
}

// jsValue is a value a message quotes, written as JSON.stringify
// writes it.
type jsValue interface {
	appendJS(dst []byte) []byte
	// truthy is JavaScript's Boolean(value).
	truthy() bool
}

// jsString is a string value.
type jsString string

func (s jsString) appendJS(dst []byte) []byte { return jsvalue.AppendString(dst, string(s)) }
func (s jsString) truthy() bool               { return s != "" }

// jsNumber is a number value.
type jsNumber float64

func (n jsNumber) appendJS(dst []byte) []byte {
	f := float64(n)
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return append(dst, "null"...)
	}
	return append(dst, jsvalue.FormatFloat(f)...)
}
func (n jsNumber) truthy() bool { return n != 0 && !math.IsNaN(float64(n)) }

// jsObject is an object value, its members in the order written.
type jsObject []jsMember

// jsMember is one member of a jsObject. A nil value leaves the
// member out, as JSON.stringify leaves out an undefined one.
type jsMember struct {
	key   string
	value jsValue
}

func (o jsObject) appendJS(dst []byte) []byte {
	dst = append(dst, '{')
	first := true
	for _, m := range o {
		if m.value == nil {
			continue
		}
		if !first {
			dst = append(dst, ',')
		}
		first = false
		dst = jsvalue.AppendString(dst, m.key)
		dst = append(dst, ':')
		dst = m.value.appendJS(dst)
	}
	return append(dst, '}')
}
func (jsObject) truthy() bool { return true }

// jsArray is an array value.
type jsArray []jsValue

func (a jsArray) appendJS(dst []byte) []byte {
	dst = append(dst, '[')
	for i, v := range a {
		if i > 0 {
			dst = append(dst, ',')
		}
		if v == nil {
			dst = append(dst, "null"...)
			continue
		}
		dst = v.appendJS(dst)
	}
	return append(dst, ']')
}
func (jsArray) truthy() bool { return true }

// jsDecoded is a value decoded by jsvalue.Parse (numbers as
// json.Number, objects as maps, whose members JSON.stringify then writes
// in sorted order).
type jsDecoded struct{ v any }

func (d jsDecoded) appendJS(dst []byte) []byte { return jsvalue.AppendValue(dst, d.v) }
func (d jsDecoded) truthy() bool {
	switch x := d.v.(type) {
	case nil:
		return false
	case bool:
		return x
	case string:
		return x != ""
	case interface{ String() string }: // json.Number
		f, err := strconv.ParseFloat(x.String(), 64)
		return err != nil || (f != 0 && !math.IsNaN(f))
	}
	return true
}
