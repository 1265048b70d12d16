// Package statetest holds what the tests of the implementations of
// importvalidate.State share, and the validator over a snapshot held in
// memory that the tests of its users build.
package statetest

import (
	"context"

	"github.com/flagadmin/flagadmin/importvalidate"
)

// A Question is one read of importvalidate.State and the member of its
// answer it looks at, asked the same of two implementations to compare
// their answers.
type Question struct {
	What string
	Ask  func(importvalidate.State) (any, error)
}

// Questions returns reads of names, each of one kind of name: the
// strategies, context fields, segments, tag types and features found,
// then in each of envs the features with strategies there.
func Questions(ctx context.Context, names, envs []string) []Question {
	ask := func(q importvalidate.Query, member func(*importvalidate.Reading) any) func(importvalidate.State) (any, error) {
		return func(s importvalidate.State) (any, error) {
			r, err := s.Read(ctx, q)
			if err != nil {
				return nil, err
			}
			return member(r), nil
		}
	}
	qs := []Question{
		{"Strategies", ask(importvalidate.Query{Strategies: names}, func(r *importvalidate.Reading) any { return r.Strategies })},
		{"ContextFields", ask(importvalidate.Query{ContextFields: names}, func(r *importvalidate.Reading) any { return r.ContextFields })},
		{"Segments", ask(importvalidate.Query{Segments: names}, func(r *importvalidate.Reading) any { return r.Segments })},
		{"TagTypes", ask(importvalidate.Query{TagTypes: names}, func(r *importvalidate.Reading) any { return r.TagTypes })},
		{"Features", ask(importvalidate.Query{Features: names}, func(r *importvalidate.Reading) any { return r.Features })},
	}
	for _, env := range envs {
		qs = append(qs, Question{"WithStrategies " + env, ask(importvalidate.Query{Environment: env, Features: names, Want: importvalidate.PartTarget},
			func(r *importvalidate.Reading) any { return r.WithStrategies })})
	}
	return qs
}
