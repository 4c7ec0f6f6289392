package store

import (
	"context"
	"fmt"
	"slices"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"
)

// AgreementSummary is one offer's signature state, as a roster row shows it:
// the current version, the sides it needs and those still missing, whether
// the signed PDF is ready and whether the caller may sign now.
type AgreementSummary struct {
	OfferID          string   `json:"offerId"`
	OfferStatus      string   `json:"offerStatus"`
	CurrentVersionID *string  `json:"currentVersionId"`
	VersionNumber    int      `json:"versionNumber"`
	Required         []string `json:"required"`
	Missing          []string `json:"missing"`
	PDFReady         bool     `json:"pdfReady"`
	CanSign          bool     `json:"canSign"`
}

// CampaignAgreementSummaries answers the agreement summary of every offer of
// campaignID that has an agreement (a version), in rank order, in two
// queries whatever the number of offers. The campaign's brand members and an
// ADMIN read it; another brand's, a deleted or an unknown campaign is
// ENOTFOUND.
func (s *DB) CampaignAgreementSummaries(ctx context.Context, viewer *User, campaignID string) ([]AgreementSummary, error) {
	if !isUUID(campaignID) {
		return nil, errCampaignNotFound
	}
	b, err := getBrief(s.db, campaignID, false)
	if err != nil {
		return nil, err
	}
	brandID := viewer.BrandID.String
	if brandID == "" && viewer.Brand != nil {
		brandID = viewer.Brand.ID
	}
	if viewer.Role != RoleAdmin && (brandID == "" || b.BrandID != brandID) {
		return nil, errCampaignNotFound
	}
	side, _ := signerSide(viewer)
	var rows []struct {
		OfferID   string `db:"id"`
		Status    string `db:"offer_status"`
		VersionID string `db:"version_id"`
		Version   int    `db:"version"`
		PDF       bool   `db:"pdf"`
	}
	err = sqlx.SelectContext(ctx, s.db, &rows, `SELECT e.id, e.offer_status, lv.id AS version_id, lv.version,
			EXISTS (SELECT 1 FROM agreement_pdfs p WHERE p.version_id = lv.id) AS pdf
		FROM roster_entries e
		JOIN LATERAL (SELECT id, version FROM agreement_versions WHERE entry_id = e.id ORDER BY version DESC LIMIT 1) lv ON true
		WHERE e.campaign_id = $1 ORDER BY e.rank`, campaignID)
	if err != nil {
		return nil, fmt.Errorf("agreement summaries: %w", err)
	}
	out := make([]AgreementSummary, 0, len(rows))
	if len(rows) == 0 {
		return out, nil
	}
	versions := make([]string, len(rows))
	for i, r := range rows {
		versions[i] = r.VersionID
	}
	var sigs []AgreementSignature
	err = sqlx.SelectContext(ctx, s.db, &sigs, `SELECT version_id, side, full_name, role, signed_at, user_id, minor, text_sha256
		FROM agreement_signatures WHERE version_id::text = ANY($1) ORDER BY signed_at, id`, pq.Array(versions))
	if err != nil {
		return nil, fmt.Errorf("agreement summary signatures: %w", err)
	}
	for _, r := range rows {
		vid := r.VersionID
		sum := AgreementSummary{OfferID: r.OfferID, OfferStatus: r.Status, CurrentVersionID: &vid, VersionNumber: r.Version, PDFReady: r.PDF}
		sum.Required, sum.Missing = signaturesNeeded(sigs, vid)
		sum.CanSign = side == SignBrand && slices.Contains(sum.Missing, side) && (r.Status == OfferSent || r.Status == OfferCountered)
		out = append(out, sum)
	}
	return out, nil
}
