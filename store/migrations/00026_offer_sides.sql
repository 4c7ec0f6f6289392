-- +goose Up
-- offers reach the creator. Each move of the offer history records
-- which side made it (admin, brand, creator, or system for an expiry); the
-- moves before are the administrator's. offer_sent_at is when the offer was
-- last sent: a sent offer expires OFFER_TTL after it.
ALTER TABLE offer_history ADD COLUMN actor_side text NOT NULL DEFAULT 'admin'
    CHECK (actor_side IN ('admin', 'brand', 'creator', 'system'));
ALTER TABLE roster_entries ADD COLUMN offer_sent_at timestamptz;
UPDATE roster_entries e SET offer_sent_at = coalesce(
    (SELECT max(h.at) FROM offer_history h WHERE h.entry_id = e.id AND h.to_status = 'sent'), e.offer_updated_at, now())
WHERE e.offer_status = 'sent';
CREATE INDEX roster_entries_sent_idx ON roster_entries (offer_sent_at) WHERE offer_status = 'sent';

-- +goose Down
DROP INDEX roster_entries_sent_idx;
ALTER TABLE roster_entries DROP COLUMN offer_sent_at;
ALTER TABLE offer_history DROP COLUMN actor_side;
