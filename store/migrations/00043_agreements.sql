-- +goose Up
-- One append-only audit log for agreements (and, next, money). Each row
-- stores the SHA-256 of the previous row's hash and its own content, so a
-- changed or deleted row breaks the chain from that row on; `api audit
-- verify` walks it and names the first broken row. Rows are appended under
-- an advisory lock (store/audit.go) so the chain has one order.
CREATE TABLE audit_events (
    id         bigserial PRIMARY KEY,
    at         timestamptz NOT NULL,
    actor_id   uuid,
    actor_role text NOT NULL DEFAULT '',
    action     text NOT NULL,
    subject    text NOT NULL,
    before     jsonb,
    after      jsonb,
    ip         text NOT NULL DEFAULT '',
    user_agent text NOT NULL DEFAULT '',
    prev_hash  bytea NOT NULL,
    hash       bytea NOT NULL
);
CREATE INDEX audit_events_subject_idx ON audit_events (subject, id);

-- +goose StatementBegin
CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END $$;
-- +goose StatementEnd
CREATE TRIGGER audit_events_no_change BEFORE UPDATE OR DELETE ON audit_events
    FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();

-- An offer's agreement, one immutable row per version: the terms as JSON,
-- the canonical text printed from the template and its SHA-256. A new
-- version is made on send, on every counter and on every change of amount
-- or terms; only the last one can be signed.
CREATE TABLE agreement_versions (
    id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    entry_id         uuid NOT NULL REFERENCES roster_entries (id) ON DELETE CASCADE,
    version          int NOT NULL CHECK (version > 0),
    template_version text NOT NULL,
    terms            jsonb NOT NULL,
    canonical_text   text NOT NULL,
    sha256           bytea NOT NULL,
    created_by       uuid REFERENCES users (id) ON DELETE SET NULL,
    created_at       timestamptz NOT NULL,
    UNIQUE (entry_id, version)
);
CREATE INDEX agreement_versions_sha_idx ON agreement_versions (sha256);
CREATE TRIGGER agreement_versions_no_change BEFORE UPDATE ON agreement_versions
    FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();

-- Brand clauses printed in every agreement of the campaign (BRAND_ADMIN).
ALTER TABLE campaigns ADD COLUMN agreement_clauses text NOT NULL DEFAULT ''
    CHECK (char_length(agreement_clauses) <= 2000);

-- +goose Down
ALTER TABLE campaigns DROP COLUMN agreement_clauses;
DROP TABLE agreement_versions;
DROP TABLE audit_events;
DROP FUNCTION audit_events_append_only();
