package plan

import (
	"bytes"
	"encoding/json"

	"github.com/flagadmin/flagadmin/importvalidate"
)

// The JSON form of a plan carries the values of its changes as JSON
// values, not as JSON texts inside strings ("to": true, "value":
// {"name": ...}), and the plan's counts in a member "summary"; the Go
// fields hold the texts (see Change), and decoding gives them back.

// Totals are a plan's counts, the member "summary" of its JSON form.
type Totals struct {
	Create        int `json:"create"`
	Update        int `json:"update"`
	Unchanged     int `json:"unchanged"`
	Skip          int `json:"skip"`
	ContextFields int `json:"contextFields"`
	TagTypes      int `json:"tagTypes"`
	Failures      int `json:"failures"`
	// Changes reports whether the import changes anything: a feature
	// created or updated, a context field or tag type created, and no
	// failure.
	Changes bool `json:"changes"`
}

// Totals counts the plan.
func (p *Plan) Totals() Totals {
	c := p.Count()
	t := Totals{Create: c.Create, Update: c.Update, Unchanged: c.Unchanged, Skip: c.Skip,
		ContextFields: len(p.ContextFields), TagTypes: len(p.TagTypes), Failures: len(p.Failures) + p.MoreFailures}
	t.Changes = t.Failures == 0 && t.Create+t.Update+t.ContextFields+t.TagTypes > 0
	return t
}

// HasChanges reports whether importing changes anything (Totals.Changes).
func (p *Plan) HasChanges() bool { return p.Totals().Changes }

// The wire forms of a plan's parts, with their values as JSON values:
// Plan.MarshalJSON converts the whole plan to them and encodes it once,
// rather than through the parts' own MarshalJSON, which would copy the
// items' bytes once per level (twice the time for a plan of 10 000
// features).
type (
	planWire struct {
		Project       string                      `json:"project"`
		Environment   string                      `json:"environment"`
		Features      []featureWire               `json:"features"`
		ContextFields []string                    `json:"contextFields,omitempty"`
		TagTypes      []string                    `json:"tagTypes,omitempty"`
		Failures      []importvalidate.Diagnostic `json:"failures,omitempty"`
		MoreFailures  int                         `json:"moreFailures,omitempty"`
		Summary       Totals                      `json:"summary"`
	}
	featureWire struct {
		Name    string       `json:"name"`
		Action  Action       `json:"action"`
		Reason  string       `json:"reason,omitempty"`
		Changes []changeJSON `json:"changes,omitempty"`
		Notes   []Note       `json:"notes,omitempty"`
	}
	itemChangeWire struct {
		Key    string      `json:"key"`
		Fields []fieldJSON `json:"fields"`
	}
)

// MarshalJSON writes the plan with its summary.
func (p Plan) MarshalJSON() ([]byte, error) {
	w := planWire{Project: p.Project, Environment: p.Environment, Features: make([]featureWire, len(p.Features)),
		ContextFields: p.ContextFields, TagTypes: p.TagTypes, Failures: p.Failures, MoreFailures: p.MoreFailures, Summary: p.Totals()}
	for i, f := range p.Features {
		fw := featureWire{Name: f.Name, Action: f.Action, Reason: f.Reason, Notes: f.Notes}
		for _, c := range f.Changes {
			fw.Changes = append(fw.Changes, c.wire())
		}
		w.Features[i] = fw
	}
	return json.Marshal(w)
}

// wire is c's wire form.
func (c Change) wire() changeJSON {
	items := func(in []Item) []itemJSON {
		if in == nil {
			return nil
		}
		out := make([]itemJSON, len(in))
		for i, it := range in {
			out[i] = it.wire()
		}
		return out
	}
	w := changeJSON{Aspect: c.Aspect, From: value(c.From), To: value(c.To), Added: items(c.Added), Removed: items(c.Removed)}
	for _, ch := range c.Changed {
		cw := itemChangeWire{Key: ch.Key, Fields: make([]fieldJSON, len(ch.Fields))}
		for i, f := range ch.Fields {
			cw.Fields[i] = fieldJSON{Field: f.Field, From: value(f.From), To: value(f.To)}
		}
		w.Changed = append(w.Changed, cw)
	}
	return w
}

