-- +goose Up
-- Signing is accepting. The mailed signing code is a one-time code of its
-- own purpose (same rules: 6 digits, 10 minutes, 5 tries).
ALTER TABLE one_time_codes DROP CONSTRAINT one_time_codes_purpose_check;
ALTER TABLE one_time_codes ADD CONSTRAINT one_time_codes_purpose_check
    CHECK (purpose IN ('email_verification', 'password_reset', 'account_deletion', 'agreement_signature'));

-- One signature per side and agreement version: who (the account, or the
-- guardian's typed name), role, side, when (UTC), IP, user agent, the
-- version and the SHA-256 of its canonical text. Append-only.
CREATE TABLE agreement_signatures (
    id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    entry_id    uuid NOT NULL REFERENCES roster_entries (id) ON DELETE CASCADE,
    version_id  uuid NOT NULL REFERENCES agreement_versions (id) ON DELETE CASCADE,
    side        text NOT NULL CHECK (side IN ('brand', 'creator', 'guardian')),
    user_id     uuid REFERENCES users (id) ON DELETE SET NULL,
    role        text NOT NULL,
    full_name   text NOT NULL CHECK (char_length(full_name) BETWEEN 1 AND 200),
    signed_at   timestamptz NOT NULL,
    ip          text NOT NULL DEFAULT '',
    user_agent  text NOT NULL DEFAULT '',
    text_sha256 bytea NOT NULL,
    -- The creator declared being under 18: the version needs a guardian too.
    minor       boolean NOT NULL DEFAULT false,
    UNIQUE (version_id, side)
);
CREATE INDEX agreement_signatures_entry_idx ON agreement_signatures (entry_id, signed_at);
CREATE TRIGGER agreement_signatures_no_change BEFORE UPDATE OR DELETE ON agreement_signatures
    FOR EACH ROW WHEN (pg_trigger_depth() < 1) EXECUTE FUNCTION audit_events_append_only();

-- A guardian's signing link, one per agreement version: the token is made
-- and mailed by the worker (request_id is the task's key) and stored hashed;
-- single use, 7 days.
CREATE TABLE agreement_guardians (
    id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    entry_id    uuid NOT NULL REFERENCES roster_entries (id) ON DELETE CASCADE,
    version_id  uuid NOT NULL UNIQUE REFERENCES agreement_versions (id) ON DELETE CASCADE,
    name        text NOT NULL,
    email       text NOT NULL,
    invited_by  uuid REFERENCES users (id) ON DELETE SET NULL,
    request_id  uuid NOT NULL UNIQUE,
    token_hash  bytea UNIQUE,
    created_at  timestamptz NOT NULL,
    expires_at  timestamptz,
    sent_at     timestamptz,
    signed_at   timestamptz
);

-- +goose Down
DROP TABLE agreement_guardians;
DROP TABLE agreement_signatures;
DELETE FROM one_time_codes WHERE purpose = 'agreement_signature';
ALTER TABLE one_time_codes DROP CONSTRAINT one_time_codes_purpose_check;
ALTER TABLE one_time_codes ADD CONSTRAINT one_time_codes_purpose_check
    CHECK (purpose IN ('email_verification', 'password_reset', 'account_deletion'));
