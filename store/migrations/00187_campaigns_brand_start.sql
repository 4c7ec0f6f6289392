-- +goose Up
-- The campaign summary's next campaign (a brand's draft or active campaign
-- starting soonest, today or later) is the first entry of this index from
-- today on, and Mission Control's performance finds the brand's active
-- campaigns that started by the month's end through it, instead of reading
-- and sorting every campaign of the brand.
CREATE INDEX campaigns_brand_start_idx ON campaigns (brand_id, start_date, created_at) WHERE status IN ('draft', 'active');

-- +goose Down
DROP INDEX campaigns_brand_start_idx;
