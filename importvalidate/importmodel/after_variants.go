package importmodel

import "github.com/flagadmin/flagadmin/model"

// variants is importToggleVariants: an item with variants replaces the
// feature's variants in the environment, weights fixed; an item without
// variants leaves them.
func (r *replay) variants() {
	for i := range r.d.FeatureEnvironments {
		if r.stop() {
			return
		}
		fe := &r.d.FeatureEnvironments[i]
		name := r.featureEnvTarget(fe)
		if name == "" || fe.Variants == nil || len(*fe.Variants) == 0 {
			continue
		}
		c := r.want[name]
		if c == nil {
			continue
		}
		vs, ok := fixVariants(*fe.Variants)
		if !ok {
			continue // the import refuses them (import-variant-no-variable, import-variant-fix-over-1000)
		}
		c.Variants = vs
	}
}

// fixVariants is fixVariantWeights for a feature's variants: variable
// variants share what the fixed ones leave of 1000, the first ones
// taking the remainder; a variant of neither weight type is dropped.
func fixVariants(in []model.Variant) ([]model.Variant, bool) {
	return fixWeights(in, func(v model.Variant) model.WeightType {
		if v.WeightType == nil {
			return ""
		}
		return *v.WeightType
	}, func(v model.Variant) int64 { return int64(v.Weight) }, func(v *model.Variant, w int64) { v.Weight = float64(w) })
}

// fixStrategyVariants is fixVariantWeights for a strategy's variants.
func fixStrategyVariants(in []model.StrategyVariant) ([]model.StrategyVariant, bool) {
	return fixWeights(in, func(v model.StrategyVariant) model.WeightType { return v.WeightType },
		func(v model.StrategyVariant) int64 { return v.Weight }, func(v *model.StrategyVariant, w int64) { v.Weight = w })
}

// fixWeights returns the variable variants of in, their weights shared,
// then the fixed ones; ok is false when the import refuses them (no
// variable variant, fixed weights above 1000).
func fixWeights[V any](in []V, typ func(V) model.WeightType, weight func(V) int64, set func(*V, int64)) ([]V, bool) {
	out := make([]V, 0, len(in))
	var fixedSum int64
	for _, v := range in {
		if typ(v) == model.WeightVariable {
			out = append(out, v)
		}
	}
	n := len(out)
	for _, v := range in {
		if typ(v) == model.WeightFix {
			out = append(out, v)
			fixedSum += weight(v)
		}
	}
	switch {
	case len(in) > 0 && n == 0, fixedSum > 1000:
		return nil, false
	case n == 0:
		return out, true
	}
	avg, rem := (1000-fixedSum)/int64(n), (1000-fixedSum)%int64(n)
	for i := range n {
		w := avg
		if rem > 0 {
			w++
			rem--
		}
		set(&out[i], w)
	}
	return out, true
}
