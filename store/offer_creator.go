package store

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"
)

// DefaultOfferTTL is how long a sent offer waits for the creator's answer
// unless DB.OfferTTL says otherwise (OFFER_TTL).
const DefaultOfferTTL = 7 * 24 * time.Hour

// offerTTL is the configured OFFER_TTL.
func (s *DB) offerTTL() time.Duration {
	if s.OfferTTL > 0 {
		return s.OfferTTL
	}
	return DefaultOfferTTL
}

// MsgOfferNotFound answers an offer that is not the creator's (or not sent yet).
const MsgOfferNotFound = "Offer not found"

// MsgOfferReason asks for a decline's reason.
const MsgOfferReason = "Tell the brand why you decline (at most 500 characters)"

// creatorOfferScope is the condition on roster_entries e of an offer a
// creator sees: sent at least once, on a live campaign, to the network
// creator linked to the USER $2.
const creatorOfferScope = `e.offer_status <> 'draft' AND e.creator_id = (SELECT id FROM creators WHERE user_id = $2)
	AND EXISTS (SELECT 1 FROM campaigns k WHERE k.id = e.campaign_id AND k.status <> 'deleted')`

// creatorOfferJSON is roster entry e as its creator sees it (campaign k,
// brand b): the brand, the campaign's brief, the amount, status, deadline
// (a sent offer's expiry), the moves the creator may make (no counter past
// the cap, no accept once the creator signed the last version), the
// creator's posts captured for the campaign and the history with the side of
// each move ($1 is OFFER_TTL in seconds).
var creatorOfferJSON = `json_build_object('_id', e.id, 'status', e.offer_status, 'amount', e.offer_amount::float8,
	'note', e.offer_note, 'platform', e.platform, 'updatedAt', e.offer_updated_at, 'sentAt', e.offer_sent_at,
	'usageAddOns', e.usage_addons,
	'deadline', CASE WHEN e.offer_status = 'sent' THEN e.offer_sent_at + make_interval(secs => $1) END,
	'counterRounds', (SELECT count(*) FROM offer_history h WHERE h.entry_id = e.id AND h.to_status = 'countered'),
	'next', (SELECT coalesce(json_agg(m), '[]') FROM json_array_elements_text(` + sideNextSQL(SideCreator) + `) m
		WHERE (m <> 'countered' OR (SELECT count(*) FROM offer_history h WHERE h.entry_id = e.id AND h.to_status = 'countered') < ` + strconv.Itoa(OfferCounterRounds) + `)
			-- A creator who signed the last version has accepted: the offer waits for the other signatures.
			AND (m <> 'accepted' OR NOT EXISTS (SELECT 1 FROM agreement_signatures sg WHERE sg.entry_id = e.id AND sg.side = 'creator'
				AND sg.version_id = (SELECT v.id FROM agreement_versions v WHERE v.entry_id = e.id ORDER BY v.version DESC LIMIT 1)))),
	'brand', json_build_object('_id', b.id, 'name', b.name),
	'campaign', json_build_object('_id', k.id, 'name', k.name, 'goals', k.goals, 'customGoal', k.custom_goal,
		'startDate', k.start_date, 'endDate', k.end_date, 'trackingTag', k.tracking_tag,
		'deliverables', (SELECT coalesce(json_agg(json_build_object('platform', coalesce(d->>'platform', ''),
			'posts', coalesce((d->>'posts')::int, 0), 'dueDate', coalesce(d->>'dueDate', ''))), '[]')
			FROM jsonb_array_elements(k.deliverables) d),
		'brief', k.brief, 'instructions', k.additional_instructions,
		'contentVibes', k.content_vibes, 'usageRights', k.content_usage, 'exclusivity', k.exclusivity,
		'guidelines', (SELECT coalesce(json_agg(json_build_object('key', coalesce(g->>'key', ''), 'name', coalesce(g->>'name', ''), 'type', coalesce(g->>'type', ''))), '[]')
			FROM jsonb_array_elements(k.brand_guidelines) g),
		'attachments', (SELECT coalesce(json_agg(json_build_object('key', coalesce(g->>'key', ''), 'name', coalesce(g->>'name', ''), 'type', coalesce(g->>'type', ''))), '[]')
			FROM jsonb_array_elements(k.reference_content) g)),
	'posts', (SELECT coalesce(json_agg(json_build_object('platform', p.platform, 'url', p.url, 'publishedAt', p.published_at,
		'capturedAt', p.captured_at) ORDER BY p.published_at), '[]') FROM campaign_posts p WHERE p.entry_id = e.id),
	'history', (SELECT coalesce(json_agg(json_build_object('at', h.at, 'side', h.actor_side, 'from', h.from_status,
		'to', h.to_status, 'amount', h.amount::float8, 'note', h.note) ORDER BY h.id), '[]')
		FROM offer_history h WHERE h.entry_id = e.id AND h.to_status <> 'draft'))`

