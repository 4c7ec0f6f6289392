package store

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"
)

// FreeQuestions is how many questions a creator without a running
// subscription may ask the coach in all (the browser shows 5 free credits,
// minus one per chat entry, never below 0). A failed entry spends none, nor
// does a free one (answered without data: nothing connected).
const FreeQuestions = 5

// FreeAnswersPerDay is how many free answers (questions the creator's data
// cannot answer, see SaveCoachAnswer) one creator may receive in 24 hours;
// past it a question is ERATELIMITED until the oldest of them is a day old.
const FreeAnswersPerDay = 50

// JobKindCoachReply is the job kind of a question's reply.
const JobKindCoachReply = "coach_reply"

// DefaultCoachMonthlyCap is the subscribers' fair-use cap of questions per
// calendar month when COACH_MONTHLY_CAP is not set.
const DefaultCoachMonthlyCap = 300

// CoachMonthlyCap is the fair-use cap in force when configured is the
// configured one (COACH_MONTHLY_CAP): the default when it is 0 or less.
func CoachMonthlyCap(configured int) int {
	if configured <= 0 {
		return DefaultCoachMonthlyCap
	}
	return configured
}

// MaxQuestionLength is the longest question accepted, in characters.
const MaxQuestionLength = 500

// Chat entry statuses: pending while the coach:reply task runs, then
// answered, or failed with a reason.
const (
	ChatPending  = "pending"
	ChatAnswered = "answered"
	ChatFailed   = "failed"
)

// ChatQuestion is the body of POST /api/chats. Platform scopes the facts the
// coach uses; empty means every connected platform.
type ChatQuestion struct {
	Question string `json:"question"`
	Platform string `json:"platform"`
}

// Validate trims the question and checks both fields (EINVALID with field errors).
func (q *ChatQuestion) Validate() error {
	fe := FieldErrors{}
	q.Question = strings.TrimSpace(q.Question)
	q.Platform = strings.ToLower(strings.TrimSpace(q.Platform))
	switch {
	case q.Question == "":
		fe.add("question", "Please enter a question")
	case utf8.RuneCountInString(q.Question) > MaxQuestionLength:
		fe.add("question", "Question must be less than "+strconv.Itoa(MaxQuestionLength)+" characters")
	case !utf8.ValidString(q.Question) || strings.ContainsRune(q.Question, 0):
		fe.add("question", "Question contains characters that are not allowed")
	}
	if q.Platform == "all" {
		q.Platform = ""
	}
	if err := checkPlatform(q.Platform); err != "" {
		fe.add("platform", err)
	}
	return fe.Err()
}

// checkPlatform returns the field message for a platform filter that is
// neither empty nor a known platform.
func checkPlatform(p string) string {
	if p == "" || platformIndex(p) >= 0 {
		return ""
	}
	return "Platform must be one of " + strings.Join(Platforms, ", ")
}

// Ask records a question as a pending entry of the creator's chat, with a
// job and the task that answers it (built by task from the entry and job
// IDs), in one transaction. Credits are checked in the same step, under a
// lock on the creator's chat row, so questions sent at the same moment never
// spend more than is left: without a running subscription (ended_at not
// past) a creator may ask FreeQuestions in all, else EPAYMENTREQUIRED; with
// one, monthlyCap questions per calendar month (UTC; see CoachMonthlyCap),
// else ERATELIMITED. Entries that failed (the coach gave up) and free ones
// (the creator's data could not answer them, SaveCoachAnswer) are not counted.
// It returns the entry as the API shows it (its body, see migration 00018).
func (s *DB) Ask(ctx context.Context, userID string, q ChatQuestion, monthlyCap int,
	task func(entryID, jobID string) Task) (json.RawMessage, error) {
	if err := q.Validate(); err != nil {
		return nil, err
	}
	monthlyCap = CoachMonthlyCap(monthlyCap)
	now := s.now()
	entryID, jobID := uuid.NewString(), uuid.NewString()
	t := task(entryID, jobID)
	var entry json.RawMessage
	err := s.inTx(ctx, func(tx *sqlx.Tx) error {
		var chatID string
		// ON CONFLICT DO UPDATE locks the chat row until commit: the credit check below is serialised per creator.
		if err := s.txGet(ctx, tx, &chatID, `INSERT INTO chats (user_id, created_at) VALUES ($1, $2)
			ON CONFLICT (user_id) DO UPDATE SET user_id = EXCLUDED.user_id RETURNING id`, userID, now); err != nil {
			return fmt.Errorf("lock chat: %w", err)
		}
		if err := s.checkCredits(ctx, tx, userID, now, monthlyCap); err != nil {
			return err
		}
		// The job, the entry and the outbox row in one statement.
		err := s.txGet(ctx, tx, &entry, `WITH j AS (`+insertJobSQL("$3", "'"+JobKindCoachReply+"'", "$2", "$6")+`),
			o AS (INSERT INTO task_outbox (task_key, task_type, queue, payload, process_at) VALUES ($7, $8, $9, $10, $11))
			INSERT INTO chat_entries (id, chat_id, user_id, job_id, question, platform, created_at)
			VALUES ($4, $1, $2, $3, $5, $12, $6) RETURNING body`,
			chatID, userID, jobID, entryID, q.Question, now, t.Key, t.Type, t.Queue, t.Payload, t.ProcessAt, q.Platform)
		if err != nil {
			return fmt.Errorf("insert chat entry: %w", err)
		}
		return nil
	})
	return entry, err
}

