package model_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
	"github.com/flagadmin/flagadmin/model"
)

// bigSnapshot is a snapshot such as `flagadmin snapshot -configs` writes
// for an instance of n features in two environments: each feature with
// its configuration (a strategy with parameters, a constraint and a
// segment, a variant, a tag), and a user and a token per ten features;
// about 1.1 kB per feature.
func bigSnapshot(n int) []byte {
	var b strings.Builder
	b.WriteString(`{"environments":[{"name":"development","type":"development"},{"name":"production","type":"production"}],` +
		`"projects":[{"id":"default"},{"id":"other"}],` +
		`"strategies":[{"name":"default","builtIn":true},{"name":"flexibleRollout","builtIn":true}],` +
		`"contextFields":[{"name":"region","legalValues":[{"value":"eu"},{"value":"us"}]}],` +
		`"segments":[{"id":1,"name":"beta-users"}],"tagTypes":[{"name":"simple"}],"features":[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"name":"feature-%07d","project":"default","strategyEnvironments":["development","production"]}`, i)
	}
	b.WriteString(`],"featureConfigs":[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"feature":"feature-%07d","type":"release","description":"feature number %d","tags":[{"type":"simple","value":"v%d"}],"environments":[`, i, i, i%10)
		for j, env := range []string{"development", "production"} {
			if j > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `{"name":"%s","enabled":true,"strategies":[{"name":"flexibleRollout","parameters":{"rollout":"50","stickiness":"default","groupId":"feature-%07d"},`+
				`"constraints":[{"contextName":"region","operator":"IN","values":["eu","us"],"caseInsensitive":false,"inverted":false}],"segments":[1]}],`+
				`"variants":[{"name":"a","weight":500,"weightType":"variable","stickiness":"default"}]}`, env, i)
		}
		b.WriteString(`]}`)
	}
	b.WriteString(`],"users":[`)
	for i := range n / 10 {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"id":%d,"name":"User %d","email":"u%d@example.com","rootRole":1}`, i+1, i, i)
	}
	b.WriteString(`],"tokens":[`)
	for i := range n / 10 {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"secret":"*:*.%040x","type":"client"}`, i)
	}
	b.WriteString(`]}`)
	return []byte(b.String())
}

// BenchmarkDecodeSnapshot decodes a snapshot of 10 000 features (11 MB),
// reporting the bytes allocated per decode and the peak of the heap's
// objects during the decodes (peak-MB; the document itself, live
// throughout, included).
func BenchmarkDecodeSnapshot(b *testing.B) {
	doc := bigSnapshot(10_000)
	b.SetBytes(int64(len(doc)))
	b.ReportAllocs()
	stop := testutil.Peak(time.Millisecond, testutil.HeapObjects)
	for b.Loop() {
		if _, err := model.DecodeSnapshot(doc); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(stop())/1e6, "peak-MB")
}
