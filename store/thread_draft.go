package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"
)

// DefaultAutoApproveAfter is how long a submitted draft waits for the
// brand's review before the system approves it, unless DB.AutoApproveAfter
// (AUTO_APPROVE_AFTER) or the campaign says otherwise.
const DefaultAutoApproveAfter = 48 * time.Hour

// Draft statuses and review decisions.
const (
	DraftSubmitted  = "submitted"
	DraftApproved   = "approved"
	DraftChanges    = "changes_requested"
	DraftSuperseded = "superseded"

	ReviewApprove = "approve"
	ReviewChanges = "request_changes"
)

// Draft limits and messages.
const (
	DraftCaptionMax = 2200
	DraftCommentMax = 2000
	DraftLinkMax    = 500

	MsgDraftCaption   = "Write a caption of at most 2,200 characters"
	MsgDraftLink      = "Give an https link of at most 500 characters"
	MsgDraftNotOpen   = "Drafts start once the offer is accepted"
	MsgDraftCreator   = "Only the creator submits drafts"
	MsgDraftApproved  = "The draft is approved already"
	MsgDraftReviewer  = "Only the brand's team reviews drafts"
	MsgDraftDecision  = "Choose approve or request_changes"
	MsgDraftComment   = "Say what to change (at most 2,000 characters)"
	MsgDraftNotFound  = "Draft not found"
	MsgDraftNotLatest = "Only the latest submitted draft can be reviewed"
	MsgPostDiffers    = "differs from the approved draft"
)

// DisclosureWords are the paid-partnership words a caption must hold one
// of, per platform (compared case-insensitively, as whole words). The
// campaign's tracking tag (#tag) must be there too.
var DisclosureWords = map[string][]string{
	Instagram: {"#ad", "#sponsored", "#werbung", "#anzeige", "#paidpartnership", "#partner"},
	TikTok:    {"#ad", "#sponsored", "#werbung", "#anzeige", "#paidpartnership"},
	YouTube:   {"#ad", "#sponsored", "#werbung", "#anzeige", "#paidpromotion"},
	LinkedIn:  {"#ad", "#sponsored", "#werbung", "#anzeige", "#partnership"},
}

// DisclosureMissing answers what caption lacks on platform: "disclosure"
// when none of the platform's DisclosureWords is there, and "#<tag>" when
// the campaign's tracking tag is missing (none for an empty tag).
func DisclosureMissing(platform, caption, tag string) []string {
	words := captionWords(caption)
	missing := []string{}
	list, ok := DisclosureWords[platform]
	if !ok {
		list = DisclosureWords[Instagram]
	}
	found := false
	for _, w := range list {
		if words[w] {
			found = true
			break
		}
	}
	if !found {
		missing = append(missing, "disclosure")
	}
	if tag = NormalizeTrackingTag(tag); tag != "" && !words["#"+tag] {
		missing = append(missing, "#"+tag)
	}
	return missing
}

// captionWords is the set of caption's words, lower case, cut at anything
// but letters, digits, '#' and '@' ("#ad," counts as "#ad").
func captionWords(caption string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(caption), func(r rune) bool {
		return !(r == '#' || r == '@' || r == '\'' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127)
	}) {
		out[w] = true
	}
	return out
}

// DraftIn is a draft version: the caption, the platform (default the
// offer's), an optional link to a private upload, the keys of uploaded media.
type DraftIn struct {
	Caption  string `json:"caption"`
	Platform string `json:"platform"`
	Link     string `json:"link"`
	Media    []struct {
		Key string `json:"key"`
	} `json:"media"`
}

// check trims in and adds its field errors to fe.
func (in *DraftIn) check(fe FieldErrors) {
	in.Caption = strings.TrimSpace(in.Caption)
	if n := len([]rune(in.Caption)); n < 1 || n > DraftCaptionMax || strings.ContainsRune(in.Caption, 0) {
		fe.add("caption", MsgDraftCaption)
	}
	if in.Platform != "" && !IsPlatform(in.Platform) {
		fe.add("platform", MsgPlatformChoice)
	}
	in.Link = strings.TrimSpace(in.Link)
	if in.Link != "" {
		u, err := url.Parse(in.Link)
		if err != nil || u.Scheme != "https" || u.Host == "" || len(in.Link) > DraftLinkMax {
			fe.add("link", MsgDraftLink)
		}
	}
	if len(in.Media) > ThreadAttachmentsMax {
		fe.add("media", MsgThreadAttachments)
	}
}

