// Command scheduler enqueues the periodic tasks of jobs.Periodic(). Run
// exactly one: asynq has no leader election (the tasks are idempotent anyway).
package main

import (
	"context"
	"fmt"
	"time"

	"github.com/hibiken/asynq"

	"creatorcoach/cmd/internal/app"
	"creatorcoach/jobs"
	"creatorcoach/jobs/social"
)

func main() {
	app.Main("scheduler", run)
}

func run(ctx context.Context) error {
	cfg, err := app.LoadConfig()
	if err != nil {
		return err
	}
	log := cfg.Logger()
	conn, err := cfg.OpenRedis(nil)
	if err != nil {
		return err
	}
	conn.Client.Close() // the scheduler needs asynq's connection only
	s := asynq.NewScheduler(conn.Asynq, &asynq.SchedulerOpts{Location: time.UTC})
	interval, err := social.SyncInterval()
	if err != nil {
		return err
	}
	for _, p := range append(jobs.Periodic(), jobs.SocialTickPeriodic(interval)) {
		id, err := s.Register(p.Cronspec, p.Task, p.Opts...)
		if err != nil {
			return fmt.Errorf("register %s: %w", p.Task.Type(), err)
		}
		log.Info("periodic task registered", "type", p.Task.Type(), "cron", p.Cronspec, "entry", id)
	}
	if err := s.Start(); err != nil {
		return err
	}
	<-ctx.Done()
	log.Info("scheduler shutting down")
	s.Shutdown()
	return nil
}
