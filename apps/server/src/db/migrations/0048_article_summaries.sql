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
-- the main playable file is video, then dubbed video, then audio; publishedAt is UTC to the
-- millisecond (as Date.toISOString() writes it). The categories are named by one join for the
-- whole page: named in each article's own subquery, they cost 4 µs an article.
--
-- PL/pgSQL keeps the plan across calls; it is the same for any ids (lookups by key), so the
-- generic plan is forced, as for article_cards.
CREATE FUNCTION article_summaries(ids uuid[])
  RETURNS TABLE (id uuid, summary text, "position" bigint)
  LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  RETURN QUERY
  WITH cards AS MATERIALIZED (
    SELECT a.id, a.slug, a.title, a.description, a.territory, a.breaking, a.language, a.region_ids, a.category_ids,
      a.location_name, a.location_slug, a.lat, a.lon, a.poster_url, a.duration_seconds, a.published_at,
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
      (SELECT row_to_json(m) FROM (
         SELECT f.type, f.source, f.url, f.file_type AS "fileType", f.file_size AS "fileSize", f.language,
           f.duration_seconds AS "durationSeconds"
         FROM media_assets f WHERE f.article_id = c.id AND f.type IN (1, 2, 5)
         ORDER BY CASE f.type WHEN 1 THEN 0 WHEN 5 THEN 1 ELSE 2 END LIMIT 1) m) AS mediafile,
      c.duration_seconds AS "durationSeconds",
      to_char(c.published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "publishedAt") s;
END
$$;

DROP FUNCTION article_cards(uuid[]);
