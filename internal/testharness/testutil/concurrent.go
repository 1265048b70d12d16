// Package testutil holds small helpers that the tests of several packages
// share.
package testutil

import "sync"

// Concurrently runs f(0), f(1), …, f(n-1), each in a goroutine of its own,
// and returns when all have returned.
func Concurrently(n int, f func(g int)) {
	var wg sync.WaitGroup
	for g := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			f(g)
		}()
	}
	wg.Wait()
}
