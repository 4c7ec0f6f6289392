package jobs

import (
	"context"
	"crypto/sha256"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/hibiken/asynq"

	"creatorcoach/jobs/agreementpdf"
	"creatorcoach/jobs/pdffont"
	"creatorcoach/store"
)

// signedAgreementOffer makes an accepted offer to "Zoë Łukasiewicz" on a
// campaign with a 30-day usage right and exclusivity, posts captured posts,
// fixes its agreement and returns the offer and its version.
func signedAgreementOffer(t *testing.T, db *store.DB, posts int) (string, *store.AgreementVersion) {
	t.Helper()
	var id string
	err := db.SQL().Get(&id, `WITH b AS (INSERT INTO brands (name) VALUES ('Nordlicht GmbH') RETURNING id),
		c AS (INSERT INTO campaigns (brand_id, name, budget, start_date, end_date, age_from, age_to, gender, exclusivity, content_usage, tracking_tag)
			SELECT b.id, 'Autumn', 1500, '2030-09-01', '2030-09-30', 18, 35, 'All', 'exclusive', '30_days', 'nordautumn' FROM b RETURNING id),
		cr AS (INSERT INTO creators (identity, name) VALUES ('email:zoe@example.com', 'Zoë Łukasiewicz') RETURNING id)
		INSERT INTO roster_entries (campaign_id, creator_id, rank, score, parts, platform, estimated_fee, offer_amount, offer_status)
		SELECT c.id, cr.id, 1, 80, '[]', 'instagram', 400, 400, 'accepted' FROM c, cr RETURNING id`)
	if err != nil {
		t.Fatal(err)
	}
	_, err = db.SQL().Exec(`INSERT INTO campaign_posts (campaign_id, entry_id, platform, external_id, url, published_at)
		SELECT e.campaign_id, e.id, 'instagram', 'p' || n, 'https://instagram.example/p/' || n, timestamptz '2030-09-02 10:00Z' + n * interval '1 hour'
		FROM roster_entries e, generate_series(1, $2) n WHERE e.id = $1`, id, posts)
	if err != nil {
		t.Fatal(err)
	}
	v, err := db.FixAgreement(context.Background(), id, &store.User{Name: "Jürgen Weiß", Role: store.RoleBrandAdmin}, store.RequestMeta{IP: "203.0.113.9"})
	if err != nil {
		t.Fatal(err)
	}
	return id, v
}

// TestAgreementPDFTask: the outbox task draws the signed agreement (names as
// typed, the signatures, each post's usage, the audit certificate), stores
// it, and the stored SHA-256 is the stored bytes'; a second run keeps the
// first PDF.
func TestAgreementPDFTask(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := context.Background()
	entry, v := signedAgreementOffer(t, e.Store, 2)
	signedAt := time.Date(2030, 8, 20, 9, 0, 0, 0, time.UTC)
	sigs := []agreementpdf.Signature{
		{Name: "Jürgen Weiß", Role: "Brand", At: signedAt.Add(-time.Hour)},
		{Name: "Zoë Łukasiewicz", Role: "Creator", At: signedAt},
		{Name: "Nguyễn Văn An", Role: "Guardian", At: signedAt},
	}
	task := NewAgreementPDFTask(entry, v.ID, signedAt, sigs)
	if err := e.HandleAgreementPDF(ctx, asynq.NewTask(task.Type, task.Payload)); err != nil {
		t.Fatal(err)
	}
	rec, err := e.Store.AgreementPDFByVersion(ctx, v.ID)
	if err != nil {
		t.Fatal(err)
	}
	f, _, err := e.blobs().Open(ctx, rec.BlobKey)
	if err != nil {
		t.Fatal(err)
	}
	pdf, _ := io.ReadAll(f)
	f.Close()
	if sum := sha256.Sum256(pdf); string(sum[:]) != string(rec.SHA256) || rec.Size != int64(len(pdf)) {
		t.Fatalf("stored SHA-256/size do not match the stored PDF (%d bytes, size %d)", len(pdf), rec.Size)
	}
	if len(rec.Signers) != 3 || rec.Signers[1].Name != "Zoë Łukasiewicz" || rec.Version != v.Version {
		t.Fatalf("record %+v", rec)
	}
	text, err := pdffont.Text(pdf)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Creator: Zoë Łukasiewicz", "Guardian: Nguyễn Văn An", "Brand: Jürgen Weiß", "Fee: 400.00 USD",
		"Paid until 2030-10-02; exclusive until 2030-10-30", "Audit certificate", "agreement.version"} {
		if !strings.Contains(text, want) {
			t.Errorf("PDF lacks %q:\n%s", want, text)
		}
	}
	again, err := e.RenderSignedAgreement(ctx, entry, v.ID, signedAt.Add(time.Hour), sigs[:1])
	if err != nil || again.ID != rec.ID || string(again.SHA256) != string(rec.SHA256) {
		t.Fatalf("second run: %+v, %v", again, err)
	}
	// Another version than the last is refused.
	if _, err := e.RenderSignedAgreement(ctx, entry, "00000000-0000-0000-0000-000000000000", signedAt, sigs); store.ErrorCode(err) != store.ECONFLICT {
		t.Fatalf("old version: %v", err)
	}
}
