package main

import (
	"bytes"
	"net/http"
	"strings"
	"testing"
)

// TestThread_Attachments: a creator attaches an image uploaded for the
// thread (beyond the profile-picture rule of /files/upload), the thread
// answers it with a signed link; a text file is refused, a viewer's upload
// is a 403 and another creator's key is a field error.
func TestThread_Attachments(t *testing.T) {
	t.Parallel()
	e := setup(t)
	f := e.sentThread("files.io")
	path := "/api/threads/" + f.entry + "/attachments"
	key := e.want(e.upload(path, f.creator, "Draft cover.png", bytes.NewReader(pngBytes)), http.StatusCreated).str("data", "key")
	e.want(e.upload(path, f.viewer, "x.png", bytes.NewReader(pngBytes)), http.StatusForbidden)
	e.want(e.upload(path, f.otherCreator, "x.png", bytes.NewReader(pngBytes)), http.StatusNotFound)
	if r := e.want(e.upload(path, f.creator, "notes.txt", strings.NewReader("hello there")), http.StatusUnprocessableEntity); r.field("file") == "" {
		t.Errorf("text file: %v", r.Body)
	}
	other := e.want(e.upload(path, f.brand, "brand.png", bytes.NewReader(pngBytes)), http.StatusCreated).str("data", "key")
	e.want(e.call("POST", "/api/threads/"+f.entry+"/messages", f.creator, map[string]any{"body": "cover", "attachments": []any{map[string]any{"key": other}}}),
		http.StatusUnprocessableEntity)
	r := e.want(e.call("POST", "/api/threads/"+f.entry+"/messages", f.creator, map[string]any{"body": "cover", "attachments": []any{map[string]any{"key": key}}}),
		http.StatusCreated)
	atts := r.data()["message"].(map[string]any)["attachments"].([]any)
	if len(atts) != 1 || !strings.HasPrefix(atts[0].(map[string]any)["url"].(string), "/api/files/"+key+"?expires=") {
		t.Fatalf("attachments: %v", atts)
	}
	page := e.want(e.call("GET", "/api/threads/"+f.entry, f.brand, nil), http.StatusOK)
	item := page.data()["items"].([]any)[0].(map[string]any)
	if a := item["attachments"].([]any); len(a) != 1 || a[0].(map[string]any)["name"] != "Draft cover.png" || a[0].(map[string]any)["url"] == nil {
		t.Errorf("thread item: %v", item)
	}
}
