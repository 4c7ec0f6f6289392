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

// TestUsageNotices: a post whose 30-day paid usage ends in 3 days is noticed
// once, however many schedulers run at once or how often; a post ending
// later is not; the mail goes to the brand's BRAND_ADMIN and BRAND_MANAGER,
// not its BRAND_VIEWER.
func TestUsageNotices(t *testing.T) {
	t.Parallel()
	e := setup(t)
	smtp := e.withMail()
	ctx := context.Background()
	now := time.Now().UTC()
	e.Store.Now = func() time.Time { return now }
	entry, _ := signedAgreementOffer(t, e.Store, 0)
	_, err := e.Store.SQL().Exec(`INSERT INTO campaign_posts (campaign_id, entry_id, platform, external_id, url, published_at)
		SELECT campaign_id, id, 'instagram', x.ext, 'https://instagram.example/p/' || x.ext, x.at FROM roster_entries,
		(VALUES ('ending', $2::timestamptz), ('later', $3::timestamptz)) x(ext, at) WHERE id = $1`,
		entry, now.AddDate(0, 0, -27), now.AddDate(0, 0, -10))
	if err != nil {
		t.Fatal(err)
	}
	_, err = e.Store.SQL().Exec(`INSERT INTO users (email, name, role, password_hash, brand_id)
		SELECT x.email, x.name, x.role, 'x', k.brand_id FROM roster_entries r JOIN campaigns k ON k.id = r.campaign_id,
		(VALUES ('owner@nordlicht.example', 'Owner', 'BRAND_ADMIN'), ('manager@nordlicht.example', 'Manager', 'BRAND_MANAGER'),
			('viewer@nordlicht.example', 'Viewer', 'BRAND_VIEWER')) x(email, name, role) WHERE r.id = $1`, entry)
	if err != nil {
		t.Fatal(err)
	}

	var wg sync.WaitGroup
	for range 3 { // three schedulers at once
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := e.HandleUsageNotices(ctx, asynq.NewTask(TypeUsageNotices, nil)); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if err := e.HandleUsageNotices(ctx, asynq.NewTask(TypeUsageNotices, nil)); err != nil {
		t.Fatal(err)
	}
	var tasks []store.Task
	if err := e.Store.SQL().Select(&tasks, `SELECT task_key, task_type, queue, payload FROM task_outbox WHERE task_type = $1`, TypeUsageSendMail); err != nil {
		t.Fatal(err)
	}
	endsOn := now.AddDate(0, 0, 3).Format(time.DateOnly)
	if len(tasks) != 1 || !strings.HasSuffix(tasks[0].Key, "-"+endsOn) {
		t.Fatalf("mail tasks %+v, want one ending %s", tasks, endsOn)
	}
	if err := e.HandleUsageSendMail(ctx, asynq.NewTask(tasks[0].Type, tasks[0].Payload)); err != nil {
		t.Fatal(err)
	}
	for _, to := range []string{"owner@nordlicht.example", "manager@nordlicht.example"} {
		m := smtp.Wait(t, to, 1)
		if !strings.Contains(m.Subject, "paid usage ends on "+endsOn) || !strings.Contains(m.Text(), "Zoë Łukasiewicz") {
			t.Errorf("mail to %s: %q %q", to, m.Subject, m.Text())
		}
	}
	if n := smtp.Count("viewer@nordlicht.example"); n != 0 {
		t.Errorf("viewer got %d mails", n)
	}
}
