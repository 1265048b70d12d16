package main

import (
	"fmt"
	"strconv"
	"strings"
)

// The generated bodies import into project default, environment
// development. They are clean against the state of the recorded reference
// server (testdata/conformance/oracle-state.json, the same state as
// testdata/unleash-db): every name is new, every strategy type is built in,
// the context field region keeps its legal values eu and us, the segment
// beta-users (id 1) and the tag type simple exist. An admin therefore gets
// 200 with no error, warning or missing permission from both servers.

// Words of the generated names, descriptions and payloads.
var (
	bodyAreas  = [...]string{"checkout", "search", "billing", "profile", "cart", "payments", "login", "reports"}
	bodyThings = [...]string{"redesign", "cache", "banner", "newflow", "export", "audit", "prefetch", "retry"}
	bodyTypes  = [...]string{"release", "experiment", "operational", "kill-switch", "permission"}
	bodyTeams  = [...]string{"core", "growth", "platform", "mobile", "web", "data"}
	bodyColors = [...]string{"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728"}
)

// cleanBody returns a clean validation body of n features. Each feature
// has one flexibleRollout strategy with two constraints and two variants
// (one with a JSON payload), every third strategy uses segment 1, one
// feature environment with a variant, and one tag; every fifth feature
// depends on the one before it. The bytes depend only on n.
func cleanBody(n int) []byte {
	var b strings.Builder
	b.Grow(n * 1300)
	name := func(i int) string {
		return fmt.Sprintf("cmp-%s-%s-%05d", bodyAreas[i%len(bodyAreas)], bodyThings[(i/len(bodyAreas))%len(bodyThings)], i)
	}
	list := func(key string, item func(i int)) {
		b.WriteString(`,"` + key + `":[`)
		for i := range n {
			if i > 0 {
				b.WriteByte(',')
			}
			item(i)
		}
		b.WriteByte(']')
	}

	b.WriteString(`{"project":"default","environment":"development","data":{"features":[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		desc := "null"
		if i%2 == 1 {
			desc = strconv.Quote("Rolls " + name(i) + " out gradually while the owning team watches error rates.")
		}
		fmt.Fprintf(&b, `{"name":%q,"type":%q,"project":"default","description":%s,"stale":false,"impressionData":%t,"createdAt":"2025-%02d-%02dT%02d:%02d:00.000Z"}`,
			name(i), bodyTypes[i%len(bodyTypes)], desc, i%4 == 0, 1+i%12, 1+i%28, i%24, i%60)
	}
	b.WriteByte(']')
	list("featureStrategies", func(i int) {
		segments := ""
		if i%3 == 0 {
			segments = `,"segments":[1]`
		}
		fmt.Fprintf(&b, `{"id":"%08x-0000-4000-8000-%012x","name":"flexibleRollout","featureName":%q,"title":null,"disabled":false,"sortOrder":0%s,`+
			`"constraints":[{"contextName":"region","operator":"IN","values":["eu","us"],"caseInsensitive":false,"inverted":false},{"contextName":"userId","operator":"NUM_GT","value":"%d"}],`+
			`"parameters":{"rollout":"%d","stickiness":"default","groupId":%q},`+
			`"variants":[{"name":"control","weight":500,"weightType":"variable","stickiness":"default"},{"name":"treatment","weight":500,"weightType":"variable","stickiness":"default","payload":{"type":"json","value":%q}}]}`,
			i, i, name(i), segments, 1000+i*7, 5*(1+i%20), name(i),
			fmt.Sprintf(`{"color":%q,"limit":%d}`, bodyColors[i%len(bodyColors)], 10*(1+i%50)))
	})
	list("featureEnvironments", func(i int) {
		fmt.Fprintf(&b, `{"name":%q,"featureName":%q,"environment":"development","enabled":%t,"variants":[{"name":"on","weight":1000,"weightType":"variable","stickiness":"default","payload":{"type":"string","value":"banner-%s"}}]}`,
			name(i), name(i), i%3 != 2, bodyAreas[i%len(bodyAreas)])
	})
	list("featureTags", func(i int) {
		fmt.Fprintf(&b, `{"featureName":%q,"tagType":"simple","tagValue":%q}`, name(i), bodyTeams[i%len(bodyTeams)])
	})
	b.WriteString(`,"contextFields":[{"name":"region","description":"Region of the data centre serving the request","stickiness":false,"sortOrder":1,"legalValues":[{"value":"eu","description":"European Union"},{"value":"us","description":"United States"}]}]`)
	b.WriteString(`,"segments":[{"id":1,"name":"beta-users"}]`)
	b.WriteString(`,"tagTypes":[{"name":"simple","description":"Used to simplify filtering of features","icon":"#"}]`)
	b.WriteString(`,"dependencies":[`)
	first := true
	for i := 4; i < n; i += 5 {
		if !first {
			b.WriteByte(',')
		}
		first = false
		fmt.Fprintf(&b, `{"feature":%q,"dependencies":[{"feature":%q,"enabled":true}]}`, name(i), name(i-1))
	}
	b.WriteString(`]}}`)
	return []byte(b.String())
}

// cleanBodyOfSize returns the largest cleanBody that is at most size bytes,
// and at least one feature.
func cleanBodyOfSize(size int) []byte {
	one := len(cleanBody(1))
	perFeature := max(1, len(cleanBody(11))-one) / 10
	n := max(1, 1+(size-one)/perFeature)
	b := cleanBody(n)
	for len(b) > size && n > 1 {
		n--
		b = cleanBody(n)
	}
	for n < 1<<20 {
		next := cleanBody(n + 1)
		if len(next) > size {
			break
		}
		n, b = n+1, next
	}
	return b
}
