-- +goose Up
-- The plans state the coach's fair-use cap instead of "Unlimited": the api writes the configured monthly cap
-- (COACH_MONTHLY_CAP) in place of {cap} when it lists the plans.
UPDATE plans SET features = replace(features::text, '"Unlimited coaching questions"',
    '"Up to {cap} coaching questions a month (fair use)"')::jsonb WHERE features::text LIKE '%Unlimited coaching questions%';

-- +goose Down
UPDATE plans SET features = replace(features::text, '"Up to {cap} coaching questions a month (fair use)"',
    '"Unlimited coaching questions"')::jsonb WHERE features::text LIKE '%{cap}%';
