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
// and the view's suspects (variants.go) read it.
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
	if variable == 0 || fixed > 1000 {
		return false
	}
	avg, rem := int64(1000-fixed)/int64(variable), int64(1000-fixed)%int64(variable)
	for k := range n {
		if t, _ := weight(k); t == model.WeightVariable {
			w := avg
			if rem > 0 {
				w++
				rem--
			}
			set(k, float64(w))
		}
	}
	return true
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
