-- +goose Up
-- A creator's country (ISO 3166-1 alpha-2) beside the free-text location, so that a brand asking for "United States"
-- finds creators in "New York". Existing rows are filled from the city (the cities of the demo network, the seed and
-- ops/samples) or the country written last ("Tokyo, Japan"); store.CountryOf fills new and imported rows from the same
-- lists (store/location.go).
ALTER TABLE creators ADD COLUMN country text NOT NULL DEFAULT '';

UPDATE creators c SET country = m.code
FROM (VALUES ('amsterdam', 'NL'), ('austin', 'US'), ('bangalore', 'IN'), ('barcelona', 'ES'), ('berlin', 'DE'),
    ('chicago', 'US'), ('delhi', 'IN'), ('dubai', 'AE'), ('hamburg', 'DE'), ('lagos', 'NG'), ('london', 'GB'),
    ('los angeles', 'US'), ('lyon', 'FR'), ('madrid', 'ES'), ('manchester', 'GB'), ('melbourne', 'AU'),
    ('mexico city', 'MX'), ('miami', 'US'), ('milan', 'IT'), ('montreal', 'CA'), ('mumbai', 'IN'), ('munich', 'DE'),
    ('new delhi', 'IN'), ('new york city', 'US'), ('new york', 'US'), ('nyc', 'US'), ('osaka', 'JP'), ('paris', 'FR'),
    ('rio de janeiro', 'BR'), ('rome', 'IT'), ('san francisco', 'US'), ('sao paulo', 'BR'), ('seoul', 'KR'),
    ('sydney', 'AU'), ('são paulo', 'BR'), ('tokyo', 'JP'), ('toronto', 'CA'), ('vancouver', 'CA')) AS m(city, code)
WHERE lower(trim(split_part(c.location, ',', 1))) = m.city;

UPDATE creators c SET country = m.code
FROM (VALUES ('australia', 'AU'), ('brazil', 'BR'), ('canada', 'CA'), ('france', 'FR'), ('germany', 'DE'),
    ('india', 'IN'), ('italy', 'IT'), ('japan', 'JP'), ('mexico', 'MX'), ('netherlands', 'NL'), ('nigeria', 'NG'),
    ('south korea', 'KR'), ('spain', 'ES'), ('uk', 'GB'), ('united kingdom', 'GB'), ('united states', 'US'),
    ('usa', 'US'), ('us', 'US')) AS m(name, code)
WHERE c.country = '' AND lower(trim(regexp_replace(c.location, '^.*,', ''))) = m.name;

CREATE INDEX creators_country ON creators (country) WHERE country <> '';

-- +goose Down
DROP INDEX IF EXISTS creators_country;
ALTER TABLE creators DROP COLUMN IF EXISTS country;
