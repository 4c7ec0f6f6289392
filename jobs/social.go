package jobs

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/go-redis/redis_rate/v10"
	"github.com/hibiken/asynq"

	"creatorcoach/jobs/social"
	"creatorcoach/store"
)

// TypeSocialSync fetches the analytics of one social account, or of a
// batch of them, and stores them.
const TypeSocialSync = "social:sync"

// TypeSocialTick queues a sync of every connected account, spread over
// the sync interval.
const TypeSocialTick = "social:tick"

// SyncBatch is about how many accounts of one platform a scheduled sync
// task carries: one dequeue, one read and one write serve them all, where a
// task per account spent more on those than on the platforms' calls.
const SyncBatch = 50

// socialSync runs on the low queue; rate limits retry after the
// platform's wait (RetryDelay), so retries are many. It takes no task lock:
// it locks the accounts it syncs instead (store.LockSocialSyncs), so a
// scheduled batch and a "sync now" never sync one account at once.
var socialSync = TaskType{Name: TypeSocialSync, Former: []string{"analytics:sync"}, Queue: QueueLow, MaxRetry: 12, Timeout: 10 * time.Minute,
	Handle: (*Handler).HandleSocialSync, Unlocked: true}

// socialTick is periodic on SOCIAL_SYNC_INTERVAL (SocialTickPeriodic), not on a fixed cron.
var socialTick = TaskType{Name: TypeSocialTick, Former: []string{"analytics:tick"}, Queue: QueueLow, MaxRetry: 3, Timeout: 5 * time.Minute,
	Handle: (*Handler).HandleSocialTick}

// errSyncRunning is a single sync's answer while another sync holds the
// account: retried shortly, like a rate limit (it counts as no failure), and
// it then fetches only what the other sync left.
var errSyncRunning = &social.RateLimitError{RetryAfter: 5 * time.Second, Reason: "another sync of this account is running"}

// errNoSocial is the answer of the analytics tasks on a worker built without connectors.
var errNoSocial = fmt.Errorf("this worker has no social connectors: %w", asynq.SkipRetry)

// SocialSyncPayload names either one account and, for syncs the creator
// follows (first sync, "sync now"), the job that reports progress; or, for
// the scheduled syncs (HandleSocialTick), a batch of accounts and the
// start of their interval: accounts synced since then are skipped.
type SocialSyncPayload struct {
	AccountID  string     `json:"accountId,omitempty"`
	JobID      string     `json:"jobId,omitempty"`
	AccountIDs []string   `json:"accountIds,omitempty"`
	Since      *time.Time `json:"since,omitempty"`
}

// NewSocialSyncTask is the outbox task of sync job jobID of an account.
func NewSocialSyncTask(accountID, jobID string) store.Task {
	return newTask(TypeSocialSync+":"+jobID, socialSync, SocialSyncPayload{AccountID: accountID, JobID: jobID})
}

