package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
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
	brands := map[string]bool{store.RoleBrandAdmin: true, store.RoleBrandManager: true}
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
		{"BrowseCreators", "/api/creators?tier=Mid&platform=instagram&minFollowers=1000&sort=engagement", false, brands, 200},
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

// TestCreators_Browse checks the brand search filters, sorting and the
// validation of its parameters.
func TestCreators_Browse(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := context.Background()
	brand := e.account("b@browse.io", store.RoleBrandManager)
	f := func(v float64) *float64 { return &v }
	n := func(v int64) *int64 { return &v }
	in := []store.CreatorInput{
		{Row: 2, Name: "Ann Big", Email: "ann@x.io", Niche: "Travel", Location: "Paris, France", Handles: [4]string{"annbig"},
			Followers: [4]*int64{n(600_000)}, EngagementRate: f(2), Female: f(70), Male: f(30)},
		{Row: 3, Name: "Bo Mid", Email: "bo@x.io", Niche: "Gaming", Location: "Berlin", Handles: [4]string{"", "bo_mid80"},
			Followers: [4]*int64{nil, n(80_000)}, EngagementRate: f(6), Male: f(80)},
		{Row: 4, Name: "Cy Small", Niche: "travel", Handles: [4]string{"", "", "cysmall"}, Followers: [4]*int64{nil, nil, n(900)},
			Other: f(60)},
	}
	for i := range in {
		if fe := in[i].Validate(); len(fe) > 0 {
			t.Fatal(fe)
		}
	}
	job, _ := e.db.CreateJob(ctx, store.JobKindCreatorImport, "", nil)
	if err := e.db.SaveCreatorImportBatch(ctx, job.ID, in, nil); err != nil {
		t.Fatal(err)
	}
	names := func(q string) string {
		t.Helper()
		d := e.want(e.call("GET", "/api/creators?"+q, brand, nil), http.StatusOK).data()
		var out []string
		for _, c := range d["creators"].([]any) {
			out = append(out, c.(map[string]any)["name"].(string))
		}
		return strings.Join(out, ",")
	}
	for q, want := range map[string]string{
		"":                                      "Ann Big,Bo Mid,Cy Small",
		"niche=TRAVEL":                          "Ann Big,Cy Small",
		"tier=Micro":                            "Cy Small",
		"tier=Macro":                            "Ann Big",
		"platform=youtube":                      "Bo Mid",
		"minFollowers=1000&maxFollowers=100000": "Bo Mid",
		"minEngagement=5":                       "Bo Mid",
		"location=paris":                        "Ann Big",
		"gender=female":                         "Ann Big",
		"gender=male":                           "Bo Mid",
		"gender=other":                          "Cy Small",
		"sort=-followers":                       "Cy Small,Bo Mid,Ann Big",
		"sort=name&limit=2&page=2":              "Cy Small",
		"sort=engagement":                       "Bo Mid,Ann Big,Cy Small",
		"search=x.io&sort=name":                 "Ann Big,Bo Mid",
		"search=x.io&sort=engagement":           "Bo Mid,Ann Big",
		"search=x.io&sort=-followers":           "Bo Mid,Ann Big",
		"search=CYSM":                           "Cy Small",
		"search=%25":                            "Ann Big,Bo Mid,Cy Small", "search=ann+x.io": "Ann Big",
		"search=bo_mid80": "Bo Mid", "search=mid8": "Bo Mid", "search=mid80": "Bo Mid", "search=80": "Bo Mid",
		"search=mid9": "", "search=mid+bo": "Bo Mid", "search=midd": "",
	} {
		if got := names(q); got != want {
			t.Errorf("%q: got %q, want %q", q, got, want)
		}
	}
	if got := strings.Split(names("search=x.io&sort=recent"), ","); len(got) != 2 { // same created_at: either order
		t.Errorf("search + sort=recent: %v", got)
	}
	// Totals: counted with the search's page, by a count query past its end.
	for q, want := range map[string]float64{"search=x.io&limit=1": 2, "search=x.io&limit=1&page=2": 2, "search=x.io&limit=1&page=5": 2,
		"niche=travel&limit=1&page=2": 2, "limit=2": 3, "search=nobody": 0} {
		if d := e.want(e.call("GET", "/api/creators?"+q, brand, nil), http.StatusOK).data(); num(d, "total") != int(want) {
			t.Errorf("%s: total %v, want %v", q, d["total"], want)
		}
	}
	// Every entry is exactly the documented Creator shape.
	raw := e.want(e.call("GET", "/api/creators?sort=name", brand, nil), http.StatusOK).data()["creators"]
	b, _ := json.Marshal(raw)
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var got []store.Creator
	if err := dec.Decode(&got); err != nil || len(got) != 3 {
		t.Fatalf("creators %s: %v", b, err)
	}
	for _, c := range raw.([]any) {
		for _, k := range []string{"engagementRate", "audience", "userId", "uploadJobId"} {
			if _, ok := c.(map[string]any)[k]; !ok {
				t.Errorf("%v lacks %q", c, k)
			}
		}
	}
	ann, bo, cy := got[0], got[1], got[2]
	want := []store.Creator{
		{Name: "Ann Big", Email: "ann@x.io", Niche: "Travel", Location: "Paris, France", Tier: store.TierMacro, Followers: 600_000,
			EngagementRate: f(2), Platforms: map[string]store.PlatformAccount{"instagram": {Handle: "annbig", Followers: n(600_000)}},
			Audience: &store.Audience{Gender: map[string]float64{"female": 70, "male": 30}, Ages: map[string]float64{}}},
		{Name: "Bo Mid", Email: "bo@x.io", Niche: "Gaming", Location: "Berlin", Tier: store.TierMid, Followers: 80_000,
			EngagementRate: f(6), Platforms: map[string]store.PlatformAccount{"youtube": {Handle: "bo_mid80", Followers: n(80_000)}},
			Audience: &store.Audience{Gender: map[string]float64{"male": 80}, Ages: map[string]float64{}}},
		{Name: "Cy Small", Niche: "travel", Tier: store.TierMicro, Followers: 900,
			Platforms: map[string]store.PlatformAccount{"tiktok": {Handle: "cysmall", Followers: n(900)}},
			Audience:  &store.Audience{Gender: map[string]float64{"other": 60}, Ages: map[string]float64{}}},
	}
	for i, c := range []store.Creator{ann, bo, cy} {
		if c.ID == "" || c.CreatedAt.IsZero() || c.UpdatedAt.Before(c.CreatedAt) {
			t.Errorf("%s: id %q, times %v %v", c.Name, c.ID, c.CreatedAt, c.UpdatedAt)
		}
		c.ID, c.CreatedAt, c.UpdatedAt = "", time.Time{}, time.Time{}
		want[i].UploadJobID = &job.ID
		if !reflect.DeepEqual(c, want[i]) {
			t.Errorf("creator %d:\ngot  %+v\nwant %+v", i, c, want[i])
		}
	}

	r := e.want(e.call("GET", "/api/creators?tier=Huge&limit=1000&minFollowers=x", brand, nil), http.StatusUnprocessableEntity)
	for _, k := range []string{"minFollowers"} {
		if r.field(k) == "" {
			t.Errorf("no field error for %s: %v", k, r.Body)
		}
	}
	r = e.want(e.call("GET", "/api/creators?tier=Huge&limit=1000", brand, nil), http.StatusUnprocessableEntity)
	if r.field("tier") == "" || r.field("limit") == "" {
		t.Errorf("fields %v", r.Body)
	}
}

