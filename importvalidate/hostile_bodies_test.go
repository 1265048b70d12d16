package importvalidate_test

import (
	"bytes"
	"slices"
	"strconv"
	"strings"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
)

// The hostile bodies of the tests and benchmarks: each fills about
// hostileSize bytes, just under the reference server's 500 kB limit.

const hostileSize = 490_000

// repeatTo joins item(0), item(1), ... with sep until the next one would
// pass size bytes.
func repeatTo(size int, sep string, item func(i int) string) string {
	var b strings.Builder
	for i := 0; ; i++ {
		s := item(i)
		if b.Len()+len(sep)+len(s) > size {
			break
		}
		if i > 0 {
			b.WriteString(sep)
		}
		b.WriteString(s)
	}
	return b.String()
}

// manyKeys is n bytes of distinct members "kI":value.
func manyKeys(n int, value string) string {
	return repeatTo(n, ",", func(i int) string { return `"k` + strconv.Itoa(i) + `":` + value })
}

// objectPlace is an object of the schema, as a body with %s where extra
// members go (after the required ones).
type objectPlace struct {
	name   string
	closed bool
	// value is the value of each extra member: one the schema accepts
	// there for an open object.
	value string
	body  func(members string) []byte
}

// testedPlaces is objectPlaces for the tests that build a body of the
// size limit at each place: all of them in the long tests
// (testutil.Long), else every open object and every sixth closed one.
func testedPlaces() []objectPlace {
	all := objectPlaces()
	if testutil.Long() {
		return all
	}
	var some []objectPlace
	for i, p := range all {
		if i%6 == 0 || !p.closed {
			some = append(some, p)
		}
	}
	return some
}

// objectPlaces lists one place of every object of the schema.
func objectPlaces() []objectPlace {
	feature := func(m string) string { return `{"name":"f"` + m + `}` }
	strategy := func(m string) []byte {
		return hostileWrap(feature(""), `,"featureStrategies":[{"name":"default","featureName":"f"`+m+`}]`)
	}
	more := func(m string) []byte { return hostileWrap(feature(""), m) }
	return []objectPlace{
		{"request", true, "0", func(m string) []byte {
			return []byte(`{"project":"default","environment":"development","data":{"features":[],"featureStrategies":[],"tagTypes":[]}` + m + `}`)
		}},
		{"data", true, "0", func(m string) []byte { return hostileWrap("", m) }},
		{"feature", true, "0", func(m string) []byte { return hostileWrap(feature(m), "") }},
		{"feature createdBy", true, "0", func(m string) []byte {
			return hostileWrap(feature(`,"createdBy":{"id":1,"name":"a","imageUrl":"b"`+m+`}`), "")
		}},
		{"strategy", true, "0", strategy},
		{"strategy parameters", false, `"v"`, func(m string) []byte { return strategy(`,"parameters":{"a":"b"` + m + `}`) }},
		{"constraint", true, "0", func(m string) []byte {
			return strategy(`,"constraints":[{"contextName":"userId","operator":"IN","values":["a"]` + m + `}]`)
		}},
		{"strategy variant", true, "0", func(m string) []byte {
			return strategy(`,"variants":[{"name":"v","weight":1000,"weightType":"variable","stickiness":"default"` + m + `}]`)
		}},
		{"strategy variant payload", false, "0", func(m string) []byte {
			return strategy(`,"variants":[{"name":"v","weight":1000,"weightType":"variable","stickiness":"default","payload":{"type":"string","value":"x"` + m + `}}]`)
		}},
		{"environment", true, "0", func(m string) []byte {
			return more(`,"featureEnvironments":[{"name":"f","enabled":true` + m + `}]`)
		}},
		{"environment variant", true, "0", func(m string) []byte {
			return more(`,"featureEnvironments":[{"name":"f","enabled":true,"variants":[{"name":"v","weight":1000` + m + `}]}]`)
		}},
		{"variant payload", true, "0", func(m string) []byte {
			return more(`,"featureEnvironments":[{"name":"f","enabled":true,"variants":[{"name":"v","weight":1000,"payload":{"type":"string","value":"x"` + m + `}}]}]`)
		}},
		{"variant override", true, "0", func(m string) []byte {
			return more(`,"featureEnvironments":[{"name":"f","enabled":true,"variants":[{"name":"v","weight":1000,"overrides":[{"contextName":"userId","values":["a"]` + m + `}]}]}]`)
		}},
		{"context field", true, "0", func(m string) []byte { return more(`,"contextFields":[{"name":"c"` + m + `}]`) }},
		{"legal value", true, "0", func(m string) []byte {
			return more(`,"contextFields":[{"name":"c","legalValues":[{"value":"a"` + m + `}]}]`)
		}},
		{"feature tag", true, "0", func(m string) []byte {
			return more(`,"featureTags":[{"featureName":"f","tagValue":"t","tagType":"simple"` + m + `}]`)
		}},
		{"segment", true, "0", func(m string) []byte { return more(`,"segments":[{"id":1,"name":"s"` + m + `}]`) }},
		{"tag type", true, "0", func(m string) []byte { return inTagTypes(`{"name":"simple"` + m + `}`) }},
		{"dependencies", true, "0", func(m string) []byte {
			return more(`,"dependencies":[{"feature":"f","dependencies":[{"feature":"g"}]` + m + `}]`)
		}},
		{"parent dependency", true, "0", func(m string) []byte {
			return more(`,"dependencies":[{"feature":"f","dependencies":[{"feature":"g"` + m + `}]}]`)
		}},
		{"links", true, "0", func(m string) []byte { return more(`,"links":[{"feature":"f","links":[]` + m + `}]`) }},
		{"link", false, "0", func(m string) []byte {
			return more(`,"links":[{"feature":"f","links":[{"url":"https://example.com"` + m + `}]}]`)
		}},
	}
}

