package planfile

import (
	"cmp"
	"context"
	"encoding/json"
	"slices"
	"sort"
	"sync"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/importvalidate/plan"
	"github.com/flagadmin/flagadmin/model"
)

// Read is one read of the instance's state that a validation or a plan
// made: which read (Kind), with what arguments (Args), and its answer in
// a normal form (Answer): lists sorted, and nothing that does not decide
// the outcome (a project's feature count when it has no feature limit).
type Read struct {
	Kind   string          `json:"kind"`
	Args   json.RawMessage `json:"args"`
	Answer json.RawMessage `json:"answer"`
}

// The kinds of read: the methods of importvalidate.State and
// importvalidate.EnvironmentState and importvalidate.ImportState, and
// plan.Source's Current.
const (
	KindStrategies             = "strategies"
	KindContextFields          = "contextFields"
	KindSegments               = "segments"
	KindTagTypes               = "tagTypes"
	KindFeatures               = "features"
	KindProject                = "project"
	KindFeaturesWithStrategies = "featuresWithStrategies"
	KindEnvironment            = "environment"
	KindCurrent                = "current"
	KindImportFacts            = "importFacts"
)

// Recorder stands between a validation and a plan and the state they
// read, and records every read and its answer: the instance state the
// plan depends on, exactly. It only reads, as what it wraps.
type Recorder struct {
	state importvalidate.State
	src   plan.Source

	mu    sync.Mutex
	reads map[string]Read
}

// NewRecorder records the reads made through its State and Source of
// state and src.
func NewRecorder(state importvalidate.State, src plan.Source) *Recorder {
	return &Recorder{state: state, src: src, reads: map[string]Read{}}
}

// State is the recorded state; it is an importvalidate.EnvironmentState
// when the wrapped one is.
func (r *Recorder) State() importvalidate.State {
	s := &recState{r}
	_, env := r.state.(importvalidate.EnvironmentState)
	_, imp := r.state.(importvalidate.ImportState)
	switch {
	case env && imp:
		return &recEnvImportState{&recEnvState{s}}
	case env:
		return &recEnvState{s}
	case imp:
		return &recImportState{s}
	}
	return s
}

// Source is the recorded plan source.
func (r *Recorder) Source() plan.Source { return recSource{r} }

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

// readNames makes a read of the names n with read and, when it answers,
// records it as kind with its answer in the normal form normal gives.
func readNames[T, N any](ctx context.Context, r *Recorder, kind string, n []string,
	read func(context.Context, []string) ([]T, error), normal func([]T) N) ([]T, error) {
	out, err := read(ctx, n)
	if err == nil {
		r.record(kind, names(n), normal(out))
	}
	return out, err
}

type recState struct{ r *Recorder }

type recEnvState struct{ *recState }

type recImportState struct{ *recState }

type recEnvImportState struct{ *recEnvState }

type recSource struct{ r *Recorder }

func (s *recState) Strategies(ctx context.Context, n []string) ([]model.SnapshotStrategy, error) {
	return readNames(ctx, s.r, KindStrategies, n, s.r.state.Strategies, normalStrategies)
}

func (s *recState) ContextFields(ctx context.Context, n []string) ([]model.SnapshotContextField, error) {
	return readNames(ctx, s.r, KindContextFields, n, s.r.state.ContextFields, normalContextFields)
}

func (s *recState) Segments(ctx context.Context, n []string) ([]model.SnapshotSegment, error) {
	return readNames(ctx, s.r, KindSegments, n, s.r.state.Segments, normalSegments)
}

func (s *recState) TagTypes(ctx context.Context, n []string) ([]string, error) {
	return readNames(ctx, s.r, KindTagTypes, n, s.r.state.TagTypes, names)
}

func (s *recState) Features(ctx context.Context, n []string) ([]model.SnapshotFeature, error) {
	return readNames(ctx, s.r, KindFeatures, n, s.r.state.Features, normalFeatures)
}

func (s *recState) Project(ctx context.Context, id string) (importvalidate.Project, bool, error) {
	out, ok, err := s.r.state.Project(ctx, id)
	if err == nil {
		s.r.record(KindProject, id, normalProject(out, ok))
	}
	return out, ok, err
}

func (s *recState) FeaturesWithStrategies(ctx context.Context, env string, n []string) ([]string, error) {
	out, err := s.r.state.FeaturesWithStrategies(ctx, env, n)
	if err == nil {
		s.r.record(KindFeaturesWithStrategies, envNames{env, names(n)}, names(out))
	}
	return out, err
}

func (s *recEnvState) Environment(ctx context.Context, name string) (bool, error) {
	ok, err := s.r.state.(importvalidate.EnvironmentState).Environment(ctx, name)
	if err == nil {
		s.r.record(KindEnvironment, name, ok)
	}
	return ok, err
}

func (s *recImportState) ImportFacts(ctx context.Context, q importvalidate.ImportQuery) (*importvalidate.ImportFacts, error) {
	return s.recState.importFacts(ctx, q)
}

func (s *recEnvImportState) ImportFacts(ctx context.Context, q importvalidate.ImportQuery) (*importvalidate.ImportFacts, error) {
	return s.recState.importFacts(ctx, q)
}

// importFacts asks the wrapped state, an importvalidate.ImportState, and
// records the answer: the import's own checks depend on it as much as
// the validation's do on the other reads.
func (s *recState) importFacts(ctx context.Context, q importvalidate.ImportQuery) (*importvalidate.ImportFacts, error) {
	out, err := s.r.state.(importvalidate.ImportState).ImportFacts(ctx, q)
	if err == nil {
		q.Features = names(q.Features)
		q.Tags = slices.Clone(q.Tags)
		slices.SortFunc(q.Tags, func(x, y model.SnapshotTag) int {
			return cmp.Or(cmp.Compare(x.Type, y.Type), cmp.Compare(x.Value, y.Value))
		})
		s.r.record(KindImportFacts, q, normalImportFacts(out))
	}
	return out, err
}

func (s recSource) Current(ctx context.Context, q plan.Query) (*model.Snapshot, error) {
	cur, err := s.r.src.Current(ctx, q)
	if err == nil {
		s.r.record(KindCurrent, normalQuery(q), normalCurrent(q, cur))
	}
	return cur, err
}

// envNames are the arguments of FeaturesWithStrategies.
type envNames struct {
	Environment string   `json:"environment"`
	Names       []string `json:"names"`
}
