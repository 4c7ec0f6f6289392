package jobs

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hibiken/asynq"

	"creatorcoach/store"
)

// digestThread makes an accepted offer whose creator has an account
// (creator@digest.example) and whose brand has an admin and a viewer; it
// answers the offer and the brand admin's and the creator's user ids.
func digestThread(t *testing.T, db *store.DB) (entry, brandAdmin, creator string) {
	t.Helper()
	entry, _ = signedAgreementOffer(t, db, 0)
	err := db.SQL().Get(&creator, `WITH u AS (INSERT INTO users (email, name, role, password_hash) VALUES ('creator@digest.example', 'Zoë', 'USER', 'x') RETURNING id)
		UPDATE creators c SET user_id = u.id FROM u, roster_entries e WHERE e.id = $1 AND c.id = e.creator_id RETURNING u.id`, entry)
	if err != nil {
		t.Fatal(err)
	}
	err = db.SQL().Get(&brandAdmin, `WITH x AS (INSERT INTO users (email, name, role, password_hash, brand_id)
		SELECT v.email, v.name, v.role, 'x', k.brand_id FROM roster_entries r JOIN campaigns k ON k.id = r.campaign_id,
		(VALUES ('owner@digest.example', 'Owner', 'BRAND_ADMIN'), ('viewer@digest.example', 'Viewer', 'BRAND_VIEWER')) v(email, name, role)
		WHERE r.id = $1 RETURNING id, role) SELECT id FROM x WHERE role = 'BRAND_ADMIN'`, entry)
	if err != nil {
		t.Fatal(err)
	}
	return entry, brandAdmin, creator
}

// postAt writes a message of author's side in entry's thread at time at.
func postAt(t *testing.T, db *store.DB, entry, author, side string, at time.Time) {
	t.Helper()
	if _, err := db.SQL().Exec(`INSERT INTO thread_messages (entry_id, author_id, author_side, body, created_at) VALUES ($1, $2, $3, 'hello', $4)`,
		entry, author, side, at); err != nil {
		t.Fatal(err)
	}
}

// digestTasks answers the queued digest mails' payloads.
func digestTasks(t *testing.T, db *store.DB) []store.Task {
	t.Helper()
	var tasks []store.Task
	if err := db.SQL().Select(&tasks, `SELECT task_key, task_type, queue, payload FROM task_outbox WHERE task_type = $1 ORDER BY task_key`, TypeThreadDigestMail); err != nil {
		t.Fatal(err)
	}
	return tasks
}

// TestThreadDigest: three messages unread for 15 minutes make one mail per
// person (the creator: one, not three), however many schedulers run at
// once; the author of a message is not mailed of it; a message younger
// than 15 minutes waits; nothing more until the person reads the thread.
func TestThreadDigest(t *testing.T) {
	t.Parallel()
	e := setup(t)
	smtp := e.withMail()
	e.PublicURL = "https://app.example"
	ctx := context.Background()
	now := time.Now().UTC()
	e.Store.Now = func() time.Time { return now }
	entry, owner, creator := digestThread(t, e.Store)
	for i := range 3 {
		postAt(t, e.Store, entry, owner, "brand", now.Add(-time.Duration(30-i)*time.Minute))
	}
	postAt(t, e.Store, entry, creator, "creator", now.Add(-5*time.Minute)) // too young to mail the brand of

	var wg sync.WaitGroup
	for range 3 { // three schedulers at once
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := e.HandleThreadDigest(ctx, asynq.NewTask(TypeThreadDigest, nil)); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	tasks := digestTasks(t, e.Store)
	if len(tasks) != 1 || !strings.Contains(tasks[0].Key, creator) {
		t.Fatalf("digest tasks %+v, want one for the creator", tasks)
	}
	if err := e.HandleThreadDigestMail(ctx, asynq.NewTask(tasks[0].Type, tasks[0].Payload)); err != nil {
		t.Fatal(err)
	}
	m := smtp.Wait(t, "creator@digest.example", 1)
	if !strings.Contains(m.Text(), "3 unread messages") || !strings.Contains(m.Text(), "https://app.example/threads/"+entry) {
		t.Errorf("digest mail: %q %q", m.Subject, m.Text())
	}

	// Later the creator's message is 15 minutes old: the brand's two members get one each.
	now = now.Add(11 * time.Minute)
	postAt(t, e.Store, entry, owner, "brand", now.Add(-20*time.Minute)) // the creator has not read: no second mail
	if err := e.HandleThreadDigest(ctx, asynq.NewTask(TypeThreadDigest, nil)); err != nil {
		t.Fatal(err)
	}
	tasks = digestTasks(t, e.Store)
	if len(tasks) != 3 {
		t.Fatalf("digest tasks %d, want 3 (the creator once, the viewer once, the admin of the creator's message once)", len(tasks))
	}
	for _, tk := range tasks {
		if strings.Contains(tk.Key, creator) && !strings.HasSuffix(tk.Key, "-3") {
			t.Errorf("a second creator digest before reading: %s", tk.Key)
		}
	}
	if n := smtp.Count("creator@digest.example"); n != 1 {
		t.Errorf("creator got %d mails, want 1", n)
	}
}

// TestThreadDigestOff: a person who turned the digest off is never mailed;
// one who read the thread after the mail was queued is not mailed either.
func TestThreadDigestOff(t *testing.T) {
	t.Parallel()
	e := setup(t)
	smtp := e.withMail()
	ctx := context.Background()
	now := time.Now().UTC()
	e.Store.Now = func() time.Time { return now }
	entry, owner, creator := digestThread(t, e.Store)
	if err := e.Store.SetThreadMailSettings(ctx, &store.User{ID: creator}, store.ThreadMailSettings{DigestMail: false}); err != nil {
		t.Fatal(err)
	}
	postAt(t, e.Store, entry, owner, "brand", now.Add(-time.Hour))
	if err := e.HandleThreadDigest(ctx, asynq.NewTask(TypeThreadDigest, nil)); err != nil {
		t.Fatal(err)
	}
	if tasks := digestTasks(t, e.Store); len(tasks) != 0 {
		t.Fatalf("digest tasks %+v with the switch off", tasks)
	}
	got, err := e.Store.GetThreadMailSettings(ctx, &store.User{ID: creator})
	if err != nil || got.DigestMail {
		t.Fatalf("settings %+v %v, want off", got, err)
	}

	// Turned on again: queued, but read before the mail goes: nothing is sent.
	if err := e.Store.SetThreadMailSettings(ctx, &store.User{ID: creator}, store.ThreadMailSettings{DigestMail: true}); err != nil {
		t.Fatal(err)
	}
	if err := e.HandleThreadDigest(ctx, asynq.NewTask(TypeThreadDigest, nil)); err != nil {
		t.Fatal(err)
	}
	tasks := digestTasks(t, e.Store)
	if len(tasks) != 1 {
		t.Fatalf("digest tasks %d, want 1", len(tasks))
	}
	if _, err := e.Store.SQL().Exec(`UPDATE thread_reads SET last_read_id = mailed_id WHERE user_id = $1`, creator); err != nil {
		t.Fatal(err)
	}
	if err := e.HandleThreadDigestMail(ctx, asynq.NewTask(tasks[0].Type, tasks[0].Payload)); err != nil {
		t.Fatal(err)
	}
	if n := smtp.Count("creator@digest.example"); n != 0 {
		t.Errorf("creator got %d mails after reading", n)
	}
}