// manyKeysBody is place with unknown members up to hostileSize bytes.
func manyKeysBody(p objectPlace) []byte {
	base := len(p.body(""))
	return p.body("," + manyKeys(hostileSize-base, p.value))
}

// manyKeysValue is a body whose project is an object of distinct keys up
// to hostileSize bytes, which the type problem quotes.
func manyKeysValue() []byte {
	return []byte(`{"project":{` + manyKeys(hostileSize, "0") + `},"environment":"development","data":{"features":[],"featureStrategies":[],"tagTypes":[]}}`)
}

// wrongItems is a body whose features are the number 1 up to hostileSize
// bytes: every item is a type problem.
func wrongItems() []byte {
	return hostileWrap(repeatTo(hostileSize, ",", func(int) string { return "1" }), "")
}

// itemsBody is a body holding about hostileSize bytes of array items,
// each with perItem structural problems, the first of code.
type itemsBody struct {
	name    string
	code    importvalidate.Code
	perItem int
	// item is the item at index i; wrap places the items.
	item func(i int) string
	wrap func(items string) []byte
}

// body returns the body of ib and its number of items.
func (ib itemsBody) body() ([]byte, int) {
	base := len(ib.wrap(""))
	count := 0
	items := repeatTo(hostileSize-base, ",", func(i int) string { count = i + 1; return ib.item(i) })
	return ib.wrap(items), count - 1
}

// The places where itemsBody puts its long array of items: the features,
// a strategy's constraints or variants, the feature environments and the
// tag types.

func inFeatures(items string) []byte { return hostileWrap(items, "") }

func inConstraints(items string) []byte {
	return hostileWrap(`{"name":"f"}`, `,"featureStrategies":[{"name":"default","constraints":[`+items+`]}]`)
}

func inVariants(items string) []byte {
	return hostileWrap(`{"name":"f"}`, `,"featureStrategies":[{"name":"default","variants":[`+items+`]}]`)
}

func inEnvironments(items string) []byte {
	return hostileWrap(`{"name":"f"}`, `,"featureEnvironments":[`+items+`]`)
}

func inTagTypes(items string) []byte {
	return []byte(`{"project":"default","environment":"development","data":{"features":[],"featureStrategies":[],"tagTypes":[` + items + `]}}`)
}

