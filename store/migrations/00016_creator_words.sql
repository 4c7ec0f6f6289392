-- +goose Up
-- The search words of every creator (the lexemes of creators.search), one
-- row each, in the brand search's order: a search whose words are all
-- common ("lucia romero", a thousand matches of a million) walks the
-- rarest word's list from the most followed down and checks each creator
-- against the whole term, stopping at the page's end, instead of finding
-- every match through the GIN index and sorting them (store.CreatorPageSQL).
-- niche (lowercased) and sig ride along so that the niche filter and most
-- non-matches are told in the index: sig has one bit of 64 set for each
-- word ('w' || word) and each word's first three letters ('p' || ...) of
-- the creator, so a creator lacking one of the other words of the term (or
-- any word starting like its last) mostly has a bit of the term's mask
-- clear. Kept by statement triggers on creators (one INSERT per COPY batch).
-- +goose StatementBegin
CREATE FUNCTION creator_words_sig(tokens text[]) RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN (SELECT coalesce(bit_or(1::bigint << (hashtext(t) & 63)), 0) FROM unnest(tokens) t);
-- +goose StatementEnd
-- creator_words_of: the rows of one creator's search words (a set-returning
-- SQL function, inlined into the statements that use it).
-- +goose StatementBegin
CREATE FUNCTION creator_words_of(search tsvector) RETURNS TABLE (word text, sig bigint)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT w, s.sig FROM unnest(tsvector_to_array(search)) w,
        (SELECT coalesce(bit_or(1::bigint << (hashtext(t) & 63)), 0) AS sig FROM unnest(tsvector_to_array(search)) w2,
            LATERAL (VALUES ('w' || w2), ('p' || left(w2, 3))) v(t)) s
$$;
-- +goose StatementEnd
CREATE TABLE creator_words (
    word      text COLLATE "C" NOT NULL,
    followers bigint NOT NULL,
    niche     text NOT NULL,
    sig       bigint NOT NULL,
    id        uuid NOT NULL
);
INSERT INTO creator_words (word, followers, niche, sig, id)
SELECT x.word, c.followers, lower(c.niche), x.sig, c.id FROM creators c, creator_words_of(c.search) x;
CREATE INDEX creator_words_idx ON creator_words (word, followers DESC, id) INCLUDE (niche, sig);

-- +goose StatementBegin
CREATE FUNCTION creator_words_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO creator_words (word, followers, niche, sig, id)
    SELECT x.word, n.followers, lower(n.niche), x.sig, n.id FROM new_rows n, creator_words_of(n.search) x;
    RETURN NULL;
END $$;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE FUNCTION creator_words_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM creator_words w USING (
        SELECT o.id, o.followers, unnest(tsvector_to_array(o.search)) AS word FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (o.search, o.followers, o.niche) IS DISTINCT FROM (n.search, n.followers, n.niche)) d
    WHERE w.word = d.word AND w.followers = d.followers AND w.id = d.id;
    INSERT INTO creator_words (word, followers, niche, sig, id)
    SELECT x.word, n.followers, lower(n.niche), x.sig, n.id FROM new_rows n JOIN old_rows o ON o.id = n.id,
        creator_words_of(n.search) x
    WHERE (o.search, o.followers, o.niche) IS DISTINCT FROM (n.search, n.followers, n.niche);
    RETURN NULL;
END $$;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE FUNCTION creator_words_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM creator_words w USING (
        SELECT o.id, o.followers, unnest(tsvector_to_array(o.search)) AS word FROM old_rows o) d
    WHERE w.word = d.word AND w.followers = d.followers AND w.id = d.id;
    RETURN NULL;
END $$;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE FUNCTION creator_words_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    TRUNCATE creator_words;
    RETURN NULL;
END $$;
-- +goose StatementEnd
CREATE TRIGGER creator_words_insert AFTER INSERT ON creators REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION creator_words_insert();
CREATE TRIGGER creator_words_update AFTER UPDATE ON creators REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION creator_words_update();
CREATE TRIGGER creator_words_delete AFTER DELETE ON creators REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION creator_words_delete();
CREATE TRIGGER creator_words_truncate AFTER TRUNCATE ON creators
    FOR EACH STATEMENT EXECUTE FUNCTION creator_words_truncate();

-- +goose Down
DROP TRIGGER creator_words_truncate ON creators;
DROP TRIGGER creator_words_delete ON creators;
DROP TRIGGER creator_words_update ON creators;
DROP TRIGGER creator_words_insert ON creators;
DROP FUNCTION creator_words_truncate;
DROP FUNCTION creator_words_delete;
DROP FUNCTION creator_words_update;
DROP FUNCTION creator_words_insert;
DROP TABLE creator_words;
DROP FUNCTION creator_words_of;
DROP FUNCTION creator_words_sig(text[]);
