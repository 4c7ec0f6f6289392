-- +goose Up
-- The search words of a creator: the words of the name, e-mail and handles,
-- split at spaces, '@', '.', '_', '-' and between letters and digits
-- ("ava_dubois958169" gives ava, dubois, 958169). Without the letter/digit
-- split, the prefix "dubois:*" of a name search had to expand to every
-- "dubois<number>" handle word in the index, tens of thousands at a million
-- creators; now it reads the one posting list of "dubois".
-- +goose StatementBegin
CREATE FUNCTION creator_search(name text, email text, instagram text, youtube text, tiktok text, linkedin text)
RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN to_tsvector('simple'::regconfig, regexp_replace(regexp_replace(lower(translate(name || ' ' || coalesce(email, '')
    || ' ' || coalesce(instagram, '') || ' ' || coalesce(youtube, '') || ' ' || coalesce(tiktok, '') || ' '
    || coalesce(linkedin, ''), '@._-', '    ')), '([[:alpha:]])([[:digit:]])', '\1 \2', 'g'), '([[:digit:]])([[:alpha:]])', '\1 \2', 'g'));
-- +goose StatementEnd
ALTER TABLE creators DROP COLUMN search;
ALTER TABLE creators ADD COLUMN search tsvector GENERATED ALWAYS AS
    (creator_search(name, email, instagram_handle, youtube_handle, tiktok_handle, linkedin_handle)) STORED;
CREATE INDEX creators_search_idx ON creators USING gin (search);

-- +goose Down
ALTER TABLE creators DROP COLUMN search;
ALTER TABLE creators ADD COLUMN search tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, lower(translate(name || ' ' ||
    coalesce(email, '') || ' ' || coalesce(instagram_handle, '') || ' ' || coalesce(youtube_handle, '')
    || ' ' || coalesce(tiktok_handle, '') || ' ' || coalesce(linkedin_handle, ''), '@._-', '    ')))) STORED;
CREATE INDEX creators_search_idx ON creators USING gin (search);
DROP FUNCTION creator_search;
