package store

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"
)

// JobKindCreatorImport is the job kind of a creator import.
const JobKindCreatorImport = "creator_import"

// CreatorInput is one creator of a roster file, already converted from text
// (jobs/rosterfile does that). Field error keys are the canonical column keys:
// name, email, niche, location, <platform>Handle, <platform>Followers (for
// YouTube youtubeSubscribers), engagementRate, audienceMale, audienceFemale,
// audienceOther, audienceAges.
type CreatorInput struct {
	Row            int // 1-based row of the file (header = row 1 for CSV and XLSX; item number for JSON)
	Name           string
	Email          string
	Niche          string
	Location       string
	Handles        [4]string // by Platforms index
	Followers      [4]*int64 // by Platforms index
	EngagementRate *float64  // percent
	Male           *float64  // audience shares, percent
	Female         *float64
	Other          *float64
	Ages           map[string]float64 // AgeBands → percent
}

// Messages of roster row validation.
const (
	MsgCreatorNameRequired = "Name is required"
	MsgEmailOrHandle       = "An email or at least one platform handle is required"
	MsgHandleInvalid       = "Handle may only contain letters, digits, '.', '_' and '-'"
	MsgFollowersRange      = "Must be a whole number between 0 and 10,000,000,000"
	MsgPercentRange        = "Must be a percentage between 0 and 100"
	MsgSharesOver100       = "Audience shares add up to more than 100%"
)

var handleChars = regexp.MustCompile(`^[A-Za-z0-9._-]{1,100}$`)

// Validate normalises c (trimmed strings, lower-cased e-mail, handles without
// '@') and checks it; it returns field errors keyed as documented on CreatorInput.
func (c *CreatorInput) Validate() FieldErrors {
	f := FieldErrors{}
	c.Name, c.Niche, c.Location = strings.TrimSpace(c.Name), strings.TrimSpace(c.Niche), strings.TrimSpace(c.Location)
	c.Email = NormalizeEmail(c.Email)
	switch {
	case c.Name == "":
		f.add("name", MsgCreatorNameRequired)
	case len(c.Name) > 200:
		f.add("name", "Must be at most 200 characters")
	}
	if c.Email != "" && !validEmail(c.Email) {
		f.add("email", MsgEmailInvalid)
	}
	if len(c.Niche) > 100 {
		f.add("niche", "Must be at most 100 characters")
	}
	if len(c.Location) > 200 {
		f.add("location", "Must be at most 200 characters")
	}
	hasHandle := false
	for i, p := range Platforms {
		c.Handles[i] = strings.TrimPrefix(strings.TrimSpace(c.Handles[i]), "@")
		if c.Handles[i] != "" {
			hasHandle = true
			if !handleChars.MatchString(c.Handles[i]) {
				f.add(p+"Handle", MsgHandleInvalid)
			}
		}
		if n := c.Followers[i]; n != nil && (*n < 0 || *n > 10_000_000_000) {
			f.add(FollowersKey(p), MsgFollowersRange)
		}
	}
	if c.Email == "" && !hasHandle && c.Name != "" {
		f.add("email", MsgEmailOrHandle)
	}
	checkPercent(f, "engagementRate", c.EngagementRate)
	checkPercent(f, "audienceMale", c.Male)
	checkPercent(f, "audienceFemale", c.Female)
	checkPercent(f, "audienceOther", c.Other)
	if deref(c.Male)+deref(c.Female)+deref(c.Other) > 100.5 {
		f.add("audienceMale", MsgSharesOver100)
	}
	var ages float64
	for _, v := range c.Ages {
		if v < 0 || v > 100 {
			f.add("audienceAges", MsgPercentRange)
		}
		ages += v
	}
	if ages > 100.5 {
		f.add("audienceAges", MsgSharesOver100)
	}
	return f
}

func deref(p *float64) float64 {
	if p == nil {
		return 0
	}
	return *p
}

func checkPercent(f FieldErrors, key string, v *float64) {
	if v != nil && (*v < 0 || *v > 100) {
		f.add(key, MsgPercentRange)
	}
}

