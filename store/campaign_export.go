package store

import (
	"context"
	"fmt"
)

// JobKindCampaignExportPDF is the job of a campaign's results PDF
// (task campaign:export_pdf).
const JobKindCampaignExportPDF = "campaign_export_pdf"

// RequestResultsPDF checks that viewer may read campaign id's results and
// queues the PDF job for viewer with its task (built by task from the job
// id) in one transaction. ENOTFOUND for another brand's, a deleted or an
// unknown campaign; EFORBIDDEN for roles that cannot read campaigns.
func (s *DB) RequestResultsPDF(ctx context.Context, viewer *User, id string, task func(jobID string) Task) (*Job, error) {
	if err := s.CheckCampaignReader(ctx, viewer, id); err != nil {
		return nil, err
	}
	return s.CreateJob(ctx, JobKindCampaignExportPDF, viewer.ID, task)
}

// CreateExportFile records a file the product made for ownerID from
// campaign id (a results PDF) whose bytes are stored under key: a file like
// an upload, downloaded by a signed link and removed by the file purge once
// a day old (nothing names it). It is made by us, not uploaded, so it takes
// no upload quota check.
func (s *DB) CreateExportFile(ctx context.Context, ownerID, campaignID, key, name, mime string, size int64) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO files (key, owner_id, brand_id, name, type, size, created_at)
		SELECT $1, u.id, c.brand_id, $4, $5, $6, $7 FROM campaigns c LEFT JOIN users u ON u.id = NULLIF($2, '')::uuid
		WHERE c.id = $3`, key, ownerID, campaignID, name, mime, size, s.now())
	if err != nil {
		return fmt.Errorf("insert export file: %w", translate(err, "File"))
	}
	return nil
}
