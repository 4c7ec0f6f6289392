package store_test

import (
	"context"
	"testing"
	"time"

	"creatorcoach/store"
	"creatorcoach/store/storetest"
)

// sessionCacheEnv is the other process on the database of an api that keeps
// sessions in memory: a second api, the worker, an operator's psql.
type sessionCacheEnv struct {
	other *store.DB
}

func newSessionCacheEnv(t *testing.T, dsn string) *sessionCacheEnv {
	t.Helper()
	e := &sessionCacheEnv{}
	var err error
	if e.other, err = store.Open(context.Background(), dsn); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.other.Close() })
	return e
}

// login saves an account and opens a session on other.
func (e *sessionCacheEnv) login(t *testing.T, account store.AccountSpec) (*store.User, string) {
	t.Helper()
	ctx := context.Background()
	if account.Password == "" {
		account.Password = "Str0ng!pass"
	}
	if _, err := e.other.SaveAccount(ctx, account); err != nil {
		t.Fatal(err)
	}
	u, sess, err := e.other.Login(ctx, account.Email, account.Password, store.SessionMeta{})
	if err != nil {
		t.Fatal(err)
	}
	return u, sess.ID
}

// eventually waits up to 5 s for db's answer for the session to pass check.
func eventually(t *testing.T, db *store.DB, sessionID string, check func(*store.User, error) bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		u, err := db.Authenticate(context.Background(), sessionID)
		if check(u, err) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("after 5 s: user %+v, err %v", u, err)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func unauthorized(_ *store.User, err error) bool { return store.ErrorCode(err) == store.EUNAUTHORIZED }

// TestSessionCache: a kept session is answered from memory (a change
// Postgres does not announce stays unseen until the entry is too old), and
// every change that matters to a signed-in request reaches the api that
// keeps it, whichever process makes it: another process's through Postgres's
// notification, the api's own at once.
func TestSessionCache(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	api, dsn := storetest.New(t)
	clock := time.Now()
	api.Now = func() time.Time { return clock }
	if err := api.CacheSessions(dsn, time.Minute, 10*time.Second); err != nil {
		t.Fatal(err)
	}
	e := newSessionCacheEnv(t, dsn)
	sql := e.other.SQL()

	t.Run("answered from memory until too old", func(t *testing.T) {
		_, sid := e.login(t, store.AccountSpec{Email: "kept@cache.io", Role: store.RoleUser})
		if _, err := api.Authenticate(ctx, sid); err != nil {
			t.Fatal(err)
		}
		// Revoked behind the triggers' back: only the entry's age ends it.
		if _, err := sql.Exec(`ALTER TABLE sessions DISABLE TRIGGER sessions_auth_changed`); err != nil {
			t.Fatal(err)
		}
		_, err := sql.Exec(`UPDATE sessions SET revoked_at = now() WHERE id = $1`, sid)
		if _, err2 := sql.Exec(`ALTER TABLE sessions ENABLE TRIGGER sessions_auth_changed`); err != nil || err2 != nil {
			t.Fatal(err, err2)
		}
		if _, err := api.Authenticate(ctx, sid); err != nil {
			t.Fatalf("kept session asked Postgres: %v", err)
		}
		clock = clock.Add(time.Minute)
		if _, err := api.Authenticate(ctx, sid); !unauthorized(nil, err) {
			t.Fatalf("after the TTL: %v, want EUNAUTHORIZED", err)
		}
	})

	t.Run("another process logs out", func(t *testing.T) {
		_, sid := e.login(t, store.AccountSpec{Email: "out@cache.io", Role: store.RoleUser})
		if _, err := api.Authenticate(ctx, sid); err != nil {
			t.Fatal(err)
		}
		if err := e.other.Logout(ctx, sid); err != nil {
			t.Fatal(err)
		}
		eventually(t, api, sid, unauthorized)
	})

	t.Run("another process changes the role", func(t *testing.T) {
		u, sid := e.login(t, store.AccountSpec{Email: "role@cache.io", Role: store.RoleUser})
		if _, err := api.Authenticate(ctx, sid); err != nil {
			t.Fatal(err)
		}
		if _, err := sql.Exec(`UPDATE users SET role = 'ADMIN' WHERE id = $1`, u.ID); err != nil {
			t.Fatal(err)
		}
		eventually(t, api, sid, func(u *store.User, err error) bool { return err == nil && u.Role == store.RoleAdmin })
	})

	t.Run("another process renames the brand", func(t *testing.T) {
		u, sid := e.login(t, store.AccountSpec{Email: "brand@cache.io", Role: store.RoleBrandAdmin, BrandName: "Kept Brand"})
		if got, err := api.Authenticate(ctx, sid); err != nil || got.Brand == nil || got.Brand.Name != "Kept Brand" {
			t.Fatalf("%+v %v", got, err)
		}
		if _, err := sql.Exec(`UPDATE brands SET name = 'Renamed Brand' WHERE id = $1`, u.Brand.ID); err != nil {
			t.Fatal(err)
		}
		eventually(t, api, sid, func(u *store.User, err error) bool { return err == nil && u.Brand.Name == "Renamed Brand" })
	})

	t.Run("another process deletes the account", func(t *testing.T) {
		u, sid := e.login(t, store.AccountSpec{Email: "gone@cache.io", Role: store.RoleUser})
		if _, err := api.Authenticate(ctx, sid); err != nil {
			t.Fatal(err)
		}
		if err := e.other.DeleteAccount(ctx, u.ID, store.DeletionReasons[0], nil); err != nil {
			t.Fatal(err)
		}
		eventually(t, api, sid, unauthorized)
	})

	t.Run("the api's own change is seen at once", func(t *testing.T) {
		u, sid := e.login(t, store.AccountSpec{Email: "own@cache.io", Role: store.RoleUser, Password: "Str0ng!pass"})
		_, other, err := e.other.Login(ctx, u.Email, "Str0ng!pass", store.SessionMeta{})
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range []string{sid, other.ID} {
			if _, err := api.Authenticate(ctx, s); err != nil {
				t.Fatal(err)
			}
		}
		if err := api.Logout(ctx, sid); err != nil {
			t.Fatal(err)
		}
		if _, err := api.Authenticate(ctx, sid); !unauthorized(nil, err) {
			t.Fatalf("right after log-out: %v, want EUNAUTHORIZED", err)
		}
		if err := api.ChangePassword(ctx, u.ID, "", "Str0ng!pass", "An0ther!pass"); err != nil {
			t.Fatal(err)
		}
		if _, err := api.Authenticate(ctx, other.ID); !unauthorized(nil, err) {
			t.Fatalf("right after the password change: %v, want EUNAUTHORIZED", err)
		}
	})
}

// TestSessionCache_NotListening: an api whose listener cannot connect keeps
// nothing, since it would not hear of a change: every request asks Postgres.
func TestSessionCache_NotListening(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	api, dsn := storetest.New(t)
	if err := api.CacheSessions("postgres://nobody@127.0.0.1:1/none?sslmode=disable&connect_timeout=1", time.Minute, 300*time.Millisecond); err == nil {
		t.Fatal("CacheSessions said nothing of a listener that cannot connect")
	}
	e := newSessionCacheEnv(t, dsn)
	_, sid := e.login(t, store.AccountSpec{Email: "nolisten@cache.io", Role: store.RoleUser})
	if _, err := api.Authenticate(ctx, sid); err != nil {
		t.Fatal(err)
	}
	if _, err := e.other.SQL().Exec(`ALTER TABLE sessions DISABLE TRIGGER sessions_auth_changed`); err != nil {
		t.Fatal(err)
	}
	if _, err := e.other.SQL().Exec(`UPDATE sessions SET revoked_at = now() WHERE id = $1`, sid); err != nil {
		t.Fatal(err)
	}
	if _, err := api.Authenticate(ctx, sid); !unauthorized(nil, err) {
		t.Fatalf("a session was kept without a listener: %v, want EUNAUTHORIZED", err)
	}
}
