-- +goose Up
-- The signed agreement's PDF, one per signed version: where its bytes are
-- (through the storage interface), their SHA-256 (what /verify looks up)
-- and the signers' names and roles as printed (names only: /verify shows
-- them to anyone holding the PDF or its hash).
CREATE TABLE agreement_pdfs (
    id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    entry_id   uuid NOT NULL REFERENCES roster_entries (id) ON DELETE CASCADE,
    version_id uuid NOT NULL UNIQUE REFERENCES agreement_versions (id) ON DELETE CASCADE,
    blob_key   text NOT NULL,
    sha256     bytea NOT NULL UNIQUE,
    size       bigint NOT NULL,
    signers    jsonb NOT NULL,
    signed_at  timestamptz NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX agreement_pdfs_entry_idx ON agreement_pdfs (entry_id, signed_at DESC);

-- +goose Down
DROP TABLE agreement_pdfs;
