package seed

import (
	"context"
	"errors"
	"fmt"
	"net/http/httptest"
	"time"

	"github.com/hibiken/asynq"

	"creatorcoach/cmd/internal/app"
	"creatorcoach/jobs"
	"creatorcoach/jobs/social"
	"creatorcoach/jobs/social/sandbox"
	"creatorcoach/store"
)

// demoSocialHandle is the demo creator's handle in the sandbox.
const demoSocialHandle = "cleo_fit"

// DemoSocialDays is how much history the demo creator starts with.
const DemoSocialDays = 180

// demoCreatorEntry is the demo creator's entry in the creator network, as
// a roster file had it: its e-mail links it to creator@example.com, whose
// connected Instagram and YouTube then verify it (the sync writes their
// measured handles and counts over these); its TikTok stays imported.
func demoCreatorEntry() store.CreatorInput {
	er, female, male := 3.2, 68.0, 32.0
	c := store.CreatorInput{Name: "Cleo Creator", Email: "creator@example.com", Niche: "Fitness & Health", Location: "Berlin",
		EngagementRate: &er, Female: &female, Male: &male}
	for i, p := range store.Platforms {
		switch p {
		case store.Instagram, store.TikTok:
			c.Handles[i], c.Followers[i] = demoSocialHandle, ptr(int64(18_500))
		}
	}
	return c
}

// socialHistory connects the demo creator's Instagram and YouTube through the
// sandbox and syncs 180 days of history, offline: the real connectors and
// sync run in this process against the sandbox served on loopback. The
// sandbox's tokens are valid on the api's own /sandbox too, so later syncs
// by the worker carry on. Running it again reconnects and syncs what is new.
func socialHistory(ctx context.Context, db *store.DB, cfg app.Config) error {
	var userID string
	if err := db.SQL().GetContext(ctx, &userID, `SELECT id FROM users WHERE email = 'creator@example.com'`); err != nil {
		return fmt.Errorf("seed social: find the demo creator: %w", err)
	}
	if err := db.SaveCreatorImportBatch(ctx, demoImportJobID, []store.CreatorInput{demoCreatorEntry()}, nil); err != nil {
		return fmt.Errorf("seed social: the demo creator's network entry: %w", err)
	}
	sb := sandbox.New()
	srv := httptest.NewServer(sb.Handler())
	defer srv.Close()
	socialCfg, err := social.LoadConfig(false, cfg.PublicURL)
	if err != nil {
		return err
	}
	socialCfg.Platforms = social.SandboxEndpoints(srv.URL)
	socialCfg.HistoryDays = DemoSocialDays
	syncer := jobs.NewSyncer(socialCfg, nil)
	h := &jobs.Handler{Store: db, Social: syncer, Log: cfg.Logger()}
	for _, platform := range []string{social.Instagram, social.YouTube} {
		if err := seedSocialAccount(ctx, db, h, sb, socialCfg, userID, platform); err != nil {
			return fmt.Errorf("seed %s: %w", platform, err)
		}
	}
	fmt.Printf("  creator@example.com: Instagram and YouTube connected (sandbox handle %s, %d days)\n", demoSocialHandle, DemoSocialDays)
	return nil
}

func seedSocialAccount(ctx context.Context, db *store.DB, h *jobs.Handler, sb *sandbox.Server, c social.Config, userID, platform string) error {
	conn := h.Social.Connectors[platform]
	code := sb.Code(platform, demoSocialHandle, c.RedirectBase+platform, "")
	tok, err := conn.Exchange(ctx, code, "")
	if err != nil {
		return err
	}
	sealed, err := h.Social.SealTokens(tok)
	if err != nil {
		return err
	}
	var task store.Task
	job, err := db.ConnectSocialAccount(ctx, store.SocialConnection{UserID: userID, Platform: platform, Tokens: sealed},
		func(accountID, jobID string) store.Task {
			task = jobs.NewSocialSyncTask(accountID, jobID)
			return task
		})
	if err != nil {
		return err
	}
	// A running worker may pick the same sync from the outbox and hold the
	// account's lock: wait for it (its run finishes the job, and ours then
	// finds the job done).
	for try := 0; ; try++ {
		err := h.HandleSocialSync(ctx, asynq.NewTask(task.Type, task.Payload))
		var busy *social.RateLimitError
		if errors.As(err, &busy) && try < 120 {
			time.Sleep(250 * time.Millisecond)
			continue
		}
		if err != nil {
			return err
		}
		break
	}
	var status string
	var result string
	if err := db.SQL().QueryRowContext(ctx, `SELECT status, error FROM jobs WHERE id = $1`, job.ID).Scan(&status, &result); err != nil {
		return err
	}
	if status != store.JobSucceeded {
		return fmt.Errorf("sync %s: %s", status, result)
	}
	return nil
}
