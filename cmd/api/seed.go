package main

import (
	"context"
	"errors"
	"fmt"

	"creatorcoach/cmd/internal/app"
	"creatorcoach/store"
)

// demoPassword is the password of every demo account (development only).
const demoPassword = "Demo#2026"

// demoAccounts are the log-ins the README lists.
var demoAccounts = []store.AccountSpec{
	{Email: "admin@example.com", Name: "Ada Admin", Role: store.RoleAdmin},
	{Email: "brand@example.com", Name: "Bea Brand", Role: store.RoleBrandAdmin, BrandName: "Acme Studio"},
	{Email: "manager@example.com", Name: "Max Manager", Role: store.RoleBrandManager, BrandName: "Acme Studio"},
	{Email: "viewer@example.com", Name: "Vic Viewer", Role: store.RoleBrandViewer, BrandName: "Acme Studio"},
	{Email: "creator@example.com", Name: "Cleo Creator", Role: store.RoleUser, NicheName: "Fitness & Health"},
}

// seed creates (or resets) the demo accounts and prints their log-ins.
// It refuses to run in production.
func seed(ctx context.Context, db *store.DB, cfg app.Config) error {
	if cfg.Production() {
		return fmt.Errorf("seed creates accounts with a known password and is refused in production")
	}
	fmt.Println("Demo log-ins (password " + demoPassword + "):")
	for _, a := range demoAccounts {
		a.Password = demoPassword
		if _, err := db.SaveAccount(ctx, a); err != nil {
			return fmt.Errorf("seed %s: %w", a.Email, err)
		}
		fmt.Printf("  %-14s %s\n", a.Role, a.Email)
	}
	if err := errors.Join(seedOffers(ctx, db), seedSocial(ctx, db, cfg)); err != nil {
		return err
	}
	if err := seedBilling(ctx, db, cfg); err != nil {
		return err
	}
	return seedCoach(ctx, db) // after the analytics it answers from, and pro@'s subscription
}
