package jobs

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/go-redis/redis_rate/v10"
	"github.com/hibiken/asynq"

	"creatorcoach/jobs/social"
	"creatorcoach/store"
)

// TypeAnalyticsSync fetches one social account's analytics and stores them.
const TypeAnalyticsSync = "analytics:sync"

// TypeAnalyticsTick queues a sync of every connected account, spread over
// the sync interval.
const TypeAnalyticsTick = "analytics:tick"

// analyticsSync runs on the low queue; rate limits retry after the
// platform's wait (RetryDelay), so retries are many. It takes no task lock:
// two runs at once store the same days once (HandleAnalyticsSync).
var analyticsSync = TaskType{Name: TypeAnalyticsSync, Queue: QueueLow, MaxRetry: 12, Timeout: 10 * time.Minute,
	Handle: (*Handler).HandleAnalyticsSync, Unlocked: true}

// analyticsTick is periodic on SOCIAL_SYNC_INTERVAL (AnalyticsTickPeriodic), not on a fixed cron.
var analyticsTick = TaskType{Name: TypeAnalyticsTick, Queue: QueueLow, MaxRetry: 3, Timeout: 5 * time.Minute,
	Handle: (*Handler).HandleAnalyticsTick}

// errNoSocial is the answer of the analytics tasks on a worker built without connectors.
var errNoSocial = fmt.Errorf("this worker has no social connectors: %w", asynq.SkipRetry)

// AnalyticsSyncPayload names the account and, for syncs the creator
// follows (first sync, "sync now"), the job that reports progress.
type AnalyticsSyncPayload struct {
	AccountID string `json:"accountId"`
	JobID     string `json:"jobId,omitempty"`
}

// NewAnalyticsSyncTask is the outbox task of sync job jobID of an account.
func NewAnalyticsSyncTask(accountID, jobID string) store.Task {
	return newTask("analytics:sync:"+jobID, analyticsSync, AnalyticsSyncPayload{AccountID: accountID, JobID: jobID})
}

// AnalyticsTickPeriodic is the scheduler's tick, every interval.
func AnalyticsTickPeriodic(interval time.Duration) PeriodicTask {
	return PeriodicTask{Cronspec: "@every " + interval.String(), Task: asynq.NewTask(TypeAnalyticsTick, nil),
		Opts: append(analyticsTick.options(), asynq.Unique(time.Minute))}
}

// Syncer is what the analytics tasks need besides the store.
type Syncer struct {
	Connectors  map[string]social.Connector
	Sealer      *social.Sealer
	Limiter     *redis_rate.Limiter // shared request budgets; nil = none
	Budgets     map[string]int      // platform calls per minute
	HistoryDays int                 // days of a first sync
	Interval    time.Duration       // every account is synced once per interval
}

// NewSyncer builds the Syncer of cfg with its budgets in Redis (limiter may be nil).
func NewSyncer(cfg social.Config, limiter *redis_rate.Limiter) *Syncer {
	return &Syncer{Connectors: cfg.Connectors(), Sealer: cfg.Sealer, Limiter: limiter, Budgets: cfg.Budgets,
		HistoryDays: cfg.HistoryDays, Interval: cfg.SyncInterval}
}

// RetryDelay is the workers' retry delay: the platform's own wait for a
// rate limit (which does not count as a failure), asynq's backoff otherwise.
func RetryDelay(n int, err error, t *asynq.Task) time.Duration { return retryDelay(n, err, t) }

// HandleAnalyticsTick queues this interval's syncs (idempotent per interval).
func (h *Handler) HandleAnalyticsTick(ctx context.Context, _ *asynq.Task) error {
	if h.Social == nil {
		return errNoSocial
	}
	interval := h.Social.Interval
	bucket := h.Store.Now().UTC().Truncate(interval)
	n, err := h.Store.EnqueueSocialSyncs(ctx, TypeAnalyticsSync, QueueLow, bucket, interval)
	if err == nil {
		h.Log.Info("analytics syncs queued", "count", n, "interval", interval, "bucket", bucket)
	}
	return err
}

