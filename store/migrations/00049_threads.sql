-- +goose Up
-- One conversation per offer (a roster entry sent at least once): its
-- messages, their attachments, each person's read state, reports to the
-- administrators, drafts of the post and their reviews, and the events the
-- live streams carry (kept so that a reconnecting stream misses nothing).
CREATE TABLE thread_messages (
    id           bigserial PRIMARY KEY,
    entry_id     uuid NOT NULL REFERENCES roster_entries (id) ON DELETE CASCADE,
    author_id    uuid REFERENCES users (id) ON DELETE SET NULL,
    author_side  text NOT NULL CHECK (author_side IN ('creator', 'brand', 'support')),
    body         text NOT NULL,
    off_platform text[] NOT NULL DEFAULT '{}',
    created_at   timestamptz NOT NULL
);
CREATE INDEX thread_messages_entry_idx ON thread_messages (entry_id, id);

CREATE TABLE thread_attachments (
    message_id bigint NOT NULL REFERENCES thread_messages (id) ON DELETE CASCADE,
    position   int NOT NULL,
    key        text NOT NULL,
    name       text NOT NULL,
    type       text NOT NULL,
    size       bigint NOT NULL,
    PRIMARY KEY (message_id, position)
);
CREATE INDEX thread_attachments_key_idx ON thread_attachments (key);

-- The last message each person has read in a thread, and the last one a
-- digest mail told them of.
CREATE TABLE thread_reads (
    entry_id     uuid NOT NULL REFERENCES roster_entries (id) ON DELETE CASCADE,
    user_id      uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    last_read_id bigint NOT NULL DEFAULT 0,
    mailed_id    bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (entry_id, user_id)
);
CREATE INDEX thread_reads_user_idx ON thread_reads (user_id);

CREATE TABLE thread_reports (
    id          bigserial PRIMARY KEY,
    message_id  bigint NOT NULL REFERENCES thread_messages (id) ON DELETE CASCADE,
    reporter_id uuid REFERENCES users (id) ON DELETE SET NULL,
    reason      text NOT NULL,
    created_at  timestamptz NOT NULL,
    UNIQUE (message_id, reporter_id)
);

-- A person's switch for the unread digest mails.
CREATE TABLE thread_settings (
    user_id    uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    digest_off boolean NOT NULL DEFAULT false
);

-- A campaign's draft approval: off, or auto-approved after a delay (NULL =
-- AUTO_APPROVE_AFTER).
CREATE TABLE thread_approval (
    campaign_id  uuid PRIMARY KEY REFERENCES campaigns (id) ON DELETE CASCADE,
    required     boolean NOT NULL DEFAULT true,
    auto_seconds int CHECK (auto_seconds > 0)
);

CREATE TABLE thread_drafts (
    id             bigserial PRIMARY KEY,
    entry_id       uuid NOT NULL REFERENCES roster_entries (id) ON DELETE CASCADE,
    version        int NOT NULL,
    author_id      uuid REFERENCES users (id) ON DELETE SET NULL,
    platform       text NOT NULL,
    caption        text NOT NULL,
    link           text NOT NULL DEFAULT '',
    media          jsonb NOT NULL DEFAULT '[]',
    missing        text[] NOT NULL DEFAULT '{}',
    status         text NOT NULL DEFAULT 'submitted' CHECK (status IN ('submitted', 'approved', 'changes_requested', 'superseded')),
    review_side    text CHECK (review_side IN ('brand', 'support', 'system')),
    reviewer_id    uuid REFERENCES users (id) ON DELETE SET NULL,
    review_comment text NOT NULL DEFAULT '',
    created_at     timestamptz NOT NULL,
    reviewed_at    timestamptz,
    UNIQUE (entry_id, version)
);
CREATE INDEX thread_drafts_pending_idx ON thread_drafts (created_at) WHERE status = 'submitted';

-- What the live streams carry: an id, a kind and the thread, with the
-- audience (the campaign's brand, the creator's account) to filter on.
CREATE TABLE thread_events (
    id              bigserial PRIMARY KEY,
    entry_id        uuid NOT NULL REFERENCES roster_entries (id) ON DELETE CASCADE,
    kind            text NOT NULL,
    brand_id        uuid,
    creator_user_id uuid,
    at              timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX thread_events_at_idx ON thread_events (at);

-- An offer's move is a thread event too, without a line in the offer's code.
-- +goose StatementBegin
CREATE FUNCTION thread_offer_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.to_status <> 'draft' THEN
        INSERT INTO thread_events (entry_id, kind, brand_id, creator_user_id)
        SELECT e.id, 'move', k.brand_id, c.user_id FROM roster_entries e
        JOIN campaigns k ON k.id = e.campaign_id JOIN creators c ON c.id = e.creator_id WHERE e.id = NEW.entry_id;
        PERFORM pg_notify('thread_events', '');
    END IF;
    RETURN NULL;
END $$;
-- +goose StatementEnd
CREATE TRIGGER offer_history_thread_event AFTER INSERT ON offer_history
    FOR EACH ROW EXECUTE FUNCTION thread_offer_event();

-- +goose Down
DROP TRIGGER offer_history_thread_event ON offer_history;
DROP FUNCTION thread_offer_event();
DROP TABLE thread_events;
DROP TABLE thread_drafts;
DROP TABLE thread_approval;
DROP TABLE thread_settings;
DROP TABLE thread_reports;
DROP TABLE thread_reads;
DROP TABLE thread_attachments;
DROP TABLE thread_messages;
