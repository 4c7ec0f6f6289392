package main

import (
	"context"
	"fmt"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"

	"creatorcoach/store"
)

// brandAccount creates a verified account of a brand role in brand and logs in.
func (e *env) brandAccount(email, role, brand string) string {
	e.t.Helper()
	if _, err := e.db.SaveAccount(context.Background(), store.AccountSpec{Email: email, Password: goodPassword, Role: role, BrandName: brand}); err != nil {
		e.t.Fatal(err)
	}
	return e.login(email)
}

// login signs an existing account in again (after the clock moved past the token's life).
func (e *env) login(email string) string {
	e.t.Helper()
	r := e.want(e.call("POST", "/api/users/login", "", map[string]any{"email": email, "password": goodPassword}), http.StatusOK)
	return r.str("data", "accessToken")
}

// day is the test clock's date plus n days, as YYYY-MM-DD.
func (e *env) day(n int) string { return e.clock.Now().UTC().AddDate(0, 0, n).Format(time.DateOnly) }

// campaignBody is a valid campaign form named name.
func (e *env) campaignBody(name string) map[string]any {
	return map[string]any{
		"campaignName": name, "goals": []string{"Brand awareness", "Other"}, "customGoal": "Launch buzz", "budget": 2500,
		"duration": map[string]any{"startDate": e.day(1), "endDate": e.day(30)}, "location": "Berlin",
		"demographics": map[string]any{"ageRange": map[string]any{"start": 18, "end": 34}, "gender": "All"},
		"contentVibes": []string{"Fun", "Authentic"}, "terms": map[string]any{"exclusivity": "exclusive", "contentUsage": "30_days"},
		"status": "draft", "additionalInstructions": "Show the product in daylight.",
	}
}

// createCampaign creates a campaign through the API and returns its id.
func (e *env) createCampaign(token, name string) string {
	e.t.Helper()
	r := e.want(e.call("POST", "/api/campaigns/add-campaign", token, e.campaignBody(name)), http.StatusCreated)
	return r.str("data", "campaign", "_id")
}

// with returns body with the value at a dotted path replaced (nil deletes it).
func with(body map[string]any, path string, v any) map[string]any {
	keys := strings.Split(path, ".")
	m := body
	for _, k := range keys[:len(keys)-1] {
		m = m[k].(map[string]any)
	}
	if v == nil {
		delete(m, keys[len(keys)-1])
	} else {
		m[keys[len(keys)-1]] = v
	}
	return body
}

func TestCampaign_CreateAndGet(t *testing.T) {
	t.Parallel()
	e := setup(t)
	tok := e.account("owner@acme.io", store.RoleBrandAdmin)
	r := e.want(e.call("POST", "/api/campaigns/add-campaign", tok, e.campaignBody("Summer Launch")), http.StatusCreated)
	id := r.str("data", "campaign", "_id")
	got := e.want(e.call("GET", "/api/campaigns/"+id, tok, nil), http.StatusOK).data()["campaign"].(map[string]any)
	for _, key := range []string{"_id", "brandId", "campaignName", "goals", "customGoal", "budget", "duration", "location", "demographics",
		"contentVibes", "terms", "roaster", "status", "brandGuidelines", "referenceContent", "additionalInstructions",
		"createdBy", "updatedBy", "createdAt", "updatedAt"} {
		if _, ok := got[key]; !ok {
			t.Errorf("campaign JSON lacks %q", key)
		}
	}
	want := fmt.Sprint(map[string]any{"startDate": e.day(1), "endDate": e.day(30)})
	if got["campaignName"] != "Summer Launch" || got["budget"] != 2500.0 || got["status"] != "draft" ||
		got["customGoal"] != "Launch buzz" || fmt.Sprint(got["duration"]) != want {
		t.Fatalf("got %v", got)
	}
	if d := got["demographics"].(map[string]any); fmt.Sprint(d["ageRange"]) != "map[end:34 start:18]" || d["gender"] != "All" {
		t.Fatalf("demographics: got %v", d)
	}
	if tm := got["terms"].(map[string]any); tm["exclusivity"] != "exclusive" || tm["contentUsage"] != "30_days" {
		t.Fatalf("terms: got %v", tm)
	}
	e.want(e.call("GET", "/api/campaigns/not-a-uuid", tok, nil), http.StatusNotFound)
	e.want(e.call("GET", "/api/campaigns/00000000-0000-0000-0000-000000000000", tok, nil), http.StatusNotFound)
	e.want(e.call("POST", "/api/campaigns/add-campaign", tok, `{"budget": "x`), http.StatusBadRequest)
}

