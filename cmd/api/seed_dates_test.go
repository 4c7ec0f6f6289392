package main

import (
	"slices"
	"testing"
	"time"

	"github.com/lib/pq"
)

// formGoals are the campaign form's goal options (web campaign-options.js).
var formGoals = []string{"Brand Awareness", "Product Launch", "Drive Sales", "Content Creation", "Community Growth", "App Installs", "Other"}

// TestSeedCampaignDates: the seeded campaigns' dates fit their status (a
// completed one ended in the past, an active one runs today, a draft starts
// later) and their goals are options of the form.
func TestSeedCampaignDates(t *testing.T) {
	t.Parallel()
	e := setupSeeded(t)
	var rows []struct {
		Name   string         `db:"name"`
		Status string         `db:"status"`
		Start  time.Time      `db:"start_date"`
		End    time.Time      `db:"end_date"`
		Goals  pq.StringArray `db:"goals"`
	}
	if err := e.db.SQL().Select(&rows, `SELECT name, status, start_date, end_date, goals FROM campaigns`); err != nil {
		t.Fatal(err)
	}
	today := time.Now().UTC().Truncate(24 * time.Hour)
	for _, r := range rows {
		fits := map[string]bool{
			"draft":     r.Start.After(today),
			"active":    !r.Start.After(today) && !r.End.Before(today),
			"completed": r.End.Before(today),
		}[r.Status]
		if !fits {
			t.Errorf("%s (%s) runs %s to %s", r.Name, r.Status, r.Start.Format(time.DateOnly), r.End.Format(time.DateOnly))
		}
		for _, g := range r.Goals {
			if !slices.Contains(formGoals, g) {
				t.Errorf("%s: goal %q is not a form option", r.Name, g)
			}
		}
	}
	if len(rows) != 6 { // brand@'s four, and Lumen Skincare's two (creator@'s media kit, creator@'s reserved offer)
		t.Fatalf("%d campaigns", len(rows))
	}
}