// SocialTickPeriodic is the scheduler's tick, every interval (its slots are
// the multiples of interval since the Unix epoch, like HandleSocialTick's buckets).
func SocialTickPeriodic(interval time.Duration) PeriodicTask {
	return PeriodicTask{Cronspec: "@every " + interval.String(), Task: asynq.NewTask(TypeSocialTick, nil), Opts: socialTick.options()}
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

// HandleSocialTick queues this interval's syncs (idempotent per interval).
func (h *Handler) HandleSocialTick(ctx context.Context, _ *asynq.Task) error {
	if h.Social == nil {
		return errNoSocial
	}
	interval := h.Social.Interval
	bucket := h.Store.Now().UTC().Truncate(interval)
	n, err := h.Store.EnqueueSocialSyncs(ctx, TypeSocialSync, QueueLow, bucket, interval, SyncBatch)
	if err == nil {
		h.Log.Info("analytics syncs queued", "tasks", n, "interval", interval, "bucket", bucket)
	}
	return err
}

// HandleSocialSync syncs one account (syncAccount) or a batch of them
// (syncBatch): refresh the token when due, fetch, then store one row per
// (account, day) and the audience (running it twice changes nothing). A
// revoked grant or missing permission marks the account reconnect_needed
// with the platform's reason; a rate limit retries after the platform's
// wait; an unreadable answer fails with a clear message and stores nothing.
func (h *Handler) HandleSocialSync(ctx context.Context, t *asynq.Task) error {
	var p SocialSyncPayload
	if err := decode(t, &p); err != nil {
		return err
	}
	if h.Social == nil {
		return errNoSocial
	}
	if len(p.AccountIDs) > 0 {
		return h.syncBatch(ctx, p.AccountIDs, p.Since)
	}
	return h.syncAccount(ctx, p)
}

// syncAccount syncs one account and reports on its job, if it has one.
func (h *Handler) syncAccount(ctx context.Context, p SocialSyncPayload) error {
	if p.JobID != "" {
		if ok, err := h.Store.StartJob(ctx, p.JobID); err != nil || !ok {
			return err
		}
	}
	prog := store.JobProgress{}
	days, newDays, captured, err := h.syncOne(ctx, p, &prog)
	switch {
	case err == nil:
		prog.Processed = prog.Total
		return h.finish(ctx, p.JobID, prog, map[string]any{"accountId": p.AccountID, "days": days, "newDays": newDays,
			"captured": store.CaptureCounts(captured)}, nil)
	case store.ErrorCode(err) == store.ENOTFOUND:
		return h.finish(ctx, p.JobID, prog, nil, err)
	}
	jobErr, recErr := h.syncFailed(ctx, p.AccountID, err)
	if jobErr == nil { // worth retrying
		if !lastAttempt(ctx) {
			return err
		}
		jobErr = store.Errorf(store.EINTERNAL, "The platform could not be reached. Please try again later.")
	}
	return errors.Join(recErr, h.finish(ctx, p.JobID, prog, nil, jobErr))
}

// syncOne reads the account, takes its calls from the platform's budget,
// fetches and stores; it returns how many days it fetched, how many of
// them were new (not stored before) and the campaign posts it captured for
// the first time.
func (h *Handler) syncOne(ctx context.Context, p SocialSyncPayload, prog *store.JobProgress) (days, newDays int, captured []store.NewCapture, err error) {
	// Locked before the read, so the tokens read are the ones the other
	// sync may just have refreshed.
	lock, taken, err := h.Store.LockSocialSyncs(ctx, []string{p.AccountID})
	if err != nil {
		return 0, 0, nil, err
	}
	defer lock.Release()
	targets, err := h.Store.SocialSyncTargets(ctx, taken, nil)
	if err != nil {
		return 0, 0, nil, err
	}
	if len(targets) == 0 && len(taken) == 0 {
		return 0, 0, nil, errSyncRunning
	}
	if len(targets) == 0 {
		return 0, 0, nil, store.Errorf(store.ENOTFOUND, "This account is no longer connected.")
	}
	t := targets[0]
	if t.Status == store.SocialReconnectNeeded {
		return 0, 0, nil, &social.ReconnectError{Platform: t.Platform, Reason: "the account needs to be connected again"}
	}
	prog.Total = h.Social.calls(t, h.Store.Now())
	if err := h.Social.reserve(ctx, t.Platform, prog.Total); err != nil {
		return 0, 0, nil, err
	}
	snap, err := h.fetchAccount(ctx, t, h.progress(ctx, p.JobID, prog))
	if err != nil {
		return 0, 0, nil, err
	}
	if newDays, captured, err = h.Store.SaveSocialSnapshotCaptures(ctx, snap); err != nil {
		return len(snap.Days), newDays, captured, err
	}
	h.ReadAudienceQuality(ctx, []string{t.ID})
	return len(snap.Days), newDays, captured, nil
}

// syncBatch syncs a scheduled batch of accounts: one read, their calls
// taken from the budgets at once, the platform calls account after account,
// one write for all. An account whose grant is gone or whose answer cannot
// be read gets the reason on its card, and the others go on. A rate limit
// stops the batch; what was fetched is stored, and the task is retried after
// the platform's wait, as it is after other failures worth retrying. Each
// retry reads only the accounts not synced since the interval began (since).
func (h *Handler) syncBatch(ctx context.Context, ids []string, since *time.Time) error {
	// Accounts another sync holds are left out: that sync brings them up to date.
	lock, taken, err := h.Store.LockSocialSyncs(ctx, ids)
	if err != nil {
		return err
	}
	defer lock.Release()
	targets, err := h.Store.SocialSyncTargets(ctx, taken, since)
	if err != nil {
		return err
	}
	targets = slices.DeleteFunc(targets, func(t store.SyncTarget) bool { return t.Status == store.SocialReconnectNeeded })
	calls := map[string]int{}
	for _, t := range targets {
		calls[t.Platform] += h.Social.calls(t, h.Store.Now())
	}
	for platform, n := range calls {
		if err := h.Social.reserve(ctx, platform, n); err != nil {
			return err
		}
	}
	var snaps []store.SocialSnapshot
	var retry, recorded error
	for _, t := range targets {
		if ctx.Err() != nil { // out of time: store what was fetched, retry the rest
			retry = ctx.Err()
			break
		}
		snap, err := h.fetchAccount(ctx, t, func() {})
		if err == nil {
			snaps = append(snaps, snap)
			continue
		}
		jobErr, recErr := h.syncFailed(ctx, t.ID, err)
		recorded = errors.Join(recorded, recErr)
		if jobErr == nil {
			retry = errors.Join(retry, fmt.Errorf("sync %s account %s: %w", t.Platform, t.ID, err))
			if social.AsRateLimit(err) != nil {
				break
			}
		}
	}
	// Stored even when the task ran out of time; the write is short.
	wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
	defer cancel()
	if err := h.Store.SaveSocialSnapshots(wctx, snaps); err != nil {
		return err
	}
	h.ReadAudienceQuality(wctx, snapshotIDs(snaps))
	if retry != nil && !lastAttempt(ctx) {
		return retry
	}
	if retry != nil {
		h.Log.Warn("analytics sync gave up on accounts", "err", retry)
	}
	return recorded
}

// syncFailed records on the account a failure that retrying cannot mend
// and returns it as the job's error: a grant revoked or missing a
// permission (reconnect_needed with the platform's reason) or an answer that
// cannot be read (the reason, status unchanged). Other failures (rate
// limits, the network, Postgres) are worth retrying: jobErr is nil.
func (h *Handler) syncFailed(ctx context.Context, accountID string, err error) (jobErr, recErr error) {
	if re := social.AsReconnect(err); re != nil {
		return store.Errorf(store.ECONFLICT, re.Error()), h.Store.SetSocialStatus(ctx, accountID, store.SocialReconnectNeeded, re.Reason)
	}
	if ae := social.AsAnswer(err); ae != nil {
		return store.Errorf(store.EINVALID, ae.Error()), h.Store.SetSocialStatus(ctx, accountID, store.SocialConnected, ae.Error())
	}
	return nil, nil
}

// since is the first day a sync of the account fetches: the day before its
// last sync (platforms settle late figures), or SOCIAL_HISTORY_DAYS back.
func (s *Syncer) since(t store.SyncTarget, now time.Time) time.Time {
	if t.LastSyncedAt != nil {
		return t.LastSyncedAt.UTC().AddDate(0, 0, -1)
	}
	return now.UTC().AddDate(0, 0, -s.HistoryDays+1)
}

// calls is how many platform calls a sync of the account plans at now.
func (s *Syncer) calls(t store.SyncTarget, now time.Time) int {
	conn, ok := s.Connectors[t.Platform]
	if !ok {
		return 0
	}
	since := s.since(t, now)
	n := conn.Calls(since)
	if from, to, ok := t.Capture.Range(now); ok {
		n += conn.FetchPostCalls(since, from, to)
	}
	return n
}

// fetchAccount refreshes the account's token when due (storing the new one
// at once: a platform may have retired the old refresh token) and fetches
// its figures since its last sync; report is called after each platform call.
func (h *Handler) fetchAccount(ctx context.Context, t store.SyncTarget, report func()) (store.SocialSnapshot, error) {
	conn, ok := h.Social.Connectors[t.Platform]
	if !ok {
		return store.SocialSnapshot{}, fmt.Errorf("no connector for %s", t.Platform)
	}
	tok, err := h.Social.openTokens(&t.SealedTokens)
	if err != nil {
		return store.SocialSnapshot{}, err
	}
	fresh, changed, err := conn.Refresh(ctx, tok)
	if err != nil {
		return store.SocialSnapshot{}, err
	}
	if changed {
		if err := h.saveTokens(ctx, t.ID, fresh); err != nil {
			return store.SocialSnapshot{}, err
		}
	}
	now := h.Store.Now()
	since := h.Social.since(t, now)
	from, to, capturing := t.Capture.Range(now)
	if !capturing {
		snap, err := conn.Fetch(ctx, fresh, since, report)
		if err != nil {
			return store.SocialSnapshot{}, err
		}
		out := toStoreSnapshot(snap)
		out.AccountID = t.ID
		return out, nil
	}
	snap, capture, err := conn.FetchPosts(ctx, fresh, since, social.PostQuery{From: from, To: to,
		Keep: func(text string, at time.Time) bool { return len(t.Capture.Matches(text, at)) > 0 }}, report)
	if err != nil {
		return store.SocialSnapshot{}, err
	}
	out := toStoreSnapshot(snap)
	out.AccountID = t.ID
	if out.Posts, err = h.capturedPosts(t, capture); err != nil {
		return store.SocialSnapshot{}, err
	}
	return out, nil
}

// capturedPosts turns what the sync captured (FetchPosts: the account's
// posts published in the dates of the campaigns it captures for, t.Capture,
// back to the refresh window; an account without an accepted or completed
// offer on a live campaign makes no post call) into the posts of each
// campaign whose tag they carry. A platform that refuses the post listing (a
// permission this grant lacks, an answer we cannot read) costs the capture,
// not the analytics: it is logged and the sync goes on; rate limits and
// network failures are returned (the sync is retried).
func (h *Handler) capturedPosts(t store.SyncTarget, capture social.Capture) ([]store.CampaignPost, error) {
	if err := capture.Err; social.AsReconnect(err) != nil || social.AsAnswer(err) != nil {
		h.Log.Warn("campaign posts not captured", "account", t.ID, "platform", t.Platform, "err", err)
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	var out []store.CampaignPost
	for _, p := range capture.Posts {
		for _, c := range t.Capture.Matches(p.Text, p.PublishedAt) {
			out = append(out, store.CampaignPost{CampaignID: c.CampaignID, EntryID: c.EntryID, AccountID: t.ID, Platform: t.Platform,
				ExternalID: p.ExternalID, URL: p.URL, Caption: p.Text, PublishedAt: p.PublishedAt,
				Views: p.Views, Likes: p.Likes, Comments: p.Comments, Shares: p.Shares, Reach: p.Reach})
		}
	}
	return out, nil
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
		out.Days = append(out.Days, store.SocialDay{Day: d.Day, Followers: d.Followers, Likes: d.Likes, Views: d.Views, OrganicImpressions: d.OrganicImpressions,
			Reach: d.Reach, AccountsEngaged: d.AccountsEngaged, ReachFollowers: d.ReachFollowers, ReachNonFollowers: d.ReachNonFollowers})
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

func snapshotIDs(snaps []store.SocialSnapshot) []string {
	ids := make([]string, len(snaps))
	for i, s := range snaps {
		ids[i] = s.AccountID
	}
	return ids
}
