package schema

import (
	"testing"

	"github.com/flagadmin/flagadmin/internal/jsonwire"
)

// TestKinds: each scanner finding converts to the kind of its problem,
// and no two kinds share a value.
func TestKinds(t *testing.T) {
	scanned := map[jsonwire.Kind]Kind{
		jsonwire.KindSyntax:        KindSyntax,
		jsonwire.KindInvalidUTF8:   KindInvalidUTF8,
		jsonwire.KindDuplicateKey:  KindDuplicateKey,
		jsonwire.KindMaxDepth:      KindMaxDepth,
		jsonwire.KindByteOrderMark: KindByteOrderMark,
	}
	for sk, want := range scanned {
		if got := Kind(sk); got != want {
			t.Errorf("the scanner's kind %d converts to %d, want %d", sk, got, want)
		}
	}
	all := []Kind{KindSyntax, KindInvalidUTF8, KindDuplicateKey, KindMaxDepth, KindByteOrderMark,
		KindType, KindEnum, KindMaximum, KindMinimum, KindMaxLength, KindMinLength, KindPattern, KindFormat,
		KindRequired, KindAdditionalProperty, KindTooManyProblems, KindDecode, KindCoerced, KindKeyword, KindNumber}
	seen := map[Kind]bool{}
	for _, k := range all {
		if seen[k] || k == 0 {
			t.Errorf("kind %d is 0 or taken twice", k)
		}
		seen[k] = true
	}
}
