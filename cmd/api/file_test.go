package main

import (
	"bytes"
	"encoding/json"
	"io"
	"mime/multipart"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"creatorcoach/cmd/internal/app"
	"creatorcoach/store"
)

var pngBytes = []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x02\x00\x00\x00")

// upload posts content as the multipart field "file" named filename.
func (e *env) upload(path, token, filename string, content io.Reader) resp {
	e.t.Helper()
	pr, pw := io.Pipe()
	mw := multipart.NewWriter(pw)
	go func() {
		fw, err := mw.CreateFormFile("file", filename)
		if err == nil {
			_, err = io.Copy(fw, content)
		}
		if err == nil {
			err = mw.Close()
		}
		pw.CloseWithError(err)
	}()
	req, _ := http.NewRequest("POST", e.srv.URL+path, pr)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatalf("upload %s: %v", filename, err)
	}
	defer res.Body.Close()
	out := resp{Status: res.StatusCode, Header: res.Header}
	raw, _ := io.ReadAll(res.Body)
	_ = json.Unmarshal(raw, &out.Body)
	return out
}

// fetch GETs a (signed) link without a token and returns status, headers and body.
func (e *env) fetch(link string) (int, http.Header, []byte) {
	e.t.Helper()
	res, err := http.Get(e.srv.URL + link)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res.StatusCode, res.Header, body
}

func TestFile_UploadAndDownload(t *testing.T) {
	t.Parallel()
	e := setup(t)
	tok := e.account("owner@acme.io", store.RoleBrandAdmin)
	r := e.want(e.upload("/api/files/upload", tok, "My Logo.png", bytes.NewReader(pngBytes)), http.StatusCreated)
	d := r.data()
	key, link := r.str("data", "key"), r.str("data", "url")
	if !store.ValidFileKey(key) || !strings.HasSuffix(key, ".png") || strings.Contains(key, "Logo") ||
		d["type"] != "image/png" || d["name"] != "My Logo.png" || d["size"] != float64(len(pngBytes)) {
		t.Fatalf("got %v", d)
	}
	exp, err := time.Parse(time.RFC3339, r.str("data", "expiresAt"))
	if err != nil || exp.Sub(e.clock.Now()) < 23*time.Hour || exp.Sub(e.clock.Now()) > 25*time.Hour {
		t.Fatalf("expiresAt %v (%v)", r.str("data", "expiresAt"), err)
	}
	if !strings.HasPrefix(link, "/api/files/"+key+"?expires=") || !strings.Contains(link, "&sig=") {
		t.Fatalf("url %q", link)
	}
	status, h, body := e.fetch(link)
	if status != http.StatusOK || !bytes.Equal(body, pngBytes) {
		t.Fatalf("download: status %d, %d bytes", status, len(body))
	}
	for k, want := range map[string]string{"Content-Type": "image/png", "X-Content-Type-Options": "nosniff",
		"Content-Disposition": `inline; filename="My Logo.png"`} {
		if got := h.Get(k); got != want {
			t.Errorf("%s: got %q, want %q", k, got, want)
		}
	}
	// The second upload path and a CSV served as an attachment.
	r = e.want(e.upload("/api/files/upload-file", tok, "list.csv", strings.NewReader("name\nann\n")), http.StatusCreated)
	_, h, _ = e.fetch(r.str("data", "url"))
	if h.Get("Content-Type") != "text/csv; charset=utf-8" || h.Get("Content-Disposition") != `attachment; filename=list.csv` {
		t.Fatalf("csv headers: %v", h)
	}

	u, _ := url.Parse(link)
	q := u.Query()
	tamper := func(k, v string) string {
		q2 := url.Values{}
		for kk, vv := range q {
			q2[kk] = vv
		}
		q2.Set(k, v)
		return u.Path + "?" + q2.Encode()
	}
	sig := q.Get("sig")
	flipped := "A" + sig[1:]
	if sig[0] == 'A' {
		flipped = "B" + sig[1:]
	}
	for name, l := range map[string]string{
		"TamperedSig":     tamper("sig", flipped),
		"NoSig":           u.Path + "?expires=" + q.Get("expires"),
		"LongerExpiry":    tamper("expires", "99999999999"),
		"OtherKey":        strings.Replace(link, key, "0123456789abcdef0123456789abcdef.png", 1),
		"MalformedExpiry": tamper("expires", "soon"),
	} {
		if status, _, _ := e.fetch(l); status != http.StatusForbidden {
			t.Errorf("%s: status %d, want 403", name, status)
		}
	}
	if status, _, _ := e.fetch("/api/files/..%2F..%2Fetc%2Fpasswd?expires=1&sig=x"); status != http.StatusNotFound {
		t.Errorf("bad key: status %d, want 404", status)
	}
	// A validly signed link to a key with no record is a 404.
	ghost, _ := (&server{cfg: app.Config{JWTSecret: "test-jwt-secret"}, store: e.db}).signFileURL("0123456789abcdef0123456789abcdef.pdf")
	if status, _, _ := e.fetch(ghost); status != http.StatusNotFound {
		t.Errorf("ghost: status %d, want 404", status)
	}
	e.clock.Advance(24*time.Hour + time.Minute)
	if status, _, _ := e.fetch(link); status != http.StatusForbidden {
		t.Fatalf("expired link: status %d, want 403", status)
	}
}

