// Package layers holds the test that the module's imports follow the
// layers of docs/LAYOUT.md: it reads the layer table from the document,
// so that the two cannot disagree, and the imports from go list.
package layers
