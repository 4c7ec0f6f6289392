-- +goose Up
-- The search words of every creator (the lexemes of creators.search), one
-- row each, in the brand search's order: a search whose words are all
-- common ("lucia romero", a thousand matches of a million) walks the
-- rarest word's list from the most followed down and checks each creator
-- against the whole term, stopping at the page's end, instead of finding
-- every match through the GIN index and sorting them (store.CreatorPageSQL).
-- niche (lowercased) rides along so that the niche filter is checked in the
-- index. Kept by statement triggers on creators (one INSERT per COPY batch).
CREATE TABLE creator_words (
    word      text COLLATE "C" NOT NULL,
    followers bigint NOT NULL,
    niche     text NOT NULL,
    id        uuid NOT NULL
);
INSERT INTO creator_words (word, followers, niche, id)
SELECT w, c.followers, lower(c.niche), c.id FROM creators c, unnest(tsvector_to_array(c.search)) w;
CREATE INDEX creator_words_idx ON creator_words (word, followers DESC, id) INCLUDE (niche);

-- +goose StatementBegin
CREATE FUNCTION creator_words_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO creator_words (word, followers, niche, id)
    SELECT w, n.followers, lower(n.niche), n.id FROM new_rows n, unnest(tsvector_to_array(n.search)) w;
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
    INSERT INTO creator_words (word, followers, niche, id)
    SELECT w, n.followers, lower(n.niche), n.id FROM new_rows n JOIN old_rows o ON o.id = n.id,
        unnest(tsvector_to_array(n.search)) w
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
