package seed

import (
	"context"
	"fmt"
	"time"

	"creatorcoach/cmd/internal/app"
	"creatorcoach/store"
)

// billing sets the plans' price ids, the demo promo codes, a second
// creator pro@example.com with a card and a running yearly subscription, and
// leaves creator@example.com on the free plan. It writes rows only (no
// provider call), so it runs offline; running it again resets the same state.
func billing(ctx context.Context, db *store.DB, cfg app.Config) error {
	if err := db.SetPlanPrices(ctx, cfg.PlanPrices()); err != nil {
		return err
	}
	pct20, pct50, months := 20.0, 50.0, 3
	later, gone := db.Now().AddDate(1, 0, 0), db.Now().AddDate(0, 0, -1)
	for _, p := range []store.PromoCode{
		{Code: "WELCOME20", ProviderID: "promo_demo_welcome20", PercentOff: &pct20, Currency: "usd", Duration: "once", Active: true, ExpiresAt: &later},
		{Code: "HALFOFF3", ProviderID: "promo_demo_halfoff3", PercentOff: &pct50, Currency: "usd", Duration: "repeating", DurationInMonths: &months, Active: true},
		{Code: "LAUNCH2025", ProviderID: "promo_demo_launch2025", PercentOff: &pct20, Currency: "usd", Duration: "once", Active: true, ExpiresAt: &gone},
	} {
		if err := db.SavePromoCode(ctx, p); err != nil {
			return err
		}
	}
	pro, err := db.SaveAccount(ctx, store.AccountSpec{Email: "pro@example.com", Name: "Paz Pro", Password: DemoPassword,
		Role: store.RoleUser, NicheName: "Fitness & Health"})
	if err != nil {
		return fmt.Errorf("seed pro@example.com: %w", err)
	}
	err = db.SaveDemoBilling(ctx, store.DemoBilling{Email: pro.Email, CustomerID: "cus_demo_pro",
		Card:     store.ProviderCard{ProviderID: "pm_card_visa", Brand: "visa", Last4: "4242", ExpMonth: 12, ExpYear: time.Now().Year() + 4},
		PlanCode: "creator_yearly", SubscriptionID: "sub_demo_pro", EndedAt: db.Now().AddDate(1, 0, 0)})
	if err != nil {
		return err
	}
	fmt.Printf("  %-14s %s (yearly subscription; promo codes WELCOME20, HALFOFF3; LAUNCH2025 has expired)\n", store.RoleUser, pro.Email)
	return db.SaveDemoBilling(ctx, store.DemoBilling{Email: "creator@example.com"})
}