// HandleAnalyticsSync syncs one account: refresh the token when due, fetch,
// then store one row per (account, day) and the audience in one
// transaction (running it twice changes nothing). A revoked grant or missing
// permission marks the account reconnect_needed with the platform's reason;
// a rate limit retries after the platform's wait; an unreadable answer fails
// the job with a clear message and stores nothing.
func (h *Handler) HandleAnalyticsSync(ctx context.Context, t *asynq.Task) error {
	var p AnalyticsSyncPayload
	if err := decode(t, &p); err != nil {
		return err
	}
	if h.Social == nil {
		return errNoSocial
	}
	if p.JobID != "" {
		if ok, err := h.Store.StartJob(ctx, p.JobID); err != nil || !ok {
			return err
		}
	}
	prog := store.JobProgress{}
	days, err := h.syncAccount(ctx, p, &prog)
	re, ae := social.AsReconnect(err), social.AsAnswer(err)
	switch {
	case re != nil:
		err = errors.Join(h.Store.SetSocialStatus(ctx, p.AccountID, store.SocialReconnectNeeded, re.Reason),
			h.finish(ctx, p.JobID, prog, nil, store.Errorf(store.ECONFLICT, re.Error())))
	case ae != nil:
		err = errors.Join(h.Store.SetSocialStatus(ctx, p.AccountID, store.SocialConnected, ae.Error()),
			h.finish(ctx, p.JobID, prog, nil, store.Errorf(store.EINVALID, ae.Error())))
	case store.ErrorCode(err) == store.ENOTFOUND:
		err = h.finish(ctx, p.JobID, prog, nil, store.Errorf(store.ENOTFOUND, "This account is no longer connected."))
	case err != nil:
		if rl := social.AsRateLimit(err); rl != nil {
			_ = h.Store.SetSocialStatus(ctx, p.AccountID, store.SocialConnected, "")
		}
		if lastAttempt(ctx) {
			_ = h.Store.SetSocialStatus(ctx, p.AccountID, store.SocialConnected, "")
			return h.finish(ctx, p.JobID, prog, nil, store.Errorf(store.EINTERNAL, "The platform could not be reached. Please try again later."))
		}
		return err
	default:
		prog.Processed = prog.Total
		err = h.finish(ctx, p.JobID, prog, map[string]any{"accountId": p.AccountID, "days": days}, nil)
	}
	return err
}

func lastAttempt(ctx context.Context) bool {
	n, ok1 := asynq.GetRetryCount(ctx)
	m, ok2 := asynq.GetMaxRetry(ctx)
	return ok1 && ok2 && n >= m
}

func (h *Handler) finish(ctx context.Context, jobID string, p store.JobProgress, result any, jobErr error) error {
	if jobID == "" {
		return nil
	}
	return h.Store.FinishJob(ctx, jobID, p, result, jobErr)
}

// syncAccount does the sync and returns how many days it stored. Its
// database work is one read and one write (whose commit does not wait for
// the WAL flush), so the pool's rate stays near the platforms' own.
func (h *Handler) syncAccount(ctx context.Context, p AnalyticsSyncPayload, prog *store.JobProgress) (int, error) {
	acct, sealed, err := h.Store.SocialSyncTarget(ctx, p.AccountID)
	if err != nil {
		return 0, err
	}
	if acct.Status == store.SocialReconnectNeeded {
		return 0, &social.ReconnectError{Platform: acct.Platform, Reason: "the account needs to be connected again"}
	}
	conn := h.Social.Connectors[acct.Platform]
	tok, err := h.Social.openTokens(sealed)
	if err != nil {
		return 0, err
	}
	since := h.Store.Now().UTC().AddDate(0, 0, -h.Social.HistoryDays+1)
	if acct.LastSyncedAt != nil { // again from the day before the last sync: platforms settle late figures
		since = acct.LastSyncedAt.UTC().AddDate(0, 0, -1)
	}
	prog.Total = conn.Calls(since)
	if err := h.Social.reserve(ctx, acct.Platform, prog.Total); err != nil {
		return 0, err
	}
	fresh, changed, err := conn.Refresh(ctx, tok)
	if err != nil {
		return 0, err
	}
	if changed {
		if err := h.saveTokens(ctx, acct.ID, fresh); err != nil {
			return 0, err
		}
	}
	snap, err := conn.Fetch(ctx, fresh, since, h.progress(ctx, p.JobID, prog))
	if err != nil {
		return 0, err
	}
	return len(snap.Days), h.Store.SaveSocialSnapshot(ctx, acct.ID, toStoreSnapshot(snap))
}

