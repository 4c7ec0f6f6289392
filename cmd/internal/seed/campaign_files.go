package seed

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"

	"github.com/go-pdf/fpdf"

	"creatorcoach/cmd/internal/app"
	"creatorcoach/jobs"
	"creatorcoach/store"
	"creatorcoach/store/blob"
)

// demoCampaignFiles are the files brand@ attached to the campaigns of
// creator@'s offers: a brief as PDF (a brand guideline) and a mood board
// as PNG (reference content), so the creator's offer lists them with
// download links.
var demoCampaignFiles = []string{"Spring Fitness Push", "Autumn Lookbook"}

// campaignFiles stores the two files of each campaign in demoCampaignFiles
// through the storage STORAGE names (local disk or S3), records them as
// brand@'s uploads and lists them on the campaign. A campaign that already
// lists files is left alone, so it may run again.
func campaignFiles(ctx context.Context, db *store.DB, cfg app.Config) error {
	brand, _, err := db.Login(ctx, "brand@example.com", DemoPassword, store.SessionMeta{UserAgent: "api seed"})
	if err != nil {
		return fmt.Errorf("seed: brand log-in: %w", err)
	}
	blobs, err := app.OpenBlobs(ctx, cfg)
	if err != nil {
		return fmt.Errorf("seed campaign files: %w", err)
	}
	for _, name := range demoCampaignFiles {
		var id string
		err := db.SQL().GetContext(ctx, &id, `SELECT id FROM campaigns WHERE brand_id = $1 AND name = $2
			AND brand_guidelines = '[]' AND reference_content = '[]'`, brand.Brand.ID, name)
		if err != nil {
			continue // no such campaign, or it lists files already
		}
		brief, err := briefPDF(name)
		if err != nil {
			return err
		}
		guide, err := storeDemoFile(ctx, db, blobs, brand, "pdf", name+" brief.pdf", "application/pdf", brief)
		if err != nil {
			return err
		}
		mood, err := storeDemoFile(ctx, db, blobs, brand, "png", name+" mood board.png", "image/png", moodBoardPNG())
		if err != nil {
			return err
		}
		g, _ := json.Marshal([]store.Attachment{guide})
		r, _ := json.Marshal([]store.Attachment{mood})
		if _, err := db.SQL().ExecContext(ctx, `UPDATE campaigns SET brand_guidelines = $2, reference_content = $3 WHERE id = $1`,
			id, g, r); err != nil {
			return fmt.Errorf("seed campaign files of %s: %w", name, err)
		}
	}
	fmt.Printf("  campaign files: a brief (PDF) and a mood board (PNG) on %d of brand@'s campaigns\n", len(demoCampaignFiles))
	return nil
}

// storeDemoFile writes b under a new file key and records it as owner's upload.
func storeDemoFile(ctx context.Context, db *store.DB, blobs blob.Store, owner *store.User, ext, name, mime string, b []byte) (store.Attachment, error) {
	key := store.NewFileKey(ext)
	if _, err := blobs.Put(ctx, jobs.FileKey(key), bytes.NewReader(b)); err != nil {
		return store.Attachment{}, fmt.Errorf("seed file %s: %w", name, err)
	}
	const noQuota = 1 << 40 // the seed is not an upload: no per-account quota applies
	if _, err := db.CreateFile(ctx, owner, key, name, mime, int64(len(b)), noQuota); err != nil {
		return store.Attachment{}, fmt.Errorf("seed file %s: %w", name, err)
	}
	return store.Attachment{Key: key, Type: mime, Name: name}, nil
}

// briefPDF is a one-page brief for campaign name.
func briefPDF(name string) ([]byte, error) {
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.AddPage()
	pdf.SetFont("Helvetica", "B", 18)
	pdf.Cell(0, 12, name+": creator brief")
	pdf.Ln(16)
	pdf.SetFont("Helvetica", "", 12)
	for _, line := range []string{
		"Show the product in daily use, in your own words and setting.",
		"Mention the campaign's tracking tag and the paid-partnership label.",
		"Natural light, no filters that change the product's colour.",
		"Questions: write to the brand in the offer's conversation.",
	} {
		pdf.MultiCell(0, 7, "- "+line, "", "L", false)
	}
	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		return nil, fmt.Errorf("seed brief PDF: %w", err)
	}
	return buf.Bytes(), nil
}

// moodBoardPNG is a small picture of four colour swatches.
func moodBoardPNG() []byte {
	const side = 120
	img := image.NewRGBA(image.Rect(0, 0, 2*side, 2*side))
	swatches := []color.RGBA{{0xf4, 0xc7, 0xb8, 0xff}, {0x8f, 0xb9, 0xa8, 0xff}, {0xfe, 0xf2, 0xd8, 0xff}, {0x3d, 0x5a, 0x80, 0xff}}
	for y := range 2 * side {
		for x := range 2 * side {
			img.Set(x, y, swatches[(y/side)*2+x/side])
		}
	}
	var buf bytes.Buffer
	_ = png.Encode(&buf, img) // writing to memory does not fail
	return buf.Bytes()
}
