package store

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"
)

var errCampaignNotFound = Errorf(ENOTFOUND, "Campaign not found")

// campaignEditor checks that actor may create and change campaigns: a
// BRAND_ADMIN or BRAND_MANAGER of a brand. EFORBIDDEN otherwise.
func campaignEditor(actor *User) error {
	if (actor.Role != RoleBrandAdmin && actor.Role != RoleBrandManager) || actor.Brand == nil {
		return Errorf(EFORBIDDEN, "You don't have permission to do this")
	}
	return nil
}

// campaignScope is the brand whose campaigns viewer may read: the viewer's
// own for brand roles, "" (every brand) for ADMIN. EFORBIDDEN for others.
func campaignScope(viewer *User) (string, error) {
	switch {
	case viewer.Role == RoleAdmin:
		return "", nil
	case viewer.IsBrand() && viewer.Brand != nil:
		return viewer.Brand.ID, nil
	}
	return "", Errorf(EFORBIDDEN, "You don't have permission to do this")
}

// getCampaign reads a live (not deleted) campaign; brandID "" means any brand.
func getCampaign(q sqlx.Queryer, id, brandID string, lock bool) (*Campaign, error) {
	if !isUUID(id) {
		return nil, errCampaignNotFound
	}
	query := `SELECT ` + campaignColumns + ` FROM campaigns WHERE id = $1 AND status <> 'deleted'`
	args := []any{id}
	if brandID != "" {
		query += ` AND brand_id = $2`
		args = append(args, brandID)
	}
	if lock {
		query += ` FOR UPDATE`
	}
	var r campaignRow
	if err := sqlx.Get(q, &r, query, args...); err != nil {
		return nil, translate(err, "Campaign")
	}
	c := r.campaign()
	return &c, nil
}

// resolveCampaignFiles replaces the campaign's attachments with the upload
// records they name and checks its criteria's niches; EINVALID when a key
// is unknown or foreign, or a niche id names no niche.
func resolveCampaignFiles(tx *sqlx.Tx, c *Campaign, actorID string) error {
	if err := checkNiches(tx, c); err != nil {
		return err
	}
	f := FieldErrors{}
	var err error
	if c.BrandGuidelines, err = resolveAttachments(tx, f, "brandGuidelines", c.BrandID, actorID, c.BrandGuidelines); err != nil {
		return err
	}
	if c.ReferenceContent, err = resolveAttachments(tx, f, "referenceContent", c.BrandID, actorID, c.ReferenceContent); err != nil {
		return err
	}
	return f.Err()
}

// CreateCampaign creates a campaign of actor's brand (status draft unless
// given). EFORBIDDEN unless actor is a BRAND_ADMIN or BRAND_MANAGER;
// EINVALID with field errors for any rule of Campaign.Validate or an unknown file key.
func (s *DB) CreateCampaign(ctx context.Context, actor *User, c Campaign) (*Campaign, error) {
	if err := campaignEditor(actor); err != nil {
		return nil, err
	}
	if err := c.Validate(s.now(), ""); err != nil {
		return nil, err
	}
	var out *Campaign
	chosen := c.TrackingTag
	err := s.withTrackingTag(ctx, chosen == "", func() error {
		return s.inTx(ctx, func(tx *sqlx.Tx) error {
			c.ID, c.BrandID = uuid.NewString(), actor.Brand.ID
			if err := resolveCampaignFiles(tx, &c, actor.ID); err != nil {
				return err
			}
			if err := setTrackingTag(tx, &c, chosen); err != nil {
				return err
			}
			var err error
			out, err = insertCampaign(tx, actor, c, s.now())
			return err
		})
	})
	return out, err
}

// setTrackingTag gives a new campaign the tag chosen (EINVALID when another
// live campaign of the brand holds it) or, when none was, one made from
// the brand's and the campaign's names.
func setTrackingTag(tx *sqlx.Tx, c *Campaign, chosen string) error {
	if chosen != "" {
		taken, err := tagInUse(tx, c.BrandID, "", chosen)
		if err != nil {
			return err
		}
		if taken {
			return tagTakenError()
		}
		c.TrackingTag = chosen
		return nil
	}
	var brandName string
	if err := tx.Get(&brandName, `SELECT name FROM brands WHERE id = $1`, c.BrandID); err != nil {
		return fmt.Errorf("brand name: %w", err)
	}
	tag, err := freeTrackingTag(tx, c.BrandID, "", TrackingTagBase(brandName, c.CampaignName))
	c.TrackingTag = tag
	return err
}

