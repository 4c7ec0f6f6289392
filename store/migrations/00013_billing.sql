-- +goose Up
-- Plans and a creator's subscription. The payment provider keeps no state we rely on:
-- these rows are the source of truth, changed by our calls and by its webhooks.
-- Contract shared by billing and the coach's credits: a subscription is running while ended_at >= now()
-- (active and not past ended_at = subscribed; inactive and not past = cancelled but still running).
CREATE TABLE plans (
    id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    code        text NOT NULL UNIQUE,
    name        text NOT NULL,
    interval    text NOT NULL CHECK (interval IN ('month', 'year')),
    amount      bigint NOT NULL CHECK (amount >= 0),
    currency    text NOT NULL DEFAULT 'usd',
    features    jsonb NOT NULL DEFAULT '[]',
    price_id    text NOT NULL DEFAULT '',
    created_at  timestamptz NOT NULL DEFAULT now()
);

-- The creator plans; the api sets their provider price ids from its configuration at start.
INSERT INTO plans (code, name, interval, amount, features) VALUES
    ('creator_monthly', 'Creator Monthly', 'month', 1900,
     '["Unlimited coaching questions", "Analytics across all connected platforms", "Priority support"]'),
    ('creator_yearly', 'Creator Yearly', 'year', 19000,
     '["Unlimited coaching questions", "Analytics across all connected platforms", "Priority support", "Two months free"]');

CREATE TABLE subscriptions (
    id                     uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id                uuid NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
    plan_id                uuid NOT NULL REFERENCES plans (id),
    provider_id            text NOT NULL DEFAULT '',
    active                 boolean NOT NULL,
    cancel_at_period_end   boolean NOT NULL DEFAULT false,
    ended_at               timestamptz NOT NULL,
    expired_at             timestamptz,
    -- the provider's time of the last subscription event applied; older events are ignored
    provider_event_at      timestamptz,
    promo_code_id          uuid,
    expiry_mailed_at       timestamptz,
    created_at             timestamptz NOT NULL DEFAULT now(),
    updated_at             timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX subscriptions_provider_id_idx ON subscriptions (provider_id) WHERE provider_id <> '';
CREATE INDEX subscriptions_expiry_idx ON subscriptions (ended_at) WHERE expired_at IS NULL;

-- A user's customer record at the provider, made on the first card.
CREATE TABLE billing_customers (
    user_id      uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    provider_id  text NOT NULL UNIQUE,
    created_at   timestamptz NOT NULL DEFAULT now()
);

-- Saved cards (provider payment methods); at most one primary per user.
CREATE TABLE cards (
    id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id      uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    provider_id  text NOT NULL,
    brand        text NOT NULL DEFAULT '',
    last4        text NOT NULL DEFAULT '',
    exp_month    int NOT NULL DEFAULT 0,
    exp_year     int NOT NULL DEFAULT 0,
    is_primary   boolean NOT NULL DEFAULT false,
    created_at   timestamptz NOT NULL DEFAULT now(),
    UNIQUE (user_id, provider_id)
);
CREATE UNIQUE INDEX cards_one_primary ON cards (user_id) WHERE is_primary;

-- Promotion codes creators may type; provider_id is the provider's promotion code.
CREATE TABLE promo_codes (
    id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    code         text NOT NULL,
    provider_id  text NOT NULL,
    percent_off  numeric(5, 2) CHECK (percent_off > 0 AND percent_off <= 100),
    amount_off   bigint CHECK (amount_off > 0),
    currency     text NOT NULL DEFAULT 'usd',
    duration     text NOT NULL CHECK (duration IN ('once', 'repeating', 'forever')),
    duration_in_months int,
    active       boolean NOT NULL DEFAULT true,
    expires_at   timestamptz,
    created_at   timestamptz NOT NULL DEFAULT now(),
    CHECK ((percent_off IS NULL) <> (amount_off IS NULL))
);
CREATE UNIQUE INDEX promo_codes_code_key ON promo_codes (upper(code));

ALTER TABLE subscriptions ADD FOREIGN KEY (promo_code_id) REFERENCES promo_codes (id) ON DELETE SET NULL;

-- Provider webhook events, one row per event id (replays are ignored).
CREATE TABLE payment_events (
    id            text PRIMARY KEY,
    type          text NOT NULL,
    payload       jsonb NOT NULL,
    provider_at   timestamptz NOT NULL,
    received_at   timestamptz NOT NULL DEFAULT now(),
    processed_at  timestamptz,
    outcome       text NOT NULL DEFAULT ''
);

-- +goose Down
DROP TABLE payment_events;
DROP TABLE subscriptions;
DROP TABLE promo_codes;
DROP TABLE cards;
DROP TABLE billing_customers;
DROP TABLE plans;
