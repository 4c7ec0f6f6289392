// Command scheduler enqueues the periodic tasks of jobs.Periodic(). Any
// number may run: the one holding the leader lock (a Postgres advisory lock
// on a connection of its own) enqueues, the others stand by and take over
// within seconds when it dies (see jobs.Scheduler and docs/operations.md).
package main

import (
	"context"
	"fmt"
	"os"
	"time"

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
	redisOpt := conn.Asynq
	interval, err := social.SyncInterval()
	if err != nil {
		return err
	}
	lockInterval, err := lockInterval()
	if err != nil {
		return err
	}
	periodic := append(jobs.Periodic(), jobs.SocialTickPeriodic(interval))
	for _, p := range periodic {
		log.Info("periodic task", "type", p.Task.Type(), "cron", p.Cronspec)
	}
	return jobs.RunScheduler(ctx, jobs.SchedulerDeps{DatabaseURL: cfg.DatabaseURL, RedisOpt: redisOpt, Periodic: periodic,
		Log: log, LockInterval: lockInterval})
}

// lockInterval is SCHEDULER_LOCK_INTERVAL (default 3s, from 500ms to 10s):
// how often a standby tries the leader lock and the leader checks it.
func lockInterval() (time.Duration, error) {
	v := os.Getenv("SCHEDULER_LOCK_INTERVAL")
	if v == "" {
		return jobs.DefaultLockInterval, nil
	}
	d, err := time.ParseDuration(v)
	if err != nil || d < 500*time.Millisecond || d > 10*time.Second {
		return 0, fmt.Errorf("SCHEDULER_LOCK_INTERVAL must be a duration from 500ms to 10s, such as 3s")
	}
	return d, nil
}
