package rosterfile

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"sort"
)

// MsgJSONShape is the FileError of JSON that is not a list of creators.
const MsgJSONShape = `The JSON file must be an array of creator objects or an object with a "creators" array.`

// ParseJSON reads a JSON roster: an array of objects, or an object whose
// "creators" (or "data", "items", "rows") member is that array. Items are
// decoded one at a time, so memory does not grow with the file. Keys map
// like CSV headers; nested objects flatten one level into their parent key
// ({"instagram": {"handle": "x"}} is "instagram handle"). Records are
// numbered by item (first item = 1). An item that is not an object is a
// record with Err set; malformed JSON is a *FileError.
func ParseJSON(r io.Reader, fn func(*Record) error) (Columns, error) {
	dec := json.NewDecoder(bufio.NewReaderSize(r, 64<<10))
	dec.UseNumber()
	if err := seekArray(dec); err != nil {
		return Columns{}, err
	}
	cols, ignored := Columns{}, map[string]bool{}
	names := Headers
	checked := false
	for n := 1; dec.More(); n++ {
		var item any
		if err := dec.Decode(&item); err != nil {
			return cols, &FileError{Msg: fmt.Sprintf("The JSON file is malformed at item %d: %v", n, err)}
		}
		rec := Record{Row: n, Names: &names}
		obj, ok := item.(map[string]any)
		if !ok {
			rec.Err = "Each item must be an object"
		} else {
			flatten(&rec, "", obj, ignored, 0)
			if !checked {
				if !rec.Has[FieldName] && !rec.Has[FieldEmail] && !rec.Has[FieldInstagram] && !rec.Has[FieldYouTube] &&
					!rec.Has[FieldTikTok] && !rec.Has[FieldLinkedIn] {
					return cols, &FileError{Msg: MsgNoHeader}
				}
				checked = true
			}
		}
		if err := fn(&rec); err != nil {
			return cols, err
		}
	}
	for k := range ignored {
		cols.Ignored = append(cols.Ignored, k)
	}
	sort.Strings(cols.Ignored)
	return cols, nil
}

// CheckJSON reads a whole JSON document and returns a *FileError where it is
// malformed. ParseJSON streams and meets a syntax error only when it gets
// there; an import checks the file first so that it never stops halfway,
// with part of the file saved.
func CheckJSON(r io.Reader) error {
	dec := json.NewDecoder(bufio.NewReaderSize(r, 64<<10))
	for {
		if _, err := dec.Token(); err == io.EOF {
			return nil
		} else if err != nil {
			return &FileError{Msg: fmt.Sprintf("The JSON file is malformed near byte %d: %v", dec.InputOffset(), err)}
		}
	}
}

// seekArray moves dec into the creators array.
func seekArray(dec *json.Decoder) error {
	tok, err := dec.Token()
	if err != nil {
		return &FileError{Msg: "The file is not valid JSON."}
	}
	if tok == json.Delim('[') {
		return nil
	}
	if tok != json.Delim('{') {
		return &FileError{Msg: MsgJSONShape}
	}
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			return &FileError{Msg: "The file is not valid JSON."}
		}
		switch Normalize(fmt.Sprint(key)) {
		case "creators", "data", "items", "rows", "roster":
			if tok, err := dec.Token(); err == nil && tok == json.Delim('[') {
				return nil
			}
			return &FileError{Msg: MsgJSONShape}
		}
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return &FileError{Msg: "The file is not valid JSON."}
		}
	}
	return &FileError{Msg: MsgJSONShape}
}

const maxIgnored = 50

func flatten(rec *Record, prefix string, obj map[string]any, ignored map[string]bool, depth int) {
	for k, v := range obj {
		key := prefix + k
		if m, ok := v.(map[string]any); ok && depth < 2 {
			flatten(rec, key, m, ignored, depth+1)
			continue
		}
		f, ok := Lookup(key)
		if !ok {
			if len(ignored) < maxIgnored {
				ignored[cleanText(key)] = true
			}
			continue
		}
		var s string
		switch x := v.(type) {
		case nil:
		case string:
			s = x
		case json.Number:
			s = x.String()
		case bool:
			s = fmt.Sprint(x)
		default:
			s = fmt.Sprint(x)
		}
		rec.Values[f], rec.Has[f] = s, true
	}
}