func TestFile_UploadRefused(t *testing.T) {
	t.Parallel()
	e := setup(t)
	tok := e.account("manager@acme.io", store.RoleBrandManager)
	tests := []struct {
		name, file string
		content    io.Reader
		status     int
		msg        string
	}{
		{"WrongExtension", "run.exe", strings.NewReader("MZ\x90\x00"), 422, store.MsgFileType},
		{"SVG", "logo.svg", strings.NewReader("<svg onload=alert(1)>"), 422, store.MsgFileType},
		{"ContentMismatch", "photo.jpg", bytes.NewReader(pngBytes), 422, "This file is not a real JPEG image."},
		{"HTMLAsPDF", "doc.pdf", strings.NewReader("<html><script>alert(1)</script>"), 422, "This file is not a real PDF."},
		{"TextAsDocx", "doc.docx", strings.NewReader("hello"), 422, "This file is not a real Word document."},
		{"Empty", "empty.txt", strings.NewReader(""), 422, store.MsgFileEmpty},
		{"Oversize", "big.pdf", io.MultiReader(strings.NewReader("%PDF-1.7\n"), io.LimitReader(zeros{}, store.MaxFileSize)), 413, "File size must be less than 25MB."},
		{"OversizeBody", "big.txt", io.LimitReader(letters{}, store.MaxFileSize+2<<20), 413, "File size must be less than 25MB."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := e.on(t)
			r := e.want(e.upload("/api/files/upload", tok, tt.file, tt.content), tt.status)
			if r.field("file") != tt.msg {
				t.Fatalf("got %v, want %q", r.Body, tt.msg)
			}
		})
	}
	t.Run("NoFileField", func(t *testing.T) {
		e := e.on(t)
		r := e.want(e.call("POST", "/api/files/upload", tok, map[string]any{}), http.StatusUnprocessableEntity)
		if r.field("file") != store.MsgFileRequired {
			t.Fatalf("got %v", r.Body)
		}
	})
	t.Run("ExactlyMaxSize", func(t *testing.T) {
		e := e.on(t)
		e.want(e.upload("/api/files/upload", tok, "max.txt", io.LimitReader(letters{}, store.MaxFileSize)), http.StatusCreated)
	})
	var n int
	if err := e.db.SQL().Get(&n, `SELECT count(*) FROM files`); err != nil || n != 1 {
		t.Fatalf("files recorded: %d (%v), want 1", n, err)
	}
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) { clear(p); return len(p), nil }

type letters struct{}

func (letters) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'a'
	}
	return len(p), nil
}

