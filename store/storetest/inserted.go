package storetest

import (
	"encoding/json"
	"testing"

	"creatorcoach/store"
)

// InsertedTask is a task row of the outbox, as RequireInserted found it.
type InsertedTask struct {
	Key     string
	Type    string
	Queue   string
	Payload map[string]any
}

// RequireInserted asserts that the outbox holds a task of taskType whose
// JSON payload contains match (every key of match with an equal value;
// nil or empty = any payload), without running any worker: a test that
// only needs to know a change queued its task checks the row written in
// the change's own transaction, not the task's effect. It fails t when no
// such task is there and returns the first one found (oldest first).
// Only rows not yet relayed are seen: call it where no worker runs.
func RequireInserted(t testing.TB, db *store.DB, taskType string, match map[string]any) InsertedTask {
	t.Helper()
	found := inserted(t, db, taskType, match)
	if len(found) == 0 {
		t.Fatalf("no %s task with payload %v in the outbox (it holds: %v)", taskType, match, outboxTypes(t, db))
	}
	return found[0]
}

// RequireNotInserted asserts that the outbox holds no task of taskType whose
// payload contains match.
func RequireNotInserted(t testing.TB, db *store.DB, taskType string, match map[string]any) {
	t.Helper()
	if found := inserted(t, db, taskType, match); len(found) > 0 {
		t.Fatalf("%d %s task(s) with payload %v in the outbox, want none: %v", len(found), taskType, match, found)
	}
}

func inserted(t testing.TB, db *store.DB, taskType string, match map[string]any) []InsertedTask {
	t.Helper()
	want, err := json.Marshal(match)
	if err != nil || match == nil {
		want = []byte(`{}`)
	}
	rows, err := db.SQL().Query(`SELECT task_key, task_type, queue, payload FROM task_outbox
		WHERE task_type = $1 AND (payload = '' OR convert_from(payload, 'UTF8')::jsonb @> $2::jsonb) ORDER BY id`, taskType, string(want))
	if err != nil {
		t.Fatalf("read the outbox: %v", err)
	}
	defer rows.Close()
	var out []InsertedTask
	for rows.Next() {
		var it InsertedTask
		var payload []byte
		if err := rows.Scan(&it.Key, &it.Type, &it.Queue, &payload); err != nil {
			t.Fatalf("read the outbox: %v", err)
		}
		if len(payload) == 0 {
			if len(match) > 0 {
				continue
			}
		} else if err := json.Unmarshal(payload, &it.Payload); err != nil {
			t.Fatalf("%s task %s: payload is not JSON: %v", it.Type, it.Key, err)
		}
		out = append(out, it)
	}
	if err := rows.Err(); err != nil {
		t.Fatalf("read the outbox: %v", err)
	}
	return out
}

func outboxTypes(t testing.TB, db *store.DB) []string {
	t.Helper()
	var types []string
	if err := db.SQL().Select(&types, `SELECT task_type FROM task_outbox ORDER BY id`); err != nil {
		t.Fatalf("read the outbox: %v", err)
	}
	return types
}
