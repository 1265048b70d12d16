package importvalidate

import (
	"strconv"

	"github.com/flagadmin/flagadmin/importvalidate/importmodel"
	"github.com/flagadmin/flagadmin/model"
)

// checkVariantWeights (strict) reports variant lists with a variable weight
// whose weights do not sum to 1000: the feature environments' variants
// (where a missing weightType means variable), the strategies' variants and
// the features' deprecated variants.
func checkVariantWeights(in *Input) []Issue {
	d := &in.Import.Data
	var items []Item
	add := func(feature string, sum float64, member string, i int) {
		items = append(items, Item{
			Value:     feature + " (weights sum to " + strconv.FormatFloat(sum, 'g', -1, 64) + ")",
			Locations: []Location{located(importmodel.Place{Member: member, I: i, Field: "variants"})},
		})
	}
	for i := range d.FeatureEnvironments {
		fe := &d.FeatureEnvironments[i]
		name := fe.Name
		if fe.FeatureName != nil {
			name = *fe.FeatureName
		}
		if fe.Variants != nil {
			if sum, bad := variantSum(*fe.Variants); bad {
				add(name, sum, "featureEnvironments", i)
			}
		}
	}
	for i := range d.FeatureStrategies {
		s := &d.FeatureStrategies[i]
		if s.Variants == nil {
			continue
		}
		sum, variable := 0.0, false
		for _, v := range *s.Variants {
			sum += float64(v.Weight)
			variable = variable || v.WeightType == model.WeightVariable
		}
		if variable && sum != 1000 {
			name := s.Name
			if s.FeatureName != nil {
				name = *s.FeatureName
			}
			add(name, sum, "featureStrategies", i)
		}
	}
	for i := range d.Features {
		if f := &d.Features[i]; f.Variants != nil {
			if sum, bad := variantSum(*f.Variants); bad {
				add(f.Name, sum, "features", i)
			}
		}
	}
	return one("The variable variant weights of the following features do not sum to 1000:", items)
}

// variantSum returns the sum of the weights and whether the list has a
// variable variant while the sum is not 1000.
func variantSum(vs []model.Variant) (float64, bool) {
	sum, variable := 0.0, false
	for _, v := range vs {
		sum += v.Weight
		variable = variable || v.WeightType == nil || *v.WeightType == model.WeightVariable
	}
	return sum, variable && len(vs) > 0 && sum != 1000
}
