-- +goose Up
-- The worker process (host:pid) that last started each job, so that an
-- operator (and the fault suite) sees who runs it; '' until a worker starts it.
ALTER TABLE jobs ADD COLUMN worker text NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE jobs DROP COLUMN worker;
