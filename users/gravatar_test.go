package users

import (
	"encoding/json"
	"os/exec"
	"strings"
	"testing"
	"unicode"

	"github.com/flagadmin/flagadmin/internal/jsregex"
	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
	"github.com/flagadmin/flagadmin/model"
)

// TestGravatarURL: the expected hashes were recorded from node, deriving
// the URL as the reference server does.
func TestGravatarURL(t *testing.T) {
	tests := []struct {
		name string
		user model.User
		hash string
	}{
		{"username", model.User{ID: 1, Username: ptr("admin")}, "8c6976e5b5410415bde908bd4dee15dfb167a9c873fc4bb8a81f6f2ab448a918"},
		{"email first, lower-cased", model.User{ID: 1, Username: ptr("u"), Email: ptr("Admin@Example.COM")}, "258d8dc916db8cea2cafb6c3cd0cb0246efe061421dbd83ec3a350428cabda4f"},
		{"id when email and username are empty", model.User{ID: 42}, "73475cb40a568e8da8a045ced110137e159f890ac4da883b6b17dc651b3a8049"},
		{"JavaScript whitespace trimmed", model.User{ID: 1, Email: ptr(" \u00a0Viewer@Example.com\ufeff\u2028\t")}, "0ad80c7f6dff0dceded893acb06a69e86b27b9f978bc164cee272714dc4cac9b"},
		{"U+0085 is not JavaScript whitespace", model.User{ID: 1, Email: ptr("\u0085viewer@example.com")}, "6b9b15a423ab91e0f2381b1991e7c6ecb7fab6a774976b627dbafe1a41eadc78"},
		{"leading @ keeps the case", model.User{ID: 1, Username: ptr("@Handle")}, "162fd8a3fea6f9d270fd55f435248897c437ad36310b33c607386e63b1faee02"},
		{"@ after a space lower-cases", model.User{ID: 1, Username: ptr(" @Handle ")}, "f806d9ff2065715cbc87930b32c88476b05799b54e96f63c90d264665ec34534"},
		{"dotted capital I", model.User{ID: 1, Email: ptr("İstanbul@example.tr")}, "e7e56f71dbf29aa8498259dea03cbddc787c48fd61ddec464d7682dbd33b0c87"},
		{"final sigma", model.User{ID: 1, Username: ptr("ΟΔΟΣ")}, "3a2c9e1f2803431e23ed51a84e18ba04188301f1911b75310e9704974aebe4e8"},
		{"final sigma before a period", model.User{ID: 1, Username: ptr("ΟΔΟΣ.")}, "c209c91ed4e042b68ab8acfcbb4bc1c30f86d73754b0fd02dc5d6410ee9be1d5"},
		{"sigma inside a word", model.User{ID: 1, Username: ptr("ΑΣΑ")}, "015c964f2d6639dfa1a0c5b3d7a633ce29e1a11f871b37003765548b13598501"},
		{"sigma alone", model.User{ID: 1, Username: ptr("Σ")}, "ff59ed1e562b056aea9bfdf757bada8c1eb638b10b75bfc7835beca4c2db0360"},
		{"sigma after an apostrophe", model.User{ID: 1, Username: ptr("A'Σ")}, "b682a7f5da003dc51e4293c8a27aad85dcdb53339c598a4340649792af11b62b"},
		{"sigma before a combining mark", model.User{ID: 1, Username: ptr("ΑΣ\u0301")}, "f5030044da182e90bd12517f860fc926e9c457672acd1f9e108f58bb9f15ebae"},
		{"sigma before a mark and a letter", model.User{ID: 1, Username: ptr("ΑΣ\u0301Α")}, "bb2f72cffb2e042340742b7c0a132118e9bd43efdc382db9aff5f6e836d9454d"},
		{"titlecase digraph", model.User{ID: 1, Username: ptr("ǅemal")}, "4c7bda2afea428bbf00999384b79c3e0bd817dccf87785cfa44c7158b3503eda"},
		{"capital sharp s", model.User{ID: 1, Username: ptr("ẞ")}, "cd3a7e92a9114307055e4a0583acd6549ec3bb6d7c10ecc6ce11ae3d76b3d7db"},
		{"a letter of Unicode 16", model.User{ID: 1, Username: ptr("\ua7cb")}, "083045f43cbb2b1e0c0924e39b6a368554e57633b44409b626f0c8cee45827db"},
		{"invalid UTF-8", model.User{ID: 1, Username: ptr("A\xffB")}, "05087813392efc16fe8ff448920c6328e53af865df39419436659d9ffda90f7b"},
		{"lone surrogate", model.User{ID: 1, Username: ptr("\xed\xa0\x80X")}, "a87ce46793cc659b79bd187e998f8488635f707d5be0957e1d565981efd2b04b"},
		{"whitespace only is an ident", model.User{ID: 1, Email: ptr(" \u3000")}, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want := "https://gravatar.com/avatar/" + tt.hash + "?s=42&d=retro&r=g"
			if got := GravatarURL(tt.user); got != want {
				t.Errorf("GravatarURL(%+q) = %s, want %s", deref(tt.user.Email)+"|"+deref(tt.user.Username), got, want)
			}
		})
	}
}

