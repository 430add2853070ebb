-- The columns of an article in a list (its card: the article, its publisher and its main playable
-- file), for the articles whose ids a list picked, in the order of `ids` ("position" counts from 1).
-- Ids of no article are left out; the caller decides which articles may be shown.
--
-- PL/pgSQL keeps the plan of its query across calls. Written into each list's statement, these
-- columns (a join to the article and its publisher, and a subquery for the main file) were planned
-- again at every request, and that planning was half of a feed page's database time (100,000
-- articles: 0.75 ms planned each time; the page's own ids and total 0.23 ms). Its plan is the
-- same whatever the ids (lookups by key), so it is always the generic one: left to choose,
-- PL/pgSQL would plan a single id afresh at every call (a custom plan for one id looks cheaper
-- than the generic plan's guess of ten).
CREATE FUNCTION article_cards(ids uuid[])
  RETURNS TABLE (
    id uuid, slug text, title text, description text, territory smallint, breaking boolean, language text,
    region_ids smallint[], category_ids uuid[], location_name text, location_slug text, lat double precision,
    lon double precision, poster_url text, duration_seconds real, published_at timestamptz,
    publisher_id uuid, publisher_name text, publisher_slug text, media json, "position" bigint)
  LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  RETURN QUERY
  SELECT a.id, a.slug, a.title, a.description, a.territory, a.breaking, a.language, a.region_ids,
    a.category_ids, a.location_name, a.location_slug, a.lat, a.lon, a.poster_url, a.duration_seconds,
    a.published_at, p.id, p.name, p.slug,
    -- The main playable file: video, then dubbed video, then audio.
    (SELECT row_to_json(m) FROM (
       SELECT f.type, f.source, f.url, f.file_type, f.file_size, f.language, f.duration_seconds
       FROM media_assets f WHERE f.article_id = a.id AND f.type IN (1, 2, 5)
       ORDER BY CASE f.type WHEN 1 THEN 0 WHEN 5 THEN 1 ELSE 2 END LIMIT 1) m),
    picked.n
  FROM unnest(ids) WITH ORDINALITY AS picked (id, n)
  JOIN articles a ON a.id = picked.id
  JOIN publishers p ON p.id = a.publisher_id;
END
$$;
