//go:build !unix

package readfile

import "testing"

// specialFiles has no FIFO or device to offer here.
func specialFiles(*testing.T, string) map[string]string { return nil }
