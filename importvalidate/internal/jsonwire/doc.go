// Package jsonwire is the byte level of importvalidate: a JSON scanner
// that finds syntax errors, invalid UTF-8, duplicate keys and too deep a
// nesting (reporting its own kinds of findings, which importvalidate maps
// to problem codes); the walk from byte offsets to JSON pointers and back;
// the line table; JSON pointer tokens; the decimal reading of JSON numbers;
// and the JavaScript formatting of values that the reference server's
// messages quote. It imports nothing of importvalidate.
package jsonwire
