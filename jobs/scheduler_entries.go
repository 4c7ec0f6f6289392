package jobs

import (
	"context"
	"sync"
	"time"

	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"
	"google.golang.org/protobuf/encoding/protowire"
)

// The leading scheduler publishes its periodic tasks where asynq's own
// Scheduler would, so that asynqmon's Schedulers tab (and
// asynq.Inspector.SchedulerEntries and ListSchedulerEnqueueEvents) show
// every periodic task, its cron schedule, next and previous run, and the history of
// its enqueues, whichever scheduler leads. The keys and their encoding are
// asynq v0.26's (internal/rdb and internal/base):
//
//   - asynq:schedulers, a sorted set of entries keys scored by the Unix time
//     they expire at (the Inspector drops expired ones);
//   - asynq:schedulers:{<scheduler id>}, a list of SchedulerEntry protobuf
//     messages, expiring like a heartbeat;
//   - asynq:scheduler_history:<entry id>, a sorted set of
//     SchedulerEnqueueEvent messages scored by their Unix time, the last
//     maxSchedulerEvents kept.
//
// Every leader publishes under one scheduler id (SchedulerEntriesID) and
// names each entry by its task type, so a new leader replaces the old one's
// entries and carries on its history instead of listing them twice.
const (
	// SchedulerEntriesID is the scheduler id the entries are published under.
	SchedulerEntriesID = "creatorcoach-scheduler"
	allSchedulersKey   = "asynq:schedulers"
	// maxSchedulerEvents is how many enqueues of an entry its history keeps
	// (asynq's Scheduler keeps as many).
	maxSchedulerEvents = 1000
)

func schedulerEntriesKey(id string) string { return "asynq:schedulers:{" + id + "}" }

func schedulerHistoryKey(entryID string) string { return "asynq:scheduler_history:" + entryID }

// entryBoard publishes the leader's entries and records its enqueues.
type entryBoard struct {
	rdb  redis.UniversalClient
	ttl  time.Duration // an entries list outlives its last publish by this much
	mu   sync.Mutex
	prev map[string]time.Time // per task type: the last slot this scheduler enqueued or found enqueued
}

func newEntryBoard(opt asynq.RedisConnOpt, ttl time.Duration) *entryBoard {
	c, _ := opt.MakeRedisClient().(redis.UniversalClient)
	return &entryBoard{rdb: c, ttl: ttl, prev: map[string]time.Time{}}
}

func (b *entryBoard) close() {
	if b.rdb != nil {
		_ = b.rdb.Close()
	}
}

// done notes that the slot of typ is in Redis (its previous run).
func (b *entryBoard) done(typ string, slot time.Time) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if slot.After(b.prev[typ]) {
		b.prev[typ] = slot
	}
}

// publish writes entries (their next slot after now) with the ttl.
func (b *entryBoard) publish(ctx context.Context, entries []schedEntry, now time.Time) error {
	if b.rdb == nil {
		return nil
	}
	key := schedulerEntriesKey(SchedulerEntriesID)
	b.mu.Lock()
	var list []any
	for _, e := range entries {
		var opts []string
		for _, o := range e.Opts {
			opts = append(opts, o.String())
		}
		list = append(list, encodeSchedulerEntry(e.Task.Type(), e.Cronspec, e.Task.Type(), e.Task.Payload(), opts,
			e.next(now), b.prev[e.Task.Type()]))
	}
	b.mu.Unlock()
	_, err := b.rdb.TxPipelined(ctx, func(p redis.Pipeliner) error {
		p.ZAdd(ctx, allSchedulersKey, redis.Z{Score: float64(now.Add(b.ttl).Unix()), Member: key})
		p.Del(ctx, key)
		if len(list) > 0 {
			p.RPush(ctx, key, list...)
		}
		p.Expire(ctx, key, b.ttl)
		return nil
	})
	return err
}

// clear removes the published entries (a leader shutting down); the
// histories stay for the next leader.
func (b *entryBoard) clear(ctx context.Context) {
	if b.rdb == nil {
		return
	}
	key := schedulerEntriesKey(SchedulerEntriesID)
	_, _ = b.rdb.TxPipelined(ctx, func(p redis.Pipeliner) error {
		p.ZRem(ctx, allSchedulersKey, key)
		p.Del(ctx, key)
		return nil
	})
}

// record adds the enqueue of task id at to typ's history.
func (b *entryBoard) record(ctx context.Context, typ, id string, at time.Time) error {
	if b.rdb == nil {
		return nil
	}
	key := schedulerHistoryKey(typ)
	_, err := b.rdb.TxPipelined(ctx, func(p redis.Pipeliner) error {
		p.ZRemRangeByRank(ctx, key, 0, -maxSchedulerEvents)
		p.ZAdd(ctx, key, redis.Z{Score: float64(at.Unix()), Member: encodeSchedulerEnqueueEvent(id, at)})
		return nil
	})
	return err
}

// encodeSchedulerEntry is asynq's SchedulerEntry message: id 1, cron schedule 2,
// task_type 3, task_payload 4, enqueue_options 5 (repeated), next 6 and
// prev 7 (google.protobuf.Timestamp).
func encodeSchedulerEntry(id, cron, typ string, payload []byte, opts []string, next, prev time.Time) []byte {
	var b []byte
	b = appendString(b, 1, id)
	b = appendString(b, 2, cron)
	b = appendString(b, 3, typ)
	if len(payload) > 0 {
		b = protowire.AppendTag(b, 4, protowire.BytesType)
		b = protowire.AppendBytes(b, payload)
	}
	for _, o := range opts {
		b = protowire.AppendTag(b, 5, protowire.BytesType)
		b = protowire.AppendString(b, o)
	}
	b = appendTimestamp(b, 6, next)
	return appendTimestamp(b, 7, prev)
}

// encodeSchedulerEnqueueEvent is asynq's SchedulerEnqueueEvent message:
// task_id 1, enqueue_time 2 (google.protobuf.Timestamp).
func encodeSchedulerEnqueueEvent(taskID string, at time.Time) []byte {
	return appendTimestamp(appendString(nil, 1, taskID), 2, at)
}

func appendString(b []byte, field protowire.Number, s string) []byte {
	if s == "" {
		return b
	}
	b = protowire.AppendTag(b, field, protowire.BytesType)
	return protowire.AppendString(b, s)
}

// appendTimestamp appends t as a google.protobuf.Timestamp field (seconds 1,
// nanos 2). The zero time is encoded as asynq encodes it (year 1), which
// decodes back to the zero time.
func appendTimestamp(b []byte, field protowire.Number, t time.Time) []byte {
	var m []byte
	if s := t.Unix(); s != 0 {
		m = protowire.AppendTag(m, 1, protowire.VarintType)
		m = protowire.AppendVarint(m, uint64(s))
	}
	if n := t.Nanosecond(); n != 0 {
		m = protowire.AppendTag(m, 2, protowire.VarintType)
		m = protowire.AppendVarint(m, uint64(int64(n)))
	}
	b = protowire.AppendTag(b, field, protowire.BytesType)
	return protowire.AppendBytes(b, m)
}
