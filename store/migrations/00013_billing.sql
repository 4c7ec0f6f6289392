-- +goose Up
-- Plans and a creator's subscription. The payment provider keeps no state we rely on:
-- these rows are the source of truth, changed by our calls and by its webhooks.
-- Contract shared by billing and the coach's credits: a subscription is running while ended_at >= now()
-- (SPEC: active and not past ended_at = subscribed; inactive and not past = cancelled but still running).
CREATE TABLE plans (
    id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    name        text NOT NULL,
    interval    text NOT NULL CHECK (interval IN ('month', 'year')),
    amount      bigint NOT NULL CHECK (amount >= 0),
    currency    text NOT NULL DEFAULT 'usd',
    features    jsonb NOT NULL DEFAULT '[]',
    price_id    text NOT NULL DEFAULT '',
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE subscriptions (
    id                     uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id                uuid NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
    plan_id                uuid NOT NULL REFERENCES plans (id),
    provider_id            text NOT NULL DEFAULT '',
    active                 boolean NOT NULL,
    cancel_at_period_end   boolean NOT NULL DEFAULT false,
    ended_at               timestamptz NOT NULL,
    expired_at             timestamptz,
    created_at             timestamptz NOT NULL DEFAULT now(),
    updated_at             timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE subscriptions;
DROP TABLE plans;
