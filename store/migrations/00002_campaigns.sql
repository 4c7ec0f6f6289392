-- +goose Up
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- Uploaded files. The bytes live on disk under DATA_DIR/files; key is
-- server-made (random), never the client's file name.
CREATE TABLE files (
    key        text PRIMARY KEY,
    owner_id   uuid REFERENCES users (id) ON DELETE SET NULL,
    brand_id   uuid REFERENCES brands (id) ON DELETE CASCADE,
    name       text NOT NULL,
    type       text NOT NULL,
    size       bigint NOT NULL CHECK (size >= 0),
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX files_owner_id_idx ON files (owner_id);
CREATE INDEX files_brand_id_idx ON files (brand_id) WHERE brand_id IS NOT NULL;

-- Campaigns of a brand: the form fields of the product. Soft-deleted
-- campaigns keep status 'deleted' and are hidden from every read.
CREATE TABLE campaigns (
    id                      uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    brand_id                uuid NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    name                    text NOT NULL,
    goals                   text[] NOT NULL DEFAULT '{}',
    custom_goal             text NOT NULL DEFAULT '',
    budget                  numeric(12, 2) NOT NULL,
    start_date              date NOT NULL,
    end_date                date NOT NULL,
    location                text NOT NULL DEFAULT '',
    age_from                int NOT NULL,
    age_to                  int NOT NULL,
    gender                  text NOT NULL,
    content_vibes           text[] NOT NULL DEFAULT '{}',
    exclusivity             text NOT NULL CHECK (exclusivity IN ('no_exclusivity', 'exclusive')),
    content_usage           text NOT NULL CHECK (content_usage IN ('organic_only', 'unlimited', '30_days')),
    roaster                 jsonb,
    status                  text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'active', 'completed', 'deleted')),
    brand_guidelines        jsonb NOT NULL DEFAULT '[]',
    reference_content       jsonb NOT NULL DEFAULT '[]',
    additional_instructions text NOT NULL DEFAULT '',
    created_by              uuid REFERENCES users (id) ON DELETE SET NULL,
    updated_by              uuid REFERENCES users (id) ON DELETE SET NULL,
    created_at              timestamptz NOT NULL DEFAULT now(),
    updated_at              timestamptz NOT NULL DEFAULT now(),
    deleted_at              timestamptz
);
-- A brand's list, newest first: WHERE brand_id = $1 AND status <> 'deleted' ORDER BY created_at DESC, id DESC.
CREATE INDEX campaigns_brand_list_idx ON campaigns (brand_id, created_at DESC, id DESC) WHERE status <> 'deleted';
-- The ADMIN's list over every brand.
CREATE INDEX campaigns_list_idx ON campaigns (created_at DESC, id DESC) WHERE status <> 'deleted';
-- Name search (ILIKE '%term%') across brands.
CREATE INDEX campaigns_name_trgm_idx ON campaigns USING gin (name gin_trgm_ops) WHERE status <> 'deleted';

-- +goose Down
DROP TABLE campaigns;
DROP TABLE files;
