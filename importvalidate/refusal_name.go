package importvalidate

// refusalURIMalformed is the import's answer (a 500) when a name checked
// as URL friendly holds an unpaired surrogate: encodeURIComponent throws.
const refusalURIMalformed = "URI malformed"

// refusalNameType checks s as Unleash's URL-friendly name types do
// (customJoi.isUrlFriendly().min(min).max(max): nameType is 1..100, a tag
// type's name 2..50) and returns the import's message, or "" when s
// passes. joi checks the empty string first, then the characters, then
// the length in UTF-16 code units.
func refusalNameType(label, s string, min, max int) string {
	if refusalNameTypeValid(s, min, max) {
		return ""
	}
	switch {
	case s == "":
		return refusalJoi{label: label, kind: joiEmpty}.String()
	case refusalHasSurrogate(s):
		return refusalURIMalformed
	case !refusalURLFriendly(s):
		return refusalJoi{label: label, kind: joiURLFriendly, value: refusalString(s)}.String()
	}
	return refusalLength(label, s, min, max)
}

// refusalNameTypeValid reports whether s passes refusalNameType, without
// a label: a URL-friendly name is ASCII, its length its byte count.
func refusalNameTypeValid(s string, min, max int) bool {
	return s != "" && len(s) >= min && len(s) <= max && refusalURLFriendly(s)
}

// refusalLength checks the length of the non-empty string s against joi's
// string().min(min).max(max), in UTF-16 code units; max 0 is no maximum.
func refusalLength(label, s string, min, max int) string {
	// A byte is at most one UTF-16 code unit and three bytes at least
	// one: a string whose byte count is within the bounds that way needs
	// no count.
	if len(s) >= 3*min && (max == 0 || len(s) <= max) {
		return ""
	}
	return refusalLengthExact(label, s, min, max)
}

// refusalLengthExact is refusalLength, counting the code units.
func refusalLengthExact(label, s string, min, max int) string {
	n := refusalLen(s)
	switch {
	case n < min:
		return refusalJoi{label: label, kind: joiMinLength, limit: min, value: refusalString(s)}.String()
	case max > 0 && n > max:
		return refusalJoi{label: label, kind: joiMaxLength, limit: max, value: refusalString(s)}.String()
	}
	return ""
}

// refusalStringRule checks a value of joi.string().min(min).max(max): "" is
// not allowed to be empty, then the length.
func refusalStringRule(label, s string, min, max int) string {
	if s == "" {
		return refusalJoi{label: label, kind: joiEmpty}.String()
	}
	return refusalLength(label, s, min, max)
}
