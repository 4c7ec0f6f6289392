-- +goose Up
-- Every api keeps, for a few seconds, the user of each session it has
-- authenticated (see store's sessionCache). These triggers tell every api
-- at once, through NOTIFY auth_changed, when what it keeps may have changed:
-- the payload is the user's id for a change to a user or to one of their
-- sessions, and '*' for a renamed or removed brand or niche (whose names
-- travel with their users). Postgres sends a notification when the
-- transaction commits, and only once for the same payload in a transaction.
-- +goose StatementBegin
CREATE FUNCTION auth_changed_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('auth_changed', (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END)::text);
    RETURN NULL;
END $$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE FUNCTION auth_changed_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('auth_changed', OLD.user_id::text);
    RETURN NULL;
END $$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE FUNCTION auth_changed_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('auth_changed', '*');
    RETURN NULL;
END $$;
-- +goose StatementEnd

CREATE TRIGGER users_auth_changed AFTER UPDATE ON users FOR EACH ROW
    WHEN ((NEW.email, NEW.name, NEW.role, NEW.profile_image, NEW.email_verified_at, NEW.niche_id, NEW.brand_id, NEW.deleted_at)
        IS DISTINCT FROM (OLD.email, OLD.name, OLD.role, OLD.profile_image, OLD.email_verified_at, OLD.niche_id, OLD.brand_id, OLD.deleted_at))
    EXECUTE FUNCTION auth_changed_user();
CREATE TRIGGER users_auth_deleted AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION auth_changed_user();

-- A session that is revoked, shortened or removed; a refresh that extends
-- it needs no word (a kept copy only expires sooner than the session).
CREATE TRIGGER sessions_auth_changed AFTER UPDATE ON sessions FOR EACH ROW
    WHEN (NEW.revoked_at IS DISTINCT FROM OLD.revoked_at OR NEW.expires_at < OLD.expires_at)
    EXECUTE FUNCTION auth_changed_session();
CREATE TRIGGER sessions_auth_deleted AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION auth_changed_session();

CREATE TRIGGER brands_auth_changed AFTER UPDATE ON brands FOR EACH ROW
    WHEN (NEW.name IS DISTINCT FROM OLD.name) EXECUTE FUNCTION auth_changed_all();
CREATE TRIGGER brands_auth_deleted AFTER DELETE ON brands FOR EACH ROW EXECUTE FUNCTION auth_changed_all();
CREATE TRIGGER niches_auth_changed AFTER UPDATE ON niches FOR EACH ROW
    WHEN (NEW.name IS DISTINCT FROM OLD.name) EXECUTE FUNCTION auth_changed_all();
CREATE TRIGGER niches_auth_deleted AFTER DELETE ON niches FOR EACH ROW EXECUTE FUNCTION auth_changed_all();

-- +goose Down
DROP TRIGGER niches_auth_deleted ON niches;
DROP TRIGGER niches_auth_changed ON niches;
DROP TRIGGER brands_auth_deleted ON brands;
DROP TRIGGER brands_auth_changed ON brands;
DROP TRIGGER sessions_auth_deleted ON sessions;
DROP TRIGGER sessions_auth_changed ON sessions;
DROP TRIGGER users_auth_deleted ON users;
DROP TRIGGER users_auth_changed ON users;
DROP FUNCTION auth_changed_all();
DROP FUNCTION auth_changed_session();
DROP FUNCTION auth_changed_user();
