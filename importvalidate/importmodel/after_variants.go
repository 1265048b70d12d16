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

// fixVariants is fixVariantWeights for a feature's variants in an
// environment (fixVariantsInOrder): a variant without a weight type is of
// neither type.
func fixVariants(in []model.Variant) ([]model.Variant, bool) {
	return fixVariantsInOrder(in, func(v model.Variant) (model.WeightType, float64) {
		if v.WeightType == nil {
			return "", v.Weight
		}
		return *v.WeightType, v.Weight
	}, func(v *model.Variant, w float64) { v.Weight = w })
}

// fixStrategyVariants is fixVariantWeights for a strategy's variants
// (fixVariantsInOrder).
func fixStrategyVariants(in []model.StrategyVariant) ([]model.StrategyVariant, bool) {
	return fixVariantsInOrder(in, func(v model.StrategyVariant) (model.WeightType, float64) { return v.WeightType, float64(v.Weight) },
		func(v *model.StrategyVariant, w float64) { v.Weight = int64(w) })
}
