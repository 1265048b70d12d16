// Package jsregex tests strings against JavaScript regular expressions
// created without flags, as new RegExp(source) in a JavaScript engine
// does: the grammar of ECMAScript's Annex B (the web-compatible syntax,
// without the u flag), matched over UTF-16 code units with backtracking.
//
// It exists because the project's naming pattern of a feature-flag import
// is such an expression, and Go's regexp package differs from it in syntax
// (look-around, back references, [^], \uXXXX, octal escapes, literal
// braces) and in meaning (. and \s, code units instead of code points).
//
// Go strings are read as UTF-8; a three-byte sequence that encodes a
// surrogate (as WTF-8 does for a lone surrogate of a JSON string) is that
// single code unit, and any other invalid byte is U+FFFD.
//
// Not supported, because an expression created without flags cannot use
// them: the flags themselves (i, m, s, u, v, y, g, d), and with them case
// folding, multi-line anchors, dotAll, code-point matching and \p{...}
// (which without the u flag is the letter p and literal braces). Syntax
// added to JavaScript after the engine of Node 22 (modifiers such as
// (?i:...), duplicate group names in different alternatives) is refused,
// as that engine refuses it.
//
// Each test is bounded (see Limits): JavaScript would backtrack without
// end on an expression such as ^(a+)+$ against a long run of a's ending
// in b; this package stops and says so. A step is a node tried, a count
// of a repetition tried, or a code unit a backreference compares, so that
// a backreference to a long capture, tried again and again (`(.*)\1*c`
// against a long name), is bounded as any other backtracking.
package jsregex
