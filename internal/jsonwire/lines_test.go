package jsonwire

import "testing"

// TestLines checks line and column of offsets at line starts and ends,
// past the end, and in texts without or with only line feeds.
func TestLines(t *testing.T) {
	for _, tt := range []struct {
		src       string
		off       int64
		line, col int
	}{
		{"", 0, 1, 1},
		{"abc", 0, 1, 1},
		{"abc", 2, 1, 3},
		{"abc", 9, 1, 4},
		{"a\nbc\n", 1, 1, 2},
		{"a\nbc\n", 2, 2, 1},
		{"a\nbc\n", 4, 2, 3},
		{"a\nbc\n", 5, 3, 1},
		{"\n\n\n", 2, 3, 1},
		{"x\r\ny", 3, 2, 1},
	} {
		line, col := NewLines([]byte(tt.src)).Position(tt.off)
		if line != tt.line || col != tt.col {
			t.Errorf("%q at %d: %d:%d, want %d:%d", tt.src, tt.off, line, col, tt.line, tt.col)
		}
		if line, col := Position([]byte(tt.src), tt.off); line != tt.line || col != tt.col {
			t.Errorf("Position(%q, %d) = %d:%d, want %d:%d", tt.src, tt.off, line, col, tt.line, tt.col)
		}
	}
}

func BenchmarkNewLines(b *testing.B) {
	src := stSampleBody(2000)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		NewLines(src)
	}
}