// checkCredits refuses a question the creator has no credit for (see Ask).
func (s *DB) checkCredits(ctx context.Context, tx *sqlx.Tx, userID string, now time.Time, monthlyCap int) error {
	month := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC)
	var c struct {
		Subscribed bool       `db:"subscribed"`
		Total      int        `db:"total"`
		ThisMonth  int        `db:"this_month"`
		FreeToday  int        `db:"free_today"`
		FirstFree  *time.Time `db:"first_free"`
	}
	err := s.txGet(ctx, tx, &c, `SELECT
		EXISTS (SELECT 1 FROM subscriptions WHERE user_id = $1 AND ended_at >= $2) AS subscribed,
		(SELECT count(*) FROM chat_entries WHERE user_id = $1 AND status <> 'failed' AND NOT free) AS total,
		(SELECT count(*) FROM chat_entries WHERE user_id = $1 AND status <> 'failed' AND NOT free AND created_at >= $3) AS this_month,
		f.n AS free_today, f.first AS first_free
		FROM (SELECT count(*) AS n, min(created_at) AS first FROM chat_entries
			WHERE user_id = $1 AND (free OR status = 'pending') AND created_at > $2::timestamptz - interval '1 day') f`, userID, now, month)
	if err != nil {
		return fmt.Errorf("count questions: %w", err)
	}
	switch {
	case c.FreeToday >= FreeAnswersPerDay && c.FirstFree != nil:
		e := Errorf(ERATELIMITED, "You have asked "+strconv.Itoa(FreeAnswersPerDay)+" questions your data could not answer today. "+
			"Connect an account, or ask again later.")
		e.RetryAfter = c.FirstFree.Add(24 * time.Hour).Sub(now)
		return e
	case !c.Subscribed && c.Total >= FreeQuestions:
		return Errorf(EPAYMENTREQUIRED, "You have used your "+strconv.Itoa(FreeQuestions)+" free questions. Subscribe to keep asking.")
	case c.Subscribed && c.ThisMonth >= monthlyCap:
		e := Errorf(ERATELIMITED, "You have asked "+strconv.Itoa(monthlyCap)+" questions this month, the fair-use limit. "+
			"You can ask again from "+month.AddDate(0, 1, 0).Format("January 2")+".")
		e.RetryAfter = month.AddDate(0, 1, 0).Sub(now)
		return e
	}
	return nil
}

// ChatFilter selects the caller's chats: Platform ("" = all) keeps only
// entries asked with that platform filter, and chats having some.
type ChatFilter struct {
	Platform    string
	Page, Limit int
}

// Validate checks the filter and fills page defaults (EINVALID with field errors).
func (f *ChatFilter) Validate() error {
	fe := FieldErrors{}
	f.Platform = strings.ToLower(strings.TrimSpace(f.Platform))
	if f.Platform == "all" {
		f.Platform = ""
	}
	if msg := checkPlatform(f.Platform); msg != "" {
		fe.add("platform", msg)
	}
	CheckPaging(fe, &f.Page, &f.Limit)
	return fe.Err()
}

// chatListQuery answers one page of a creator's chats ($1 user, $2
// platform, $3 limit, $4 offset), newest first, each with its entries
// oldest first (their stored bodies), and the total, in one statement.
const chatListQuery = `WITH scoped AS (
	SELECT c.id, c.created_at FROM chats c WHERE c.user_id = $1
		AND ($2 = '' OR EXISTS (SELECT 1 FROM chat_entries e WHERE e.chat_id = c.id AND e.platform = $2))),
page AS (SELECT id, created_at FROM scoped ORDER BY created_at DESC, id LIMIT $3 OFFSET $4)
SELECT coalesce((SELECT json_agg(json_build_object('_id', p.id, 'platform', nullif($2, ''), 'createdAt', p.created_at,
		'data', (SELECT coalesce(json_agg(e.body ORDER BY e.seq), '[]')
			FROM chat_entries e WHERE e.chat_id = p.id AND ($2 = '' OR e.platform = $2)))
		ORDER BY p.created_at DESC, p.id) FROM page p), '[]'),
	(SELECT count(*) FROM scoped)`

// ChatListQuery is the SQL of ListChats, for benchmarks' bare handlers.
const ChatListQuery = chatListQuery

// ListChats returns a page of the user's chats (only their own); it
// validates f (ChatFilter.Validate), the one place that does.
func (s *DB) ListChats(ctx context.Context, userID string, f ChatFilter) (Page, error) {
	if err := f.Validate(); err != nil {
		return Page{}, err
	}
	var total int
	p, err := s.queryPage(ctx, chatListQuery, []any{userID, f.Platform, f.Limit, (f.Page - 1) * f.Limit}, &total)
	if err != nil {
		return Page{}, fmt.Errorf("list chats: %w", err)
	}
	p.Total = total
	return p, nil
}