// TestCampaign_Attachments: attachments must name the brand's uploads, and
// reads sign their links afresh.
func TestCampaign_Attachments(t *testing.T) {
	t.Parallel()
	e := setup(t)
	tok := e.account("owner@acme.io", store.RoleBrandAdmin)
	mate := e.account("manager@acme.io", store.RoleBrandManager)
	other := e.brandAccount("owner@globex.io", store.RoleBrandAdmin, "Globex")
	mine := e.want(e.upload("/api/files/upload", mate, "guide.pdf", strings.NewReader("%PDF-1.4 guide")), http.StatusCreated).str("data", "key")
	theirs := e.want(e.upload("/api/files/upload", other, "x.pdf", strings.NewReader("%PDF-1.4 x")), http.StatusCreated).str("data", "key")

	body := e.campaignBody("With files")
	body["brandGuidelines"] = []map[string]any{{"key": theirs, "type": "application/pdf"}}
	r := e.want(e.call("POST", "/api/campaigns/add-campaign", tok, body), http.StatusUnprocessableEntity)
	if r.field("brandGuidelines") != "File not found" {
		t.Fatalf("foreign key: %v", r.Body)
	}
	body["brandGuidelines"] = []map[string]any{{"key": mine, "type": "forged/type", "name": "forged", "url": "http://evil"}}
	body["referenceContent"] = []map[string]any{}
	r = e.want(e.call("POST", "/api/campaigns/add-campaign", tok, body), http.StatusCreated)
	id := r.str("data", "campaign", "_id")
	att := r.data()["campaign"].(map[string]any)["brandGuidelines"].([]any)[0].(map[string]any)
	if att["key"] != mine || att["type"] != "application/pdf" || att["name"] != "guide.pdf" || att["expiresAt"] == nil {
		t.Fatalf("attachment: %v", att)
	}
	first := att["url"].(string)
	if status, _, got := e.fetch(first); status != 200 || string(got) != "%PDF-1.4 guide" {
		t.Fatalf("download: %d %q", status, got)
	}
	e.clock.Advance(25 * time.Hour)
	if status, _, _ := e.fetch(first); status != http.StatusForbidden {
		t.Fatalf("old link: status %d, want 403", status)
	}
	tok = e.login("owner@acme.io")
	r = e.want(e.call("GET", "/api/campaigns/"+id, tok, nil), http.StatusOK)
	fresh := r.data()["campaign"].(map[string]any)["brandGuidelines"].([]any)[0].(map[string]any)["url"].(string)
	if fresh == first {
		t.Fatal("GET did not re-sign the link")
	}
	if status, _, _ := e.fetch(fresh); status != http.StatusOK {
		t.Fatalf("fresh link: status %d", status)
	}
	// PATCH with the list as read back (url, expiresAt) keeps it; an empty list clears it.
	r = e.want(e.call("PATCH", "/api/campaigns/update-campaign/"+id, tok, map[string]any{"referenceContent": r.data()["campaign"].(map[string]any)["brandGuidelines"]}), http.StatusOK)
	if len(r.data()["campaign"].(map[string]any)["referenceContent"].([]any)) != 1 {
		t.Fatalf("referenceContent: %v", r.Body)
	}
	r = e.want(e.call("PATCH", "/api/campaigns/update-campaign/"+id, tok, map[string]any{"brandGuidelines": []any{}}), http.StatusOK)
	if len(r.data()["campaign"].(map[string]any)["brandGuidelines"].([]any)) != 0 {
		t.Fatalf("brandGuidelines: %v", r.Body)
	}
}

// TestCampaignRoleTable holds the role matrix of every campaign and file
// route: anonymous, then each of the five roles.
func TestCampaignRoleTable(t *testing.T) {
	t.Parallel()
	e := setup(t)
	tokens := e.roleTokens("roles.io")
	owner := tokens[store.RoleBrandAdmin]
	id := e.createCampaign(owner, "Role table")
	link := e.want(e.upload("/api/files/upload", owner, "a.txt", strings.NewReader("hi")), http.StatusCreated).str("data", "url")
	editors := roleSet(store.RoleBrandAdmin, store.RoleBrandManager)
	readers := roleSet(store.RoleAdmin, store.RoleBrandAdmin, store.RoleBrandManager, store.RoleBrandViewer)
	uploaders := roleSet(store.RoleAdmin, store.RoleBrandAdmin, store.RoleBrandManager, store.RoleUser)
	json := func(method, path string, body any) func(string) resp {
		return func(tok string) resp { return e.call(method, path, tok, body) }
	}
	tests := []struct {
		name    string
		do      func(token string) resp
		allowed map[string]bool
		status  int
	}{
		{"AddCampaign", func(tok string) resp {
			return e.call("POST", "/api/campaigns/add-campaign", tok, e.campaignBody("Made"))
		}, editors, 201},
		{"UpdateCampaign", json("PATCH", "/api/campaigns/update-campaign/"+id, map[string]any{"budget": 777}), editors, 200},
		{"DeleteCampaign", func(tok string) resp {
			victim := e.createCampaign(owner, "Victim")
			return e.call("DELETE", "/api/campaigns/"+victim, tok, nil)
		}, editors, 200},
		{"GetCampaign", json("GET", "/api/campaigns/"+id, nil), readers, 200},
		{"ListCampaigns", json("GET", "/api/campaigns/all-campaigns", nil), readers, 200},
		{"Summary", json("GET", "/api/campaigns/summary", nil), readers, 200},
		// An image: every uploader may store one (a creator may store nothing else).
		{"Upload", func(tok string) resp { return e.upload("/api/files/upload", tok, "a.png", bytes.NewReader(pngBytes)) }, uploaders, 201},
		{"UploadFile", func(tok string) resp {
			return e.upload("/api/files/upload-file", tok, "a.png", bytes.NewReader(pngBytes))
		}, uploaders, 201},
	}
	for _, tt := range tests {
		e.roleRow(t, tt.name, tokens, tt.allowed, tt.status, func(_ *env, tok string) resp { return tt.do(tok) })
	}
	t.Run("Download/anonymous", func(t *testing.T) {
		e := e.on(t)
		if status, _, _ := e.fetch(link); status != http.StatusOK {
			t.Fatalf("status %d", status)
		}
	})
}