// Identity is the upsert key of a validated creator: its e-mail when
// present, else the first platform handle (lower-cased), prefixed by kind.
func (c *CreatorInput) Identity() string {
	if c.Email != "" {
		return "email:" + c.Email
	}
	for i, h := range c.Handles {
		if h != "" {
			return Platforms[i] + ":" + strings.ToLower(h)
		}
	}
	return ""
}

// CreatorImportRowError is one problem of one row of a roster file.
type CreatorImportRowError struct {
	Row     int    `db:"row_number" json:"row"`
	Column  string `db:"column_name" json:"column"`
	Message string `db:"message" json:"message"`
}

// CreatorImportResult is the result of a finished creator import: rows read, rows
// imported and failed, and how many creators it created and changed
// (imported rows that changed nothing are Unchanged).
type CreatorImportResult struct {
	Rows      int      `json:"rows"`
	Imported  int      `json:"imported"`
	Failed    int      `json:"failed"`
	Created   int      `json:"created"`
	Updated   int      `json:"updated"`
	Unchanged int      `json:"unchanged"`
	Format    string   `json:"format"`
	Ignored   []string `json:"ignoredColumns"`
}

var stageColumns = slices.Concat([]string{"identity", "name", "email", "niche", "location", "country"},
	platformColumns(func(col, _ string) string { return col }),
	[]string{"engagement_rate", "audience_male", "audience_female", "audience_other", "audience_ages"})

var dataColumns = strings.Join(stageColumns[1:], ", ")

// updateCreators applies staged rows of existing identities whose data
// differs: a row identical to the stored one changes nothing, not even
// updated_at or upload_job_id, so importing the same file twice is a no-op
// the second time. It runs under a table lock that only writers of creators
// wait for (SHARE ROW EXCLUSIVE), which makes "update the known, COPY the
// new" race-free against a concurrent import without INSERT ... ON
// CONFLICT's slower speculative insertion.
var updateCreators = `UPDATE creators c SET (` + dataColumns + `) = (` + prefixed("s.", stageColumns[1:]) + `),
		user_id = coalesce(c.user_id, u.id), upload_job_id = $1, updated_at = now()
	FROM creator_import_stage s LEFT JOIN users u ON u.email = s.email AND u.role = 'USER' AND u.deleted_at IS NULL
	WHERE c.identity = s.identity AND ((` + prefixed("c.", stageColumns[1:]) + `) IS DISTINCT FROM (` + prefixed("s.", stageColumns[1:]) + `)
		OR (c.user_id IS NULL AND u.id IS NOT NULL))`

func prefixed(p string, cols []string) string {
	out := make([]string, len(cols))
	for i, c := range cols {
		out[i] = p + c
	}
	return strings.Join(out, ", ")
}

// SaveCreatorImportBatch upserts a batch of validated creators of job jobID by
// identity and records (replacing) the row errors, in one transaction.
// Identities must be unique within the batch.
func (s *DB) SaveCreatorImportBatch(ctx context.Context, jobID string, creators []CreatorInput, rowErrs []CreatorImportRowError) error {
	return s.inTx(ctx, func(tx *sqlx.Tx) error {
		// A batch lost in a crash is redone by the retried import, and the
		// job's final (synchronous) commit flushes the WAL of every batch
		// before it, so batches need not wait for their own flush.
		if _, err := tx.ExecContext(ctx, `SET LOCAL synchronous_commit = off`); err != nil {
			return fmt.Errorf("async commit: %w", err)
		}
		if len(creators) > 0 {
			if err := writeCreators(ctx, tx, jobID, creators); err != nil {
				return err
			}
		}
		return saveRowErrors(ctx, tx, jobID, rowErrs)
	})
}

