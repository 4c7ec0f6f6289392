package openapi

import (
	"encoding/json"
	"strings"
	"testing"
	"testing/fstest"
)

func TestDocumentLoadsAndValidates(t *testing.T) {
	doc, err := Document()
	if err != nil {
		t.Fatal(err)
	}
	if doc.OpenAPI != "3.1.0" {
		t.Errorf("openapi %q, want 3.1.0", doc.OpenAPI)
	}
	for _, name := range []string{"Error", "Job", "FieldErrors"} {
		if doc.Components.Schemas[name] == nil {
			t.Errorf("no shared schema %s", name)
		}
	}
	b, err := JSON()
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil || m["openapi"] != "3.1.0" {
		t.Errorf("JSON: %v, openapi %v", err, m["openapi"])
	}
}

func TestMergeRefusesDuplicatesAndStrayKeys(t *testing.T) {
	root := &fstest.MapFile{Data: []byte("openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths: {}\ncomponents: {schemas: {Error: {type: object}}}\n")}
	for name, tc := range map[string]struct {
		files map[string]string
		want  string
	}{
		"path twice": {map[string]string{
			"a.yaml": "paths: {/api/x: {get: {responses: {'200': {description: ok}}}}}",
			"b.yaml": "paths: {/api/x: {post: {responses: {'200': {description: ok}}}}}"}, `paths "/api/x" is defined in both a.yaml and b.yaml`},
		"schema clashes with the root": {map[string]string{"a.yaml": "components: {schemas: {Error: {type: string}}}"},
			`components.schemas "Error" is defined in both openapi.yaml and a.yaml`},
		"stray key": {map[string]string{"a.yaml": "info: {title: x}"}, `only paths and components may be at the top, not "info"`},
	} {
		t.Run(name, func(t *testing.T) {
			fsys := fstest.MapFS{"openapi.yaml": root}
			for n, s := range tc.files {
				fsys[n] = &fstest.MapFile{Data: []byte(s)}
			}
			_, err := Merge(fsys)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err %v, want %q", err, tc.want)
			}
		})
	}
}

func TestMergeJoinsPathsAndComponents(t *testing.T) {
	fsys := fstest.MapFS{
		"openapi.yaml": {Data: []byte("openapi: 3.1.0\ninfo: {title: t, version: '1'}\ncomponents: {schemas: {Error: {type: object}}}\n")},
		"a.yaml":       {Data: []byte("paths: {/api/a: {get: {responses: {200: {description: ok}}}}}\ncomponents: {schemas: {AThing: {type: string}}}")},
		"b.yaml":       {Data: []byte("paths: {/api/b: {get: {responses: {'200': {description: ok}}}}}")},
	}
	doc, err := Merge(fsys)
	if err != nil {
		t.Fatal(err)
	}
	paths := doc["paths"].(map[string]any)
	if paths["/api/a"] == nil || paths["/api/b"] == nil {
		t.Errorf("paths %v", paths)
	}
	schemas := doc["components"].(map[string]any)["schemas"].(map[string]any)
	if schemas["Error"] == nil || schemas["AThing"] == nil {
		t.Errorf("schemas %v", schemas)
	}
	if _, err := json.Marshal(doc); err != nil {
		t.Errorf("an unquoted status code must still marshal: %v", err)
	}
}

// TestEveryAPIOperationDocumentsBusy: the load-shedding 503 is on every /api
// operation, shared or the operation's own.
func TestEveryAPIOperationDocumentsBusy(t *testing.T) {
	doc, err := Document()
	if err != nil {
		t.Fatal(err)
	}
	for path, item := range doc.Paths.Map() {
		if !strings.HasPrefix(path, "/api/") {
			continue
		}
		for method, op := range item.Operations() {
			if op.Responses.Status(503) == nil {
				t.Errorf("%s %s documents no 503", method, path)
			}
		}
	}
}
