// Package jsonwire is the byte level of the module's JSON reading: a JSON
// scanner that finds syntax errors, invalid UTF-8, duplicate keys and too
// deep a nesting (reporting its own kinds of findings, which importvalidate
// words); the walk from byte offsets to JSON pointers and back (Locate, and
// LocateMember for model's decoding errors); the line table; JSON pointer
// tokens; the unquoting of strings (unpaired surrogates kept as WTF-8); and
// the repair of bytes that are not UTF-8 (AppendReplacingInvalid, as Node
// decodes them; Printable for output). It knows no JavaScript values:
// importvalidate/internal/jsvalue reads and writes those. It imports
// nothing of the module.
package jsonwire