// progressSteps is how many progress reports a followed sync writes at
// most (a 90-day first sync makes about a hundred calls).
const progressSteps = 10

// progress counts the platform calls of a sync and, when a job follows it,
// reports them about every tenth of the planned calls.
func (h *Handler) progress(ctx context.Context, jobID string, prog *store.JobProgress) func() {
	every := max(prog.Total/progressSteps, 1)
	return func() {
		prog.Processed = min(prog.Processed+1, prog.Total)
		if jobID != "" && (prog.Processed%every == 0 || prog.Processed == prog.Total) {
			_ = h.Store.ReportJob(ctx, jobID, *prog)
		}
	}
}

func toStoreSnapshot(snap social.Snapshot) store.SocialSnapshot {
	out := store.SocialSnapshot{Username: snap.Username, FullName: snap.FullName, ExternalID: snap.ExternalID}
	for _, d := range snap.Days {
		out.Days = append(out.Days, store.SocialDay{Day: d.Day, Followers: d.Followers, Likes: d.Likes, Views: d.Views, OrganicImpressions: d.OrganicImpressions})
	}
	if snap.Demographics != nil {
		out.Demographics = []store.SocialShare{}
		for _, s := range snap.Demographics {
			out.Demographics = append(out.Demographics, store.SocialShare{Dimension: s.Dimension, Bucket: s.Bucket, Share: s.Share})
		}
	}
	return out
}

func (h *Handler) saveTokens(ctx context.Context, accountID string, tok social.Token) error {
	sealed, err := h.Social.SealTokens(tok)
	if err != nil {
		return err
	}
	return h.Store.SaveSocialTokens(ctx, accountID, sealed)
}

// SealTokens seals a token for the store.
func (s *Syncer) SealTokens(tok social.Token) (store.SealedTokens, error) {
	access, err := s.Sealer.Seal(tok.Access)
	if err != nil {
		return store.SealedTokens{}, err
	}
	refresh, err := s.Sealer.Seal(tok.Refresh)
	if err != nil {
		return store.SealedTokens{}, err
	}
	out := store.SealedTokens{Access: access, Refresh: refresh, Scopes: tok.Scopes, IssuedAt: tok.IssuedAt}
	if !tok.Expiry.IsZero() {
		out.ExpiresAt = &tok.Expiry
	}
	if !tok.RefreshExpiry.IsZero() {
		out.RefreshExpiry = &tok.RefreshExpiry
	}
	return out, nil
}

func (s *Syncer) openTokens(t *store.SealedTokens) (social.Token, error) {
	access, err := s.Sealer.Open(t.Access)
	if err != nil {
		return social.Token{}, fmt.Errorf("open access token: %w", err)
	}
	refresh, err := s.Sealer.Open(t.Refresh)
	if err != nil {
		return social.Token{}, fmt.Errorf("open refresh token: %w", err)
	}
	tok := social.Token{Access: access, Refresh: refresh, Scopes: t.Scopes, IssuedAt: t.IssuedAt}
	if t.ExpiresAt != nil {
		tok.Expiry = *t.ExpiresAt
	}
	if t.RefreshExpiry != nil {
		tok.RefreshExpiry = *t.RefreshExpiry
	}
	return tok, nil
}

// OpenTokens opens a stored grant (the api uses it to revoke on disconnect).
func (s *Syncer) OpenTokens(t *store.SealedTokens) (social.Token, error) { return s.openTokens(t) }

// reserve takes n calls from the platform's per-minute budget, shared by
// every worker through Redis; an exhausted budget waits like a 429.
func (s *Syncer) reserve(ctx context.Context, platform string, n int) error {
	limit := s.Budgets[platform]
	if s.Limiter == nil || limit <= 0 {
		return nil
	}
	res, err := s.Limiter.AllowN(ctx, "social:budget:"+platform, redis_rate.PerMinute(limit), min(n, limit))
	if err != nil {
		return nil // Redis trouble must not stop syncs; the platforms' own limits still apply
	}
	if res.Allowed == 0 {
		return &social.RateLimitError{Platform: platform, RetryAfter: max(res.RetryAfter, time.Second), Reason: "our request budget"}
	}
	return nil
}
