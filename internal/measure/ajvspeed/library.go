package main

import (
	"context"
	"time"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/model"
)

// libraryRun is the library's side: the time of each timed validation
// and the report of the last.
type libraryRun struct {
	times   []time.Duration
	summary string
}

// timeLibrary validates body against snap for target with every check on
// (the default Options): warmups validations, then runs timed ones.
func timeLibrary(ctx context.Context, body []byte, snap *model.Snapshot, target importvalidate.Target, runs int) (*libraryRun, error) {
	state, err := importvalidate.NewMemoryState(snap)
	if err != nil {
		return nil, err
	}
	v, err := importvalidate.New(importvalidate.Options{State: state})
	if err != nil {
		return nil, err
	}
	r := &libraryRun{}
	var rep *importvalidate.Report
	for i := -warmups; i < runs; i++ {
		start := time.Now()
		rep, err = v.Validate(ctx, body, target)
		took := time.Since(start)
		if err != nil {
			return nil, err
		}
		if i >= 0 {
			r.times = append(r.times, took)
		}
	}
	r.summary = rep.Summary()
	return r, nil
}
