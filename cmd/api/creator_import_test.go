package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"io"
	"mime/multipart"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"

	"creatorcoach/jobs/rosterfile/rosterfilegen"
	"creatorcoach/store"
)

// uploadRoster posts data as the multipart field "file" named name.
func (e *env) uploadRoster(token, name string, data []byte) resp {
	e.t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, _ := mw.CreateFormFile("file", name)
	fw.Write(data)
	mw.Close()
	req, _ := http.NewRequest("POST", e.srv.URL+"/api/upload-creators", &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	out := resp{Status: res.StatusCode, Header: res.Header}
	raw, _ := io.ReadAll(res.Body)
	_ = json.Unmarshal(raw, &out.Body)
	return out
}

// getRaw returns the raw answer of a GET.
func (e *env) getRaw(path, token string) (int, []byte) {
	e.t.Helper()
	req, _ := http.NewRequest("GET", e.srv.URL+path, nil)
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	return res.StatusCode, raw
}

func num(m map[string]any, k string) int { f, _ := m[k].(float64); return int(f) }

// TestCreatorImport_UploadEndToEnd uploads a CSV through the real router; the real
// worker imports it; the job is polled until it succeeds and the row errors
// are downloaded as CSV.
func TestCreatorImport_UploadEndToEnd(t *testing.T) {
	t.Parallel()
	e := setup(t)
	admin := e.account("admin@roster.io", store.RoleAdmin)
	creator := e.account("c@roster.io", store.RoleUser)
	var buf bytes.Buffer
	rosterfilegen.WriteCSV(&buf, 250)
	buf.WriteString("Broken Row,not-an-email,,,,,,,,,,,,,,,,,,,,,\n")
	r := e.want(e.uploadRoster(admin, "My Roster.CSV", buf.Bytes()), http.StatusAccepted)
	job, _ := r.data()["job"].(map[string]any)
	id, _ := job["id"].(string)
	if job["kind"] != store.JobKindCreatorImport || job["status"] != "queued" || id == "" {
		t.Fatalf("job %v", job)
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		r = e.want(e.call("GET", "/api/jobs/"+id, admin, nil), http.StatusOK)
		job, _ = r.data()["job"].(map[string]any)
		if job["status"] == "succeeded" || job["status"] == "failed" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("job still %v", job)
		}
		time.Sleep(50 * time.Millisecond)
	}
	res, _ := job["result"].(map[string]any)
	if job["status"] != "succeeded" || num(job, "processed") != 250 || num(job, "failed") != 1 || num(job, "total") != 251 ||
		num(res, "created") != 250 || num(res, "imported") != 250 {
		t.Fatalf("job %v", job)
	}
	status, raw := e.getRaw("/api/jobs/"+id+"/errors", admin)
	if status != http.StatusOK {
		t.Fatalf("errors: %d %s", status, raw)
	}
	rows, err := csv.NewReader(bytes.NewReader(raw)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{{"row", "column", "message"}, {"252", "Email", store.MsgEmailInvalid}}
	if len(rows) != 2 || strings.Join(rows[0], ",") != strings.Join(want[0], ",") || strings.Join(rows[1], "|") != strings.Join(want[1], "|") {
		t.Fatalf("errors csv %q, want %q", rows, want)
	}
	if status, _ := e.getRaw("/api/jobs/"+id+"/errors", creator); status != http.StatusNotFound {
		t.Fatalf("creator reads errors: %d", status)
	}

	list := e.want(e.call("GET", "/api/admins/get-creators?search=MARTINEZ&limit=5", admin, nil), http.StatusOK).data()
	items, _ := list["creators"].([]any)
	if len(items) == 0 || len(items) > 5 || num(list, "total") < len(items) || num(list, "page") != 1 || num(list, "limit") != 5 {
		t.Fatalf("list %v", list)
	}
	first, _ := items[0].(map[string]any)
	for _, k := range []string{"_id", "name", "email", "niche", "location", "tier", "followers", "engagementRate", "platforms", "audience", "userId", "uploadJobId", "createdAt", "updatedAt"} {
		if _, ok := first[k]; !ok {
			t.Errorf("creator JSON lacks %q", k)
		}
	}
	if !strings.Contains(strings.ToLower(first["name"].(string)), "martinez") {
		t.Errorf("search hit %v", first["name"])
	}
}

func TestCreatorImport_UploadChecks(t *testing.T) {
	t.Parallel()
	e := setup(t)
	admin := e.account("admin@checks.io", store.RoleAdmin)
	big := bytes.Repeat([]byte("a"), 10<<20)
	copy(big, "Name,Email\n")
	tests := []struct {
		name, file string
		data       []byte
		status     int
		message    string
	}{
		{"Extension", "creators.txt", []byte("Name,Email\n"), 422, msgRosterFileType},
		{"NoExtension", "creators", []byte("Name,Email\n"), 422, msgRosterFileType},
		{"XLSXNotZip", "creators.xlsx", []byte("Name,Email\n"), 422, msgRosterFileType},
		{"JSONNotJSON", "creators.json", []byte("Name,Email\n"), 422, msgRosterFileType},
		{"CSVBinary", "creators.csv", []byte("PK\x03\x04\x00\x00\x01"), 422, msgRosterFileType},
		{"Empty", "creators.csv", nil, 422, msgRosterFileType},
		{"TenMB", "creators.csv", big, 413, msgRosterFileSize},
		{"JustUnder", "creators.csv", big[:10<<20-1], 202, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := e.on(t)
			r := e.want(e.uploadRoster(admin, tt.file, tt.data), tt.status)
			if tt.message != "" && (r.str("message") != tt.message || r.field("file") != tt.message) {
				t.Fatalf("body %v", r.Body)
			}
		})
	}
}

