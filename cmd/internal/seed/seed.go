// Package seed writes the demo data of a development database (api seed):
// the demo accounts with their log-ins, a creator network with campaigns
// and offers, a creator's connected social accounts and history, the
// captured posts of a campaign's offers, billing
// state and coach chats. Every part may run again.
package seed

import (
	"context"
	"errors"
	"fmt"

	"creatorcoach/cmd/internal/app"
	"creatorcoach/store"
)

// DemoPassword is the password of every demo account (development only).
const DemoPassword = "Demo#2026"

// DemoAccounts are the log-ins the README lists.
var DemoAccounts = []store.AccountSpec{
	{Email: "admin@example.com", Name: "Ada Admin", Role: store.RoleAdmin},
	{Email: "brand@example.com", Name: "Bea Brand", Role: store.RoleBrandAdmin, BrandName: "Acme Studio"},
	{Email: "manager@example.com", Name: "Max Manager", Role: store.RoleBrandManager, BrandName: "Acme Studio"},
	{Email: "viewer@example.com", Name: "Vic Viewer", Role: store.RoleBrandViewer, BrandName: "Acme Studio"},
	{Email: "creator@example.com", Name: "Cleo Creator", Role: store.RoleUser, NicheName: "Fitness & Health"},
}

// Run creates (or resets) the demo accounts and prints their log-ins.
// It refuses to run in production.
func Run(ctx context.Context, db *store.DB, cfg app.Config) error {
	if cfg.Production() {
		return fmt.Errorf("seed creates accounts with a known password and is refused in production")
	}
	fmt.Println("Demo log-ins (password " + DemoPassword + "):")
	for _, a := range DemoAccounts {
		a.Password = DemoPassword
		if _, err := db.SaveAccount(ctx, a); err != nil {
			return fmt.Errorf("seed %s: %w", a.Email, err)
		}
		fmt.Printf("  %-14s %s\n", a.Role, a.Email)
	}
	if err := errors.Join(offers(ctx, db), socialHistory(ctx, db, cfg)); err != nil {
		return err
	}
	if err := networkMembers(ctx, db); err != nil { // after the network
		return err
	}
	if err := campaignFiles(ctx, db, cfg); err != nil { // after the campaigns
		return err
	}
	if err := qualityDemo(ctx, db, cfg); err != nil {
		return err
	}
	if err := campaignPosts(ctx, db); err != nil { // after the offers and creator@'s accounts
		return err
	}
	if err := mediaKit(ctx, db); err != nil { // after creator@'s offers and posts; its completed offer is signed below
		return err
	}
	if err := demoSignatures(ctx, db); err != nil { // after the results offers campaignPosts and mediaKit write
		return err
	}
	if err := usageEnding(ctx, db); err != nil { // after the campaigns
		return err
	}
	if err := thread(ctx, db); err != nil { // after creator@'s offers
		return err
	}
	if err := shareLink(ctx, db, cfg); err != nil { // after the campaigns and their posts
		return err
	}
	if err := billing(ctx, db, cfg); err != nil {
		return err
	}
	if err := payouts(ctx, db); err != nil { // after billing's pro@ and creator@'s accepted offer with its posts
		return err
	}
	return Coach(ctx, db) // after the analytics it answers from, and pro@'s subscription
}
