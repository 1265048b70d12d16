package adminhttp

import (
	"encoding/binary"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"
)

func TestDecodeCharset(t *testing.T) {
	const text = `{"a":"f-é-😀","b":[1,2]}`
	le := func(units ...uint16) []byte {
		var b []byte
		for _, u := range units {
			b = binary.LittleEndian.AppendUint16(b, u)
		}
		return b
	}
	be := func(units ...uint16) []byte {
		var b []byte
		for _, u := range units {
			b = binary.BigEndian.AppendUint16(b, u)
		}
		return b
	}
	units := utf16.Encode([]rune(text))
	var u32le, u32be []byte
	for _, r := range text {
		u32le = binary.LittleEndian.AppendUint32(u32le, uint32(r))
		u32be = binary.BigEndian.AppendUint32(u32be, uint32(r))
	}
	quote := uint16('"')
	for _, tc := range []struct {
		name, charset string
		in            []byte
		want          string
	}{
		{"utf-8 untouched, invalid bytes and all", csUTF8, []byte("\xef\xbb\xbf{\"a\":\"\xff\"}"), "\xef\xbb\xbf{\"a\":\"\xff\"}"},
		{"utf-16le", csUTF16LE, le(units...), text},
		{"utf-16be", csUTF16BE, be(units...), text},
		{"utf-16 with a little-endian mark", csUTF16, le(append([]uint16{0xfeff}, units...)...), "\ufeff" + text},
		{"utf-16 with a big-endian mark", csUTF16, be(append([]uint16{0xfeff}, units...)...), "\ufeff" + text},
		{"utf-16 big-endian by its ASCII", csUTF16, be(units...), text},
		{"utf-16 little-endian by its ASCII", csUTF16, le(units...), text},
		{"utf-16le odd trailing byte dropped", csUTF16LE, append(le(units...), '!'), text},
		{"lone high surrogate in a string is escaped", csUTF16LE, le(quote, 'a', 0xd800, quote), `"a\ud800"`},
		{"lone low surrogate in a string is escaped", csUTF16LE, le(quote, 0xdc00, 'b', quote), `"\udc00b"`},
		{"two high surrogates in a string", csUTF16LE, le(quote, 0xd800, 0xd801, 0xdc00, quote), "\"\\ud800\U00010400\""},
		{"lone surrogate at the end of a string", csUTF16LE, le(quote, 0xdbff), `"\udbff`},
		{"lone surrogate outside a string", csUTF16LE, le('[', 0xd800, ']'), "[\ufffd]"},
		{"escaped quote keeps the string open", csUTF16LE, le(quote, '\\', quote, 0xd800, quote), `"\"\ud800"`},
		{"surrogate after a backslash stays invalid", csUTF16LE, le(quote, '\\', 0xd800, quote), "\"\\\ufffd\""},
		{"utf-32le", csUTF32LE, u32le, text},
		{"utf-32be", csUTF32BE, u32be, text},
		{"utf-32 with a big-endian mark", csUTF32, append([]byte{0, 0, 0xfe, 0xff}, u32be...), "\ufeff" + text},
		{"utf-32 without a mark is little-endian", csUTF32, u32le, text},
		{"utf-32 beyond U+10FFFF", csUTF32LE, []byte{0, 0, 0x11, 0}, "\ufffd"},
		{"utf-32 trailing bytes dropped", csUTF32LE, append(append([]byte{}, u32le...), 1, 2), text},
		{"utf-7", csUTF7, []byte(`{"a":"f-+AOk--+2D3eAA-","b":[1,2]}`), text},
		{"utf-7 plus sign", csUTF7, []byte(`"1+-1"`), `"1+1"`},
		{"utf-7 run ended by a non-base64 character", csUTF7, []byte(`"+AOk."`), `"é."`},
		{"utf-7 imap", csUTF7IMAP, []byte(`{"a":"f-&AOk--&2D3eAA-","b":[1,2]}`), text},
		{"utf-7 imap ampersand", csUTF7IMAP, []byte(`"a&-b+c"`), `"a&b+c"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := string(decodeCharset(tc.charset, tc.in)); got != tc.want {
				t.Errorf("got  %q\nwant %q", got, tc.want)
			}
		})
	}
}

func TestCharsetNames(t *testing.T) {
	for _, tc := range []struct {
		contentType, want string
		refused           bool
	}{
		{"application/json", csUTF8, false},
		{"application/json; charset=utf-8", csUTF8, false},
		{"application/json; charset=UTF-16LE", csUTF16LE, false},
		{"application/json; charset=utf-16-le", csUTF16LE, false},
		{"application/json; charset=utf-16", csUTF16, false},
		{"application/json; charset=utf-32be", csUTF32BE, false},
		{"application/json; charset=utf-7-imap", csUTF7IMAP, false},
		{"application/json; charset=utf8", "", true},
		{"application/json; charset=latin1", "", true},
		{"application/json; charset=utf-16xx", "", true},
		{"application/json; charset=\"\"", "", true},
	} {
		got, err := charsetOf(parseContentType(tc.contentType))
		if (err != nil) != tc.refused || got != tc.want {
			t.Errorf("%q: %q, %v; want %q, refused %v", tc.contentType, got, err, tc.want, tc.refused)
		}
	}
}

// FuzzDecodeCharset decodes any bytes in every charset without panicking;
// for UTF-16 and UTF-32 the decoding of an encoded valid text gives the
// text back.
func FuzzDecodeCharset(f *testing.F) {
	f.Add([]byte(`{"a":"é😀"}`), []byte{0x22, 0, 0, 0xd8, 0x22, 0})
	f.Add([]byte(`"+AOk-"`), []byte{0xff, 0xfe, 0x7b, 0})
	f.Fuzz(func(t *testing.T, text, raw []byte) {
		for _, cs := range []string{csUTF8, csUTF16, csUTF16LE, csUTF16BE, csUTF32, csUTF32LE, csUTF32BE, csUTF7, csUTF7IMAP} {
			out := decodeCharset(cs, raw)
			if cs != csUTF8 && !utf8Valid(out) {
				t.Fatalf("%s of %x gave invalid UTF-8 %q", cs, raw, out)
			}
		}
		s := strings.ToValidUTF8(string(text), "\ufffd")
		if strings.HasPrefix(s, "\ufeff") {
			return // a mark would pick the byte order of "utf16"
		}
		var le, be, le32 []byte
		for _, u := range utf16.Encode([]rune(s)) {
			le = binary.LittleEndian.AppendUint16(le, u)
			be = binary.BigEndian.AppendUint16(be, u)
		}
		for _, r := range s {
			le32 = binary.LittleEndian.AppendUint32(le32, uint32(r))
		}
		for cs, in := range map[string][]byte{csUTF16LE: le, csUTF16BE: be, csUTF32LE: le32} {
			if got := string(decodeCharset(cs, in)); got != s {
				t.Fatalf("%s: %q gave %q", cs, s, got)
			}
		}
	})
}

func utf8Valid(b []byte) bool { return utf8.Valid(b) }

// BenchmarkDecodeCharset decodes a 64 kB JSON text, mostly ASCII, from
// UTF-16 and UTF-32.
func BenchmarkDecodeCharset(b *testing.B) {
	text := strings.Repeat(`{"name":"feature-é-1","enabled":true},`, 64<<10/40)
	var le16, le32 []byte
	for _, u := range utf16.Encode([]rune(text)) {
		le16 = binary.LittleEndian.AppendUint16(le16, u)
	}
	for _, r := range text {
		le32 = binary.LittleEndian.AppendUint32(le32, uint32(r))
	}
	for _, bc := range []struct {
		charset string
		in      []byte
	}{{csUTF16LE, le16}, {csUTF32LE, le32}} {
		b.Run(bc.charset, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(text)))
			for b.Loop() {
				if out := decodeCharset(bc.charset, bc.in); len(out) != len(text) {
					b.Fatalf("%d bytes; want %d", len(out), len(text))
				}
			}
		})
	}
}