// insertCampaign writes the new campaign c and reads it back.
func insertCampaign(tx *sqlx.Tx, actor *User, c Campaign, now time.Time) (*Campaign, error) {
	c.CreatedBy, c.UpdatedBy, c.CreatedAt, c.UpdatedAt = &actor.ID, &actor.ID, now, now
	row, err := c.row()
	if err != nil {
		return nil, err
	}
	if _, err := tx.NamedExec(campaignInsertSQL, row); err != nil {
		return nil, fmt.Errorf("insert campaign: %w", err)
	}
	return getCampaign(tx, c.ID, c.BrandID, false)
}

// UpdateCampaign changes a campaign of actor's brand: apply edits a copy of
// the stored campaign (the API merges the request's JSON into it, so absent
// fields stay as they are); the result is validated as on create and the
// status change checked against the transitions documented on CampaignDraft.
// ENOTFOUND for another brand's, a deleted or an unknown campaign;
// ECONFLICT for a completed campaign or a disallowed transition; EFORBIDDEN
// unless actor is a BRAND_ADMIN or BRAND_MANAGER; EINVALID as on create.
func (s *DB) UpdateCampaign(ctx context.Context, actor *User, id string, apply func(*Campaign) error) (*Campaign, error) {
	if err := campaignEditor(actor); err != nil {
		return nil, err
	}
	var out *Campaign
	err := s.withTrackingTag(ctx, false, func() error {
		return s.inTx(ctx, func(tx *sqlx.Tx) error {
			cur, err := getCampaign(tx, id, actor.Brand.ID, true)
			if err != nil {
				return err
			}
			oldStatus, oldStart := cur.Status, cur.Duration.StartDate
			if oldStatus == CampaignCompleted {
				return checkTransition(oldStatus, oldStatus)
			}
			next := *cur
			if err := apply(&next); err != nil {
				return Errorf(EINVALID, "Malformed campaign")
			}
			next.ID, next.BrandID, next.CreatedBy, next.CreatedAt = cur.ID, cur.BrandID, cur.CreatedBy, cur.CreatedAt
			if next.Status == "" {
				next.Status = oldStatus
			}
			if err := next.Validate(s.now(), oldStart); err != nil {
				return err
			}
			if err := checkTransition(oldStatus, next.Status); err != nil {
				return err
			}
			if err := checkTagChange(tx, cur, &next, oldStatus); err != nil {
				return err
			}
			if err := resolveCampaignFiles(tx, &next, actor.ID); err != nil {
				return err
			}
			next.UpdatedBy, next.UpdatedAt = &actor.ID, s.now()
			row, err := next.row()
			if err != nil {
				return err
			}
			if _, err := tx.NamedExec(campaignUpdateSQL, row); err != nil {
				return fmt.Errorf("update campaign %s: %w", id, err)
			}
			out, err = getCampaign(tx, id, actor.Brand.ID, false)
			return err
		})
	})
	return out, err
}

// checkTagChange checks a change of the tracking tag: only while the stored
// campaign is a draft, never to empty, never to a tag another live campaign
// of the brand holds (each an EINVALID field error on trackingTag).
func checkTagChange(tx *sqlx.Tx, cur, next *Campaign, oldStatus string) error {
	if next.TrackingTag == cur.TrackingTag {
		return nil
	}
	fail := func(msg string) error {
		return &Error{Code: EINVALID, Message: msg, Fields: map[string]string{"trackingTag": msg}}
	}
	switch {
	case oldStatus != CampaignDraft:
		return fail(MsgTagLocked)
	case next.TrackingTag == "":
		return fail(MsgTagRequired)
	}
	taken, err := tagInUse(tx, cur.BrandID, cur.ID, next.TrackingTag)
	if err != nil {
		return err
	}
	if taken {
		return tagTakenError()
	}
	return nil
}

