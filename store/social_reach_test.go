package store_test

import (
	"context"
	"database/sql"
	"testing"
	"time"

	"creatorcoach/store"
	"creatorcoach/store/storetest"
)

// Reach is kept per day as the platform reports it; a metric a platform
// does not report stays NULL, not 0, and a later sync that learns it fills it.
func TestSaveSocialSnapshots_ReachNullWhereNotReported(t *testing.T) {
	t.Parallel()
	db, _ := storetest.New(t)
	ctx := context.Background()
	u, err := db.SaveAccount(ctx, store.AccountSpec{Email: "reach@store.io", Password: "Str0ng!pass", Role: store.RoleUser, NicheName: "Fitness & Health"})
	if err != nil {
		t.Fatal(err)
	}
	db.SQL().MustExec(`INSERT INTO creators (identity, user_id, name, email) VALUES ('email:reach@store.io', $1, 'Reach', 'reach@store.io')`, u.ID)
	ig := connectForTest(t, db, u.ID, "instagram")
	today := db.Now().UTC().Truncate(24 * time.Hour)
	r, e := int64(1200), int64(85)
	save := func(days ...store.SocialDay) {
		t.Helper()
		if err := db.SaveSocialSnapshots(ctx, []store.SocialSnapshot{{AccountID: ig, Username: "reach_ig", Days: days}}); err != nil {
			t.Fatal(err)
		}
	}
	save(store.SocialDay{Day: today.AddDate(0, 0, -1), Followers: 480}, store.SocialDay{Day: today, Followers: 500, Reach: &r, AccountsEngaged: &e})
	read := func(day time.Time) (reach, engaged, split sql.NullInt64) {
		t.Helper()
		if err := db.SQL().QueryRow(`SELECT reach, accounts_engaged, reach_followers FROM social_daily WHERE account_id = $1 AND day = $2::date`, ig, day).
			Scan(&reach, &engaged, &split); err != nil {
			t.Fatal(err)
		}
		return
	}
	if reach, engaged, split := read(today.AddDate(0, 0, -1)); reach.Valid || engaged.Valid || split.Valid {
		t.Fatalf("not reported: got %v %v %v, want NULL", reach, engaged, split)
	}
	if reach, engaged, split := read(today); reach.Int64 != 1200 || engaged.Int64 != 85 || split.Valid {
		t.Fatalf("today: got %v %v %v", reach, engaged, split)
	}
	save(store.SocialDay{Day: today.AddDate(0, 0, -1), Followers: 480, Reach: &r})
	if reach, _, _ := read(today.AddDate(0, 0, -1)); reach.Int64 != 1200 {
		t.Fatalf("a later sync's reach was not kept: %v", reach)
	}
}
