// Package jsvalue holds the JavaScript value semantics that the reference
// server's answers follow, for the structural tier and the response's
// writer: the reading of a body as JSON.parse reads it (Parse: unpaired
// surrogates kept as WTF-8, the last of a repeated name, DropShadowed, no
// nesting limit; ParseDecimal for exact number text), and the writing of
// values as JSON.stringify and String() write them (AppendString writes a
// lone surrogate back as its escape; AppendValue, AppendCompact;
// NumberText and FormatFloat as Number.prototype.toString; KeyOrder, the
// order in which JavaScript enumerates an object's keys). It reads bytes
// through package jsonwire.
package jsvalue
