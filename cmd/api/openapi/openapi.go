// Package openapi holds the api's OpenAPI 3.1 document. It is written as a
// root file (openapi.yaml: info, security schemes and the shared components)
// and one file per resource (its paths and its own components, named with the
// resource as prefix), merged here into one document.
package openapi

import (
	"context"
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"sort"
	"strings"
	"sync"

	"github.com/getkin/kin-openapi/openapi3"
	"gopkg.in/yaml.v3"
)

//go:embed *.yaml
var files embed.FS

// rootFile is the file the others are merged into.
const rootFile = "openapi.yaml"

// JSON returns the merged document as JSON.
func JSON() ([]byte, error) { return merged() }

// Document returns the merged document, loaded and validated.
func Document() (*openapi3.T, error) { return loaded() }

var merged = sync.OnceValues(func() ([]byte, error) {
	doc, err := Merge(files)
	if err != nil {
		return nil, err
	}
	return json.Marshal(doc)
})

var loaded = sync.OnceValues(func() (*openapi3.T, error) {
	b, err := merged()
	if err != nil {
		return nil, err
	}
	doc, err := openapi3.NewLoader().LoadFromData(b)
	if err != nil {
		return nil, fmt.Errorf("openapi: load: %w", err)
	}
	if err := doc.Validate(context.Background()); err != nil {
		return nil, fmt.Errorf("openapi: invalid document: %w", err)
	}
	return doc, nil
})

// Merge reads the root file and every other *.yaml file of fsys and merges
// them: a resource file may hold only "paths" and "components"; its paths
// and each section of its components are added to the root's. A key that two
// files define is an error.
func Merge(fsys fs.FS) (map[string]any, error) {
	root, err := readYAML(fsys, rootFile)
	if err != nil {
		return nil, err
	}
	names, err := fs.Glob(fsys, "*.yaml")
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	owner := map[string]string{} // "paths./api/x" -> file that defined it
	note := func(file string, section string, m map[string]any) error {
		for k := range m {
			key := section + " " + k
			if prev, ok := owner[key]; ok {
				return fmt.Errorf("openapi: %s %q is defined in both %s and %s", section, k, prev, file)
			}
			owner[key] = file
		}
		return nil
	}
	if p, ok := root["paths"].(map[string]any); ok {
		if err := note(rootFile, "paths", p); err != nil {
			return nil, err
		}
	}
	comps, _ := root["components"].(map[string]any)
	if comps == nil {
		comps = map[string]any{}
		root["components"] = comps
	}
	for section, v := range comps {
		m, _ := v.(map[string]any)
		if err := note(rootFile, "components."+section, m); err != nil {
			return nil, err
		}
	}
	paths, _ := root["paths"].(map[string]any)
	if paths == nil {
		paths = map[string]any{}
		root["paths"] = paths
	}
	for _, name := range names {
		if name == rootFile {
			continue
		}
		part, err := readYAML(fsys, name)
		if err != nil {
			return nil, err
		}
		for k, v := range part {
			m, ok := v.(map[string]any)
			if !ok && v != nil {
				return nil, fmt.Errorf("openapi: %s: %q is not a mapping", name, k)
			}
			switch k {
			case "paths":
				if err := note(name, "paths", m); err != nil {
					return nil, err
				}
				for p, item := range m {
					paths[p] = item
				}
			case "components":
				for section, sv := range m {
					sm, ok := sv.(map[string]any)
					if !ok {
						return nil, fmt.Errorf("openapi: %s: components.%s is not a mapping", name, section)
					}
					if err := note(name, "components."+section, sm); err != nil {
						return nil, err
					}
					dst, _ := comps[section].(map[string]any)
					if dst == nil {
						dst = map[string]any{}
						comps[section] = dst
					}
					for c, cv := range sm {
						dst[c] = cv
					}
				}
			default:
				return nil, fmt.Errorf("openapi: %s: only paths and components may be at the top, not %q", name, k)
			}
		}
	}
	if responses, _ := comps["responses"].(map[string]any); responses[busyResponse] != nil {
		addBusy(paths)
	}
	return root, nil
}

// busyResponse is the shared 503 any /api call may answer when the process
// sheds load (MAX_IN_FLIGHT): the shedding runs before every /api handler,
// so the merge adds it to every /api operation rather than each file
// repeating it.
const busyResponse = "OverloadBusy"

// operations are the keys of a path item that hold an operation.
var operations = []string{"get", "put", "post", "delete", "options", "head", "patch", "trace"}

// addBusy documents the busy answer as the 503 of every /api operation
// that has no 503 of its own.
func addBusy(paths map[string]any) {
	for p, item := range paths {
		m, _ := item.(map[string]any)
		if !strings.HasPrefix(p, "/api/") || m == nil {
			continue
		}
		for _, method := range operations {
			op, _ := m[method].(map[string]any)
			if op == nil {
				continue
			}
			responses, _ := op["responses"].(map[string]any)
			if responses == nil {
				continue
			}
			if _, ok := responses["503"]; !ok {
				responses["503"] = map[string]any{"$ref": "#/components/responses/" + busyResponse}
			}
		}
	}
}

// readYAML decodes one file into plain maps with string keys (a status code
// written 200 becomes "200"), so the result marshals as JSON.
func readYAML(fsys fs.FS, name string) (map[string]any, error) {
	b, err := fs.ReadFile(fsys, name)
	if err != nil {
		return nil, fmt.Errorf("openapi: %w", err)
	}
	var v any
	if err := yaml.Unmarshal(b, &v); err != nil {
		return nil, fmt.Errorf("openapi: %s: %w", name, err)
	}
	m, ok := stringKeys(v).(map[string]any)
	if !ok {
		return nil, fmt.Errorf("openapi: %s: not a mapping", name)
	}
	return m, nil
}

func stringKeys(v any) any {
	switch t := v.(type) {
	case map[string]any:
		for k, e := range t {
			t[k] = stringKeys(e)
		}
		return t
	case map[any]any:
		m := make(map[string]any, len(t))
		for k, e := range t {
			m[fmt.Sprint(k)] = stringKeys(e)
		}
		return m
	case []any:
		for i, e := range t {
			t[i] = stringKeys(e)
		}
		return t
	}
	return v
}
