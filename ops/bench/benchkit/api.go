package benchkit

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"creatorcoach/store"
)

// URL is the address of path on the api StartAPI started.
func (s *Stack) URL(path string) string { return "http://" + s.APIAddr + path }

// Call sends method path to the api with the bearer token (when not empty)
// and body of contentType, checks that the answer's status is want and
// decodes the answer into out (when not nil). Another status is an error
// with the answer's message.
func (s *Stack) Call(method, path, token, contentType string, body io.Reader, want int, out any) error {
	req, err := http.NewRequest(method, s.URL(path), body)
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", contentType)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	if res.StatusCode != want {
		var e struct{ Message string }
		_ = json.NewDecoder(res.Body).Decode(&e)
		return fmt.Errorf("%s %s: status %d: %s", method, path, res.StatusCode, e.Message)
	}
	if out == nil {
		return nil
	}
	return json.NewDecoder(res.Body).Decode(out)
}

// CallJSON is Call with in (when not nil) as the JSON body.
func (s *Stack) CallJSON(method, path, token string, in any, want int, out any) error {
	var body io.Reader
	if in != nil {
		b, err := json.Marshal(in)
		if err != nil {
			return err
		}
		body = bytes.NewReader(b)
	}
	return s.Call(method, path, token, "application/json", body, want, out)
}

// PostJob posts body of contentType to path as Call does, checks that the
// api accepted it (202) and returns the id of the job it answers with.
func (s *Stack) PostJob(path, token, contentType string, body io.Reader) (string, error) {
	var out struct{ Data struct{ Job store.Job } }
	if err := s.Call("POST", path, token, contentType, body, http.StatusAccepted, &out); err != nil {
		return "", err
	}
	return out.Data.Job.ID, nil
}

// DoneJob is a job that succeeded, as the jobs table holds it, and how long
// it ran (started_at to finished_at).
type DoneJob struct {
	store.Job
	Took time.Duration
}

// WaitJob reads job id every 5 ms until it has succeeded; a failed job is an
// error with its message.
func (s *Stack) WaitJob(ctx context.Context, id string) (DoneJob, error) {
	for {
		var j DoneJob
		err := s.DB.SQL().GetContext(ctx, &j.Job, `SELECT id, kind, status, processed, result, error, started_at, finished_at
			FROM jobs WHERE id = $1`, id)
		if err != nil {
			return DoneJob{}, err
		}
		switch j.Status {
		case store.JobFailed:
			return DoneJob{}, fmt.Errorf("%s job failed: %s", j.Kind, j.Error)
		case store.JobSucceeded:
			if j.StartedAt != nil && j.FinishedAt != nil {
				j.Took = j.FinishedAt.Sub(*j.StartedAt)
			}
			return j, nil
		}
		time.Sleep(5 * time.Millisecond)
	}
}
