package model

import "slices"

// Operator is a constraint operator.
type Operator string

// The constraint operators: those of the API document in its order, then
// the three the reference server also accepts.
const (
	OpNotIn         Operator = "NOT_IN"
	OpIn            Operator = "IN"
	OpStrEndsWith   Operator = "STR_ENDS_WITH"
	OpStrStartsWith Operator = "STR_STARTS_WITH"
	OpStrContains   Operator = "STR_CONTAINS"
	OpNumEq         Operator = "NUM_EQ"
	OpNumGt         Operator = "NUM_GT"
	OpNumGte        Operator = "NUM_GTE"
	OpNumLt         Operator = "NUM_LT"
	OpNumLte        Operator = "NUM_LTE"
	OpDateAfter     Operator = "DATE_AFTER"
	OpDateBefore    Operator = "DATE_BEFORE"
	OpSemverEq      Operator = "SEMVER_EQ"
	OpSemverGt      Operator = "SEMVER_GT"
	OpSemverLt      Operator = "SEMVER_LT"
	OpSemverGte     Operator = "SEMVER_GTE"
	OpSemverLte     Operator = "SEMVER_LTE"
	OpRegex         Operator = "REGEX"
)

// Operators lists every valid Operator.
func Operators() []Operator {
	return []Operator{OpNotIn, OpIn, OpStrEndsWith, OpStrStartsWith, OpStrContains,
		OpNumEq, OpNumGt, OpNumGte, OpNumLt, OpNumLte, OpDateAfter, OpDateBefore,
		OpSemverEq, OpSemverGt, OpSemverLt, OpSemverGte, OpSemverLte, OpRegex}
}

// Valid reports whether o is one of the known operators.
func (o Operator) Valid() bool { return slices.Contains(Operators(), o) }

// WeightType says how a variant's weight is allocated.
type WeightType string

// The weight types.
const (
	// WeightFix gives the variant exactly its weight.
	WeightFix WeightType = "fix"
	// WeightVariable adjusts the weight so that all variants sum to 1000.
	WeightVariable WeightType = "variable"
)

// Valid reports whether w is a known weight type.
func (w WeightType) Valid() bool { return oneOf(w, WeightFix, WeightVariable) }

// PayloadType is the type of a variant payload.
type PayloadType string

// The payload types.
const (
	PayloadJSON   PayloadType = "json"
	PayloadCSV    PayloadType = "csv"
	PayloadString PayloadType = "string"
	PayloadNumber PayloadType = "number"
)

// Valid reports whether p is a known payload type.
func (p PayloadType) Valid() bool {
	return oneOf(p, PayloadJSON, PayloadCSV, PayloadString, PayloadNumber)
}

// LifecycleStage is the lifecycle stage of a feature.
type LifecycleStage string

// The lifecycle stages.
const (
	StageInitial   LifecycleStage = "initial"
	StagePreLive   LifecycleStage = "pre-live"
	StageLive      LifecycleStage = "live"
	StageCompleted LifecycleStage = "completed"
	StageArchived  LifecycleStage = "archived"
)

// Valid reports whether s is a known lifecycle stage.
func (s LifecycleStage) Valid() bool {
	return oneOf(s, StageInitial, StagePreLive, StageLive, StageCompleted, StageArchived)
}

// oneOf reports whether v is one of the known values of its enumeration.
func oneOf[T ~string](v T, known ...T) bool { return slices.Contains(known, v) }
