package plan

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
)

// SortOrders are the sort orders that make the order of a plan's
// strategies certain (Planner.PlanSortOrders): for each strategy that
// the import creates, by its index in data.featureStrategies, the sort
// order the import gives it, each at least one more than the one before
// it among its feature's strategies, so that strategies the import would
// give the same sort order (see NoteStrategyOrder) keep the order the
// plan shows. With these sort orders in the file (InBody), the import
// orders every feature's strategies as the plan shows them, and its plan
// shows the same changes, without the notes of ties.
type SortOrders map[int]int64

// InBody returns body, the import request body whose validation the
// plan was made of, with every strategy the import creates given its
// sort order of s (its member "sortOrder" replaced, or added last), the
// rest of body as it is; changed reports whether a sort order was added
// or changed (body is returned as it is when none was). The body must
// hold data.featureStrategies as the validation read it: one object per
// strategy.
func (s SortOrders) InBody(body []byte) (out []byte, changed bool, err error) {
	if len(s) == 0 {
		return body, false, nil
	}
	out, err = editMember(body, "data", func(data json.RawMessage) (json.RawMessage, error) {
		return editMember(data, "featureStrategies", func(list json.RawMessage) (json.RawMessage, error) {
			var items []json.RawMessage
			if err := json.Unmarshal(list, &items); err != nil {
				return nil, fmt.Errorf("data.featureStrategies: %w", err)
			}
			for i, so := range s {
				if i < 0 || i >= len(items) {
					return nil, fmt.Errorf("data.featureStrategies has %d items, not strategy %d of the plan", len(items), i)
				}
				item, c, err := setSortOrder(items[i], so)
				if err != nil {
					return nil, fmt.Errorf("data.featureStrategies[%d]: %w", i, err)
				}
				items[i], changed = item, changed || c
			}
			return join('[', ']', items), nil
		})
	})
	if err != nil {
		return nil, false, fmt.Errorf("plan: the body: %w", err)
	}
	if !changed {
		return body, false, nil
	}
	return out, true, nil
}

// setSortOrder returns obj, a strategy's JSON object, with its member
// sortOrder so (the last), and whether that changed it.
func setSortOrder(obj json.RawMessage, so int64) (json.RawMessage, bool, error) {
	ms, err := members(obj)
	if err != nil {
		return nil, false, err
	}
	kept := make([]json.RawMessage, 0, len(ms)+1)
	found, same := 0, false
	for _, m := range ms {
		if m.name != "sortOrder" {
			kept = append(kept, m.text(m.value))
			continue
		}
		found++
		var v float64
		same = json.Unmarshal(m.value, &v) == nil && v == float64(so)
	}
	if found == 1 && same {
		return obj, false, nil
	}
	kept = append(kept, json.RawMessage(`"sortOrder":`+strconv.FormatInt(so, 10)))
	return join('{', '}', kept), true, nil
}

// editMember returns obj, a JSON object, with the value of each of its
// members named name (a name given twice counts last, as JSON.parse
// reads it: each is edited) replaced by edit's answer. It fails when obj
// has no such member.
func editMember(obj json.RawMessage, name string, edit func(json.RawMessage) (json.RawMessage, error)) (json.RawMessage, error) {
	ms, err := members(obj)
	if err != nil {
		return nil, err
	}
	out := make([]json.RawMessage, len(ms))
	found := false
	for i, m := range ms {
		v := m.value
		if m.name == name {
			found = true
			if v, err = edit(v); err != nil {
				return nil, err
			}
		}
		out[i] = m.text(v)
	}
	if !found {
		return nil, fmt.Errorf("no member %q", name)
	}
	return join('{', '}', out), nil
}

// member is a member of a JSON object: its name, the text of its name
// as the object writes it, and its value.
type member struct {
	name       string
	key, value json.RawMessage
}

// text is the member's text with value v: "name":v.
func (m member) text(v json.RawMessage) json.RawMessage {
	out := make([]byte, 0, len(m.key)+1+len(v))
	return append(append(append(out, m.key...), ':'), v...)
}

// members lists the members of obj, a JSON object, in their order.
func members(obj json.RawMessage) ([]member, error) {
	dec := json.NewDecoder(bytes.NewReader(obj))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, errors.New("not a JSON object")
	}
	var out []member
	for dec.More() {
		start := dec.InputOffset()
		t, err := dec.Token()
		if err != nil {
			return nil, err
		}
		name, _ := t.(string)
		key := bytes.TrimLeft(obj[start:dec.InputOffset()], " \t\r\n,")
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
		out = append(out, member{name: name, key: key, value: v})
	}
	return out, nil
}

// join is the JSON text of items between open and close, comma
// separated.
func join(open, close byte, items []json.RawMessage) json.RawMessage {
	n := 2
	for _, it := range items {
		n += len(it) + 1
	}
	out := make([]byte, 0, n)
	out = append(out, open)
	for i, it := range items {
		if i > 0 {
			out = append(out, ',')
		}
		out = append(out, it...)
	}
	return append(out, close)
}
