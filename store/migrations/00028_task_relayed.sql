-- +goose Up
-- no task lost to a Redis failover. Redis replicates
-- asynchronously, so a task the old master acknowledged can be missing on the
-- replica Sentinel promotes. The relay keeps each task it put into Redis
-- here until the task finishes (the worker deletes its row) or until, past
-- RELAY_RECHECK_AFTER, the relay has checked that Redis still has it (it
-- enqueues it again under the same TaskID: a conflict means present).
-- due_at is when the task was relayed, or its process_at if later.
CREATE TABLE task_relayed (
    task_key   text PRIMARY KEY,
    task_type  text NOT NULL,
    queue      text NOT NULL,
    payload    bytea NOT NULL,
    process_at timestamptz,
    due_at     timestamptz NOT NULL
);
CREATE INDEX task_relayed_due_at_idx ON task_relayed (due_at);

-- +goose Down
DROP TABLE task_relayed;