// writeCreators splits a batch, under the table lock, into new identities,
// copied straight into creators (as fast as a plain COPY), and existing
// ones, staged and applied by updateCreators. Creators whose e-mail belongs
// to a USER account are linked to it.
func writeCreators(ctx context.Context, tx *sqlx.Tx, jobID string, creators []CreatorInput) error {
	if _, err := tx.ExecContext(ctx, `LOCK TABLE creators IN SHARE ROW EXCLUSIVE MODE`); err != nil {
		return fmt.Errorf("lock creators: %w", err)
	}
	ids, emails := make([]string, len(creators)), []string{}
	for i := range creators {
		ids[i] = creators[i].Identity()
		if creators[i].Email != "" {
			emails = append(emails, creators[i].Email)
		}
	}
	var known []string
	if err := tx.SelectContext(ctx, &known, `SELECT identity FROM creators WHERE identity = ANY($1)`, pq.Array(ids)); err != nil {
		return fmt.Errorf("find creators: %w", err)
	}
	var users []struct{ Email, ID string }
	if err := tx.SelectContext(ctx, &users, `SELECT email, id FROM users WHERE email = ANY($1) AND role = 'USER'
		AND deleted_at IS NULL AND NOT EXISTS (SELECT 1 FROM creators c WHERE c.user_id = users.id)`, pq.Array(emails)); err != nil {
		return fmt.Errorf("find users: %w", err)
	}
	exists, userOf := make(map[string]bool, len(known)), make(map[string]string, len(users))
	for _, k := range known {
		exists[k] = true
	}
	for _, u := range users {
		userOf[u.Email] = u.ID
	}
	var fresh, old []CreatorInput
	for i := range creators {
		if exists[ids[i]] {
			old = append(old, creators[i])
		} else {
			fresh = append(fresh, creators[i])
		}
	}
	if len(old) > 0 {
		if _, err := tx.ExecContext(ctx, createStage); err != nil {
			return fmt.Errorf("create stage: %w", err)
		}
		if err := copyCreators(ctx, tx, "creator_import_stage", old, nil, ""); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, updateCreators, jobID); err != nil {
			return fmt.Errorf("update creators: %w", err)
		}
	}
	return copyCreators(ctx, tx, "creators", fresh, userOf, jobID)
}

var createStage = `CREATE TEMP TABLE IF NOT EXISTS creator_import_stage (
	identity text, name text, email text, niche text, location text, country text,
	` + strings.Join(platformColumns(func(col, kind string) string {
	if kind == "handle" {
		return col + " text"
	}
	return col + " bigint"
}), ", ") + `,
	engagement_rate numeric, audience_male numeric, audience_female numeric, audience_other numeric,
	audience_ages jsonb) ON COMMIT DELETE ROWS`

// copyCreators COPYs creators into table: the stage (jobID empty) or
// creators itself, with the linked user and the job as creator and uploader.
func copyCreators(ctx context.Context, tx *sqlx.Tx, table string, creators []CreatorInput, userOf map[string]string, jobID string) error {
	if len(creators) == 0 {
		return nil
	}
	cols := stageColumns
	if jobID != "" {
		cols = append(append([]string{}, stageColumns...), "user_id", "upload_job_id", "created_job_id")
	}
	stmt, err := tx.PrepareContext(ctx, pq.CopyIn(table, cols...))
	if err != nil {
		return fmt.Errorf("copy in: %w", err)
	}
	defer stmt.Close()
	vals := make([]any, 0, len(cols))
	for i := range creators {
		c := &creators[i]
		var ages any
		if len(c.Ages) > 0 {
			b, _ := json.Marshal(c.Ages)
			ages = string(b)
		}
		vals = append(vals[:0], c.Identity(), c.Name, nullStr(c.Email), c.Niche, c.Location, CountryOf(c.Location))
		for p := range Platforms {
			vals = append(vals, nullStr(c.Handles[p]), c.Followers[p])
		}
		vals = append(vals, c.EngagementRate, c.Male, c.Female, c.Other, ages)
		if jobID != "" {
			vals = append(vals, nullStr(userOf[c.Email]), jobID, jobID)
		}
		if _, err := stmt.ExecContext(ctx, vals...); err != nil {
			return fmt.Errorf("copy row %d: %w", c.Row, err)
		}
	}
	if _, err := stmt.ExecContext(ctx); err != nil {
		return fmt.Errorf("copy flush: %w", err)
	}
	return nil
}

func nullStr(s string) any {
	if s == "" {
		return nil
	}
	return s
}

