package jobs

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/hibiken/asynq"

	"creatorcoach/jobs/social"
	"creatorcoach/store"
	"creatorcoach/store/storetest"
)

// TestCapture_SyncSaysAndBrandIsTold: a sync that captures a creator's
// tagged post answers "captured" with the campaign's name and count, writes
// one capture:send_mail task for the brand, whose handler mails the brand's
// admin the post's link; the next sync of the same post captures nothing new
// and writes no second task.
func TestCapture_SyncSaysAndBrandIsTold(t *testing.T) {
	t.Parallel()
	ce := setupCapture(t)
	smtp := ce.withMail()
	cleo := ce.creator(t, "cleo_notice", social.Instagram, store.OfferAccepted)
	ce.sb.Publish(social.Instagram, "cleo_notice", "Warm hands #acmewinterwarmup", time.Date(2026, 12, 5, 9, 0, 0, 0, time.UTC))
	ce.sb.Publish(social.Instagram, "cleo_notice", "Warm feet #acmewinterwarmup", time.Date(2026, 12, 6, 9, 0, 0, 0, time.UTC))
	ctx := context.Background()
	var owner string
	if err := ce.Store.SQL().Get(&owner, `SELECT user_id FROM social_accounts WHERE id = $1`, cleo); err != nil {
		t.Fatal(err)
	}
	syncJob := func() map[string]any {
		job, err := ce.Store.CreateJob(ctx, store.JobKindSocialSync, owner, nil)
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := json.Marshal(SocialSyncPayload{AccountID: cleo, JobID: job.ID})
		if err := ce.HandleSocialSync(ctx, asynq.NewTask(TypeSocialSync, raw)); err != nil {
			t.Fatal(err)
		}
		var result []byte
		if err := ce.Store.SQL().Get(&result, `SELECT result FROM jobs WHERE id = $1`, job.ID); err != nil {
			t.Fatal(err)
		}
		var out map[string]any
		if err := json.Unmarshal(result, &out); err != nil {
			t.Fatalf("result %s: %v", result, err)
		}
		return out
	}
	res := syncJob()
	captured, _ := json.Marshal(res["captured"])
	if want := `[{"campaignId":"` + ce.campaignID + `","campaignName":"Winter Warmup","posts":2}]`; string(captured) != want {
		t.Fatalf("captured %s, want %s", captured, want)
	}
	task := storetest.RequireInserted(t, ce.Store, TypeCaptureSendMail, nil)
	if ids, _ := task.Payload["postIds"].([]any); len(ids) != 2 {
		t.Fatalf("task payload %v, want the two posts", task.Payload)
	}
	raw, _ := json.Marshal(task.Payload)
	if err := ce.HandleCaptureSendMail(ctx, asynq.NewTask(TypeCaptureSendMail, raw)); err != nil {
		t.Fatal(err)
	}
	m := smtp.Wait(t, "brand@acme.io", 1)
	if !strings.Contains(m.Subject, "cleo_notice posted for Winter Warmup") || !strings.Contains(m.Text(), "published 2 posts for Winter Warmup") ||
		!strings.Contains(m.Text(), ce.posts(t)[0].URL) || !strings.Contains(m.Text(), "/campaigns/"+ce.campaignID+"/results") {
		t.Errorf("mail %q:\n%s", m.Subject, m.Text())
	}

	ce.clk.Add(time.Hour)
	if again, _ := json.Marshal(syncJob()["captured"]); string(again) != "[]" {
		t.Errorf("second sync captured %s, want none new", again)
	}
	var tasks int
	if err := ce.Store.SQL().Get(&tasks, `SELECT count(*) FROM task_outbox WHERE task_type = $1`, TypeCaptureSendMail); err != nil || tasks != 1 {
		t.Errorf("%d capture tasks (%v), want 1", tasks, err)
	}
}

// TestCapture_BatchTellsEachEntryOnce: one sync task of two creators'
// accounts, each with a tagged post, writes one capture:send_mail task per
// roster entry (in one statement), each naming its own post.
func TestCapture_BatchTellsEachEntryOnce(t *testing.T) {
	t.Parallel()
	ce := setupCapture(t)
	ana := ce.creator(t, "ana_batch", social.Instagram, store.OfferAccepted)
	ben := ce.creator(t, "ben_batch", social.Instagram, store.OfferAccepted)
	ce.sb.Publish(social.Instagram, "ana_batch", "Cosy #acmewinterwarmup", time.Date(2026, 12, 5, 9, 0, 0, 0, time.UTC))
	ce.sb.Publish(social.Instagram, "ben_batch", "Warm #acmewinterwarmup", time.Date(2026, 12, 6, 9, 0, 0, 0, time.UTC))
	ce.sync(t, ana, ben)
	var rows []struct {
		EntryID string `db:"entry_id"`
		PostID  string `db:"id"`
	}
	if err := ce.Store.SQL().Select(&rows, `SELECT entry_id, id FROM campaign_posts ORDER BY id`); err != nil || len(rows) != 2 {
		t.Fatalf("captured %v (%v), want the two posts", rows, err)
	}
	if rows[0].EntryID == rows[1].EntryID {
		t.Fatalf("both posts on entry %s, want one entry each", rows[0].EntryID)
	}
	for _, r := range rows {
		task := storetest.RequireInserted(t, ce.Store, TypeCaptureSendMail, map[string]any{"entryId": r.EntryID})
		if ids, _ := task.Payload["postIds"].([]any); len(ids) != 1 || ids[0] != r.PostID {
			t.Errorf("task of entry %s: post ids %v, want [%s]", r.EntryID, task.Payload["postIds"], r.PostID)
		}
	}
	var tasks int
	if err := ce.Store.SQL().Get(&tasks, `SELECT count(*) FROM task_outbox WHERE task_type = $1 AND process_at IS NULL`, TypeCaptureSendMail); err != nil || tasks != 2 {
		t.Errorf("%d capture tasks (%v), want 2", tasks, err)
	}
}
