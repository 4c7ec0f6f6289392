package jobs

import (
	"context"
	"fmt"
	"os"
	"runtime/pprof"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/hibiken/asynq"

	"creatorcoach/jobs/coach/coachtest"
	"creatorcoach/store"
	"creatorcoach/store/storetest"
)

func TestZZProbeReply(t *testing.T) {
	ctx := context.Background()
	db, _ := storetest.New(t)
	if _, err := db.SQL().ExecContext(ctx, `INSERT INTO creators (identity, name, niche, instagram_followers, engagement_rate)
		SELECT 'bench:' || i, 'Peer ' || i, $1, 1000 + i * 20, 1 + (i % 90) / 10.0 FROM generate_series(1, 2000) i`, "Fitness & Health"); err != nil {
		t.Fatal(err)
	}
	h := &Handler{Store: db, Log: quietLog()}
	var users []string
	for i := range 20 {
		u := coachtest.Creator(t, db, fmt.Sprintf("p%d@x.io", i), "Fitness & Health")
		coachtest.Insert(t, db, u, coachtest.History{Platform: "instagram", Days: coachtest.SteadyGrower(), Audience: coachtest.Audience})
		coachtest.Insert(t, db, u, coachtest.History{Platform: "youtube", Days: coachtest.DropAfterSpike()})
		coachtest.Subscribe(t, db, u, true, time.Now().AddDate(0, 1, 0))
		users = append(users, u)
	}
	qs := []string{"How am I doing?", "Why did my views drop?", "Which platform is doing best?",
		"How does my engagement compare to similar creators?", "When will I reach 20k followers?", "What should I do next?"}
	f, _ := os.Create("/tmp/coach_reply.prof")
	pprof.StartCPUProfile(f)
	var all []float64
	for round := range 5 {
		tasks := make([]store.Task, len(users))
		for i, u := range users {
			if _, err := db.Ask(ctx, u, store.ChatQuestion{Question: qs[(round+i)%len(qs)]}, 1000, func(e, j string) store.Task {
				tasks[i] = NewCoachReplyTask(e, j)
				return tasks[i]
			}); err != nil {
				t.Fatal(err)
			}
		}
		var wg sync.WaitGroup
		var mu sync.Mutex
		for _, task := range tasks {
			wg.Add(1)
			go func() {
				defer wg.Done()
				t0 := time.Now()
				if err := h.HandleCoachReply(ctx, asynq.NewTask(task.Type, task.Payload)); err != nil {
					t.Error(err)
				}
				mu.Lock()
				all = append(all, float64(time.Since(t0).Microseconds())/1000)
				mu.Unlock()
			}()
		}
		wg.Wait()
	}
	pprof.StopCPUProfile()
	sort.Float64s(all)
	t.Logf("handler ms p50 %.1f p95 %.1f max %.1f", all[len(all)/2], all[len(all)*95/100], all[len(all)-1])
}