// TestCampaign_Validation has one row per campaign form rule, through the API.
func TestCampaign_Validation(t *testing.T) {
	t.Parallel()
	e := setup(t)
	tok := e.account("owner@acme.io", store.RoleBrandAdmin)
	tests := []struct {
		name, path string
		value      any
		field, msg string
	}{
		{"NameRequired", "campaignName", "", "campaignName", "Campaign name is required"},
		{"NameTooShort", "campaignName", "ab", "campaignName", "Campaign name must be at least 3 characters"},
		{"NameTooLong", "campaignName", strings.Repeat("n", 51), "campaignName", "Campaign name must be less than 50 characters"},
		{"NoGoal", "goals", []string{}, "goals", "Please select at least one goal"},
		{"CustomGoal", "customGoal", "", "customGoal", "Please enter a custom goal"},
		{"BudgetRequired", "budget", nil, "budget", "Budget is required"},
		{"BudgetMin", "budget", 499, "budget", "Minimum budget is $500"},
		{"BudgetMax", "budget", 50001, "budget", "Maximum budget is $50,000"},
		{"StartPast", "duration.startDate", "YESTERDAY", "duration.startDate", "Start date cannot be in the past"},
		{"EndBeforeStart", "duration.endDate", "TODAY", "duration.endDate", "End date must be after start date"},
		{"AgeFromMin", "demographics.ageRange.start", 12, "demographics.ageRange.start", "Minimum age is 13"},
		{"AgeToMax", "demographics.ageRange.end", 66, "demographics.ageRange.end", "Maximum age is 65"},
		{"AgeFromMax", "demographics.ageRange.start", 66, "demographics.ageRange.start", "Maximum age is 65"},
		{"AgeToMin", "demographics.ageRange.end", 12, "demographics.ageRange.end", "Minimum age is 13"},
		{"AgeFromNotLess", "demographics.ageRange.start", 34, "demographics.ageRange.start", "Age from must be less than age to"},
		{"AgeToNotGreater", "demographics.ageRange.start", 40, "demographics.ageRange.end", "Age to must be greater than age from"},
		{"Gender", "demographics.gender", "", "demographics.gender", "Please select a gender"},
		{"Vibes", "contentVibes", []string{}, "contentVibes", "Please select at least one content vibe"},
		{"Exclusivity", "terms.exclusivity", "", "terms.exclusivity", "Please select exclusivity option"},
		{"ContentUsage", "terms.contentUsage", "forever", "terms.contentUsage", "Please select content usage rights"},
		{"Status", "status", "deleted", "status", "Invalid status"},
		{"Instructions", "additionalInstructions", strings.Repeat("i", 501), "additionalInstructions", "Additional instructions must be less than 500 characters"},
		{"UnknownAttachment", "brandGuidelines", []map[string]any{{"key": "0123456789abcdef0123456789abcdef.png"}}, "brandGuidelines", "File not found"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := e.on(t)
			v := tt.value
			switch v {
			case "TODAY":
				v = e.day(0)
			case "YESTERDAY":
				v = e.day(-1)
			}
			r := e.want(e.call("POST", "/api/campaigns/add-campaign", tok, with(e.campaignBody("Rule check"), tt.path, v)), http.StatusUnprocessableEntity)
			if got := r.field(tt.field); got != tt.msg {
				t.Fatalf("fields[%q]: got %q, want %q (body %v)", tt.field, got, tt.msg, r.Body)
			}
			if r.str("error_code") != store.EINVALID {
				t.Fatalf("error_code: got %v", r.Body["error_code"])
			}
		})
	}
}

