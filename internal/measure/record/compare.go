package main

import "regexp"

// index matches an array index in a JSON pointer.
var index = regexp.MustCompile(`/[0-9]+(/|$)`)

// pathClass generalizes a JSON pointer for a summary: array indices
// become *.
func pathClass(p string) string {
	for {
		q := index.ReplaceAllString(p, "/*$1")
		if q == p {
			return p
		}
		p = q
	}
}
