package importvalidate

import (
	"fmt"
	"strings"
	"testing"
)

// TestNumbersAsDoubles records how the reference judges numbers: as the
// IEEE doubles JSON.parse makes of them. Each expectation is what ajv 8
// (coerceTypes, ajv-formats 2.1.1) answers for the body against
// unleash-server 8.2.0's schemas: "" when it accepts the body, else the
// keyword of its first error. Where the reference accepts a number the
// model cannot hold (1e20 for an int64, Infinity for a float64), the
// answer stays the reference's and the report has a CodeNumber warning.
func TestNumbersAsDoubles(t *testing.T) {
	v := demoValidator(t)
	for _, tc := range numberCases {
		t.Run(tc.member, func(t *testing.T) {
			rep := validated(t, v, numberBody(tc.member))
			var codes []Code
			for _, p := range rep.Structural {
				codes = append(codes, p.Code)
			}
			switch {
			case tc.code == "" && len(codes) != 0:
				t.Fatalf("want no finding, got %v", rep.Structural)
			case tc.code == "":
			case len(codes) == 0 || codes[0] != tc.code:
				t.Fatalf("want first %s, got %v", tc.code, rep.Structural)
			case tc.code == CodeNumber && rep.Structural.HasErrors():
				t.Fatalf("a number the model cannot hold is an error outside strict mode: %v", rep.Structural)
			}
		})
	}
}

// TestNumberBeyondTheModel: the reference takes 1e30 as an integer; the
// model's int64 cannot hold it. The wire answer is the reference's (the
// rules run), and the rich report has a located warning naming what the
// model holds instead; strict mode makes it an error.
func TestNumberBeyondTheModel(t *testing.T) {
	body := []byte(`{"project":"default","environment":"development","data":{"features":[],"featureStrategies":[],
"contextFields":[{"name":"c","sortOrder":1e30}],"tagTypes":[]}}`)
	for _, strict := range []bool{false, true} {
		rep := mustValidate(t, Options{Strict: strict}, body)
		if len(rep.Structural) != 1 || rep.Structural[0].Code != CodeNumber {
			t.Fatalf("strict %v: want one number finding, got %v", strict, rep.Structural)
		}
		p := rep.Structural[0]
		if p.Location.Pointer != "/data/contextFields/0/sortOrder" || string(body[p.Location.Offset:p.Location.Offset+4]) != "1e30" || p.Location.Line != 2 {
			t.Errorf("located at %+v: %s", p.Location, p.Message())
		}
		if !strings.Contains(p.Message(), "9223372036854775807") || !strings.Contains(p.Message(), "1e+30 to the reference server") {
			t.Errorf("message %q does not say what the model holds", p.Message())
		}
		wantSeverity := SeverityWarning
		if strict {
			wantSeverity = SeverityError
		}
		if p.Severity != wantSeverity {
			t.Errorf("strict %v: severity %v, want %v", strict, p.Severity, wantSeverity)
		}
		if !strict {
			if rep.Structural.HasErrors() {
				t.Fatal("the rules did not run")
			}
			// The answer is the one for a number the model holds.
			plain := mustValidate(t, Options{}, []byte(strings.Replace(string(body), "1e30", "1", 1)))
			if got, want := fmt.Sprint(rep.Reference()), fmt.Sprint(plain.Reference()); got != want {
				t.Errorf("answer %s, want %s", got, want)
			}
		}
	}
}

// numberBody is a valid body but for member, a member of a feature
// environment.
func numberBody(member string) []byte {
	return []byte(`{"project":"default","environment":"development","data":{"features":[],"featureStrategies":[],"tagTypes":[],` +
		`"featureEnvironments":[{"name":"f","enabled":true,` + member + `}]}}`)
}

// numberCases are the members numberBody checks, with the code of the
// first finding ("" for none).
var numberCases = []struct {
	member string
	code   Code // "" for an accepted body without findings
}{
	{`"yes":1e400`, CodeNumber}, // Infinity is a whole number to ajv
	{`"yes":-1e400`, CodeMinimum},
	{`"yes":1e20`, CodeNumber},
	{`"yes":123456789012345678901234567890`, CodeNumber},
	{`"yes":1e-400`, ""},  // 0
	{`"yes":-1e-400`, ""}, // -0
	{`"yes":5.0`, ""},
	{`"yes":-0`, ""},
	{`"yes":1.5`, CodeType},
	{`"yes":0.9999999999999999999`, ""}, // 1
	{`"yes":1.0000000000000001`, ""},    // 1
	{`"yes":-0.0000000000000000000001`, CodeType},
	{`"sortOrder":1e400`, CodeNumber},
	{`"variants":[{"name":"v","weight":1000.00000000000001}]`, ""}, // 1000
	{`"variants":[{"name":"v","weight":1000.0000000000001}]`, CodeMaximum},
	{`"variants":[{"name":"v","weight":1e400}]`, CodeMaximum},
	{`"variants":[{"name":"v","weight":-1e-400}]`, ""},
	{`"variants":[{"name":"v","weight":-1e400}]`, CodeMinimum},
	{`"strategies":[{"name":"s","variants":[{"name":"v","weight":999.9999999999999999,"weightType":"fix","stickiness":"d"}]}]`, ""},
	{`"strategies":[{"name":"s","variants":[{"name":"v","weight":1e400,"weightType":"fix","stickiness":"d"}]}]`, CodeMaximum},
	// Strings ajv coerces to Infinity are judged as 1e400 is.
	{`"yes":"Infinity"`, CodeCoerced},
	{`"yes":"-Infinity"`, CodeMinimum},
	{`"yes":"1e400"`, CodeCoerced},
	{`"sortOrder":"-Infinity"`, CodeCoerced},
	{`"variants":[{"name":"v","weight":"Infinity"}]`, CodeMaximum},
	{`"variants":[{"name":"v","weight":"infinity"}]`, CodeType},
}

// TestStringCoercedToInfinity: ajv takes "Infinity" for an integer member
// as the number Infinity; the report has the coercion and, as for 1e400
// sent as a number, the warning that the model holds the int64 bound.
func TestStringCoercedToInfinity(t *testing.T) {
	for _, tc := range []struct{ sent, held string }{{`"Infinity"`, "9223372036854775807"}, {`"-1e400"`, "-9223372036854775808"}} {
		body := []byte(`{"project":"default","environment":"development","data":{"features":[],"featureStrategies":[],"tagTypes":[],` +
			`"contextFields":[{"name":"c","sortOrder":` + tc.sent + `}]}}`)
		rep := mustValidate(t, Options{}, body)
		var codes []Code
		for _, p := range rep.Structural {
			codes = append(codes, p.Code)
		}
		if fmt.Sprint(codes) != "[coerced number]" || rep.Structural.HasErrors() {
			t.Fatalf("%s: structural %v, want the warnings coerced and number", tc.sent, rep.Structural)
		}
		if !strings.Contains(rep.Structural[1].Message(), "holds "+tc.held) {
			t.Errorf("%s: %q does not name %s", tc.sent, rep.Structural[1].Message(), tc.held)
		}
	}
}
