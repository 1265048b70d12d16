package importmodel

import "github.com/flagadmin/flagadmin/model"

// fixVariantWeights is the import's fixVariantWeights (variants.js), which
// it runs on a strategy's variants and on a feature's in an environment
// alike, on a list of n variants whose weight type and weight weight(k)
// gives: the variable variants share what the fixed ones leave of 1000,
// the first ones taking the remainder. It calls set with the index of
// each variable variant, in order, and the weight the import gives it.
// It returns false, having called set for none, where the import refuses
// the list: no variable variant, or fixed weights above 1000. The import
// then returns the variable variants, then the fixed ones
// (fixVariantsInOrder); one of neither type is dropped. The replay
// (after_variants.go), the validation's import-variant-weights-recomputed
// and the view's suspects (variants.go, through variableShares) read it.
func fixVariantWeights(n int, weight func(k int) (model.WeightType, float64), set func(k int, w float64)) bool {
	variable, fixed := 0, 0.0
	for k := range n {
		switch t, w := weight(k); t {
		case model.WeightVariable:
			variable++
		case model.WeightFix:
			fixed += w
		}
	}
	shares, ok := variableShares(variable, fixed)
	if !ok {
		return false
	}
	j := 0
	for k := range n {
		if t, _ := weight(k); t == model.WeightVariable {
			set(k, shares.weight(j))
			j++
		}
	}
	return true
}

// shares are what the variable variants of a list take of 1000 once the
// fixed ones have theirs: avg each, the first rem of them one more.
type shares struct{ avg, rem int64 }

// variableShares are the shares of variable variable variants next to
// fixed variants whose weights sum to fixed (fixVariantWeights' first
// walk); ok is false where the import refuses the list.
func variableShares(variable int, fixed float64) (s shares, ok bool) {
	if variable == 0 || fixed > 1000 {
		return shares{}, false
	}
	return shares{int64(1000-fixed) / int64(variable), int64(1000-fixed) % int64(variable)}, true
}

// weight is the weight the import gives the j-th variable variant.
func (s shares) weight(j int) float64 {
	if int64(j) < s.rem {
		return float64(s.avg + 1)
	}
	return float64(s.avg)
}

// fixVariantsInOrder returns the list in as the import returns it from
// fixVariantWeights: the variable variants, their weights given by set,
// then the fixed ones; ok is false when the import refuses the list.
func fixVariantsInOrder[V any](in []V, weight func(V) (model.WeightType, float64), set func(*V, float64)) ([]V, bool) {
	out := make([]V, 0, len(in))
	ok := fixVariantWeights(len(in), func(k int) (model.WeightType, float64) { return weight(in[k]) }, func(k int, w float64) {
		out = append(out, in[k])
		set(&out[len(out)-1], w)
	})
	if !ok {
		return nil, false
	}
	for _, v := range in {
		if t, _ := weight(v); t == model.WeightFix {
			out = append(out, v)
		}
	}
	return out, true
}
