// Package statetest holds what the tests of the implementations of
// importvalidate.State share, and the validator over a snapshot held in
// memory that the tests of its users build.
package statetest

import (
	"context"

	"github.com/flagadmin/flagadmin/importvalidate"
)

// A Question is one lookup of importvalidate.State, asked the same of two
// implementations to compare their answers.
type Question struct {
	What string
	Ask  func(importvalidate.State) (any, error)
}

// Questions returns the lookups of names: Strategies, ContextFields,
// Segments, TagTypes, Features, then FeaturesWithStrategies in each of
// envs.
func Questions(ctx context.Context, names, envs []string) []Question {
	qs := []Question{
		{"Strategies", func(s importvalidate.State) (any, error) { return s.Strategies(ctx, names) }},
		{"ContextFields", func(s importvalidate.State) (any, error) { return s.ContextFields(ctx, names) }},
		{"Segments", func(s importvalidate.State) (any, error) { return s.Segments(ctx, names) }},
		{"TagTypes", func(s importvalidate.State) (any, error) { return s.TagTypes(ctx, names) }},
		{"Features", func(s importvalidate.State) (any, error) { return s.Features(ctx, names) }},
	}
	for _, env := range envs {
		qs = append(qs, Question{"FeaturesWithStrategies " + env, func(s importvalidate.State) (any, error) {
			return s.FeaturesWithStrategies(ctx, env, names)
		}})
	}
	return qs
}