func saveRowErrors(ctx context.Context, tx *sqlx.Tx, jobID string, errs []CreatorImportRowError) error {
	if len(errs) == 0 {
		return nil
	}
	rows, cols, msgs := make([]int64, len(errs)), make([]string, len(errs)), make([]string, len(errs))
	for i, e := range errs {
		rows[i], cols[i], msgs[i] = int64(e.Row), e.Column, e.Message
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO roster_row_errors (job_id, row_number, column_name, message)
		SELECT $1, r, c, m FROM unnest($2::int[], $3::text[], $4::text[]) AS t(r, c, m)
		ON CONFLICT (job_id, row_number, column_name) DO UPDATE SET message = excluded.message`,
		jobID, pq.Array(rows), pq.Array(cols), pq.Array(msgs))
	if err != nil {
		return fmt.Errorf("save row errors: %w", err)
	}
	return nil
}

// ResetCreatorImportErrors forgets the row errors of job jobID; an import attempt
// calls it before reading the file, so a retried import ends with exactly
// the errors of the file.
func (s *DB) ResetCreatorImportErrors(ctx context.Context, jobID string) error {
	_, err := s.db.ExecContext(ctx, `DELETE FROM roster_row_errors WHERE job_id = $1`, jobID)
	return err
}

// CreatorImportErrors returns the row errors of job jobID in row order. Only the
// job's owner or an ADMIN may read them (ENOTFOUND otherwise, as GetJob).
func (s *DB) CreatorImportErrors(ctx context.Context, jobID string, viewer *User) ([]CreatorImportRowError, error) {
	if _, err := s.GetJob(ctx, jobID, viewer); err != nil {
		return nil, err
	}
	errs := []CreatorImportRowError{}
	err := s.db.SelectContext(ctx, &errs, `SELECT row_number, column_name, message FROM roster_row_errors
		WHERE job_id = $1 ORDER BY row_number, column_name`, jobID)
	if err != nil {
		return nil, fmt.Errorf("roster errors %s: %w", jobID, err)
	}
	return errs, nil
}

// CreatorImportErrorPage returns one page of job jobID's row errors in row order,
// entries as CreatorImportRowError's JSON, and their total. Only the job's owner or
// an ADMIN may read them (ENOTFOUND otherwise, as GetJob); EINVALID for a
// page or limit outside the paging rule (CheckPaging).
func (s *DB) CreatorImportErrorPage(ctx context.Context, jobID string, viewer *User, page, limit int) (Page, error) {
	fe := FieldErrors{}
	if CheckPaging(fe, &page, &limit); len(fe) > 0 {
		return Page{}, fe.Err()
	}
	if _, err := s.GetJob(ctx, jobID, viewer); err != nil {
		return Page{}, err
	}
	var total int
	p, err := s.queryPage(ctx, `SELECT coalesce(json_agg(json_build_object('row', e.row_number, 'column', e.column_name,
			'message', e.message) ORDER BY e.row_number, e.column_name), '[]')::text,
		(SELECT count(*) FROM roster_row_errors WHERE job_id = $1)
		FROM (SELECT * FROM roster_row_errors WHERE job_id = $1 ORDER BY row_number, column_name LIMIT $2 OFFSET $3) e`,
		[]any{jobID, limit, (page - 1) * limit}, &total)
	if err != nil {
		return Page{}, fmt.Errorf("roster errors %s: %w", jobID, err)
	}
	p.Total = total
	return p, nil
}

// CountCreatorImportChanges returns how many creators job jobID created and how
// many existing ones it changed (computed from the rows, so retries of the
// job do not inflate them).
func (s *DB) CountCreatorImportChanges(ctx context.Context, jobID string) (created, updated int, err error) {
	err = s.db.QueryRowContext(ctx, `SELECT count(*) FILTER (WHERE created_job_id = $1),
		count(*) FILTER (WHERE created_job_id IS DISTINCT FROM $1) FROM creators WHERE upload_job_id = $1`, jobID).
		Scan(&created, &updated)
	if err != nil {
		err = fmt.Errorf("count roster changes %s: %w", jobID, err)
	}
	return created, updated, err
}
