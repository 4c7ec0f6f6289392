package main

import (
	"net/http"
	"strconv"
	"testing"

	"creatorcoach/store"
)

// TestQuality_NetworkFilterAndSort: the network answers each creator's
// reading (null for an imported creator), filters on a minimum reading and
// on "verified only", sorts by the reading (creators without one last), and
// refuses a minimum out of 0–100; a disconnected account's reading no
// longer counts.
func TestQuality_NetworkFilterAndSort(t *testing.T) {
	t.Parallel()
	e := setup(t)
	tok, id, _, _ := e.qualitySeries("nina@quality.io", "Nina Network", 60, false)
	var imported string
	if err := e.db.SQL().QueryRow(`INSERT INTO creators (identity, name, niche, location, instagram_handle, instagram_followers)
		VALUES ('handle:imp_q', 'Imp Orted', 'Travel', 'Lisbon', 'imp_q', 90000) RETURNING id`).Scan(&imported); err != nil {
		t.Fatal(err)
	}
	brand := e.brandAccount("owner@netq.io", store.RoleBrandViewer, "NetQ")
	q := qualityOf(e.want(e.call("GET", "/api/creators/"+id+"/quality", brand, nil), http.StatusOK))
	score := num(q, "score")
	if days := q["accounts"].([]any)[0].(map[string]any)["days"].([]any); len(days) != 60 || days[59].(map[string]any)["activity"] == nil {
		t.Fatalf("the follower series of the chart: %d days", len(days))
	}

	list := func(query string) []map[string]any {
		t.Helper()
		raw := e.want(e.call("GET", "/api/creators?"+query, brand, nil), http.StatusOK).data()["creators"].([]any)
		out := make([]map[string]any, len(raw))
		for i, c := range raw {
			out[i] = c.(map[string]any)
		}
		return out
	}
	all := list("sort=quality")
	if len(all) != 2 || all[0]["_id"] != id || num(all[0], "quality") != score || all[1]["_id"] != imported || all[1]["quality"] != nil {
		t.Fatalf("sorted by reading: %v", all)
	}
	if got := list("verified=true"); len(got) != 1 || got[0]["_id"] != id {
		t.Fatalf("verified only: %v", got)
	}
	if got := list("minQuality=" + strconv.Itoa(score)); len(got) != 1 || got[0]["_id"] != id {
		t.Fatalf("minimum at the figure: %v", got)
	}
	if got := list("minQuality=" + strconv.Itoa(score+1)); len(got) != 0 {
		t.Fatalf("minimum above the figure: %v", got)
	}
	for _, bad := range []string{"minQuality=101", "minQuality=-1", "minQuality=high", "verified=yes", "sort=best"} {
		e.want(e.call("GET", "/api/creators?"+bad, brand, nil), http.StatusUnprocessableEntity)
	}

	// Disconnecting the account takes its reading off the network entry.
	var acc string
	if err := e.db.SQL().Get(&acc, `SELECT a.id FROM social_accounts a JOIN users u ON u.id = a.user_id WHERE u.email = 'nina@quality.io'`); err != nil {
		t.Fatal(err)
	}
	e.want(e.call("DELETE", "/api/accounts/"+acc, tok, nil), http.StatusOK)
	if got := list("verified=true"); len(got) != 0 {
		t.Fatalf("after disconnecting: %v", got)
	}
}