// DraftCheck answers what a caption on platform ("" = the offer's) lacks in
// entry id's thread (see DisclosureMissing), before the creator submits it.
func (s *DB) DraftCheck(ctx context.Context, actor *User, id, platform, caption string) ([]string, error) {
	t, err := s.threadAccess(ctx, s.db, actor, id)
	if err != nil {
		return nil, err
	}
	if platform != "" && !IsPlatform(platform) {
		return nil, FieldErrors{"platform": MsgPlatformChoice}.Err()
	}
	var tag, offerPlatform string
	if err := s.db.QueryRowxContext(ctx, `SELECT k.tracking_tag, e.platform FROM roster_entries e JOIN campaigns k ON k.id = e.campaign_id WHERE e.id = $1`,
		t.EntryID).Scan(&tag, &offerPlatform); err != nil {
		return nil, fmt.Errorf("draft check: %w", err)
	}
	if platform == "" {
		platform = offerPlatform
	}
	return DisclosureMissing(platform, caption, tag), nil
}

// draftItem answers draft did of thread entry as a time line item.
func draftItem(ctx context.Context, tx *sqlx.Tx, entry, actorID string, did int64) (json.RawMessage, error) {
	var out []byte
	q := `SELECT item::text FROM (` + threadItemsSQL + `) i WHERE ko = 2 AND n = $3`
	err := tx.GetContext(ctx, &out, q, entry, actorID, did)
	return out, err
}

