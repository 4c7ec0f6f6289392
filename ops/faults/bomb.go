package main

import (
	"bytes"
	"context"
	"strings"
	"time"

	"creatorcoach/jobs/rosterfile/rosterfilegen"
)

// bomb uploads a small .xlsx whose shared strings unpack to -bomb-mb and
// checks that the import fails with a clear error while a fresh worker's
// peak RSS stays under 300 MB.
func (s *suite) bomb(ctx context.Context) error {
	if err := s.onlyWorkers(0); err != nil {
		return err
	}
	w, err := s.startWorker()
	if err != nil {
		return err
	}
	var b bytes.Buffer
	if err := rosterfilegen.WriteSharedStringsBomb(&b, int64(*bombMB)<<20); err != nil {
		return err
	}
	time.Sleep(time.Second) // the worker is up
	base := w.peakRSS()
	id, err := s.c.upload("bomb.xlsx", b.Bytes())
	if err != nil {
		return err
	}
	j, done := s.c.waitJob(ctx, id, 2*time.Minute, finished)
	peak := w.peakRSS()
	s.check(done && j.Status == "failed" && strings.Contains(j.Error, "too large"),
		"bomb: %d KB .xlsx with %d MB of shared strings: job %s with %q", b.Len()>>10, *bombMB, j.Status, j.Error)
	s.check(peak > 0 && peak <= 300 && w.alive(), "bomb: worker peak RSS %.0f MB (idle %.0f MB; target <= 300 MB)", peak, base)
	return nil
}
