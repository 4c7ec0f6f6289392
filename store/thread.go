package store

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"
)

// Sides of a thread: who wrote a message. An ADMIN writes as "support".
const (
	ThreadCreator = "creator"
	ThreadBrand   = "brand"
	ThreadSupport = "support"
)

// Thread limits and messages.
const (
	ThreadBodyMax        = 4000
	ThreadAttachmentsMax = 5
	// ThreadClosedAfter is how long the thread of a declined, withdrawn or
	// expired offer stays open for writing.
	ThreadClosedAfter = 30 * 24 * time.Hour

	MsgThreadNotFound    = "Conversation not found"
	MsgThreadBody        = "Write a message of at most 4,000 characters"
	MsgThreadAttachments = "Attach at most 5 files"
	MsgThreadReadOnly    = "This conversation is closed: the offer ended more than 30 days ago"
	MsgThreadViewer      = "Viewers can read this conversation but not write in it"
	MsgThreadBefore      = "Unknown position in the conversation"
	MsgThreadReason      = "Say why you report this message (at most 500 characters)"
	MsgThreadReported    = "You reported this message already"
	MsgThreadMessage     = "Message not found"
)

// endedStates are the offer states after which a thread closes
// ThreadClosedAfter later.
var endedStates = []string{OfferDeclined, OfferWithdrawn, OfferExpired}

// Thread is what a person may do in one offer's conversation.
type Thread struct {
	EntryID       string     `db:"id"`
	CampaignID    string     `db:"campaign_id"`
	BrandID       string     `db:"brand_id"`
	CreatorUserID *string    `db:"creator_user_id"`
	Status        string     `db:"offer_status"`
	UpdatedAt     *time.Time `db:"offer_updated_at"`
	// Side is the caller's side; CanWrite whether the role writes at all;
	// ReadOnly whether the thread is closed for everyone.
	Side     string `db:"-"`
	CanWrite bool   `db:"-"`
	ReadOnly bool   `db:"-"`
}

// ThreadAccessSQL finds the thread of offer $1 with what decides who may
// see it.
const ThreadAccessSQL = `SELECT e.id, e.campaign_id, k.brand_id, c.user_id AS creator_user_id, e.offer_status, e.offer_updated_at
	FROM roster_entries e JOIN campaigns k ON k.id = e.campaign_id JOIN creators c ON c.id = e.creator_id
	WHERE e.id = $1 AND e.offer_status <> 'draft' AND k.status <> 'deleted'`

// threadAccess finds entry id's thread as actor sees it: ENOTFOUND
// MsgThreadNotFound for an offer never sent, on a deleted campaign, of
// another brand or another creator.
func (s *DB) threadAccess(ctx context.Context, q sqlx.QueryerContext, actor *User, id string) (*Thread, error) {
	notFound := Errorf(ENOTFOUND, MsgThreadNotFound)
	if !isUUID(id) {
		return nil, notFound
	}
	var t Thread
	var err error
	if q == sqlx.QueryerContext(s.db) {
		err = s.getPrepared(ctx, &t, ThreadAccessSQL, id) // the thread page's hot path: planned once
	} else {
		err = sqlx.GetContext(ctx, q, &t, ThreadAccessSQL, id)
	}
	if err != nil {
		if ErrorCode(translate(err, "")) == ENOTFOUND {
			return nil, notFound
		}
		return nil, fmt.Errorf("find thread: %w", err)
	}
	switch {
	case actor.Role == RoleAdmin:
		t.Side, t.CanWrite = ThreadSupport, true
	case actor.IsBrand() && actor.Brand != nil && actor.Brand.ID == t.BrandID:
		t.Side, t.CanWrite = ThreadBrand, actor.Role != RoleBrandViewer
	case actor.Role == RoleUser && t.CreatorUserID != nil && *t.CreatorUserID == actor.ID:
		t.Side, t.CanWrite = ThreadCreator, true
	default:
		return nil, notFound
	}
	for _, st := range endedStates {
		if t.Status == st && t.UpdatedAt != nil && s.now().Sub(*t.UpdatedAt) > ThreadClosedAfter {
			t.ReadOnly = true
		}
	}
	return &t, nil
}

