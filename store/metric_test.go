package store_test

import (
	"testing"

	"creatorcoach/store"
)

// TestMetrics_Glossary: engagement per view and engagement rate are two
// figures with two bases (views, followers), and neither is made up without
// its base.
func TestMetrics_Glossary(t *testing.T) {
	e := store.Engagements(900, 80, 20)
	if v, ok := store.EngagementPerView(e, 20000); !ok || v != 5 {
		t.Errorf("engagement per view: %v %v", v, ok)
	}
	if v, ok := store.EngagementRate(float64(e), 50000); !ok || v != 2 {
		t.Errorf("engagement rate: %v %v", v, ok)
	}
	if _, ok := store.EngagementPerView(e, 0); ok {
		t.Error("engagement per view without views")
	}
	if _, ok := store.EngagementRate(1, 0); ok {
		t.Error("engagement rate without followers")
	}
	if store.MoneyText(25071) != "$25,071" || store.MoneyText(1250.5) != "$1,250.50" || store.BudgetPercent(28650, 15000) != 191 {
		t.Errorf("formatting: %s %s %v", store.MoneyText(25071), store.MoneyText(1250.5), store.BudgetPercent(28650, 15000))
	}
}
