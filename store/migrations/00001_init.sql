-- +goose Up
CREATE TABLE niches (
    id   uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    name text NOT NULL UNIQUE
);

INSERT INTO niches (name) VALUES
    ('Beauty & Makeup'), ('Business & Finance'), ('Comedy & Entertainment'), ('Education'),
    ('Fashion & Style'), ('Fitness & Health'), ('Food & Cooking'), ('Gaming'), ('Home & DIY'),
    ('Lifestyle'), ('Music & Dance'), ('Parenting & Family'), ('Pets & Animals'),
    ('Photography & Art'), ('Sports'), ('Sustainability'), ('Technology'), ('Travel'),
    ('Wellness & Mindfulness'), ('Automotive');

CREATE TABLE brands (
    id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    name       text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
    id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    email             text NOT NULL,
    name              text NOT NULL,
    password_hash     text NOT NULL,
    role              text NOT NULL CHECK (role IN ('USER', 'ADMIN', 'BRAND_ADMIN', 'BRAND_MANAGER', 'BRAND_VIEWER')),
    niche_id          uuid REFERENCES niches (id),
    brand_id          uuid REFERENCES brands (id) ON DELETE CASCADE,
    profile_image     text NOT NULL DEFAULT '',
    email_verified_at timestamptz,
    deleted_at        timestamptz,
    deletion_reason   text,
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now(),
    CHECK ((role LIKE 'BRAND_%') = (brand_id IS NOT NULL))
);
CREATE UNIQUE INDEX users_email_key ON users (email);
CREATE INDEX users_deleted_at_idx ON users (deleted_at) WHERE deleted_at IS NOT NULL;
CREATE INDEX users_brand_id_idx ON users (brand_id);

-- One live code per user and purpose. code_hash stays NULL until the worker
-- has generated and mailed the code; it is an HMAC, never the code itself.
CREATE TABLE one_time_codes (
    user_id      uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    purpose      text NOT NULL CHECK (purpose IN ('email_verification', 'password_reset', 'account_deletion')),
    request_id   uuid NOT NULL UNIQUE,
    code_hash    bytea,
    requested_at timestamptz NOT NULL,
    expires_at   timestamptz,
    attempts     int NOT NULL DEFAULT 0,
    sent_at      timestamptz,
    PRIMARY KEY (user_id, purpose)
);

CREATE TABLE sessions (
    id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id       uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at    timestamptz NOT NULL DEFAULT now(),
    expires_at    timestamptz NOT NULL,
    revoked_at    timestamptz,
    revoke_reason text,
    user_agent    text NOT NULL DEFAULT '',
    ip            text NOT NULL DEFAULT ''
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id) WHERE revoked_at IS NULL;

-- Opaque refresh tokens, stored as SHA-256; rotated on every use.
CREATE TABLE refresh_tokens (
    token_hash bytea PRIMARY KEY,
    session_id uuid NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL,
    rotated_at timestamptz
);
CREATE INDEX refresh_tokens_session_id_idx ON refresh_tokens (session_id);

CREATE TABLE jobs (
    id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    kind        text NOT NULL,
    owner_id    uuid REFERENCES users (id) ON DELETE SET NULL,
    status      text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'succeeded', 'failed')),
    progress    int NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
    total       int NOT NULL DEFAULT 0,
    processed   int NOT NULL DEFAULT 0,
    failed      int NOT NULL DEFAULT 0,
    result      jsonb NOT NULL DEFAULT '{}',
    error       text NOT NULL DEFAULT '',
    created_at  timestamptz NOT NULL DEFAULT now(),
    started_at  timestamptz,
    finished_at timestamptz
);
CREATE INDEX jobs_owner_id_idx ON jobs (owner_id, created_at DESC);

-- Transactional outbox: rows written in the same transaction as the change
-- that needs a task; the worker's relay moves them into asynq.
CREATE TABLE task_outbox (
    id         bigserial PRIMARY KEY,
    task_key   text NOT NULL UNIQUE,
    task_type  text NOT NULL,
    queue      text NOT NULL,
    payload    bytea NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    attempts   int NOT NULL DEFAULT 0,
    last_error text NOT NULL DEFAULT ''
);

-- +goose StatementBegin
CREATE FUNCTION task_outbox_notify() RETURNS trigger AS $$
BEGIN
    PERFORM pg_notify('task_outbox', '');
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;
-- +goose StatementEnd

CREATE TRIGGER task_outbox_notify AFTER INSERT ON task_outbox
    FOR EACH STATEMENT EXECUTE FUNCTION task_outbox_notify();

-- +goose Down
DROP TABLE task_outbox;
DROP FUNCTION task_outbox_notify;
DROP TABLE jobs;
DROP TABLE refresh_tokens;
DROP TABLE sessions;
DROP TABLE one_time_codes;
DROP TABLE users;
DROP TABLE brands;
DROP TABLE niches;