// TestCreatorImport_RoleTable is the role matrix of every roster, creator and
// brand call (anonymous is 401 everywhere).
func TestCreatorImport_RoleTable(t *testing.T) {
	t.Parallel()
	e := setup(t)
	tokens := e.roleTokens("rroles.io")
	admin := map[string]bool{store.RoleAdmin: true}
	networkReaders := map[string]bool{store.RoleAdmin: true, store.RoleBrandAdmin: true, store.RoleBrandManager: true, store.RoleBrandViewer: true}
	everyone := map[string]bool{store.RoleAdmin: true, store.RoleBrandAdmin: true, store.RoleBrandManager: true, store.RoleUser: true, store.RoleBrandViewer: true}
	tests := []struct {
		name    string
		path    string
		upload  bool
		allowed map[string]bool
		status  int
	}{
		{"Upload", "/api/upload-creators", true, admin, 202},
		{"GetCreators", "/api/admins/get-creators?page=1&limit=10&search=ann", false, admin, 200},
		{"GetBrands", "/api/admins/get-brands?page=1&limit=10&search=ac", false, admin, 200},
		{"BrowseCreators", "/api/creators?tier=Mid&platform=instagram&minFollowers=1000&sort=engagement", false, networkReaders, 200},
		{"JobErrors", "/api/jobs/00000000-0000-0000-0000-000000000000/errors", false, everyone, 404},
	}
	for _, tt := range tests {
		call := func(token string) resp {
			if tt.upload {
				return e.uploadRoster(token, "r.csv", []byte("Name,Email\nAnn,ann@example.com\n"))
			}
			return e.call("GET", tt.path, token, nil)
		}
		e.roleRow(t, tt.name, tokens, tt.allowed, tt.status, func(_ *env, tok string) resp { return call(tok) })
	}
}

// TestCreatorImport_ErrorsJSON: format=json answers a page of an import's row
// errors in row order, under the same owner-or-ADMIN rule as the CSV.
func TestCreatorImport_ErrorsJSON(t *testing.T) {
	t.Parallel()
	e := setup(t)
	admin := e.account("admin@rows.io", store.RoleAdmin)
	other := e.account("other@rows.io", store.RoleAdmin)
	creator := e.account("c@rows.io", store.RoleUser)
	me := e.want(e.call("GET", "/api/users/me", admin, nil), http.StatusOK).str("data", "user", "_id")
	ctx := context.Background()
	job, err := e.db.CreateJob(ctx, store.JobKindCreatorImport, me, nil)
	if err != nil {
		t.Fatal(err)
	}
	rowErrs := []store.CreatorImportRowError{{Row: 7, Column: "Name", Message: "Name is required"},
		{Row: 3, Column: "Email", Message: store.MsgEmailInvalid}, {Row: 3, Column: "Age", Message: "Must be a number"}}
	if err := e.db.SaveCreatorImportBatch(ctx, job.ID, nil, rowErrs); err != nil {
		t.Fatal(err)
	}
	path := "/api/jobs/" + job.ID + "/errors?format=json"
	d := e.want(e.call("GET", path+"&limit=2", admin, nil), http.StatusOK).data()
	want := []any{map[string]any{"row": 3.0, "column": "Age", "message": "Must be a number"},
		map[string]any{"row": 3.0, "column": "Email", "message": store.MsgEmailInvalid}}
	if !reflect.DeepEqual(d["errors"], want) || d["total"] != 3.0 || d["page"] != 1.0 || d["limit"] != 2.0 {
		t.Fatalf("page 1: %v", d)
	}
	d = e.want(e.call("GET", path+"&limit=2&page=2", other, nil), http.StatusOK).data()
	want = []any{map[string]any{"row": 7.0, "column": "Name", "message": "Name is required"}}
	if !reflect.DeepEqual(d["errors"], want) || d["total"] != 3.0 || d["page"] != 2.0 {
		t.Fatalf("page 2 (another ADMIN): %v", d)
	}
	e.want(e.call("GET", path, creator, nil), http.StatusNotFound)
	e.want(e.call("GET", "/api/jobs/00000000-0000-0000-0000-000000000000/errors?format=json", admin, nil), http.StatusNotFound)
	if r := e.want(e.call("GET", "/api/jobs/"+job.ID+"/errors?format=xml", admin, nil), http.StatusUnprocessableEntity); r.field("format") != "Must be csv or json" {
		t.Fatalf("format: %v", r.Body)
	}
	if status, raw := e.getRaw("/api/jobs/"+job.ID+"/errors?format=csv", admin); status != http.StatusOK || !strings.HasPrefix(string(raw), "row,column,message\n3,Age,") {
		t.Fatalf("csv: %d %s", status, raw)
	}
}
