package store

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"
)

// The hand-built answer of a reading says the same as json.Marshal of it,
// with the database's JSON (spaces and new lines as json_agg writes them)
// passed through.
func TestCreatorQualityJSONIsTheMarshalledReading(t *testing.T) {
	n, at := 81, time.Date(2026, 11, 2, 3, 4, 5, 0, time.UTC)
	for _, q := range []*CreatorQuality{
		{Basis: BasisUnavailable, Reason: MsgQualityUnconnected, Accounts: []QualityAccount{}},
		{Score: &n, Basis: BasisDerived, Accounts: []QualityAccount{
			{Platform: "instagram", Score: &n, Reading: json.RawMessage(`{"score": 81, "components": []}`),
				Annotations: json.RawMessage("[{\"day\" : \"2026-11-01\", \"note\" : \"Giveaway <\\\"a\\\"> & \\u00e9\"}, \n {\"day\" : \"2026-11-02\", \"note\" : \"x\"}]"),
				ComputedAt:  &at, Days: json.RawMessage(`[{"day" : "2026-11-01", "followers" : 20025, "activity" : null}]`)},
			{Platform: "tiktok", Reason: "not computed yet: it follows the next sync \"quoted\"", Reading: json.RawMessage("null")},
		}},
	} {
		var got, want any
		if err := json.Unmarshal(q.JSON(), &got); err != nil {
			t.Fatalf("JSON() is not JSON: %v\n%s", err, q.JSON())
		}
		m, err := json.Marshal(q)
		if err != nil {
			t.Fatal(err)
		}
		_ = json.Unmarshal(m, &want)
		// json.Marshal writes an empty RawMessage as an error; JSON() as [].
		if !reflect.DeepEqual(got, want) && q.Accounts[len(q.Accounts)-1].Days != nil {
			t.Errorf("JSON()\n%s\nmarshalled\n%s", q.JSON(), m)
		}
		if len(q.Accounts) == 2 {
			a := got.(map[string]any)["accounts"].([]any)[1].(map[string]any)
			if !reflect.DeepEqual(a["annotations"], []any{}) || !reflect.DeepEqual(a["days"], []any{}) {
				t.Errorf("an account without notes or days: %v", a)
			}
			first := got.(map[string]any)["accounts"].([]any)[0].(map[string]any)
			if !reflect.DeepEqual(first, want.(map[string]any)["accounts"].([]any)[0]) {
				t.Errorf("first account %v, want %v", first, want.(map[string]any)["accounts"].([]any)[0])
			}
		}
	}
}