// TestCampaign_Transitions walks the status rules: draft ↔ active,
// active → completed, completed frozen, any → deleted.
func TestCampaign_Transitions(t *testing.T) {
	t.Parallel()
	e := setup(t)
	tok := e.account("owner@acme.io", store.RoleBrandManager)
	id := e.createCampaign(tok, "Transitions")
	patch := func(body any, status int) resp {
		t.Helper()
		return e.want(e.call("PATCH", "/api/campaigns/update-campaign/"+id, tok, body), status)
	}
	st := func(s string) map[string]any { return map[string]any{"status": s} }
	patch(st("completed"), http.StatusConflict) // draft → completed
	if r := patch(st("active"), http.StatusOK); r.str("data", "campaign", "status") != "active" {
		t.Fatalf("got %v", r.Body)
	}
	patch(st("draft"), http.StatusOK)
	patch(st("active"), http.StatusOK)
	patch(st("deleted"), http.StatusUnprocessableEntity)
	// A partial PATCH keeps the other fields and the status.
	r := patch(map[string]any{"budget": 9000}, http.StatusOK)
	if c := r.data()["campaign"].(map[string]any); c["budget"] != 9000.0 || c["status"] != "active" || c["campaignName"] != "Transitions" {
		t.Fatalf("got %v", c)
	}
	patch(st("completed"), http.StatusOK)
	r = patch(st("active"), http.StatusConflict)
	if r.str("message") != "A completed campaign cannot be edited" {
		t.Fatalf("got %v", r.Body)
	}
	patch(map[string]any{"budget": 800}, http.StatusConflict)
	e.want(e.call("DELETE", "/api/campaigns/"+id, tok, nil), http.StatusOK)
	e.want(e.call("GET", "/api/campaigns/"+id, tok, nil), http.StatusNotFound)
	e.want(e.call("DELETE", "/api/campaigns/"+id, tok, nil), http.StatusNotFound)
	patch(st("draft"), http.StatusNotFound)
	if r := e.want(e.call("GET", "/api/campaigns/all-campaigns", tok, nil), http.StatusOK); r.data()["total"] != 0.0 {
		t.Fatalf("deleted campaign listed: %v", r.Body)
	}
	// Draft and active campaigns can be deleted too.
	e.want(e.call("DELETE", "/api/campaigns/"+e.createCampaign(tok, "Second"), tok, nil), http.StatusOK)
}

// TestCampaign_StartedStaysEditable: the past-start rule applies only when
// the start date changes, so a running campaign can still be edited.
func TestCampaign_StartedStaysEditable(t *testing.T) {
	t.Parallel()
	e := setup(t)
	tok := e.account("owner@acme.io", store.RoleBrandAdmin)
	id := e.createCampaign(tok, "Running")
	e.clock.Advance(72 * time.Hour)
	tok = e.login("owner@acme.io")
	e.want(e.call("PATCH", "/api/campaigns/update-campaign/"+id, tok, map[string]any{"status": "active", "budget": 700}), http.StatusOK)
	r := e.want(e.call("PATCH", "/api/campaigns/update-campaign/"+id, tok, map[string]any{"duration": map[string]any{"startDate": e.day(-1)}}),
		http.StatusUnprocessableEntity)
	if r.field("duration.startDate") != "Start date cannot be in the past" {
		t.Fatalf("got %v", r.Body)
	}
}

func TestCampaign_List(t *testing.T) {
	t.Parallel()
	e := setup(t)
	tok := e.account("owner@acme.io", store.RoleBrandAdmin)
	viewer := e.account("viewer@acme.io", store.RoleBrandViewer)
	for i := 1; i <= 12; i++ {
		e.createCampaign(tok, fmt.Sprintf("Campaign %02d", i))
		e.clock.Advance(time.Second)
	}
	e.createCampaign(tok, "100% Organic_Launch")
	e.clock.Advance(time.Second)
	act := e.createCampaign(tok, "Active one")
	e.want(e.call("PATCH", "/api/campaigns/update-campaign/"+act, tok, map[string]any{"status": "active"}), http.StatusOK)

	r := e.want(e.call("GET", "/api/campaigns/all-campaigns", viewer, nil), http.StatusOK)
	d := r.data()
	list := d["campaigns"].([]any)
	if d["total"] != 14.0 || d["page"] != 1.0 || d["limit"] != 10.0 || len(list) != 10 {
		t.Fatalf("got total %v page %v limit %v len %d", d["total"], d["page"], d["limit"], len(list))
	}
	if first := list[0].(map[string]any)["campaignName"]; first != "Active one" {
		t.Fatalf("newest first: got %v", first)
	}
	d = e.want(e.call("GET", "/api/campaigns/all-campaigns?page=2&limit=10", tok, nil), http.StatusOK).data()
	if len(d["campaigns"].([]any)) != 4 || d["campaigns"].([]any)[3].(map[string]any)["campaignName"] != "Campaign 01" {
		t.Fatalf("page 2: got %v", d["campaigns"])
	}
	d = e.want(e.call("GET", "/api/campaigns/all-campaigns?page=9", tok, nil), http.StatusOK).data()
	if len(d["campaigns"].([]any)) != 0 || d["total"] != 14.0 {
		t.Fatalf("past the end: got %v", d)
	}
	if r := e.want(e.call("GET", "/api/campaigns/all-campaigns?limit=1000", tok, nil), http.StatusUnprocessableEntity); r.field("limit") != "Must be between 1 and 100" {
		t.Fatalf("limit over 100: got %v", r.Body)
	}
	for q, want := range map[string]float64{"search=campaign%200": 9, "search=CAMPAIGN%201": 3, "search=100%25": 1, "search=1_": 0,
		"search=_": 1, "search=%27%5C%22": 0, "search=%5C": 0, "status=active": 1, "status=draft": 13, "status=completed": 0, "status=active&search=zzz": 0} {
		if d = e.want(e.call("GET", "/api/campaigns/all-campaigns?"+q, tok, nil), http.StatusOK).data(); d["total"] != want {
			t.Errorf("%s: got total %v, want %v", q, d["total"], want)
		}
	}
	e.want(e.call("GET", "/api/campaigns/all-campaigns?status=deleted", tok, nil), http.StatusUnprocessableEntity)
}

