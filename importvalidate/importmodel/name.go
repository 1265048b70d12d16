package importmodel

// uriMalformed is the import's answer (a 500) when a name checked
// as URL friendly holds an unpaired surrogate: encodeURIComponent throws.
const uriMalformed = "URI malformed"

// nameType checks s as Unleash's URL-friendly name types do
// (customJoi.isUrlFriendly().min(min).max(max): nameType is 1..100, a tag
// type's name 2..50) and returns the import's message, or "" when s
// passes. joi checks the empty string first, then the characters, then
// the length in UTF-16 code units.
func nameType(label, s string, min, max int) string {
	if nameTypeValid(s, min, max) {
		return ""
	}
	switch {
	case s == "":
		return joi{label: label, kind: joiEmpty}.String()
	case hasSurrogate(s):
		return uriMalformed
	case !urlFriendly(s):
		return joi{label: label, kind: joiURLFriendly, value: jsString(s)}.String()
	}
	return length(label, s, min, max)
}

// nameTypeValid reports whether s passes nameType, without
// a label: a URL-friendly name is ASCII, its length its byte count.
func nameTypeValid(s string, min, max int) bool {
	return s != "" && len(s) >= min && len(s) <= max && urlFriendly(s)
}

// length checks the length of the non-empty string s against joi's
// string().min(min).max(max), in UTF-16 code units; max 0 is no maximum.
func length(label, s string, min, max int) string {
	// A byte is at most one UTF-16 code unit and three bytes at least
	// one: a string whose byte count is within the bounds that way needs
	// no count.
	if len(s) >= 3*min && (max == 0 || len(s) <= max) {
		return ""
	}
	return lengthExact(label, s, min, max)
}

// lengthExact is length, counting the code units.
func lengthExact(label, s string, min, max int) string {
	n := utf16Len(s)
	switch {
	case n < min:
		return joi{label: label, kind: joiMinLength, limit: min, value: jsString(s)}.String()
	case max > 0 && n > max:
		return joi{label: label, kind: joiMaxLength, limit: max, value: jsString(s)}.String()
	}
	return ""
}

// stringRule checks a value of joi.string().min(min).max(max): "" is
// not allowed to be empty, then the length.
func stringRule(label, s string, min, max int) string {
	if s == "" {
		return joi{label: label, kind: joiEmpty}.String()
	}
	return length(label, s, min, max)
}
