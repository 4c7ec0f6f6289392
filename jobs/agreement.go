package jobs

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"time"

	"github.com/hibiken/asynq"

	"creatorcoach/jobs/agreementpdf"
	"creatorcoach/store"
)

// TypeAgreementPDF draws a signed agreement's PDF and stores it.
const TypeAgreementPDF = "agreement:pdf"

// agreementPDF runs on the default queue: both sides wait for the download.
var agreementPDF = TaskType{Name: TypeAgreementPDF, Queue: QueueDefault, MaxRetry: 10, Timeout: time.Minute,
	Handle: (*Handler).HandleAgreementPDF}

// AgreementPDFPayload names the signed version and its signatures, as the
// signing transaction fixed them.
type AgreementPDFPayload struct {
	EntryID    string                   `json:"entryId"`
	VersionID  string                   `json:"versionId"`
	SignedAt   time.Time                `json:"signedAt"`
	Signatures []agreementpdf.Signature `json:"signatures"`
}

// NewAgreementPDFTask is the outbox task that makes the PDF of signed
// version versionID of offer entryID; the transaction that completes the
// signatures queues it. One task per version (its key).
func NewAgreementPDFTask(entryID, versionID string, signedAt time.Time, sigs []agreementpdf.Signature) store.Task {
	return newTask("agreement:pdf:"+versionID, agreementPDF,
		AgreementPDFPayload{EntryID: entryID, VersionID: versionID, SignedAt: signedAt.UTC(), Signatures: sigs})
}

// HandleAgreementPDF runs RenderSignedAgreement; a retry after the PDF was
// saved finds it and stops.
func (h *Handler) HandleAgreementPDF(ctx context.Context, t *asynq.Task) error {
	var p AgreementPDFPayload
	if err := decode(t, &p); err != nil {
		return err
	}
	_, err := h.RenderSignedAgreement(ctx, p.EntryID, p.VersionID, p.SignedAt, p.Signatures)
	if store.ErrorCode(err) == store.ENOTFOUND {
		return fmt.Errorf("%w: %w", err, asynq.SkipRetry) // the offer or version is gone
	}
	return err
}

// AgreementPDFKey is where the PDF of agreement version versionID is stored.
func AgreementPDFKey(entryID, versionID string) string {
	return "agreements/" + entryID + "/" + versionID + ".pdf"
}

// RenderSignedAgreement draws the PDF of offer entryID's signed version
// versionID (its text, sigs, the offer's captured posts with their usage
// and the audit certificate), stores it through the storage interface and
// records its SHA-256. Idempotent: a version already drawn returns its PDF.
// The version must be the offer's last one (only the last can be signed).
func (h *Handler) RenderSignedAgreement(ctx context.Context, entryID, versionID string, signedAt time.Time, sigs []agreementpdf.Signature) (*store.AgreementPDF, error) {
	if done, err := h.Store.AgreementPDFByVersion(ctx, versionID); err == nil {
		return done, nil
	} else if store.ErrorCode(err) != store.ENOTFOUND {
		return nil, err
	}
	doc, err := h.AgreementDocument(ctx, entryID, versionID, signedAt, sigs)
	if err != nil {
		return nil, err
	}
	pdf, err := agreementpdf.Render(*doc)
	if err != nil {
		return nil, err
	}
	key := AgreementPDFKey(entryID, versionID)
	size, err := h.blobs().Put(ctx, key, bytes.NewReader(pdf))
	if err != nil {
		return nil, fmt.Errorf("store agreement pdf: %w", err)
	}
	sum := sha256.Sum256(pdf)
	rec := &store.AgreementPDF{EntryID: entryID, VersionID: versionID, BlobKey: key, SHA256: sum[:], Size: size, SignedAt: signedAt}
	for _, s := range sigs {
		rec.Signers = append(rec.Signers, store.AgreementSigner{Name: s.Name, Role: s.Role, At: s.At.UTC()})
	}
	return h.Store.SaveAgreementPDF(ctx, rec)
}

// AgreementDocument gathers what the PDF of offer entryID's signed version
// versionID prints.
func (h *Handler) AgreementDocument(ctx context.Context, entryID, versionID string, signedAt time.Time, sigs []agreementpdf.Signature) (*agreementpdf.Document, error) {
	v, events, err := h.Store.AgreementSource(ctx, entryID)
	if err != nil {
		return nil, err
	}
	if v.ID != versionID {
		return nil, store.Errorf(store.ECONFLICT, "This offer changed; review the new terms")
	}
	posts, err := h.Store.OfferPostsUsage(ctx, entryID)
	if err != nil {
		return nil, err
	}
	doc := &agreementpdf.Document{OfferID: entryID, Version: v.Version, TemplateVersion: v.TemplateVersion,
		Text: v.CanonicalText, SHA256: hex.EncodeToString(v.SHA256), SignedAt: signedAt.UTC(), Signatures: sigs}
	for _, e := range events {
		actor := e.ActorRole
		if e.ActorName.Valid && e.ActorName.String != "" {
			actor = e.ActorName.String
		}
		doc.Events = append(doc.Events, agreementpdf.Event{At: e.At, Actor: actor, Action: e.Action, Detail: eventDetail(e.After)})
	}
	for _, p := range posts {
		doc.Posts = append(doc.Posts, agreementpdf.Post{URL: p.URL, Published: p.PublishedAt, Usage: p.Usage.Label})
	}
	return doc, nil
}

// eventDetail is the version an event names, if any ("version 2").
func eventDetail(after json.RawMessage) string {
	var a struct {
		Version int `json:"version"`
	}
	if json.Unmarshal(after, &a) == nil && a.Version > 0 {
		return fmt.Sprintf("version %d", a.Version)
	}
	return ""
}