// TestCampaign_ListEntryEqualsGet: the list builds each entry's JSON in
// Postgres from the same column list as a single read; an entry equals the
// campaign as GET answers it, attachments without their links.
func TestCampaign_ListEntryEqualsGet(t *testing.T) {
	t.Parallel()
	e := setup(t)
	tok := e.account("owner@acme.io", store.RoleBrandAdmin)
	key := e.want(e.upload("/api/files/upload", tok, "guide.pdf", strings.NewReader("%PDF-1.4 guide")), http.StatusCreated).str("data", "key")
	body := e.campaignBody("Listed")
	body["brandGuidelines"] = []map[string]any{{"key": key}}
	body["roaster"] = map[string]any{"creators": []any{"ann", 2.5, nil, true}}
	id := e.want(e.call("POST", "/api/campaigns/add-campaign", tok, body), http.StatusCreated).str("data", "campaign", "_id")
	r := e.want(e.call("GET", "/api/campaigns/"+id, tok, nil), http.StatusOK)
	// The list shows the campaign as GET does, attachments without links.
	want := r.data()["campaign"].(map[string]any)
	got := e.want(e.call("GET", "/api/campaigns/all-campaigns", tok, nil), http.StatusOK).data()["campaigns"].([]any)[0].(map[string]any)
	for _, a := range want["brandGuidelines"].([]any) {
		delete(a.(map[string]any), "url")
		delete(a.(map[string]any), "expiresAt")
	}
	sameInstant(t, want, got, "createdAt", "updatedAt")
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("list entry differs from GET:\n%v\n%v", got, want)
	}
}

// sameInstant checks that the RFC 3339 times at keys of want and got are the
// same instant (Go and Postgres print fractions differently), then deletes them.
func sameInstant(t *testing.T, want, got map[string]any, keys ...string) {
	t.Helper()
	for _, k := range keys {
		w, err1 := time.Parse(time.RFC3339Nano, fmt.Sprint(want[k]))
		g, err2 := time.Parse(time.RFC3339Nano, fmt.Sprint(got[k]))
		if err1 != nil || err2 != nil || !w.Equal(g) {
			t.Fatalf("%s: got %v, want %v", k, got[k], want[k])
		}
		delete(want, k)
		delete(got, k)
	}
}

