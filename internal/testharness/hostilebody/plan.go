package hostilebody

import (
	"strconv"
	"strings"
)

// The bodies below cost an import plan the most under the default limit
// (PlanSize), each in another step of the plan. They are valid import
// requests for the project default and the environment development of
// the embedded default state: the validation lets them through (at most
// with warnings), so that a server plans them.

// PlanSize is the size the plan bodies reach under the default limit of
// 512 000 bytes: 496 KiB, as UnknownKeysSize.
const PlanSize = UnknownKeysSize

// PlanBody is one hostile plan body: its name and a function that
// builds it at about size bytes (a few bytes more at most).
type PlanBody struct {
	Name  string
	Build func(size int) []byte
}

// PlanBodies lists the hostile plan bodies.
func PlanBodies() []PlanBody {
	return []PlanBody{
		{"segments of a long name", PlanSegments},
		{"links of a long name", PlanLinks},
		{"context fields", PlanContextFields},
		{"tag types", PlanTagTypes},
		{"tags of one feature", PlanTags},
		{"parents of one feature", PlanDependencies},
		{"strategies of one feature", PlanStrategies},
	}
}

// fill appends item(i) for i = 0, 1, ... separated by commas to b until
// b, with tail bytes still to come, is at least size bytes long.
func fill(b *strings.Builder, size, tail int, item func(i int) string) {
	for i := 0; b.Len()+tail < size; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(item(i))
	}
}

// longName is a feature name of n letters.
func longName(n int) string { return strings.Repeat("n", n) }

// PlanSegments returns a feature whose name takes a quarter of the body,
// with one strategy whose segment ids (1, 2, ...) fill the rest, none of
// them in data.segments: each id is a reason for which the import is
// refused, and each such reason names the feature.
func PlanSegments(size int) []byte {
	name := longName(size / 4)
	var b strings.Builder
	b.WriteString(`{"project":"default","environment":"development","data":{"features":[{"name":"` + name +
		`"}],"tagTypes":[],"featureStrategies":[{"name":"default","featureName":"` + name + `","segments":[`)
	rest := `]}]}}`
	fill(&b, size, len(rest), func(i int) string { return strconv.Itoa(i + 1) })
	b.WriteString(rest)
	return []byte(b.String())
}

// PlanLinks returns a feature whose name takes a quarter of the body,
// with links whose URLs (the host "[") do not parse filling the rest:
// each is a reason for which the import is refused, naming the feature.
func PlanLinks(size int) []byte {
	name := longName(size / 4)
	var b strings.Builder
	b.WriteString(`{"project":"default","environment":"development","data":{"features":[{"name":"` + name +
		`"}],"featureStrategies":[],"tagTypes":[],"links":[{"feature":"` + name + `","links":[`)
	rest := `]}]}}`
	fill(&b, size, len(rest), func(int) string { return `{"url":"http://["}` })
	b.WriteString(rest)
	return []byte(b.String())
}

// PlanContextFields returns a body of new context fields c0, c1, ...:
// each is created by the import.
func PlanContextFields(size int) []byte {
	var b strings.Builder
	b.WriteString(`{"project":"default","environment":"development","data":{"features":[],"featureStrategies":[],"tagTypes":[],"contextFields":[`)
	rest := `]}}`
	fill(&b, size, len(rest), func(i int) string { return `{"name":"c` + strconv.Itoa(i) + `"}` })
	b.WriteString(rest)
	return []byte(b.String())
}

// PlanTagTypes returns a feature with one tag of each of the new tag
// types t0, t1, ..., which the import creates.
func PlanTagTypes(size int) []byte {
	var tags, types strings.Builder
	for i := 0; tags.Len()+types.Len() < size-160; i++ {
		if i > 0 {
			tags.WriteByte(',')
			types.WriteByte(',')
		}
		t := strconv.Itoa(i)
		tags.WriteString(`{"featureName":"f","tagType":"t` + t + `","tagValue":"vv"}`)
		types.WriteString(`{"name":"t` + t + `"}`)
	}
	return []byte(`{"project":"default","environment":"development","data":{"features":[{"name":"f"}],"featureStrategies":[],"tagTypes":[` +
		types.String() + `],"featureTags":[` + tags.String() + `]}}`)
}

// PlanTags returns a feature with distinct tags (one tag type, values
// v0, v1, ...), which the import adds.
func PlanTags(size int) []byte {
	var b strings.Builder
	b.WriteString(`{"project":"default","environment":"development","data":{"features":[{"name":"f"}],"featureStrategies":[],"tagTypes":[{"name":"simple"}],"featureTags":[`)
	rest := `]}}`
	fill(&b, size, len(rest), func(i int) string {
		return `{"featureName":"f","tagType":"simple","tagValue":"v` + strconv.Itoa(i) + `"}`
	})
	b.WriteString(rest)
	return []byte(b.String())
}

// PlanDependencies returns a feature (with its project, so that its
// dependencies are imported) whose parents p0, p1, ..., features of the
// file too, fill the body.
func PlanDependencies(size int) []byte {
	var features, parents strings.Builder
	for i := 0; features.Len()+parents.Len() < size-200; i++ {
		p := `"p` + strconv.Itoa(i) + `"`
		features.WriteString(`,{"name":` + p + `}`)
		if i > 0 {
			parents.WriteByte(',')
		}
		parents.WriteString(`{"feature":` + p + `}`)
	}
	return []byte(`{"project":"default","environment":"development","data":{"features":[{"name":"f","project":"default"}` +
		features.String() + `],"featureStrategies":[],"tagTypes":[],"dependencies":[{"feature":"f","dependencies":[` + parents.String() + `]}]}}`)
}

// PlanStrategies returns a feature whose strategies fill the body: each
// a default strategy with a constraint, in the order the file gives.
func PlanStrategies(size int) []byte {
	var b strings.Builder
	b.WriteString(`{"project":"default","environment":"development","data":{"features":[{"name":"f"}],"tagTypes":[],"featureStrategies":[`)
	rest := `]}}`
	fill(&b, size, len(rest), func(i int) string {
		if i%2 == 0 {
			return `{"name":"default","featureName":"f"}`
		}
		return `{"name":"default","featureName":"f","constraints":[{"contextName":"userId","operator":"IN","values":["` + strconv.Itoa(i) + `"]}]}`
	})
	b.WriteString(rest)
	return []byte(b.String())
}
