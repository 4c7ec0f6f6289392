-- +goose Up
-- A creator's media kit: a public page /kit/{slug} of the fields the creator
-- chooses to show. Off by default; unpublished, the page and its PDF answer
-- 404. The slug is unique whatever its case.
CREATE TABLE media_kits (
    user_id        uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    slug           text NOT NULL CHECK (slug ~ '^[A-Za-z0-9_-]{3,30}$'),
    published      boolean NOT NULL DEFAULT false,
    search_engines boolean NOT NULL DEFAULT false,
    bio            text NOT NULL DEFAULT '' CHECK (char_length(bio) <= 600),
    show_photo     boolean NOT NULL DEFAULT false,
    show_bio       boolean NOT NULL DEFAULT false,
    show_niche     boolean NOT NULL DEFAULT false,
    show_location  boolean NOT NULL DEFAULT false,
    show_figures   boolean NOT NULL DEFAULT false,
    show_audience  boolean NOT NULL DEFAULT false,
    show_quality   boolean NOT NULL DEFAULT false,
    handles        text[] NOT NULL DEFAULT '{}',   -- platforms whose handle is shown
    campaign_ids   uuid[] NOT NULL DEFAULT '{}',   -- past campaigns shown, in order
    updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX media_kits_slug_idx ON media_kits (lower(slug));

-- The kit's rate card: a price in cents per deliverable the creator sets.
CREATE TABLE kit_rate_lines (
    id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id     uuid NOT NULL REFERENCES media_kits (user_id) ON DELETE CASCADE,
    position    int NOT NULL,
    label       text NOT NULL CHECK (char_length(label) BETWEEN 1 AND 80),
    price_cents bigint NOT NULL CHECK (price_cents > 0)
);
CREATE INDEX kit_rate_lines_user_idx ON kit_rate_lines (user_id, position);

-- A booking from a kit: the draft offer it put on a campaign's roster. One
-- per campaign and rate-card line, so booking the same line again answers
-- the same draft.
CREATE TABLE kit_bookings (
    campaign_id uuid NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    line_id     uuid NOT NULL,
    entry_id    uuid NOT NULL REFERENCES roster_entries (id) ON DELETE CASCADE,
    booked_by   uuid REFERENCES users (id) ON DELETE SET NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (campaign_id, line_id)
);
CREATE INDEX kit_bookings_entry_idx ON kit_bookings (entry_id);

-- A brand's consent to be named on creators' kits, and the industry a kit
-- names it by otherwise ("a fashion brand").
ALTER TABLE brands ADD COLUMN named_in_kits boolean NOT NULL DEFAULT false,
    ADD COLUMN industry text NOT NULL DEFAULT '' CHECK (char_length(industry) <= 40);

-- +goose Down
ALTER TABLE brands DROP COLUMN industry, DROP COLUMN named_in_kits;
DROP TABLE kit_bookings;
DROP TABLE kit_rate_lines;
DROP TABLE media_kits;