// DeleteCampaign soft-deletes a campaign of actor's brand (status deleted,
// from any status); it then disappears from every read. ENOTFOUND for
// another brand's, an already deleted or an unknown campaign; EFORBIDDEN
// unless actor is a BRAND_ADMIN or BRAND_MANAGER.
func (s *DB) DeleteCampaign(ctx context.Context, actor *User, id string) error {
	if err := campaignEditor(actor); err != nil {
		return err
	}
	if !isUUID(id) {
		return errCampaignNotFound
	}
	return s.inTx(ctx, func(tx *sqlx.Tx) error {
		res, err := tx.Exec(`UPDATE campaigns SET status = 'deleted', deleted_at = $3, updated_at = $3, updated_by = $4
			WHERE id = $1 AND brand_id = $2 AND status <> 'deleted'`, id, actor.Brand.ID, s.now(), actor.ID)
		if err != nil {
			return fmt.Errorf("delete campaign %s: %w", id, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return errCampaignNotFound
		}
		return nil
	})
}

// GetCampaign returns a live campaign: brand roles see only their brand's
// (another brand's is ENOTFOUND), ADMIN sees every brand's. EFORBIDDEN for USER.
func (s *DB) GetCampaign(ctx context.Context, viewer *User, id string) (*Campaign, error) {
	brandID, err := campaignScope(viewer)
	if err != nil {
		return nil, err
	}
	return getCampaign(s.db, id, brandID, false)
}

// CampaignFilter selects a page of campaigns for ListCampaigns.
type CampaignFilter struct {
	BrandID string // ADMIN only: one brand's campaigns (brand roles always see their own brand)
	Search  string // part of the campaign name, case-insensitive
	Status  string // draft, active or completed; "" = every live status
	Page    int    // 1 to MaxPage; 0 means 1
	Limit   int    // 1 to MaxPageLimit; 0 means 10
}

// Validate trims the filter and applies the paging rule (CheckPaging);
// EINVALID with field errors for a bad page, limit or status.
func (f *CampaignFilter) Validate() error {
	f.Search, f.Status = strings.TrimSpace(f.Search), strings.TrimSpace(f.Status)
	fe := FieldErrors{}
	CheckPaging(fe, &f.Page, &f.Limit)
	if f.Status != "" && f.Status != CampaignDraft && f.Status != CampaignActive && f.Status != CampaignCompleted {
		fe.add("status", MsgStatusInvalid)
	}
	return fe.Err()
}

// ListCampaigns returns a page of live campaigns, newest first, and how many
// match in all. Brand roles see their brand's; ADMIN every brand's or
// f.BrandID's. Entries are Campaign's JSON, with attachments listed without
// download links (GET one campaign for those). EINVALID for an unknown
// status filter or a page or limit outside the paging rule; EFORBIDDEN for USER.
func (s *DB) ListCampaigns(ctx context.Context, viewer *User, f CampaignFilter) (Page, error) {
	brandID, err := campaignScope(viewer)
	if err != nil {
		return Page{}, err
	}
	if brandID == "" {
		brandID = f.BrandID
	}
	if err := f.Validate(); err != nil {
		return Page{}, err
	}
	if brandID != "" && !isUUID(brandID) {
		return Page{Items: json.RawMessage("[]")}, nil
	}
	query, args := CampaignPageSQL(brandID, f)
	var total int
	p, err := s.queryPage(ctx, query, args, &total)
	if err != nil {
		return Page{}, fmt.Errorf("list campaigns: %w", err)
	}
	p.Total = total
	return p, nil
}

// CampaignPageSQL returns the one statement ListCampaigns runs for a page of
// brandID's campaigns ("" = every brand): the page as a JSON array and the
// total of matches. Its arguments are $1, $2, ...; f must be valid (Validate).
// Exported for the benchmark's pgbench baseline.
func CampaignPageSQL(brandID string, f CampaignFilter) (string, []any) {
	where, args := campaignWhere(brandID, f)
	args = append(args, f.Limit, (f.Page-1)*f.Limit)
	return `SELECT coalesce(json_agg(` + campaignJSON + ` ORDER BY c.created_at DESC, c.id DESC), '[]')::text,
		(SELECT count(*) FROM campaigns WHERE ` + where + `)
		FROM (SELECT * FROM campaigns WHERE ` + where + ` ORDER BY created_at DESC, id DESC
		LIMIT $` + strconv.Itoa(len(args)-1) + ` OFFSET $` + strconv.Itoa(len(args)) + `) c`, args
}

// campaignWhere is the WHERE clause of the list query (it matches the
// partial indexes of migration 00002) and its arguments.
func campaignWhere(brandID string, f CampaignFilter) (string, []any) {
	where, args := []string{`status <> 'deleted'`}, []any{}
	if brandID != "" {
		args = append(args, brandID)
		where = append(where, `brand_id = $`+strconv.Itoa(len(args)))
	}
	if f.Status != "" {
		args = append(args, f.Status)
		where = append(where, `status = $`+strconv.Itoa(len(args)))
	}
	if f.Search != "" {
		args = append(args, likeContaining(f.Search))
		where = append(where, `name ILIKE $`+strconv.Itoa(len(args)))
	}
	return strings.Join(where, " AND "), args
}

// CampaignSummary holds the dashboard figures over live (not deleted) campaigns.
type CampaignSummary struct {
	Active        int           `db:"active" json:"active"`
	Drafts        int           `db:"drafts" json:"drafts"`
	Completed     int           `db:"completed" json:"completed"`
	Total         int           `db:"total" json:"total"`
	TotalBudget   float64       `db:"total_budget" json:"totalBudget"`
	AverageBudget float64       `db:"average_budget" json:"averageBudget"`
	NextCampaign  *NextCampaign `db:"-" json:"nextCampaign"`
	// Performance is Mission Control's: the active campaigns' measured
	// figures this month (campaignPerformanceQuery).
	Performance json.RawMessage `db:"-" json:"performance"`
	// UsageEnding are the posts whose paid usage ends within a week (UsageEnding).
	UsageEnding []UsageEndingPost `db:"-" json:"usageEnding"`
}

// NextCampaign is the draft or active campaign starting soonest, today or later.
type NextCampaign struct {
	ID           string    `db:"id" json:"_id"`
	CampaignName string    `db:"name" json:"campaignName"`
	Status       string    `db:"status" json:"status"`
	Start        time.Time `db:"start_date" json:"-"`
	StartDate    string    `db:"-" json:"startDate"`
}

// SummarizeCampaigns returns the dashboard figures of viewer's brand (ADMIN:
// brandID's, or every brand's when brandID is ""). EFORBIDDEN for USER.
func (s *DB) SummarizeCampaigns(ctx context.Context, viewer *User, brandID string) (*CampaignSummary, error) {
	scope, err := campaignScope(viewer)
	if err != nil {
		return nil, err
	}
	if scope != "" {
		brandID = scope
	}
	if brandID != "" && !isUUID(brandID) {
		brandID = noBrand
	}
	query, brand := campaignSummaryAnySQL, any(nil)
	if brandID != "" {
		query, brand = campaignSummaryBrandSQL, brandID
	}
	now := s.now()
	first := time.Date(now.UTC().Year(), now.UTC().Month(), 1, 0, 0, 0, 0, time.UTC)
	next := first.AddDate(0, 1, 0)
	var row struct {
		CampaignSummary
		NextID      *string    `db:"next_id"`
		NextName    *string    `db:"next_name"`
		NextStatus  *string    `db:"next_status"`
		NextStart   *time.Time `db:"next_start"`
		Performance string     `db:"performance"`
	}
	if err := s.getPrepared(ctx, &row, query, brand, first.Format(time.DateOnly), next.AddDate(0, 0, -1).Format(time.DateOnly),
		first, next, first.Format("2006-01"), now.Format(time.DateOnly)); err != nil {
		return nil, fmt.Errorf("summarize campaigns: %w", err)
	}
	sum := row.CampaignSummary
	if row.NextID != nil {
		sum.NextCampaign = &NextCampaign{ID: *row.NextID, CampaignName: *row.NextName, Status: *row.NextStatus,
			Start: *row.NextStart, StartDate: row.NextStart.Format(time.DateOnly)}
	}
	sum.Performance = json.RawMessage(row.Performance)
	if sum.UsageEnding, err = s.UsageEnding(ctx, brandID); err != nil {
		return nil, err
	}
	return &sum, nil
}

// campaignSummaryBrandSQL and campaignSummaryAnySQL answer the summary's
// counts, next campaign and performance in one statement (one round trip
// instead of three), for brand $1 or, the second, every brand when $1 is
// NULL; $2 to $6 are campaignPerformanceQuery's, $7 today. The brand's
// statement names the brand as brand_id = $1 so that its generic plan reads
// the brand's campaigns by index.
var (
	campaignSummaryBrandSQL = campaignSummarySQL(brandSQL)
	campaignSummaryAnySQL   = campaignSummarySQL(anyBrandSQL)
)

// campaignSummarySQL builds the summary statement with brand as the
// condition on $1 (brandSQL or anyBrandSQL): the counts over live campaigns,
// the draft or active campaign starting soonest from $7 on (NULL columns
// when none) and the performance's JSON text.
func campaignSummarySQL(brand func(col string) string) string {
	return `SELECT s.*, n.id AS next_id, n.name AS next_name, n.status AS next_status, n.start_date AS next_start,
		(` + campaignPerformanceQuery(brand) + `) AS performance
	FROM (SELECT count(*) FILTER (WHERE status = 'active') AS active,
			count(*) FILTER (WHERE status = 'draft') AS drafts, count(*) FILTER (WHERE status = 'completed') AS completed,
			count(*) AS total, coalesce(sum(budget), 0) AS total_budget, coalesce(round(avg(budget), 2), 0) AS average_budget
		FROM campaigns WHERE status <> 'deleted' AND ` + brand("brand_id") + `) s
	LEFT JOIN LATERAL (SELECT id, name, status, start_date FROM campaigns
		WHERE status <> 'deleted' AND ` + brand("brand_id") + ` AND status IN ('draft', 'active') AND start_date >= $7
		ORDER BY start_date, created_at LIMIT 1) n ON true`
}