// wire is it's wire form.
func (it Item) wire() itemJSON {
	v := value(it.Value)
	if v == nil {
		v = json.RawMessage("null")
	}
	return itemJSON{Key: it.Key, Value: v}
}

type changeJSON struct {
	Aspect  Aspect           `json:"aspect"`
	From    json.RawMessage  `json:"from,omitempty"`
	To      json.RawMessage  `json:"to,omitempty"`
	Added   []itemJSON       `json:"added,omitempty"`
	Removed []itemJSON       `json:"removed,omitempty"`
	Changed []itemChangeWire `json:"changed,omitempty"`
}

// MarshalJSON writes From and To as JSON values.
func (c Change) MarshalJSON() ([]byte, error) { return json.Marshal(c.wire()) }

// UnmarshalJSON reads From and To from JSON values.
func (c *Change) UnmarshalJSON(b []byte) error { return fromWire(b, c, changeJSON.change) }

// change is the Change of its wire form w.
func (w changeJSON) change() Change {
	c := Change{Aspect: w.Aspect, From: textOf(w.From), To: textOf(w.To), Added: each(w.Added, itemJSON.item),
		Removed: each(w.Removed, itemJSON.item)}
	c.Changed = each(w.Changed, func(ic itemChangeWire) ItemChange {
		return ItemChange{Key: ic.Key, Fields: each(ic.Fields, fieldJSON.field)}
	})
	return c
}

// each is f of each element of in, nil for nil.
func each[S, T any](in []S, f func(S) T) []T {
	if in == nil {
		return nil
	}
	out := make([]T, len(in))
	for i, v := range in {
		out[i] = f(v)
	}
	return out
}

// fromWire decodes b, the JSON of wire form W, into out as form makes it.
func fromWire[W, T any](b []byte, out *T, form func(W) T) error {
	var w W
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	*out = form(w)
	return nil
}

type itemJSON struct {
	Key   string          `json:"key"`
	Value json.RawMessage `json:"value"`
}

// MarshalJSON writes Value as a JSON value.
func (it Item) MarshalJSON() ([]byte, error) { return json.Marshal(it.wire()) }

// UnmarshalJSON reads Value from a JSON value.
func (it *Item) UnmarshalJSON(b []byte) error { return fromWire(b, it, itemJSON.item) }

// item is the Item of its wire form w.
func (w itemJSON) item() Item { return Item{Key: w.Key, Value: textOf(w.Value)} }

type fieldJSON struct {
	Field string          `json:"field"`
	From  json.RawMessage `json:"from,omitempty"`
	To    json.RawMessage `json:"to,omitempty"`
}

// MarshalJSON writes From and To as JSON values.
func (f FieldChange) MarshalJSON() ([]byte, error) {
	return json.Marshal(fieldJSON{Field: f.Field, From: value(f.From), To: value(f.To)})
}

// UnmarshalJSON reads From and To from JSON values.
func (f *FieldChange) UnmarshalJSON(b []byte) error { return fromWire(b, f, fieldJSON.field) }

// field is the FieldChange of its wire form w.
func (w fieldJSON) field() FieldChange {
	return FieldChange{Field: w.Field, From: textOf(w.From), To: textOf(w.To)}
}

// value is the JSON value of text: none for "", the text itself when it
// is JSON (it always is, as a plan makes it), else the text as a string.
func value(text string) json.RawMessage {
	switch {
	case text == "":
		return nil
	case json.Valid([]byte(text)):
		return json.RawMessage(text)
	}
	b, _ := json.Marshal(text)
	return b
}

// textOf is the compact text of a JSON value, "" for none.
func textOf(raw json.RawMessage) string {
	if len(raw) == 0 {
		return ""
	}
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return string(raw)
	}
	return b.String()
}