// writable is nil when actor may write in t: EFORBIDDEN for a BRAND_VIEWER,
// ECONFLICT once the thread is closed.
func (t *Thread) writable() error {
	if !t.CanWrite {
		return Errorf(EFORBIDDEN, MsgThreadViewer)
	}
	if t.ReadOnly {
		return Errorf(ECONFLICT, MsgThreadReadOnly)
	}
	return nil
}

// ThreadItemKinds are the kinds of a thread's time line.
var ThreadItemKinds = []string{"message", "move", "draft", "post"}

// threadItemID is an item's id on the wire: <kind>-<number>.
var threadItemID = regexp.MustCompile(`^(message|move|draft|post)-([0-9]{1,18})$`)

// threadItemsSQL is the time line of thread $1, one row per item: at, the
// kind's order at equal times, the number, and the item's JSON. $2 is the
// reader's id (for "mine").
const threadItemsSQL = `
	SELECT m.created_at AS at, 1 AS ko, m.id AS n, json_build_object('_id', 'message-' || m.id, 'kind', 'message', 'at', m.created_at,
		'side', m.author_side, 'mine', m.author_id = $2, 'author', CASE WHEN m.author_side = 'support' THEN 'Support' ELSE coalesce(u.name, 'Former member') END,
		'body', m.body, 'offPlatform', to_json(m.off_platform), 'attachments',
		(SELECT coalesce(json_agg(json_build_object('key', a.key, 'name', a.name, 'type', a.type, 'size', a.size) ORDER BY a.position), '[]')
			FROM thread_attachments a WHERE a.message_id = m.id)) AS item
	FROM thread_messages m LEFT JOIN users u ON u.id = m.author_id WHERE m.entry_id = $1
	UNION ALL
	SELECT h.at, 0, h.id, json_build_object('_id', 'move-' || h.id, 'kind', 'move', 'at', h.at, 'side', h.actor_side,
		'from', h.from_status, 'to', h.to_status, 'amount', h.amount::float8, 'note', h.note)
	FROM offer_history h WHERE h.entry_id = $1 AND h.to_status <> 'draft'
	UNION ALL
	SELECT d.created_at, 2, d.id, json_build_object('_id', 'draft-' || d.id, 'kind', 'draft', 'at', d.created_at, 'version', d.version,
		'platform', d.platform, 'caption', d.caption, 'link', d.link, 'media', d.media, 'missing', to_json(d.missing), 'status', d.status,
		'review', CASE WHEN d.reviewed_at IS NULL THEN NULL ELSE json_build_object('side', d.review_side, 'comment', d.review_comment, 'at', d.reviewed_at) END)
	FROM thread_drafts d WHERE d.entry_id = $1
	UNION ALL
	SELECT p.published_at, 3, row_number() OVER (ORDER BY p.published_at, p.id), json_build_object('kind', 'post', 'at', p.published_at,
		'platform', p.platform, 'url', p.url, 'caption', p.caption, 'postId', p.id)
	FROM campaign_posts p WHERE p.entry_id = $1`

// ThreadPage is one page of a thread's time line, newest first.
type ThreadPage struct {
	Items      json.RawMessage `json:"items"`
	NextBefore string          `json:"nextBefore"` // the before of the next (older) page; "" on the last page
}

// ThreadPageSQL is a page of the time line of offer $1 for user $2: the
// items older than item $3 (empty: from the newest), newest first, at most $4.
var ThreadPageSQL = `WITH items AS (` + threadItemsSQL + `), keyed AS (
		SELECT at, ko, n, item, coalesce(item->>'_id', 'post-' || n) AS item_id FROM items),
	cur AS (SELECT at, ko, n FROM keyed WHERE item_id = $3)
	SELECT (item::jsonb || jsonb_build_object('_id', item_id))::text AS item, item_id FROM keyed
	WHERE $3 = '' OR (at, ko, n) < (SELECT at, ko, n FROM cur)
	ORDER BY at DESC, ko DESC, n DESC LIMIT $4`

