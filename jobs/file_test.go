package jobs

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	"creatorcoach/store"
	"creatorcoach/store/blob"
)

// agedStore reports the times in at as its objects' last changes (S3
// servers set LastModified themselves).
type agedStore struct {
	blob.Store
	at map[string]time.Time
}

func (a *agedStore) age(i blob.Info) blob.Info {
	if at, ok := a.at[i.Key]; ok {
		i.ModTime = at
	}
	return i
}

func (a *agedStore) List(ctx context.Context, prefix string, fn func(blob.Info)) error {
	return a.Store.List(ctx, prefix, func(i blob.Info) { fn(a.age(i)) })
}

func (a *agedStore) Stat(ctx context.Context, key string) (blob.Info, error) {
	i, err := a.Store.Stat(ctx, key)
	return a.age(i), err
}

// TestFilePurge: unused uploads, bytes without a record, old finished
// imports' files and abandoned partial uploads go; everything in use or
// within its grace period stays; a second run removes nothing.
func TestFilePurge(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	h := setup(t).Handler
	db := h.Store
	now := time.Now()
	db.Now = func() time.Time { return now }
	// Objects are written as they are, then aged: on local disk by their
	// files' times, in S3 (where the server sets LastModified) as the
	// purge sees them.
	aged := &agedStore{Store: h.blobs(), at: map[string]time.Time{}}
	h.Blobs = aged
	local, _ := aged.Store.(*blob.Local)
	owner, err := db.SaveAccount(ctx, store.AccountSpec{Email: "owner@files.io", Password: "Files#2026", Role: store.RoleBrandAdmin, BrandName: "Files"})
	if err != nil {
		t.Fatal(err)
	}
	old, fresh := now.Add(-30*time.Hour), now.Add(-time.Hour)
	write := func(key string, at time.Time) {
		t.Helper()
		if _, err := aged.Put(ctx, key, strings.NewReader("0123456789")); err != nil {
			t.Fatal(err)
		}
		if local == nil {
			aged.at[key] = at
		} else if err := os.Chtimes(local.Path(key), at, at); err != nil {
			t.Fatal(err)
		}
	}
	upload := func(key string, at time.Time) string {
		t.Helper()
		db.Now = func() time.Time { return at }
		if _, err := db.CreateFile(ctx, owner, key, key, "application/pdf", 10, 1<<20); err != nil {
			t.Fatal(err)
		}
		db.Now = func() time.Time { return now }
		write(FileKey(key), at)
		return FileKey(key)
	}
	key := func(c byte) string { return string([]byte{c, c}) + "00000000000000000000000000000000.pdf"[2:] }
	unused := upload(key('a'), old)
	attached := upload(key('b'), old)
	avatar := upload(key('c'), old)
	recent := upload(key('d'), fresh)
	stray := FileKey(key('e')) // bytes whose record went with its brand
	write(stray, old)
	partial := FilePrefix + ".upload-123"
	write(partial, old)
	c := validCampaignRow(t, db, owner.Brand.ID, key('b'))
	if _, err := db.SQL().Exec(`UPDATE users SET profile_image = $1 WHERE id = $2`, key('c'), owner.ID); err != nil {
		t.Fatal(err)
	}
	done, err := db.CreateJob(ctx, store.JobKindCreatorImport, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.FinishJob(ctx, done.ID, store.JobProgress{}, nil, nil); err != nil {
		t.Fatal(err)
	}
	running, err := db.CreateJob(ctx, store.JobKindCreatorImport, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	weekOld := now.Add(-8 * 24 * time.Hour)
	doneRoster, runningRoster := RosterFileKey(done.ID, "csv"), RosterFileKey(running.ID, "csv")
	write(doneRoster, weekOld)
	write(runningRoster, weekOld)
	recentRoster := RosterFileKey("00000000-0000-0000-0000-000000000001", "csv")
	write(recentRoster, fresh)
	partialRoster := RosterFilePrefix + ".upload-abc.csv"
	write(partialRoster, old)

	if err := h.HandleFilePurge(ctx, nil); err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]bool{unused: false, attached: true, avatar: true, recent: true, stray: false, partial: false,
		doneRoster: false, runningRoster: true, recentRoster: true, partialRoster: false} {
		if _, err := aged.Stat(ctx, path); (err == nil) != want {
			t.Errorf("%s: exists %v, want %v", path, err == nil, want)
		}
	}
	known, err := db.KnownFiles(ctx, []string{key('a'), key('b'), key('c'), key('d')})
	if err != nil {
		t.Fatal(err)
	}
	if known[key('a')] || !known[key('b')] || !known[key('c')] || !known[key('d')] {
		t.Errorf("records left: %v", known)
	}
	var res FilePurgeResult
	var raw []byte
	if err := db.SQL().Get(&raw, `SELECT result FROM jobs WHERE kind = '`+JobKindFilePurge+`' AND status = 'succeeded'`); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &res); err != nil || res != (FilePurgeResult{Records: 1, Files: 3, RosterFiles: 2, Bytes: 50}) {
		t.Errorf("result %s (%v)", raw, err)
	}
	// The campaign's attachment stays even once the campaign is deleted.
	if _, err := db.SQL().Exec(`UPDATE campaigns SET status = 'deleted' WHERE id = $1`, c); err != nil {
		t.Fatal(err)
	}
	if err := h.HandleFilePurge(ctx, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := aged.Stat(ctx, attached); err != nil {
		t.Errorf("a deleted campaign's attachment was removed: %v", err)
	}
	if n := countRows(t, db, `SELECT count(*) FROM jobs WHERE kind = '`+JobKindFilePurge+`' AND status = 'succeeded' AND result->>'records' = '0' AND result->>'files' = '0'`); n != 1 {
		t.Errorf("second run: %d empty results", n)
	}
}

// validCampaignRow inserts a campaign of brandID with the attachment key and
// returns its id.
func validCampaignRow(t *testing.T, db *store.DB, brandID, key string) string {
	t.Helper()
	var id string
	err := db.SQL().Get(&id, `INSERT INTO campaigns (brand_id, name, goals, budget, start_date, end_date, location, age_from, age_to,
		gender, content_vibes, exclusivity, content_usage, status, additional_instructions, brand_guidelines)
		VALUES ($1, 'With files', '{Sales}', 1000, current_date + 1, current_date + 30, '', 18, 30, 'All', '{Fun}',
			'exclusive', '30_days', 'draft', '', jsonb_build_array(jsonb_build_object('key', $2::text, 'type', 'application/pdf')))
		RETURNING id`, brandID, key)
	if err != nil {
		t.Fatal(err)
	}
	return id
}