// sideNextSQL is the JSON array of the states side may move an entry e to.
func sideNextSQL(side string) string {
	moves := sideMoves(side)
	q := `CASE e.offer_status`
	for _, st := range OfferStates {
		q += ` WHEN '` + st + `' THEN to_json(` + sqlStates(moves[st]) + `)`
	}
	return q + ` END`
}

// CreatorOffers returns a page of the USER actor's offers (those of the
// network creator linked to the account), those waiting for the creator's
// answer (sent, or a brand's new amount) first, then newest first, optionally of one
// status, as creatorOfferJSON. EINVALID for a bad status or paging;
// EFORBIDDEN for other roles.
func (s *DB) CreatorOffers(ctx context.Context, actor *User, status string, page, limit int) (Page, int, int, error) {
	if actor.Role != RoleUser {
		return Page{}, 0, 0, Errorf(EFORBIDDEN, "You don't have permission to do this")
	}
	fe := FieldErrors{}
	CheckPaging(fe, &page, &limit)
	if status != "" && (OfferMoves[status] == nil || status == OfferDraft) {
		fe.add("status", MsgOfferStatus)
	}
	if err := fe.Err(); err != nil {
		return Page{}, 0, 0, err
	}
	q, args := CreatorOfferPageSQL(actor.ID, status, page, limit, s.offerTTL())
	var total int
	p, err := s.queryPage(ctx, q, args, &total)
	if err != nil {
		return Page{}, 0, 0, fmt.Errorf("creator offers: %w", err)
	}
	p.Total = total
	return p, page, limit, nil
}

// CreatorOfferPageSQL is CreatorOffers' statement and its arguments for the
// USER userID (the benchmark's bare handler runs it): the page as JSON text,
// then the total.
func CreatorOfferPageSQL(userID, status string, page, limit int, ttl time.Duration) (string, []any) {
	where := creatorOfferScope + ` AND ($3 = '' OR e.offer_status = $3)`
	q := `SELECT coalesce(json_agg(` + creatorOfferJSON + ` ORDER BY (e.offer_status <> 'sent'), e.offer_sent_at DESC NULLS LAST, e.id DESC), '[]')::text,
		(SELECT count(*) FROM roster_entries e WHERE ` + where + `)
		FROM (SELECT e.* FROM roster_entries e WHERE ` + where + `
			ORDER BY (e.offer_status <> 'sent'), e.offer_sent_at DESC NULLS LAST, e.id DESC LIMIT $4 OFFSET $5) e
		JOIN campaigns k ON k.id = e.campaign_id JOIN brands b ON b.id = k.brand_id`
	return q, []any{ttl.Seconds(), userID, status, limit, (page - 1) * limit}
}

// CreatorOffer returns one of the USER actor's offers as creatorOfferJSON;
// ENOTFOUND for another creator's offer, a draft or an unknown id.
func (s *DB) CreatorOffer(ctx context.Context, actor *User, id string) ([]byte, error) {
	if actor.Role != RoleUser {
		return nil, Errorf(EFORBIDDEN, "You don't have permission to do this")
	}
	return creatorOffer(ctx, s.db, s.offerTTL(), actor.ID, id)
}

func creatorOffer(ctx context.Context, q sqlx.QueryerContext, ttl time.Duration, userID, id string) ([]byte, error) {
	if !isUUID(id) {
		return nil, Errorf(ENOTFOUND, MsgOfferNotFound)
	}
	var out []byte
	err := sqlx.GetContext(ctx, q, &out, `SELECT `+creatorOfferJSON+`::text FROM roster_entries e
		JOIN campaigns k ON k.id = e.campaign_id JOIN brands b ON b.id = k.brand_id
		WHERE e.id = $3 AND `+creatorOfferScope, ttl.Seconds(), userID, id)
	if ErrorCode(translate(err, "")) == ENOTFOUND {
		return nil, Errorf(ENOTFOUND, MsgOfferNotFound)
	}
	return out, err
}

// AnswerOffer makes the USER actor's move on their offer id: accepted,
// declined (note is the reason, required) or countered (amount required,
// note the message). ENOTFOUND for another's offer; ECONFLICT for a move
// the state machine refuses (also past the counter cap, or lost to a
// racing move); EINVALID for a bad amount or note. It answers the offer as
// creatorOfferJSON; mail queues the brand's mail.
func (s *DB) AnswerOffer(ctx context.Context, actor *User, id, to string, amount *Number, note *string, mail OfferMailer) ([]byte, error) {
	if actor.Role != RoleUser {
		return nil, Errorf(EFORBIDDEN, "You don't have permission to do this")
	}
	if !isUUID(id) {
		return nil, Errorf(ENOTFOUND, MsgOfferNotFound)
	}
	if to == OfferDeclined && (note == nil || *note == "" || len([]rune(*note)) > OfferNoteMax) {
		return nil, &Error{Code: EINVALID, Message: MsgOfferReason, Fields: map[string]string{"reason": MsgOfferReason}}
	}
	u := OfferUpdate{Entries: []OfferChange{{EntryID: id, Status: &to, Amount: amount, Note: note}}}
	if err := u.validate(); err != nil {
		return nil, unprefix(err)
	}
	var out []byte
	err := s.inTx(ctx, func(tx *sqlx.Tx) error {
		m := offerMove{actorID: actor.ID, side: SideCreator, change: u.Entries[0], mail: mail,
			scope: creatorOfferScope, scopeArg: actor.ID}
		if err := s.applyOffer(ctx, tx, m); err != nil {
			if ErrorCode(err) == ENOTFOUND {
				return Errorf(ENOTFOUND, MsgOfferNotFound)
			}
			return unprefix(err)
		}
		var err error
		out, err = creatorOffer(ctx, tx, s.offerTTL(), actor.ID, id)
		return err
	})
	return out, err
}

