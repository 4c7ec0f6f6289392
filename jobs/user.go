package jobs

import (
	"context"
	"time"

	"github.com/hibiken/asynq"
)

// TypeUserPurge erases accounts deleted more than the recovery window ago.
const TypeUserPurge = "user:purge"

// JobKindUserPurge is the job kind recording each purge.
const JobKindUserPurge = "user_purge"

// userPurge runs daily at 03:17 UTC.
var userPurge = TaskType{Name: TypeUserPurge, Queue: QueueLow, MaxRetry: 3, Timeout: 10 * time.Minute,
	Cron: "17 3 * * *", Handle: (*Handler).HandleUserPurge}

// HandleUserPurge runs the purge and records it as a system job: the
// platform tokens of the accounts it erases are revoked first where the
// platform offers revocation (a failure there is logged, never blocking: the
// tokens are erased anyway). Running it twice is harmless: the second run
// finds nothing to erase.
func (h *Handler) HandleUserPurge(ctx context.Context, _ *asynq.Task) error {
	return h.runSystemJob(ctx, JobKindUserPurge, func(ctx context.Context) (int, any, error) {
		if err := h.revokePurgedTokens(ctx); err != nil {
			return 0, nil, err
		}
		n, err := h.Store.PurgeDeletedUsers(ctx, NewBillingEraseCustomerTask)
		if err == nil {
			h.Log.Info("deleted accounts purged", "count", n)
		}
		return n, map[string]int{"purged": n}, err
	})
}

// revokePurgedTokens withdraws, at the platforms, the grants the purge is
// about to erase.
func (h *Handler) revokePurgedTokens(ctx context.Context) error {
	if h.Social == nil {
		return nil
	}
	grants, err := h.Store.SocialTokensToPurge(ctx)
	if err != nil {
		return err
	}
	for _, g := range grants {
		conn, ok := h.Social.Connectors[g.Platform]
		if !ok {
			continue
		}
		tok, err := h.Social.openTokens(&g.SealedTokens)
		if err == nil { // an access token a month old has expired: revoke with a fresh one
			tok, _, err = conn.Refresh(ctx, tok)
		}
		if err == nil {
			err = conn.Revoke(ctx, tok)
		}
		if err != nil {
			h.Log.Warn("revoke purged social token", "platform", g.Platform, "account", g.AccountID, "err", err)
		}
	}
	return nil
}