func TestCampaign_Summary(t *testing.T) {
	t.Parallel()
	e := setup(t)
	tok := e.account("owner@acme.io", store.RoleBrandAdmin)
	viewer := e.account("viewer@acme.io", store.RoleBrandViewer)
	soon := e.call("POST", "/api/campaigns/add-campaign", tok, with(with(e.campaignBody("Soonest"), "duration.startDate", e.day(2)), "budget", 1000))
	e.want(soon, http.StatusCreated)
	e.want(e.call("POST", "/api/campaigns/add-campaign", tok, with(with(e.campaignBody("Later"), "duration.startDate", e.day(5)), "budget", 2000)), http.StatusCreated)
	done := e.createCampaign(tok, "Done") // budget 2500, starts tomorrow
	gone := e.createCampaign(tok, "Gone")
	for _, s := range []string{"active", "completed"} {
		e.want(e.call("PATCH", "/api/campaigns/update-campaign/"+done, tok, map[string]any{"status": s}), http.StatusOK)
	}
	e.want(e.call("DELETE", "/api/campaigns/"+gone, tok, nil), http.StatusOK)
	e.brandAccount("other@globex.io", store.RoleBrandAdmin, "Globex")
	other := e.login("other@globex.io")
	e.createCampaign(other, "Not ours")

	sum := e.want(e.call("GET", "/api/campaigns/summary", viewer, nil), http.StatusOK).data()["summary"].(map[string]any)
	want := map[string]any{"active": 0.0, "drafts": 2.0, "completed": 1.0, "total": 3.0, "totalBudget": 5500.0, "averageBudget": 1833.33}
	for k, v := range want {
		if sum[k] != v {
			t.Errorf("%s: got %v, want %v", k, sum[k], v)
		}
	}
	next, _ := sum["nextCampaign"].(map[string]any)
	if next["campaignName"] != "Soonest" || next["startDate"] != e.day(2) || next["_id"] != soon.str("data", "campaign", "_id") {
		t.Fatalf("nextCampaign: got %v", sum["nextCampaign"])
	}
	admin := e.account("admin@acme.io", store.RoleAdmin)
	if sum := e.want(e.call("GET", "/api/campaigns/summary", admin, nil), http.StatusOK).data()["summary"].(map[string]any); sum["total"] != 4.0 {
		t.Fatalf("admin summary over every brand: got %v", sum)
	}
}

// TestCampaign_OtherBrand: brand B's staff get 404 for brand A's campaign on
// every call; ADMIN reads it.
func TestCampaign_OtherBrand(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ownerA := e.account("owner@acme.io", store.RoleBrandAdmin)
	id := e.createCampaign(ownerA, "Acme secret")
	for _, role := range []string{store.RoleBrandAdmin, store.RoleBrandManager, store.RoleBrandViewer} {
		tokB := e.brandAccount(strings.ToLower(role)+"@globex.io", role, "Globex")
		t.Run(role, func(t *testing.T) {
			e := e.on(t)
			e.want(e.call("GET", "/api/campaigns/"+id, tokB, nil), http.StatusNotFound)
			d := e.want(e.call("GET", "/api/campaigns/all-campaigns?search=Acme", tokB, nil), http.StatusOK).data()
			if d["total"] != 0.0 {
				t.Fatalf("list leaks: %v", d)
			}
			if role == store.RoleBrandViewer {
				return // writes are 403 for viewers before any lookup
			}
			e.want(e.call("PATCH", "/api/campaigns/update-campaign/"+id, tokB, map[string]any{"budget": 600}), http.StatusNotFound)
			e.want(e.call("DELETE", "/api/campaigns/"+id, tokB, nil), http.StatusNotFound)
			// brandId is ADMIN-only: a brand user cannot widen the list.
			acme := e.want(e.call("GET", "/api/campaigns/"+id, ownerA, nil), http.StatusOK).str("data", "campaign", "brandId")
			if d := e.want(e.call("GET", "/api/campaigns/all-campaigns?brandId="+acme, tokB, nil), http.StatusOK).data(); d["total"] != 0.0 {
				t.Fatalf("brandId widened the list: %v", d)
			}
		})
	}
	if r := e.want(e.call("GET", "/api/campaigns/"+id, ownerA, nil), http.StatusOK); r.str("data", "campaign", "campaignName") != "Acme secret" {
		t.Fatalf("campaign changed: %v", r.Body)
	}
	admin := e.account("admin@acme.io", store.RoleAdmin)
	e.want(e.call("GET", "/api/campaigns/"+id, admin, nil), http.StatusOK)
	acme := e.want(e.call("GET", "/api/campaigns/"+id, ownerA, nil), http.StatusOK).str("data", "campaign", "brandId")
	if d := e.want(e.call("GET", "/api/campaigns/all-campaigns?brandId="+acme, admin, nil), http.StatusOK).data(); d["total"] != 1.0 {
		t.Fatalf("admin list by brand: %v", d)
	}
}