// problemBodies has one body per code of a schema problem, named for it,
// whose items are all the same, with one problem each.
func problemBodies() []itemsBody {
	var out []itemsBody
	for _, p := range []struct {
		code importvalidate.Code
		item string
		wrap func(items string) []byte
	}{
		{importvalidate.CodeType, `1`, inFeatures},
		{importvalidate.CodeRequired, `{}`, inFeatures},
		{importvalidate.CodeAdditionalProperty, `{"name":"a","x":0}`, inFeatures},
		{importvalidate.CodeFormat, `{"name":"a","createdAt":"x"}`, inFeatures},
		{importvalidate.CodeEnum, `{"contextName":"c","operator":"X"}`, inConstraints},
		{importvalidate.CodeMinLength, `{"contextName":"c","operator":"IN","value":""}`, inConstraints},
		{importvalidate.CodeMaximum, `{"name":"v","weight":1001,"weightType":"fix","stickiness":"d"}`, inVariants},
		{importvalidate.CodeMinimum, `{"name":"f","enabled":true,"yes":-1}`, inEnvironments},
		{importvalidate.CodePattern, `{"name":"t","color":"x"}`, inTagTypes},
	} {
		out = append(out, itemsBody{name: string(p.code), code: p.code, perItem: 1, item: func(int) string { return p.item }, wrap: p.wrap})
	}
	return out
}

// lastItemProblem is a body under the 500 kB limit of valid features,
// each with a distinct name, but for the last, which lacks its name: the
// slow path decodes every item and hands each to the schema library.
func lastItemProblem() []byte {
	body := minimalFeatures(24000)
	i := bytes.LastIndex(body, []byte(`{"name":`))
	j := i + bytes.IndexByte(body[i:], '}') + 1
	return slices.Concat(body[:i], []byte(`{}`), body[j:])
}

// minimalFeatures is a body of n features that have a distinct name and
// nothing else, about 20 bytes each.
func minimalFeatures(n int) []byte {
	var b strings.Builder
	b.Grow(20 * n)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`{"name":"f`)
		b.WriteString(strconv.Itoa(1_000_000 + i))
		b.WriteString(`"}`)
	}
	return hostileWrap(b.String(), "")
}

// distinctBodies has one body per way the items of a long array can all
// differ: in a missing member's neighbours, an unknown member's name, the
// JSON type, an enumerated value, a date, a colour, a bound, and several
// problems at once.
func distinctBodies() []itemsBody {
	n := strconv.Itoa
	return []itemsBody{
		{"items lacking a name", importvalidate.CodeRequired, 1, func(i int) string { return `{"type":"` + n(i) + `"}` }, inFeatures},
		{"unknown members", importvalidate.CodeAdditionalProperty, 1, func(i int) string { return `{"name":"a","x` + n(i) + `":0}` }, inFeatures},
		{"wrong types", importvalidate.CodeType, 1, func(i int) string {
			return [...]string{n(i), `"` + n(i) + `"`, `[` + n(i) + `]`, `true`, `null`, n(i) + `.5`}[i%6]
		}, inFeatures},
		{"enumerated values", importvalidate.CodeEnum, 1, func(i int) string { return `{"contextName":"c","operator":"X` + n(i) + `"}` }, inConstraints},
		{"dates", importvalidate.CodeFormat, 1, func(i int) string { return `{"name":"a","createdAt":"` + n(i) + `"}` }, inFeatures},
		{"colours", importvalidate.CodePattern, 1, func(i int) string { return `{"name":"t","color":"#g` + n(i) + `"}` }, inTagTypes},
		{"weights", importvalidate.CodeMaximum, 1, func(i int) string {
			return `{"name":"v","weight":` + n(1001+i) + `,"weightType":"fix","stickiness":"d"}`
		}, inVariants},
		{"items with four problems", importvalidate.CodeRequired, 4, func(i int) string {
			return `{"type":[` + n(i) + `],"x` + n(i) + `":0,"createdAt":"` + n(i) + `"}`
		}, inFeatures},
	}
}
