package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// AgreementSigner is one signer as the PDF and /verify show them: a name
// and a role, never an e-mail or an IP.
type AgreementSigner struct {
	Name string    `json:"name"`
	Role string    `json:"role"`
	At   time.Time `json:"at"`
}

// AgreementPDF is the stored PDF of a signed agreement version.
type AgreementPDF struct {
	ID              string            `db:"id" json:"id"`
	EntryID         string            `db:"entry_id" json:"offerId"`
	VersionID       string            `db:"version_id" json:"-"`
	Version         int               `db:"version" json:"version"`
	TemplateVersion string            `db:"template_version" json:"templateVersion"`
	BlobKey         string            `db:"blob_key" json:"-"`
	SHA256          []byte            `db:"sha256" json:"-"`
	TextSHA256      []byte            `db:"text_sha256" json:"-"`
	Size            int64             `db:"size" json:"size"`
	SignersJSON     json.RawMessage   `db:"signers" json:"-"`
	Signers         []AgreementSigner `db:"-" json:"signers"`
	SignedAt        time.Time         `db:"signed_at" json:"signedAt"`
}

const agreementPDFCols = `p.id, p.entry_id, p.version_id, v.version, v.template_version, p.blob_key, p.sha256,
	v.sha256 AS text_sha256, p.size, p.signers, p.signed_at`

func (s *DB) getAgreementPDF(ctx context.Context, where string, args ...any) (*AgreementPDF, error) {
	var p AgreementPDF
	err := s.db.GetContext(ctx, &p, `SELECT `+agreementPDFCols+` FROM agreement_pdfs p
		JOIN agreement_versions v ON v.id = p.version_id WHERE `+where+` ORDER BY p.signed_at DESC LIMIT 1`, args...)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, Errorf(ENOTFOUND, "No signed agreement")
	}
	if err != nil {
		return nil, fmt.Errorf("agreement pdf: %w", err)
	}
	if err := json.Unmarshal(p.SignersJSON, &p.Signers); err != nil {
		return nil, fmt.Errorf("agreement signers: %w", err)
	}
	return &p, nil
}

// AgreementPDFByVersion is the PDF of agreement version versionID, if made.
func (s *DB) AgreementPDFByVersion(ctx context.Context, versionID string) (*AgreementPDF, error) {
	return s.getAgreementPDF(ctx, `p.version_id = $1`, versionID)
}

// AgreementPDFByID is the PDF record id (the signed download).
func (s *DB) AgreementPDFByID(ctx context.Context, id string) (*AgreementPDF, error) {
	if !isUUID(id) {
		return nil, Errorf(ENOTFOUND, "No signed agreement")
	}
	return s.getAgreementPDF(ctx, `p.id = $1`, id)
}

// AgreementPDFBySHA256 finds the stored PDF whose bytes hash to sum (/verify).
func (s *DB) AgreementPDFBySHA256(ctx context.Context, sum []byte) (*AgreementPDF, error) {
	return s.getAgreementPDF(ctx, `p.sha256 = $1`, sum)
}

// AgreementPDFByTextSHA256 finds the PDF of the signed version whose
// canonical text hashes to sum (/verify given the text's hash).
func (s *DB) AgreementPDFByTextSHA256(ctx context.Context, sum []byte) (*AgreementPDF, error) {
	return s.getAgreementPDF(ctx, `v.sha256 = $1`, sum)
}

// AgreementPDFFor is the latest signed PDF of offer entryID as viewer may
// see it: its creator, its brand's team, an ADMIN. ENOTFOUND for an offer
// the viewer may not see, or one not signed yet.
func (s *DB) AgreementPDFFor(ctx context.Context, viewer *User, entryID string) (*AgreementPDF, error) {
	if !isUUID(entryID) {
		return nil, Errorf(ENOTFOUND, MsgOfferNotFound)
	}
	var ok bool
	err := s.db.GetContext(ctx, &ok, `SELECT EXISTS (SELECT 1 FROM roster_entries e JOIN campaigns k ON k.id = e.campaign_id
		WHERE e.id = $1 AND k.status <> 'deleted' AND (
			$2 = 'ADMIN'
			OR ($2 = 'USER' AND e.offer_status <> 'draft' AND e.creator_id = (SELECT id FROM creators WHERE user_id = $3))
			OR ($2 LIKE 'BRAND\_%' AND k.brand_id::text = $4)))`, entryID, viewer.Role, viewer.ID, viewer.BrandID.String)
	if err != nil {
		return nil, fmt.Errorf("offer scope: %w", err)
	}
	if !ok {
		return nil, Errorf(ENOTFOUND, MsgOfferNotFound)
	}
	return s.getAgreementPDF(ctx, `p.entry_id = $1`, entryID)
}

// SaveAgreementPDF records the PDF of version p.VersionID. A version has
// one PDF: a second save (a retried task) keeps the first and returns it.
func (s *DB) SaveAgreementPDF(ctx context.Context, p *AgreementPDF) (*AgreementPDF, error) {
	signers, err := json.Marshal(p.Signers)
	if err != nil {
		return nil, err
	}
	_, err = s.db.ExecContext(ctx, `INSERT INTO agreement_pdfs (entry_id, version_id, blob_key, sha256, size, signers, signed_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (version_id) DO NOTHING`,
		p.EntryID, p.VersionID, p.BlobKey, p.SHA256, p.Size, signers, p.SignedAt.UTC().Truncate(time.Microsecond))
	if err != nil {
		return nil, fmt.Errorf("save agreement pdf: %w", err)
	}
	return s.AgreementPDFByVersion(ctx, p.VersionID)
}

// AgreementEventRow is one audit event of an offer with its actor's name
// (the certificate prints names, never e-mails or IPs).
type AgreementEventRow struct {
	At        time.Time       `db:"at"`
	ActorName sql.NullString  `db:"actor_name"`
	ActorRole string          `db:"actor_role"`
	Action    string          `db:"action"`
	After     json.RawMessage `db:"after"`
}

// AgreementSource is what the signed PDF prints of an offer: its last
// agreement version and every audit event of the offer, oldest first.
func (s *DB) AgreementSource(ctx context.Context, entryID string) (*AgreementVersion, []AgreementEventRow, error) {
	v, err := lastAgreementVersion(s.db, entryID)
	if err != nil {
		return nil, nil, err
	}
	if v == nil {
		return nil, nil, Errorf(ENOTFOUND, "No agreement")
	}
	var evs []AgreementEventRow
	err = s.db.SelectContext(ctx, &evs, `SELECT a.at, u.name AS actor_name, a.actor_role, a.action, a.after
		FROM audit_events a LEFT JOIN users u ON u.id = a.actor_id WHERE a.subject = $1 ORDER BY a.id`, "offer:"+entryID)
	if err != nil {
		return nil, nil, fmt.Errorf("agreement events: %w", err)
	}
	return v, evs, nil
}
