package errbody

import (
	"encoding/json"
	"testing"

	"github.com/flagadmin/flagadmin/model"
)

func TestWriter(t *testing.T) {
	tests := []struct {
		name    string
		details []model.ErrorDetail
		extra   []any // name, value pairs
		want    string
	}{
		{"details repeat the message", nil, nil,
			`{"id":"i","name":"N","message":"a <b> & c","details":[{"message":"a <b> & c"}]}`},
		{"given details", []model.ErrorDetail{{Path: "/body/x", Message: "m"}}, nil,
			`{"id":"i","name":"N","message":"a <b> & c","details":[{"path":"/body/x","message":"m"}]}`},
		{"empty details stay empty", []model.ErrorDetail{}, []any{"permissions", []string{"ADMIN"}, "retry", 3},
			`{"id":"i","name":"N","message":"a <b> & c","details":[],"permissions":["ADMIN"],"retry":3}`},
		{"a value that cannot be encoded", []model.ErrorDetail{}, []any{"f", func() {}},
			`{"id":"i","name":"N","message":"a <b> & c","details":[],"f":null}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := New("i", "N", "a <b> & c", tt.details)
			for i := 0; i < len(tt.extra); i += 2 {
				w.Member(tt.extra[i].(string), tt.extra[i+1])
			}
			got := w.Close()
			if string(got) != tt.want {
				t.Errorf("body %s\nwant %s", got, tt.want)
			}
			if !json.Valid(got) {
				t.Errorf("body %s is not JSON", got)
			}
		})
	}
}
