// Command worker runs every asynq task handler and the outbox relay.
package main

import (
	"context"

	"github.com/go-redis/redis_rate/v10"

	"creatorcoach/cmd/internal/app"
	"creatorcoach/jobs"
	"creatorcoach/jobs/coach"
	"creatorcoach/jobs/mail"
	"creatorcoach/jobs/payment"
	"creatorcoach/jobs/social"
)

func main() {
	app.Main("worker", run)
}

func run(ctx context.Context) error {
	cfg, err := app.LoadConfig()
	if err != nil {
		return err
	}
	log := cfg.Logger()
	db, err := app.OpenStore(ctx, cfg)
	if err != nil {
		return err
	}
	defer db.Close()
	conn, err := cfg.OpenRedis(nil)
	if err != nil {
		return err
	}
	defer conn.Client.Close()
	sender, err := mail.New(cfg.MailURL, cfg.DataPath("mail"), cfg.MailFrom, log)
	if err != nil {
		return err
	}
	defer sender.Close()
	socialCfg, err := social.LoadConfig(cfg.Production(), cfg.PublicURL)
	if err != nil {
		return err
	}
	blobs, err := app.OpenBlobs(ctx, cfg)
	if err != nil {
		return err
	}
	var llm *coach.LLM
	if cfg.Coach.LLMURL != "" {
		llm = &coach.LLM{URL: cfg.Coach.LLMURL, Model: cfg.Coach.LLMModel, Key: cfg.Coach.LLMKey, Timeout: cfg.Coach.LLMTimeout}
	}
	return jobs.RunWorker(ctx, jobs.WorkerDeps{Store: db, RedisOpt: conn.Asynq, RecheckAfter: cfg.RelayRecheckAfter, DatabaseURL: cfg.DatabaseURL, Mail: sender,
		ProductName: cfg.ProductName, PublicURL: cfg.PublicURL, DataDir: cfg.DataPath(), Blobs: blobs, Log: log, Poll: cfg.PollInterval,
		Concurrency: cfg.WorkerConcurrency, CreatorImportConcurrency: cfg.CreatorImportConcurrency, LowConcurrency: cfg.LowConcurrency, CoachLLM: llm, Social: jobs.NewSyncer(socialCfg, redis_rate.NewLimiter(conn.Client)),
		Pay: payment.New(cfg.StripeAPIBase, cfg.StripeSecretKey, nil).WithTestCards(cfg.PaymentsSandbox())})
}
