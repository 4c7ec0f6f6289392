package main

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"

	"creatorcoach/store"
)

// Postgres stores no NUL character in text or jsonb, so input holding one
// is refused up front as a field error instead of failing in the database.

// refuseNulQuery answers 422 when a query parameter's name or value holds a
// NUL character; the field is the parameter's name.
func (s *server) refuseNulQuery(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.Contains(r.URL.RawQuery, "%00") {
			f := store.FieldErrors{}
			for name, vs := range r.URL.Query() {
				for _, v := range append(vs, name) {
					if strings.IndexByte(v, 0) >= 0 {
						f[strings.ReplaceAll(name, "\x00", "")] = store.MsgNulCharacter
					}
				}
			}
			if err := f.Err(); err != nil {
				s.writeError(w, r, err)
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

// checkNulJSON returns EINVALID with a field error for every string of the
// JSON body that holds a NUL character, keyed by its path of object keys
// (a path stops at the first array: "roaster.notes"). Bodies without the
// escape \u0000 are not decoded again.
func checkNulJSON(body []byte) error {
	if !bytes.Contains(body, []byte(`\u0000`)) {
		return nil
	}
	var v any
	if err := json.Unmarshal(body, &v); err != nil {
		return nil // the caller decoded it already; nothing more to say
	}
	f := store.FieldErrors{}
	nulPaths(f, "", v, true)
	return f.Err()
}

func nulPaths(f store.FieldErrors, path string, v any, descend bool) {
	join := func(k string) string {
		k = strings.ReplaceAll(k, "\x00", "")
		if !descend {
			return path
		}
		if path == "" {
			return k
		}
		return path + "." + k
	}
	switch t := v.(type) {
	case string:
		if strings.IndexByte(t, 0) >= 0 {
			f[orBody(path)] = store.MsgNulCharacter
		}
	case []any:
		for _, e := range t {
			nulPaths(f, path, e, false)
		}
	case map[string]any:
		for k, e := range t {
			if strings.IndexByte(k, 0) >= 0 {
				f[orBody(join(k))] = store.MsgNulCharacter
			}
			nulPaths(f, join(k), e, descend)
		}
	}
}

// orBody names the whole body when a NUL sits at its top level.
func orBody(path string) string {
	if path == "" {
		return "body"
	}
	return path
}
