package importvalidate

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/flagadmin/flagadmin/importvalidate/internal/jsvalue"
	"github.com/flagadmin/flagadmin/importvalidate/internal/schema"
	"github.com/flagadmin/flagadmin/internal/jsonwire"
)

// A structural problem holds what it found (schema.Detail) and its place;
// its words are written when it is shown, in one of two wordings: the
// reference server's (Diagnostic.Message, and the details of its 400
// answer), whose pointers start at the HTTP request's root ("/body/data";
// "data" as Unleash 5.x writes them), or a file's
// (Diagnostic.FileMessage), whose pointers start at the document's root
// ("/data") and whose words speak of the file.

// wording is the wording a structural problem is written in.
type wording struct {
	// file words the problem for a file rather than for the reference
	// server's answer to an HTTP request.
	file bool
	// bare writes the reference's pointers as Unleash 5.x does, without
	// the request's "/body" and the leading slash ("`data/features`"),
	// and the root object as "the root object of the request body";
	// 6.x and later write "`/body/data/features`" and "the `/body`
	// object of the request body" (profile.ErrorStyle.PathPrefix).
	bare bool
}

// wordsFunc words a structural problem of one code, found at ptr (a
// pointer from the document's root).
type wordsFunc func(w wording, ptr string, d *schema.Detail) string

// at quotes ptr as a message names it.
func (w wording) at(ptr string) string {
	switch {
	case w.file && ptr == "":
		return "`/`"
	case w.file:
		return "`" + ptr + "`"
	case w.bare:
		return "`" + strings.TrimPrefix(ptr, "/") + "`"
	}
	return "`/body" + ptr + "`"
}

// property words a keyword's problem: what the value at ptr must be, and
// the value sent.
func (w wording) property(ptr, must, sent string) string {
	if w.file {
		return "The " + w.at(ptr) + " property " + must + "; the file has " + sent + "."
	}
	return "The " + w.at(ptr) + " property " + must + ". You sent " + sent + "."
}

func wordsSyntax(_ wording, _ string, d *schema.Detail) string {
	if d.Want == "" {
		return d.Got
	}
	return d.Got + ": expected " + d.Want
}

func wordsMaxDepth(_ wording, _ string, d *schema.Detail) string {
	return "The body nests objects and arrays deeper than " + strconv.Itoa(d.Limit) + " levels"
}

func wordsRequired(w wording, ptr string, _ *schema.Detail) string {
	if w.file {
		return "The " + w.at(ptr) + " property is required. The file lacks it."
	}
	return "The " + w.at(ptr) + " property is required. It was not present on the data you sent."
}

func wordsAdditionalProperty(w wording, ptr string, _ *schema.Detail) string {
	object := ptr[:max(strings.LastIndexByte(ptr, '/'), 0)]
	if w.file {
		return "The " + w.at(object) + " object does not allow additional properties; the file has the " + w.at(ptr) + " property."
	}
	subject := "The " + w.at(object) + " object of the request body"
	if w.bare && object == "" {
		subject = "The root object of the request body"
	}
	return subject + " does not allow additional properties. Your request included the " + w.at(ptr) + " property."
}

func wordsType(w wording, ptr string, d *schema.Detail) string {
	return w.property(ptr, "must be "+d.Want, d.Got)
}

func wordsEnum(_ wording, ptr string, d *schema.Detail) string {
	var b strings.Builder
	b.WriteString("The `" + jsonwire.LastToken(ptr) + "` property must be equal to one of the allowed values: ")
	for i, v := range d.Allowed {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(`"` + v + `"`)
	}
	b.WriteString(`. You provided "` + d.Got + `", which is not valid. Please use one of the allowed values instead..`)
	return b.String()
}

func wordsMaximum(w wording, ptr string, d *schema.Detail) string {
	return w.property(ptr, "must be <= "+d.Want, d.Got)
}

func wordsMinimum(w wording, ptr string, d *schema.Detail) string {
	return w.property(ptr, "must be >= "+d.Want, d.Got)
}

func wordsMaxLength(w wording, ptr string, d *schema.Detail) string {
	return w.property(ptr, "must NOT have more than "+strconv.Itoa(d.Limit)+" characters", d.Got)
}

func wordsMinLength(w wording, ptr string, d *schema.Detail) string {
	return w.property(ptr, "must NOT have fewer than "+strconv.Itoa(d.Limit)+" characters", d.Got)
}

func wordsPattern(w wording, ptr string, d *schema.Detail) string {
	return w.property(ptr, `must match pattern "`+d.Want+`"`, d.Got)
}

func wordsFormat(w wording, ptr string, d *schema.Detail) string {
	return w.property(ptr, `must match format "`+d.Want+`"`, d.Got)
}

func wordsTooManyProblems(_ wording, _ string, d *schema.Detail) string {
	if d.Uncounted {
		return "more than " + strconv.Itoa(d.Limit) + " problems"
	}
	return strconv.Itoa(d.Limit) + " more problems"
}

func wordsCoerced(w wording, ptr string, d *schema.Detail) string {
	return "The " + w.at(ptr) + " property is " + describeScalar(d.Got) + "; taken as " + describeScalar(d.Held)
}

// describeScalar names a scalar written as JavaScript writes it: the
// number 5, the string "5", the boolean true, null.
func describeScalar(text string) string {
	switch {
	case text == "null":
		return text
	case text == "true" || text == "false":
		return "the boolean " + text
	case strings.HasPrefix(text, `"`):
		return "the string " + text
	}
	return "the number " + text
}

func wordsDuplicateKey(w wording, ptr string, d *schema.Detail) string {
	key, o := string(jsvalue.AppendString(nil, d.Key)), d.Other
	if d.First {
		return fmt.Sprintf("The key %s appears again in the same object at line %d, column %d (byte %d), pointer %s; the last value is kept",
			key, o.Line, o.Column, o.Offset, w.at(ptr))
	}
	return fmt.Sprintf("The key %s repeats the key at line %d, column %d (byte %d) of the same object, pointer %s; the last value is kept",
		key, o.Line, o.Column, o.Offset, w.at(ptr))
}

func wordsInvalidUTF8(w wording, ptr string, d *schema.Detail) string {
	return fmt.Sprintf("Invalid UTF-8 byte 0x%02X in the string at %s; read as U+FFFD", d.Byte, w.at(ptr))
}

func wordsByteOrderMark(wording, string, *schema.Detail) string {
	return "The body starts with a byte order mark (U+FEFF), which is skipped"
}

func wordsNumber(w wording, ptr string, d *schema.Detail) string {
	text, beyond := d.Got, "a 64-bit floating-point number"
	if len(text) > 40 {
		text = text[:37] + "..."
	}
	if d.Want == "integer" {
		beyond = "a 64-bit integer"
	}
	return "The " + w.at(ptr) + " property is " + text + " (" + jsvalue.NumberText(d.Got) + " to the reference server), beyond " +
		beyond + "; the model holds " + d.Held + " instead."
}

// wordsGot words a problem by what was found alone (a decoder's error).
func wordsGot(_ wording, _ string, d *schema.Detail) string { return d.Got }

func wordsKeyword(w wording, ptr string, d *schema.Detail) string {
	if d.Want == "" {
		return d.Got
	}
	return w.property(ptr, d.Want, d.Got)
}