// ThreadItems returns up to limit (1-100, 0 = 20) items of entry id's thread
// older than the item before ("" = the newest), newest first, paged by item
// id. ENOTFOUND for a thread actor may not see, EINVALID for a bad before or
// limit.
func (s *DB) ThreadItems(ctx context.Context, actor *User, id, before string, limit int) (*Thread, *ThreadPage, error) {
	if limit == 0 {
		limit = 20
	}
	fe := FieldErrors{}
	if limit < 1 || limit > MaxPageLimit {
		fe.add("limit", "Must be between 1 and "+strconv.Itoa(MaxPageLimit))
	}
	if before != "" && !threadItemID.MatchString(before) {
		fe.add("before", MsgThreadBefore)
	}
	if err := fe.Err(); err != nil {
		return nil, nil, err
	}
	t, err := s.threadAccess(ctx, s.db, actor, id)
	if err != nil {
		return nil, nil, err
	}
	var rows []struct {
		Item []byte `db:"item"`
		ID   string `db:"item_id"`
	}
	if err := s.selectPrepared(ctx, &rows, ThreadPageSQL, t.EntryID, actor.ID, before, limit+1); err != nil {
		return nil, nil, fmt.Errorf("thread items: %w", err)
	}
	page := &ThreadPage{}
	if len(rows) > limit {
		rows = rows[:limit]
		page.NextBefore = rows[limit-1].ID
	}
	parts := make([]string, len(rows))
	for i, r := range rows {
		parts[i] = string(r.Item)
	}
	page.Items = json.RawMessage("[" + strings.Join(parts, ",") + "]")
	if page.Items, err = s.annotatePosts(ctx, t.EntryID, page.Items); err != nil {
		return nil, nil, err
	}
	return t, page, nil
}

// ThreadInfoSQL is the head of offer $1's thread page for user $2 on side $3
// ($4 may write, $5 read-only), as JSON.
const ThreadInfoSQL = `SELECT json_build_object('_id', e.id, 'status', e.offer_status, 'amount', e.offer_amount::float8,
		'platform', e.platform, 'campaign', json_build_object('_id', k.id, 'name', k.name, 'trackingTag', k.tracking_tag),
		'brand', json_build_object('_id', b.id, 'name', b.name), 'creator', json_build_object('_id', c.id, 'name', c.name),
		'side', $3::text, 'canWrite', $4::bool, 'readOnly', $5::bool,
		'lastReadId', coalesce((SELECT r.last_read_id FROM thread_reads r WHERE r.entry_id = e.id AND r.user_id = $2), 0),
		'unread', (SELECT count(*) FROM thread_messages m WHERE m.entry_id = e.id AND m.author_id IS DISTINCT FROM $2
			AND m.id > coalesce((SELECT r.last_read_id FROM thread_reads r WHERE r.entry_id = e.id AND r.user_id = $2), 0)))::text
		FROM roster_entries e JOIN campaigns k ON k.id = e.campaign_id JOIN brands b ON b.id = k.brand_id
		JOIN creators c ON c.id = e.creator_id WHERE e.id = $1`

// ThreadInfo is the head of a thread's page for actor: the offer, the
// campaign, both sides' names, what the caller may do, the last message
// the caller read and the unread count.
func (s *DB) ThreadInfo(ctx context.Context, actor *User, t *Thread) (json.RawMessage, error) {
	var out []byte
	err := s.getPrepared(ctx, &out, ThreadInfoSQL, t.EntryID, actor.ID, t.Side, t.CanWrite && !t.ReadOnly, t.ReadOnly)
	if err != nil {
		return nil, fmt.Errorf("thread info: %w", err)
	}
	return out, nil
}

// ThreadWritable is nil when actor may write in entry id's thread:
// ENOTFOUND for one actor may not see, EFORBIDDEN for a BRAND_VIEWER,
// ECONFLICT once it is closed.
func (s *DB) ThreadWritable(ctx context.Context, actor *User, id string) error {
	t, err := s.threadAccess(ctx, s.db, actor, id)
	if err != nil {
		return err
	}
	return t.writable()
}