// gravatarScript derives the URL of each user it reads as JavaScript and
// the reference server do. Strings arrive as UTF-16 code units.
const gravatarScript = `
const crypto = require('crypto');
let data = '';
process.stdin.on('data', c => data += c);
process.stdin.on('end', () => {
  const str = u => u ? String.fromCharCode(...u) : '';
  const out = JSON.parse(data).map(c => {
    let ident = str(c.email) || str(c.username) || String(c.id);
    ident = ident.indexOf('@') === 0 ? ident.trim() : ident.toLowerCase().trim();
    return 'https://gravatar.com/avatar/' + crypto.createHash('sha256').update(ident).digest('hex') + '?s=42&d=retro&r=g';
  });
  process.stdout.write(JSON.stringify(out));
});`

// gravatarCases are generated users: idents built from pieces that
// exercise trimming, case mapping and the @ rule.
func gravatarCases(n int) []model.User {
	pieces := []string{"", "a", "B", "@", " ", "\u00a0", "\ufeff", "\u2028", "\u0085", "\u180e", "\u200b", "\u3000", "\t",
		"İ", "I", "Σ", "σ", "ς", ".", "'", "\u0301", "Α", "ǅ", "ẞ", "ß", "Ω", "K", "Å", "\u1e9e", "😀", "𐐀", "\ua7cb",
		"\u0345", "ͅ", "\u00ad", "Ⅻ", "Ⓐ", "\xed\xa0\x80", "\xff", "x@Y.z", "ᾈ", "ﬀ", "\u03a3\u0345"}
	next := testutil.NewXorshift(5).Intn
	var out []model.User
	for i := 0; i < n; i++ {
		var b strings.Builder
		for k := next(6); k > 0; k-- {
			b.WriteString(pieces[next(len(pieces))])
		}
		u := model.User{ID: int64(i)}
		switch next(3) {
		case 0:
			u.Email = ptr(b.String())
		case 1:
			u.Username = ptr(b.String())
		}
		out = append(out, u)
	}
	return out
}

func TestGravatarURLDifferentialNode(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed; TestGravatarURL holds the values recorded from it")
	}
	users := gravatarCases(5000)
	type in struct {
		Email    []uint16 `json:"email"`
		Username []uint16 `json:"username"`
		ID       int64    `json:"id"`
	}
	ins := make([]in, len(users))
	for i, u := range users {
		ins[i] = in{jsregex.UTF16(deref(u.Email)), jsregex.UTF16(deref(u.Username)), u.ID}
	}
	var want []string
	testutil.Node(t, gravatarScript, ins, &want)
	if len(want) != len(users) {
		t.Fatalf("node answered %d of %d", len(want), len(users))
	}
	bad := 0
	for i, u := range users {
		if got := GravatarURL(u); got != want[i] {
			bad++
			if bad <= 20 {
				t.Errorf("GravatarURL(email %+q, username %+q) = %s, node: %s", deref(u.Email), deref(u.Username), got, want[i])
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d differ from node", bad, len(users))
	}
}

// TestToLowerEveryCodePointNode compares jsToLower with toLowerCase for
// every code point on its own, and jsSpace with trim.
func TestToLowerEveryCodePointNode(t *testing.T) {
	const script = `
let data = ''; process.stdin.on('data', c => data += c); process.stdin.on('end', () => {
  const lower = [], space = [];
  for (let cp = 0; cp <= 0x10FFFF; cp++) {
    if (cp >= 0xD800 && cp <= 0xDFFF) continue;
    const s = String.fromCodePoint(cp);
    const l = s.toLowerCase();
    if (l !== s) lower.push([cp, [...l].map(c => c.codePointAt(0))]);
    if (s.trim() === '') space.push(cp);
  }
  process.stdout.write(JSON.stringify({lower, space}));
});`
	var res struct {
		Lower [][2]json.RawMessage `json:"lower"`
		Space []rune               `json:"space"`
	}
	if !testutil.Node(t, script, nil, &res) {
		t.Skip("node is not installed")
	}
	want := map[rune]string{}
	for _, p := range res.Lower {
		var cp rune
		var to []rune
		if json.Unmarshal(p[0], &cp) != nil || json.Unmarshal(p[1], &to) != nil {
			t.Fatalf("node's answer: %s", p)
		}
		want[cp] = string(to)
	}
	spaces := map[rune]bool{}
	for _, r := range res.Space {
		spaces[r] = true
	}
	bad := 0
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if r >= 0xD800 && r <= 0xDFFF {
			continue
		}
		w, ok := want[r]
		if !ok {
			w = string(r)
		}
		if got := jsToLower(string(r)); got != w || jsSpace(r) != spaces[r] {
			bad++
			if bad <= 20 {
				t.Errorf("%U: lower %+q (node %+q), space %v (node %v)", r, got, w, jsSpace(r), spaces[r])
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d code points differ from node", bad)
	}
}

func BenchmarkGravatarURL(b *testing.B) {
	users := []model.User{{ID: 1, Email: ptr("Admin@Example.COM")}, {ID: 2, Username: ptr("ΟΔΟΣ İstanbul")}, {ID: 3}}
	size := 0
	for _, u := range users {
		size += len(deref(u.Email)) + len(deref(u.Username))
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		for _, u := range users {
			GravatarURL(u)
		}
	}
}