// unprefix renames the fields of an entries.0.<field> error to <field>
// (amount, status; note becomes message).
func unprefix(err error) error {
	e, ok := err.(*Error)
	if !ok || e.Fields == nil {
		return err
	}
	out := &Error{Code: e.Code, Message: e.Message, Fields: map[string]string{}}
	for k, v := range e.Fields {
		switch k = strings.TrimPrefix(k, "entries.0."); k {
		case "note":
			k = "message"
		case "entryId":
			k = "id"
		}
		out.Fields[k] = v
	}
	return out
}

// ExpireOffers moves every offer sent more than OFFER_TTL ago to expired,
// each in the history by the system, with a mail to both sides; it returns
// how many expired. Idempotent: an expired offer is no longer sent.
func (s *DB) ExpireOffers(ctx context.Context, mail OfferMailer) (int, error) {
	var ids []string
	cutoff := s.now().Add(-s.offerTTL())
	if err := s.db.SelectContext(ctx, &ids, `SELECT id FROM roster_entries WHERE offer_status = 'sent' AND offer_sent_at <= $1
		ORDER BY offer_sent_at LIMIT 10000`, cutoff); err != nil {
		return 0, fmt.Errorf("find expired offers: %w", err)
	}
	n := 0
	to := OfferExpired
	for _, id := range ids {
		err := s.inTx(ctx, func(tx *sqlx.Tx) error {
			return s.applyOffer(ctx, tx, offerMove{side: SideSystem, change: OfferChange{EntryID: id, Status: &to}, mail: mail,
				scope: `e.offer_sent_at <= $2`, scopeArg: cutoff})
		})
		switch ErrorCode(err) {
		case "":
			n++
		case ENOTFOUND, ECONFLICT: // answered or resent meanwhile
		default:
			return n, fmt.Errorf("expire offer %s: %w", id, err)
		}
	}
	return n, nil
}

// OfferMail is what the mail of one offer move says and to whom.
type OfferMail struct {
	From         string   `db:"from_status"`
	To           string   `db:"to_status"`
	Side         string   `db:"actor_side"`
	Amount       *float64 `db:"amount"`
	Note         string   `db:"note"`
	CreatorName  string   `db:"creator_name"`
	CampaignName string   `db:"campaign_name"`
	BrandName    string   `db:"brand_name"`
	BrandID      string   `db:"brand_id"`
	// Emails are the recipients: the linked creator account and/or the
	// brand's BRAND_ADMIN and BRAND_MANAGER members.
	CreatorEmails []string `db:"-"`
	BrandEmails   []string `db:"-"`
}

// OfferMailOf loads the mail of offer history row id; nil when the row is gone.
func (s *DB) OfferMailOf(ctx context.Context, historyID int64) (*OfferMail, error) {
	var m OfferMail
	err := s.db.GetContext(ctx, &m, `SELECT h.from_status, h.to_status, h.actor_side, h.amount::float8 AS amount, h.note,
		c.name AS creator_name, k.name AS campaign_name, b.name AS brand_name, b.id AS brand_id
		FROM offer_history h JOIN roster_entries e ON e.id = h.entry_id JOIN creators c ON c.id = e.creator_id
		JOIN campaigns k ON k.id = e.campaign_id JOIN brands b ON b.id = k.brand_id WHERE h.id = $1`, historyID)
	if ErrorCode(translate(err, "")) == ENOTFOUND {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("offer mail %s: %w", strconv.FormatInt(historyID, 10), err)
	}
	for _, side := range OfferMailTo(m.From, m.To) {
		var err error
		if side == SideCreator {
			err = s.db.SelectContext(ctx, &m.CreatorEmails, `SELECT u.email FROM offer_history h JOIN roster_entries e ON e.id = h.entry_id
				JOIN creators c ON c.id = e.creator_id JOIN users u ON u.id = c.user_id WHERE h.id = $1 AND u.deleted_at IS NULL`, historyID)
		} else {
			err = s.db.SelectContext(ctx, &m.BrandEmails, `SELECT email FROM users WHERE brand_id = $1 AND deleted_at IS NULL
				AND role IN ('BRAND_ADMIN', 'BRAND_MANAGER') ORDER BY email`, m.BrandID)
		}
		if err != nil {
			return nil, fmt.Errorf("offer mail recipients: %w", err)
		}
	}
	return &m, nil
}
