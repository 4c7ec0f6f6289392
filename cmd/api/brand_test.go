package main

import (
	"bytes"
	"encoding/json"
	"net/http"
	"testing"

	"creatorcoach/store"
)

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
