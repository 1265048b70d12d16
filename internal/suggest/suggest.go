// Package suggest finds, for a name that is not known, the nearest known
// name, for the "did you mean" of a finding.
package suggest

import (
	"strings"
	"unicode/utf8"
)

// Nearest returns the candidate closest to name, or "" when none is close
// enough to be a likely typo: the same name in another case, or within an
// edit distance (insertions, deletions, substitutions and swaps of
// adjacent characters) of 1 for names up to 4 characters, 2 up to 8 and 3
// beyond. Of equally close candidates the first wins; name itself is
// never suggested.
func Nearest(name string, candidates []string) string {
	n := utf8.RuneCountInString(name)
	limit := 3
	switch {
	case n <= 4:
		limit = 1
	case n <= 8:
		limit = 2
	}
	best, bestDist := "", limit+1
	for _, c := range candidates {
		if c == name || c == "" {
			continue
		}
		d := distance(strings.ToLower(name), strings.ToLower(c))
		if d < bestDist {
			best, bestDist = c, d
		}
	}
	return best
}

// distance is the optimal string alignment distance of a and b, counted
// in characters.
func distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}