// TestBrands_List checks the admin brand list's shape, search and paging.
func TestBrands_List(t *testing.T) {
	t.Parallel()
	e := setup(t)
	admin := e.account("admin@brands.io", store.RoleAdmin)
	e.account("owner@brands.io", store.RoleBrandAdmin) // brand "Acme"
	r := e.want(e.call("GET", "/api/admins/get-brands?search=OWNER%40brands", admin, nil), http.StatusOK).data()
	items, _ := r["brands"].([]any)
	if len(items) != 1 || num(r, "total") != 1 || num(r, "page") != 1 || num(r, "limit") != 10 {
		t.Fatalf("brands %v", r)
	}
	raw, _ := json.Marshal(items[0])
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	var b store.BrandSummary
	if err := dec.Decode(&b); err != nil || b.Name != "Acme" || b.OwnerEmail != "owner@brands.io" || b.OwnerName == "" ||
		b.Members != 1 || b.ID == "" || b.CreatedAt.IsZero() {
		t.Fatalf("brand %s: %v", raw, err)
	}
	r = e.want(e.call("GET", "/api/admins/get-brands?search=nomatch", admin, nil), http.StatusOK).data()
	if items, _ := r["brands"].([]any); len(items) != 0 || num(r, "total") != 0 {
		t.Fatalf("brands %v", r)
	}
	e.want(e.call("GET", "/api/admins/get-brands?page=0&limit=500", admin, nil), http.StatusUnprocessableEntity)
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

// TestCreators_EstimatedTotal: a search of common words answers its page
// from creator_words with "totalEstimated": true and a total near the
// real one; a selective search answers an exact total without the flag.
func TestCreators_EstimatedTotal(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := context.Background()
	brand := e.account("b@estimate.io", store.RoleBrandManager)
	var in []store.CreatorInput
	for i := range 6000 {
		first, last := "Zed", "Kim"
		if i%3 != 0 {
			first = "Ann"
		}
		if i%2 == 0 {
			last = "Lee"
		}
		f := int64(i*7919) % 1_000_003
		c := store.CreatorInput{Row: i + 2, Name: first + " " + last, Niche: "Travel", Handles: [4]string{fmt.Sprintf("h%d", i)},
			Followers: [4]*int64{&f}}
		if fe := c.Validate(); len(fe) > 0 {
			t.Fatal(fe)
		}
		in = append(in, c)
	}
	job, _ := e.db.CreateJob(ctx, store.JobKindCreatorImport, "", nil)
	if err := e.db.SaveCreatorImportBatch(ctx, job.ID, in, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := e.db.SQL().Exec(`ANALYZE creators`); err != nil {
		t.Fatal(err)
	}
	d := e.want(e.call("GET", "/api/creators?search=ann+lee&limit=10", brand, nil), http.StatusOK).data()
	if d["totalEstimated"] != true || num(d, "total") < 1000 || num(d, "total") > 4000 || len(d["creators"].([]any)) != 10 {
		t.Errorf("common words: total %v, estimated %v, %d creators; want about 2000, estimated, 10", d["total"], d["totalEstimated"],
			len(d["creators"].([]any)))
	}
	d = e.want(e.call("GET", "/api/creators?search=h43+ann", brand, nil), http.StatusOK).data()
	if _, ok := d["totalEstimated"]; ok || num(d, "total") != 1 {
		t.Errorf("a rare word: total %v, estimated %v; want exactly 1", d["total"], d["totalEstimated"])
	}
}
