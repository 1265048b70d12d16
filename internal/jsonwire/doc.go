// Package jsonwire is the byte level of the module's JSON reading: a JSON scanner
// that finds syntax errors, invalid UTF-8, duplicate keys and too deep a
// nesting (reporting its own kinds of findings, which importvalidate maps
// to problem codes); the walk from byte offsets to JSON pointers and back (Locate, and
// LocateMember for model's decoding errors);
// the line table; JSON pointer tokens; the decimal reading of JSON numbers;
// the reading of a body as JSON.parse reads it (Value: unpaired surrogates
// kept as WTF-8, the last of a repeated name, no nesting limit;
// DropShadowed; AppendReplacingInvalid for bytes that are not UTF-8); and
// the JavaScript formatting of values that the reference server's messages
// quote (AppendJSString writes a lone surrogate back as its escape). It
// imports nothing of the module.
package jsonwire
