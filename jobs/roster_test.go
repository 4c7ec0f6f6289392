package jobs

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/hibiken/asynq"

	"creatorcoach/store"
)

// TestRosterGenerate_TwoConnections: a roster job run as the worker runs it
// (under its task lock) with a pool of two connections, its lock's and one
// for its work, as the worker sizes its pool per task: the steps reported
// inside the generation's transaction do not wait for a third, each is
// recorded while the job runs, and the job ends succeeded with the roster.
func TestRosterGenerate_TwoConnections(t *testing.T) {
	t.Parallel()
	h := setup(t).Handler
	ctx := context.Background()
	sqlDB := h.Store.SQL()
	var campaign string
	if err := sqlDB.Get(&campaign, `WITH b AS (INSERT INTO brands (name) VALUES ('Acme') RETURNING id)
		INSERT INTO campaigns (brand_id, name, budget, start_date, end_date, age_from, age_to, gender, exclusivity, content_usage, tracking_tag)
		SELECT b.id, 'Autumn', 100000, '2030-09-01', '2030-09-30', 18, 35, 'All', 'exclusive', '30_days', 'acmeautumn' FROM b RETURNING id`); err != nil {
		t.Fatal(err)
	}
	for i := range 5 {
		sqlDB.MustExec(`INSERT INTO creators (identity, name, niche, location, instagram_handle, instagram_followers)
			VALUES ($1, $1, 'Travel', 'Lisbon', $1, $2)`, fmt.Sprintf("handle:c%d", i), 20000*(i+1))
	}
	// Every change of the job's row, in order: what its owner could have read.
	sqlDB.MustExec(`CREATE TABLE job_changes (n serial, status text, processed int, progress int);
		CREATE FUNCTION log_job_change() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
			INSERT INTO job_changes (status, processed, progress) VALUES (NEW.status, NEW.processed, NEW.progress); RETURN NEW; END $$;
		CREATE TRIGGER job_changes AFTER UPDATE ON jobs FOR EACH ROW EXECUTE FUNCTION log_job_change()`)
	job, err := h.Store.CreateJob(ctx, store.JobKindRosterGenerate, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	payload, _ := json.Marshal(RosterGeneratePayload{JobID: job.ID, CampaignID: campaign, Size: 3})

	sqlDB.SetMaxOpenConns(2)
	run := h.lockTask(asynq.HandlerFunc(h.HandleRosterGenerate))
	rctx, cancel := context.WithTimeout(ctx, 5*time.Second) // a wait for a third connection fails here, not at the task's timeout
	err = run.ProcessTask(rctx, asynq.NewTask(TypeRosterGenerate, payload))
	cancel()
	if err != nil {
		t.Fatalf("roster task with two connections: %v", err)
	}

	var j store.Job
	if err := sqlDB.Get(&j, `SELECT status, progress, processed, result FROM jobs WHERE id = $1`, job.ID); err != nil {
		t.Fatal(err)
	}
	var res store.GeneratedRoster
	if err := json.Unmarshal(j.Result, &res); err != nil || j.Status != store.JobSucceeded || j.Progress != 100 ||
		j.Processed != store.RosterSteps || res.Entries != 3 {
		t.Fatalf("job %s, progress %d, processed %d, result %s (%v)", j.Status, j.Progress, j.Processed, j.Result, err)
	}
	var changes []struct {
		Status    string `db:"status"`
		Processed int    `db:"processed"`
		Progress  int    `db:"progress"`
	}
	if err := sqlDB.Select(&changes, `SELECT status, processed, progress FROM job_changes ORDER BY n`); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range changes {
		got = append(got, fmt.Sprintf("%s %d %d%%", c.Status, c.Processed, c.Progress))
	}
	want := []string{"running 0 0%", "running 1 25%", "running 2 50%", "running 3 75%", "succeeded 4 100%"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("the job's row went %q, want %q", got, want)
	}
}
