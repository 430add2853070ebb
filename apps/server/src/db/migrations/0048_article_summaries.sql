-- Every article in a list is written as JSON here, in the contract's ArticleSummary shape, and
-- handed to the app as text that goes into the answer as it is.
--
-- The app read article_cards (migration 0042) as typed columns, then parsed each column, built the
-- summary and serialised it again: about 18 µs of the app's CPU for each article of a page, more
-- than PostgreSQL spent on it (feed at 1,000,000 articles: 0.77 ms of the app's CPU a page of 30,
-- 0.45 ms with the summaries written here; PostgreSQL about the same, 1.11 → 1.15 ms).
--
-- The keys are the contract's (ArticleSummarySchema) in its order, as the response serialiser
-- wrote them: row_to_json writes a row's columns in order, compactly, and a json column as it is.
-- A category id with no category is left out; a location needs its slug and both coordinates;
-- publishedAt is UTC to the millisecond (as Date.toISOString() writes it). The categories are
-- named by one join for the whole page: named in each article's own subquery, they cost 4 µs an
-- article. The main playable file is kept on the article (below).

-- The article's main playable file (video, then dubbed video, then audio; the first added of a
-- kind), as the summary's `mediafile` JSON, kept on the article row by triggers on media_assets.
-- Looked up in media_assets for each article of a page, it cost a third of the page's summaries
-- (0.24 of 0.74 ms for 30 articles at 1,000,000): one more index and table read an article, where
-- the article's own row is read anyway.
ALTER TABLE articles ADD COLUMN main_media json;

CREATE FUNCTION article_main_media(article uuid) RETURNS json LANGUAGE sql STABLE AS $$
  SELECT row_to_json(m) FROM (
    SELECT f.type, f.source, f.url, f.file_type AS "fileType", f.file_size AS "fileSize", f.language,
      f.duration_seconds AS "durationSeconds"
    FROM media_assets f WHERE f.article_id = article AND f.type IN (1, 2, 5)
    ORDER BY CASE f.type WHEN 1 THEN 0 WHEN 5 THEN 1 ELSE 2 END, f.created_at, f.id LIMIT 1) m
$$;

-- Sets the main file of the articles `ids` where it changed (json has no equality: compared as text).
CREATE FUNCTION refresh_article_main_media(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE articles a SET main_media = m.media
  FROM (SELECT i.id, article_main_media(i.id) AS media FROM unnest(ids) AS i (id)) m
  WHERE a.id = m.id AND a.main_media::text IS DISTINCT FROM m.media::text;
$$;

CREATE FUNCTION media_assets_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_article_main_media(ARRAY(SELECT DISTINCT article_id FROM changed_media WHERE article_id IS NOT NULL));
  RETURN NULL;
END
$$;
CREATE TRIGGER media_assets_inserted AFTER INSERT ON media_assets
  REFERENCING NEW TABLE AS changed_media FOR EACH STATEMENT EXECUTE FUNCTION media_assets_changed();
CREATE TRIGGER media_assets_deleted AFTER DELETE ON media_assets
  REFERENCING OLD TABLE AS changed_media FOR EACH STATEMENT EXECUTE FUNCTION media_assets_changed();
-- An update may move a file from one article to another: both are looked at.
CREATE TRIGGER media_assets_updated_from AFTER UPDATE ON media_assets
  REFERENCING OLD TABLE AS changed_media FOR EACH STATEMENT EXECUTE FUNCTION media_assets_changed();
CREATE TRIGGER media_assets_updated_to AFTER UPDATE ON media_assets
  REFERENCING NEW TABLE AS changed_media FOR EACH STATEMENT EXECUTE FUNCTION media_assets_changed();

-- The feed entries and the search document do not hold the main file: an update of it alone
-- (the triggers' above) refreshes neither. Any other update of an article refreshes both, as
-- before (migration 0006).
CREATE OR REPLACE FUNCTION articles_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[] := ARRAY(SELECT n.id FROM updated_articles n JOIN old_articles o ON o.id = n.id
    WHERE n.main_media::text IS NOT DISTINCT FROM o.main_media::text);
BEGIN
  PERFORM refresh_article_feed_entries(ids);
  PERFORM refresh_article_search(ids);
  RETURN NULL;
END
$$;
DROP TRIGGER articles_updated ON articles;
CREATE TRIGGER articles_updated AFTER UPDATE ON articles
  REFERENCING OLD TABLE AS old_articles NEW TABLE AS updated_articles FOR EACH STATEMENT EXECUTE FUNCTION articles_updated();

UPDATE articles a SET main_media = article_main_media(a.id)
WHERE EXISTS (SELECT 1 FROM media_assets f WHERE f.article_id = a.id AND f.type IN (1, 2, 5));

-- PL/pgSQL keeps the plan across calls; it is the same for any ids (lookups by key), so the
-- generic plan is forced, as it was for article_cards.
CREATE FUNCTION article_summaries(ids uuid[])
  RETURNS TABLE (id uuid, summary text, "position" bigint)
  LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  RETURN QUERY
  WITH cards AS MATERIALIZED (
    SELECT a.id, a.slug, a.title, a.description, a.territory, a.breaking, a.language, a.region_ids, a.category_ids,
      a.location_name, a.location_slug, a.lat, a.lon, a.poster_url, a.main_media, a.duration_seconds, a.published_at,
      p.id AS publisher_id, p.name AS publisher_name, p.slug AS publisher_slug, picked.n
    FROM unnest(ids) WITH ORDINALITY AS picked (id, n)
    JOIN articles a ON a.id = picked.id
    JOIN publishers p ON p.id = a.publisher_id),
  named AS (
    SELECT u.article_id, array_to_json(array_agg(k.category ORDER BY u.n)) AS categories
    FROM (SELECT c.id AS article_id, cat.id, cat.n
          FROM cards c CROSS JOIN LATERAL unnest(c.category_ids) WITH ORDINALITY AS cat (id, n)) u
    JOIN (SELECT c.id, row_to_json(c) AS category FROM (SELECT c.id, c.name, c.slug FROM categories c) c) k ON k.id = u.id
    GROUP BY u.article_id)
  SELECT c.id, row_to_json(s)::text, c.n
  FROM cards c
  LEFT JOIN named ON named.article_id = c.id
  CROSS JOIN LATERAL (
    SELECT c.id, c.slug, c.title, c.description, c.territory, c.breaking, c.language, c.region_ids AS "regionIds",
      CASE WHEN c.location_slug <> '' AND c.lat IS NOT NULL AND c.lon IS NOT NULL THEN (
        SELECT row_to_json(l) FROM (SELECT coalesce(c.location_name, '') AS name, c.location_slug AS slug, c.lat, c.lon) l)
      END AS location,
      (SELECT row_to_json(r) FROM (SELECT c.publisher_id AS id, c.publisher_name AS name, c.publisher_slug AS slug) r) AS publisher,
      coalesce(named.categories, '[]') AS categories,
      c.poster_url AS poster,
      c.main_media AS mediafile,
      c.duration_seconds AS "durationSeconds",
      to_char(c.published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "publishedAt") s;
END
$$;

DROP FUNCTION article_cards(uuid[]);
