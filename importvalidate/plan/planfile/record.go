package planfile

import (
	"cmp"
	"context"
	"encoding/json"
	"slices"
	"sort"
	"sync"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/model"
)

// Read is one read of the instance's state that a validation or a plan
// made: its kind (KindRead), its arguments (Args: the query, its lists
// sorted) and its answer in a normal form (Answer): lists sorted, and
// nothing that does not decide the outcome (a project's feature count
// when it has no feature limit).
type Read struct {
	Kind   string          `json:"kind"`
	Args   json.RawMessage `json:"args"`
	Answer json.RawMessage `json:"answer"`
}

// KindRead is the kind of a read: one Read of importvalidate.State.
const KindRead = "read"

// Recorder stands between a validation and a plan and the state they
// read, and records every read and its answer: the instance state the
// plan depends on, exactly. It is the State it wraps, and only reads, as
// that one does.
type Recorder struct {
	state importvalidate.State

	mu    sync.Mutex
	reads map[string]Read
}

var _ importvalidate.State = (*Recorder)(nil)

// NewRecorder records the reads made through it of state.
func NewRecorder(state importvalidate.State) *Recorder {
	return &Recorder{state: state, reads: map[string]Read{}}
}

// Read implements importvalidate.State: the wrapped state's answer,
// recorded in its normal form.
func (r *Recorder) Read(ctx context.Context, q importvalidate.Query) (*importvalidate.Reading, error) {
	out, err := r.state.Read(ctx, q)
	if err == nil {
		q = normalQuery(q)
		r.record(KindRead, q, normalReading(q, out))
	}
	return out, err
}

// Reads returns the reads so far, by kind and arguments.
func (r *Recorder) Reads() []Read {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make([]Read, 0, len(r.reads))
	for _, rd := range r.reads {
		out = append(out, rd)
	}
	sortReads(out)
	return out
}

func sortReads(reads []Read) {
	sort.Slice(reads, func(i, j int) bool {
		if reads[i].Kind != reads[j].Kind {
			return reads[i].Kind < reads[j].Kind
		}
		return string(reads[i].Args) < string(reads[j].Args)
	})
}

// record keeps a read.
func (r *Recorder) record(kind string, args, answer any) {
	a, _ := json.Marshal(args)
	b, _ := json.Marshal(answer)
	r.mu.Lock()
	r.reads[kind+"\x00"+string(a)] = Read{Kind: kind, Args: a, Answer: b}
	r.mu.Unlock()
}

// names is the arguments of a read of names: sorted, once each.
func names(in []string) []string {
	out := slices.Clone(in)
	slices.Sort(out)
	return slices.Compact(out)
}

// normalQuery is q with its lists sorted, each name once.
func normalQuery(q importvalidate.Query) importvalidate.Query {
	q.Strategies, q.ContextFields, q.Segments = names(q.Strategies), names(q.ContextFields), names(q.Segments)
	q.TagTypes, q.Features = names(q.TagTypes), names(q.Features)
	q.Tags = slices.Clone(q.Tags)
	slices.SortFunc(q.Tags, func(x, y model.SnapshotTag) int {
		return cmp.Or(cmp.Compare(x.Type, y.Type), cmp.Compare(x.Value, y.Value))
	})
	q.Tags = slices.Compact(q.Tags)
	return q
}
