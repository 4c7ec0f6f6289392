-- +goose Up
-- The coaching chat ('Ask Your {product}'). A creator has one chat holding every question they asked, so the
-- browser's free-credit count (5 minus the entries of the first chat) equals the server's count of questions.
CREATE TABLE chats (
    id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id    uuid NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now()
);

-- One question and, once the coach:reply task ran, its answer. platform '' = all connected platforms.
-- facts: [{label, value, unit, text, kind measured|derived|estimated, period}]; suggestions: [text].
CREATE TABLE chat_entries (
    id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    seq         bigint GENERATED ALWAYS AS IDENTITY, -- the order questions were asked in
    chat_id     uuid NOT NULL REFERENCES chats (id) ON DELETE CASCADE,
    user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    job_id      uuid REFERENCES jobs (id) ON DELETE SET NULL,
    question    text NOT NULL,
    platform    text NOT NULL DEFAULT '' CHECK (platform IN ('', 'instagram', 'youtube', 'tiktok', 'linkedin')),
    status      text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'answered', 'failed')),
    answer      text,
    facts       jsonb,
    suggestions jsonb,
    source      text CHECK (source IN ('builtin', 'llm')),
    reason      text,
    created_at  timestamptz NOT NULL DEFAULT now(),
    answered_at timestamptz
);
CREATE INDEX chat_entries_chat_idx ON chat_entries (chat_id, seq);
CREATE INDEX chat_entries_user_idx ON chat_entries (user_id, created_at);

-- Peers of a creator for the coach's engagement benchmark: same niche and tier.
CREATE INDEX creators_niche_tier_idx ON creators (lower(niche), tier, engagement_rate) WHERE engagement_rate IS NOT NULL;

-- +goose Down
DROP INDEX creators_niche_tier_idx;
DROP TABLE chat_entries;
DROP TABLE chats;
