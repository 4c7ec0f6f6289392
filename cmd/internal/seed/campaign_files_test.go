package seed

import (
	"context"
	"io"
	"testing"

	"creatorcoach/cmd/internal/app"
	"creatorcoach/jobs"
	"creatorcoach/store"
)

// TestSeedCampaignFiles: after seeding twice, creator@'s offers on Spring
// Fitness Push and Autumn Lookbook each list one brief (PDF) and one mood
// board (PNG), once; the offer's attachment call finds both for creator@,
// and the stored bytes are what their type says (the upload sniffing
// accepts them).
func TestSeedCampaignFiles(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := setup(t)
	cfg := app.Config{DataDir: t.TempDir()}
	for range 2 {
		if err := Run(ctx, db, cfg); err != nil {
			t.Fatal(err)
		}
	}
	creator, _, err := db.Login(ctx, "creator@example.com", DemoPassword, store.SessionMeta{})
	if err != nil {
		t.Fatal(err)
	}
	blobs, err := app.OpenBlobs(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range demoCampaignFiles {
		var offer struct {
			EntryID string `db:"id"`
			Files   []byte `db:"files"`
		}
		err := db.SQL().GetContext(ctx, &offer, `SELECT e.id, k.brand_guidelines || k.reference_content AS files
			FROM roster_entries e JOIN campaigns k ON k.id = e.campaign_id JOIN creators c ON c.id = e.creator_id
			JOIN users u ON u.id = c.user_id WHERE k.name = $1 AND u.email = 'creator@example.com'`, name)
		if err != nil {
			t.Fatalf("%s: creator@'s offer: %v", name, err)
		}
		var keys []string
		if err := db.SQL().SelectContext(ctx, &keys, `SELECT f->>'key' FROM jsonb_array_elements($1::jsonb) f`, offer.Files); err != nil {
			t.Fatal(err)
		}
		if len(keys) != 2 {
			t.Fatalf("%s lists %d files, want a brief and a mood board", name, len(keys))
		}
		for _, key := range keys {
			a, err := db.OfferAttachment(ctx, creator, offer.EntryID, key)
			if err != nil {
				t.Fatalf("%s: creator@ cannot reach %s: %v", name, key, err)
			}
			r, _, err := blobs.Open(ctx, jobs.FileKey(key))
			if err != nil {
				t.Fatalf("%s: %s not stored: %v", name, a.Name, err)
			}
			head := make([]byte, 512)
			n, _ := io.ReadFull(r, head)
			_ = r.Close()
			if _, mime, err := store.CheckUpload(a.Name, head[:n]); err != nil || mime != a.Type {
				t.Errorf("%s: %s sniffs as %q (%v), listed as %q", name, a.Name, mime, err, a.Type)
			}
		}
	}
}
