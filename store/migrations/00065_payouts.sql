-- +goose Up
-- Payouts: the platform charges the brand when an offer is accepted (the funding) and transfers the agreed amount
-- to the creator's connected account once the tagged post is captured and the review window has passed (the
-- release). Amounts are integer cents.

-- A creator's connected account at the provider (Express, v1 Accounts API).
CREATE TABLE payout_accounts (
    user_id           uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    provider_id       text NOT NULL UNIQUE,
    state             text NOT NULL DEFAULT 'details_needed'
                      CHECK (state IN ('details_needed', 'verifying', 'ready', 'restricted')),
    requirements      jsonb NOT NULL DEFAULT '[]',
    provider_event_at timestamptz,
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now()
);

-- A brand's customer record at the provider and its cards (payment methods); one default per brand.
CREATE TABLE payout_brand_customers (
    brand_id    uuid PRIMARY KEY REFERENCES brands (id) ON DELETE CASCADE,
    provider_id text NOT NULL UNIQUE,
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE payout_brand_cards (
    id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    brand_id    uuid NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    provider_id text NOT NULL,
    brand       text NOT NULL DEFAULT '',
    last4       text NOT NULL DEFAULT '',
    exp_month   int NOT NULL DEFAULT 0,
    exp_year    int NOT NULL DEFAULT 0,
    is_default  boolean NOT NULL DEFAULT false,
    added_by    uuid REFERENCES users (id) ON DELETE SET NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    UNIQUE (brand_id, provider_id)
);
CREATE UNIQUE INDEX payout_brand_cards_one_default ON payout_brand_cards (brand_id) WHERE is_default;

-- A brand's money settings: the monthly limit of what its BRAND_MANAGERs may commit (NULL = none), and whether
-- its fundings need an ADMIN's approval (set by a chargeback).
CREATE TABLE payout_brand_settings (
    brand_id              uuid PRIMARY KEY REFERENCES brands (id) ON DELETE CASCADE,
    manager_monthly_limit bigint CHECK (manager_monthly_limit >= 0),
    needs_admin_approval  boolean NOT NULL DEFAULT false,
    updated_at            timestamptz NOT NULL DEFAULT now()
);

-- One payment per accepted offer (a roster entry): its funding, clock, release or refund.
CREATE TABLE payouts (
    entry_id          uuid PRIMARY KEY REFERENCES roster_entries (id) ON DELETE RESTRICT,
    brand_id          uuid NOT NULL REFERENCES brands (id) ON DELETE RESTRICT,
    committed_by      uuid REFERENCES users (id) ON DELETE SET NULL,
    committed_role    text NOT NULL DEFAULT '',
    currency          text NOT NULL DEFAULT 'usd',
    amount            bigint NOT NULL CHECK (amount > 0),
    fee               bigint NOT NULL CHECK (fee >= 0),
    state             text NOT NULL CHECK (state IN ('awaiting_approval', 'funding', 'action_required', 'funding_failed',
                      'funded', 'releasing', 'waiting_details', 'transferred', 'held', 'refunding', 'refunded', 'lapsed')),
    attempt           int NOT NULL DEFAULT 1,
    payment_intent_id text NOT NULL DEFAULT '',
    charge_id         text NOT NULL DEFAULT '',
    transfer_id       text NOT NULL DEFAULT '',
    refund_amount     bigint NOT NULL DEFAULT 0 CHECK (refund_amount >= 0),
    failure           text NOT NULL DEFAULT '',
    objection_reason  text NOT NULL DEFAULT '',
    objected_by       uuid REFERENCES users (id) ON DELETE SET NULL,
    objected_at       timestamptz,
    disputed_at       timestamptz,
    funding_at        timestamptz NOT NULL,
    funded_at         timestamptz,
    failed_at         timestamptz,
    captured_at       timestamptz,
    release_at        timestamptz,
    released_at       timestamptz,
    transferred_at    timestamptz,
    arrival_at        timestamptz,
    paid_at           timestamptz,
    refunded_at       timestamptz,
    updated_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payouts_brand_idx ON payouts (brand_id, funding_at);
CREATE INDEX payouts_due_idx ON payouts (release_at) WHERE state = 'funded';
CREATE INDEX payouts_board_idx ON payouts (state, updated_at)
    WHERE state IN ('funding_failed', 'action_required', 'held', 'waiting_details', 'awaiting_approval');
CREATE INDEX payouts_payment_intent_idx ON payouts (payment_intent_id) WHERE payment_intent_id <> '';

-- The double-entry ledger: each movement is a set of rows summing to zero per currency. Debits are positive.
CREATE TABLE payout_ledger (
    id        bigserial PRIMARY KEY,
    movement  text NOT NULL,
    kind      text NOT NULL,
    entry_id  uuid REFERENCES roster_entries (id) ON DELETE RESTRICT,
    account   text NOT NULL CHECK (account IN ('brand_card', 'platform_fee', 'creator_held', 'creator_paid', 'refunds',
              'chargeback_loss', 'provider_fee')),
    currency  text NOT NULL,
    amount    bigint NOT NULL,
    at        timestamptz NOT NULL,
    UNIQUE (movement, account)
);
CREATE INDEX payout_ledger_entry_idx ON payout_ledger (entry_id);
CREATE INDEX payout_ledger_at_idx ON payout_ledger (at);

-- Verified provider events of payouts (Connect and the platform's payment events), kept once per id.
CREATE TABLE payout_events (
    id           text PRIMARY KEY,
    type         text NOT NULL,
    account      text NOT NULL DEFAULT '',
    payload      jsonb NOT NULL,
    provider_at  timestamptz NOT NULL,
    received_at  timestamptz NOT NULL,
    processed_at timestamptz,
    outcome      text NOT NULL DEFAULT ''
);

-- Differences the nightly reconciliation found between the provider and the ledger.
CREATE TABLE payout_mismatches (
    id          bigserial PRIMARY KEY,
    day         date NOT NULL,
    kind        text NOT NULL,
    provider_id text NOT NULL,
    entry_id    uuid,
    detail      text NOT NULL,
    found_at    timestamptz NOT NULL,
    resolved_at timestamptz,
    UNIQUE (day, kind, provider_id)
);

-- +goose Down
DROP TABLE payout_mismatches;
DROP TABLE payout_events;
DROP TABLE payout_ledger;
DROP TABLE payouts;
DROP TABLE payout_brand_settings;
DROP TABLE payout_brand_cards;
DROP TABLE payout_brand_customers;
DROP TABLE payout_accounts;