// SubmitDraft adds the creator's next draft version to entry id's thread;
// an earlier draft still waiting for review is superseded. With approval
// turned off for the campaign, the system approves it at once. It answers
// the draft (a time line item, with "missing") and the event to publish.
// ENOTFOUND for a thread actor may not see, EFORBIDDEN for anyone but the
// creator, ECONFLICT before acceptance, after an approved draft or in a
// closed thread, EINVALID for bad input.
func (s *DB) SubmitDraft(ctx context.Context, actor *User, id string, in DraftIn) (json.RawMessage, ThreadEvent, error) {
	var out json.RawMessage
	var ev ThreadEvent
	fe := FieldErrors{}
	in.check(fe)
	err := s.inTx(ctx, func(tx *sqlx.Tx) error {
		t, err := s.threadAccess(ctx, tx, actor, id)
		if err != nil {
			return err
		}
		if err := t.writable(); err != nil {
			return err
		}
		if t.Side != ThreadCreator {
			return Errorf(EFORBIDDEN, MsgDraftCreator)
		}
		var st struct {
			Status   string `db:"offer_status"`
			Platform string `db:"platform"`
			Tag      string `db:"tracking_tag"`
			Required *bool  `db:"required"`
		}
		if err := tx.GetContext(ctx, &st, `SELECT e.offer_status, e.platform, k.tracking_tag, a.required FROM roster_entries e
			JOIN campaigns k ON k.id = e.campaign_id LEFT JOIN thread_approval a ON a.campaign_id = k.id
			WHERE e.id = $1 FOR UPDATE OF e`, t.EntryID); err != nil {
			return fmt.Errorf("draft offer: %w", err)
		}
		if st.Status != OfferAccepted && st.Status != OfferCompleted {
			return Errorf(ECONFLICT, MsgDraftNotOpen)
		}
		var approved bool
		if err := tx.GetContext(ctx, &approved, `SELECT EXISTS (SELECT 1 FROM thread_drafts WHERE entry_id = $1 AND status = 'approved')`, t.EntryID); err != nil {
			return fmt.Errorf("approved draft: %w", err)
		}
		if approved {
			return Errorf(ECONFLICT, MsgDraftApproved)
		}
		files, err := ownFiles(ctx, tx, fe, actor, ThreadMessageIn{Attachments: in.Media})
		if err != nil {
			return err
		}
		for k, v := range fe {
			if strings.HasPrefix(k, "attachments.") {
				delete(fe, k)
				fe["media."+strings.TrimPrefix(k, "attachments.")] = v
			}
		}
		if err := fe.Err(); err != nil {
			return err
		}
		if in.Platform == "" {
			in.Platform = st.Platform
		}
		media := make([]map[string]any, len(files))
		for i, f := range files {
			media[i] = map[string]any{"key": f.Key, "name": f.Name, "type": f.Type, "size": f.Size}
		}
		mediaJSON, _ := json.Marshal(media)
		if _, err := tx.ExecContext(ctx, `UPDATE thread_drafts SET status = 'superseded' WHERE entry_id = $1 AND status = 'submitted'`, t.EntryID); err != nil {
			return fmt.Errorf("supersede draft: %w", err)
		}
		now := s.now()
		status, side, reviewed := DraftSubmitted, (*string)(nil), (*time.Time)(nil)
		if st.Required != nil && !*st.Required {
			sys := "system"
			status, side, reviewed = DraftApproved, &sys, &now
		}
		var did int64
		if err := tx.GetContext(ctx, &did, `INSERT INTO thread_drafts (entry_id, version, author_id, platform, caption, link, media, missing,
				status, review_side, created_at, reviewed_at)
			VALUES ($1, (SELECT coalesce(max(version), 0) + 1 FROM thread_drafts WHERE entry_id = $1), $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
			t.EntryID, actor.ID, in.Platform, in.Caption, in.Link, mediaJSON, pq.Array(DisclosureMissing(in.Platform, in.Caption, st.Tag)),
			status, side, now, reviewed); err != nil {
			return fmt.Errorf("insert draft: %w", err)
		}
		if ev, err = addEvent(ctx, tx, t, "draft"); err != nil {
			return fmt.Errorf("draft event: %w", err)
		}
		out, err = draftItem(ctx, tx, t.EntryID, actor.ID, did)
		return err
	})
	return out, ev, err
}

// ReviewIn is the brand's review of a draft.
type ReviewIn struct {
	Decision string `json:"decision"` // approve or request_changes
	Comment  string `json:"comment"`  // required to request changes
}

// ReviewDraft records the review of draft draftID of entry id's thread by
// the brand's team (or an ADMIN as support): approve, or request changes
// with a comment. It answers the draft and the event to publish. ENOTFOUND
// for a thread actor may not see or a draft not in it, EFORBIDDEN for the
// creator or a BRAND_VIEWER, ECONFLICT for a draft no longer waiting for
// review, EINVALID for a bad decision or comment.
func (s *DB) ReviewDraft(ctx context.Context, actor *User, id string, draftID int64, in ReviewIn) (json.RawMessage, ThreadEvent, error) {
	var out json.RawMessage
	var ev ThreadEvent
	fe := FieldErrors{}
	in.Comment = strings.TrimSpace(in.Comment)
	switch in.Decision {
	case ReviewApprove:
	case ReviewChanges:
		if in.Comment == "" {
			fe.add("comment", MsgDraftComment)
		}
	default:
		fe.add("decision", MsgDraftDecision)
	}
	if len([]rune(in.Comment)) > DraftCommentMax || strings.ContainsRune(in.Comment, 0) {
		fe.add("comment", MsgDraftComment)
	}
	err := s.inTx(ctx, func(tx *sqlx.Tx) error {
		t, err := s.threadAccess(ctx, tx, actor, id)
		if err != nil {
			return err
		}
		if err := t.writable(); err != nil {
			return err
		}
		if t.Side == ThreadCreator {
			return Errorf(EFORBIDDEN, MsgDraftReviewer)
		}
		var status string
		err = tx.GetContext(ctx, &status, `SELECT status FROM thread_drafts WHERE id = $1 AND entry_id = $2 FOR UPDATE`, draftID, t.EntryID)
		if ErrorCode(translate(err, "")) == ENOTFOUND {
			return Errorf(ENOTFOUND, MsgDraftNotFound)
		}
		if err != nil {
			return fmt.Errorf("find draft: %w", err)
		}
		if err := fe.Err(); err != nil {
			return err
		}
		if status != DraftSubmitted {
			return Errorf(ECONFLICT, MsgDraftNotLatest)
		}
		next := DraftApproved
		if in.Decision == ReviewChanges {
			next = DraftChanges
		}
		if _, err := tx.ExecContext(ctx, `UPDATE thread_drafts SET status = $2, review_side = $3, reviewer_id = $4, review_comment = $5, reviewed_at = $6
			WHERE id = $1`, draftID, next, t.Side, actor.ID, in.Comment, s.now()); err != nil {
			return fmt.Errorf("review draft: %w", err)
		}
		if ev, err = addEvent(ctx, tx, t, "review"); err != nil {
			return fmt.Errorf("review event: %w", err)
		}
		out, err = draftItem(ctx, tx, t.EntryID, actor.ID, draftID)
		return err
	})
	return out, ev, err
}

// autoApproveAfter is the configured AUTO_APPROVE_AFTER.
func (s *DB) autoApproveAfter() time.Duration {
	if s.AutoApproveAfter > 0 {
		return s.AutoApproveAfter
	}
	return DefaultAutoApproveAfter
}

// AutoApproveDrafts approves, as the system, every draft waiting for review
// longer than its campaign's delay (AUTO_APPROVE_AFTER unless the campaign
// sets one) and answers the events to publish (both sides see the review in
// the thread). Two runs at once approve each draft once: the update takes
// only rows still submitted.
func (s *DB) AutoApproveDrafts(ctx context.Context) ([]ThreadEvent, error) {
	var evs []ThreadEvent
	err := s.inTx(ctx, func(tx *sqlx.Tx) error {
		return tx.SelectContext(ctx, &evs, `WITH due AS (
				UPDATE thread_drafts d SET status = 'approved', review_side = 'system', reviewed_at = $1
				FROM roster_entries e JOIN campaigns k ON k.id = e.campaign_id LEFT JOIN thread_approval a ON a.campaign_id = k.id
				WHERE d.entry_id = e.id AND d.status = 'submitted' AND k.status <> 'deleted'
				AND d.created_at <= $1::timestamptz - make_interval(secs => coalesce(a.auto_seconds, $2)::float8)
				RETURNING d.entry_id, k.brand_id)
			INSERT INTO thread_events (entry_id, kind, brand_id, creator_user_id)
			SELECT due.entry_id, 'review', due.brand_id, c.user_id FROM due JOIN roster_entries e ON e.id = due.entry_id
			JOIN creators c ON c.id = e.creator_id
			RETURNING id, entry_id, kind, brand_id, creator_user_id`, s.now(), int64(s.autoApproveAfter()/time.Second))
	})
	if err != nil {
		return nil, fmt.Errorf("auto-approve drafts: %w", err)
	}
	return evs, nil
}

// SetDraftApproval sets campaign id's draft approval: required or not, and
// the auto-approval delay in hours (0 = AUTO_APPROVE_AFTER). ENOTFOUND for
// a campaign of another brand, EINVALID for hours outside 1-720.
func (s *DB) SetDraftApproval(ctx context.Context, actor *User, id string, required bool, hours int) error {
	if hours < 0 || hours > 720 {
		return FieldErrors{"autoApproveHours": "Must be between 1 and 720 hours (0 for the default)"}.Err()
	}
	if !isUUID(id) || actor.Brand == nil {
		return errCampaignNotFound
	}
	var secs *int
	if hours > 0 {
		v := hours * 3600
		secs = &v
	}
	res, err := s.db.ExecContext(ctx, `INSERT INTO thread_approval (campaign_id, required, auto_seconds)
		SELECT id, $3, $4 FROM campaigns WHERE id = $1 AND brand_id = $2 AND status <> 'deleted'
		ON CONFLICT (campaign_id) DO UPDATE SET required = EXCLUDED.required, auto_seconds = EXCLUDED.auto_seconds`, id, actor.Brand.ID, required, secs)
	if err != nil {
		return fmt.Errorf("draft approval: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errCampaignNotFound
	}
	return nil
}

// DraftApproval is a campaign's draft approval: whether drafts wait for the
// brand's review, and after how many hours the system approves one (0 =
// AUTO_APPROVE_AFTER, whose hours DefaultHours gives).
type DraftApproval struct {
	Required         bool `json:"required"`
	AutoApproveHours int  `json:"autoApproveHours"`
	DefaultHours     int  `json:"defaultHours"`
}

// GetDraftApproval answers campaign id's draft approval for a member of its
// brand (an ADMIN reads any). ENOTFOUND for another brand's campaign.
func (s *DB) GetDraftApproval(ctx context.Context, actor *User, id string) (DraftApproval, error) {
	out := DraftApproval{Required: true, DefaultHours: int(DefaultAutoApproveAfter / time.Hour)}
	if s.AutoApproveAfter > 0 {
		out.DefaultHours = int(s.AutoApproveAfter / time.Hour)
	}
	brand := ""
	if actor.Brand != nil {
		brand = actor.Brand.ID
	}
	if !isUUID(id) || (brand == "" && actor.Role != RoleAdmin) {
		return out, errCampaignNotFound
	}
	var row struct {
		Required sql.NullBool  `db:"required"`
		Seconds  sql.NullInt64 `db:"auto_seconds"`
	}
	err := s.db.GetContext(ctx, &row, `SELECT a.required, a.auto_seconds FROM campaigns k LEFT JOIN thread_approval a ON a.campaign_id = k.id
		WHERE k.id = $1 AND ($2 = '' OR k.brand_id::text = $2) AND k.status <> 'deleted'`, id, brand)
	if errors.Is(err, sql.ErrNoRows) {
		return out, errCampaignNotFound
	}
	if err != nil {
		return out, fmt.Errorf("draft approval: %w", err)
	}
	if row.Required.Valid {
		out.Required = row.Required.Bool
	}
	if row.Seconds.Valid {
		out.AutoApproveHours = int(row.Seconds.Int64 / 3600)
	}
	return out, nil
}
