-- +goose Up
-- Failed one-time-code checks per e-mail address (normalized; unknown addresses are counted too, so answers do not
-- tell them apart). failures counts within the 24 hours from window_start; reaching the cap sets locked_until, and
-- until then every code check of the address is refused, even with the right code.
CREATE TABLE otp_failures (
    email        text PRIMARY KEY,
    window_start timestamptz NOT NULL,
    failures     integer NOT NULL,
    locked_until timestamptz
);

-- +goose Down
DROP TABLE otp_failures;
