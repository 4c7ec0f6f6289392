package main

import (
	"context"
	"net/http"
	"testing"

	"creatorcoach/store"
)

// TestPaging: every list follows one paging rule: limit 1 to 100 and page 1
// to 100000 (0 or absent means the default); anything else, including a
// page that would overflow the offset or the integer, is a 422 field error.
func TestPaging(t *testing.T) {
	t.Parallel()
	e := setup(t)
	admin := e.account("admin@paging.io", store.RoleAdmin)
	brand := e.account("owner@paging.io", store.RoleBrandAdmin)
	creator := e.account("creator@paging.io", store.RoleUser)
	job, err := e.db.CreateJob(context.Background(), store.JobKindCreatorImport, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	lists := []struct{ method, path, token string }{
		{"GET", "/api/campaigns/all-campaigns?", brand},
		{"GET", "/api/creators?", brand},
		{"GET", "/api/admins/get-creators?", admin},
		{"GET", "/api/admins/get-brands?", admin},
		{"GET", "/api/jobs?", admin},
		{"POST", "/api/admins/filter-campaign?", admin},
		{"GET", "/api/jobs/" + job.ID + "/errors?format=json&", admin},
		{"GET", "/api/chats?", creator},
	}
	refused := []struct{ query, field, message string }{
		{"limit=101", "limit", "Must be between 1 and 100"},
		{"limit=-1", "limit", "Must be between 1 and 100"},
		{"page=-1", "page", "Must be between 1 and 100000"},
		{"page=100001", "page", "Must be between 1 and 100000"},
		{"page=9223372036854775807", "page", "Must be between 1 and 100000"},
		{"page=9223372036854775808", "page", "Must be an integer"},
		{"limit=ten", "limit", "Must be an integer"},
	}
	accepted := []struct {
		query       string
		page, limit float64
	}{
		{"", 1, 10},
		{"page=0&limit=0", 1, 10},
		{"page=100000&limit=100", 100000, 100},
	}
	for _, l := range lists {
		t.Run(l.path, func(t *testing.T) {
			e := e.on(t)
			for _, c := range refused {
				r := e.want(e.call(l.method, l.path+c.query, l.token, nil), http.StatusUnprocessableEntity)
				if got := r.field(c.field); got != c.message {
					t.Errorf("%s: fields[%s] = %q, want %q; body %v", c.query, c.field, got, c.message, r.Body)
				}
			}
			for _, c := range accepted {
				d := e.want(e.call(l.method, l.path+c.query, l.token, nil), http.StatusOK).data()
				if d["page"] != c.page || d["limit"] != c.limit {
					t.Errorf("%q: page %v limit %v, want %v %v", c.query, d["page"], d["limit"], c.page, c.limit)
				}
			}
		})
	}
}
