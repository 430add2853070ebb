-- Search's articles are read by one PL/pgSQL function, so each connection keeps the plan of the
-- statement instead of planning it for every search (0.60 ms a search at 1,000,000 articles under
-- load, pg_stat_statements; the statement itself ran in 10–30 ms). Its plan is the same for any
-- query: the candidates come from search_newest_matches and search_spelt_alike, whose size the
-- planner cannot see, so the generic plan is forced. The query's tsquery and folded text are made
-- once, in variables: written into the statement as expressions of a parameter, a generic plan
-- would make them again for every candidate it ranks.
--
-- The statement is the one search-repository.ts sent before, unchanged: the newest `candidates`
-- full-text matches, then (only when they are fewer than the page) the titles spelt like the query
-- after them; each ranked by its cover density and the title's word similarity; the page of
-- `page_limit` from `page_offset`, each hit with its headline, or the first line of its own
-- transcript that matches (quote search) and that line's headline. `total` counts the
-- candidates; a page past the end has no row, so the caller asks for the first row to learn it.
CREATE FUNCTION search_articles(q text, examined integer, candidates integer, known_word_passages integer,
    page_limit integer, page_offset integer, headline_options text)
  RETURNS TABLE (id uuid, rank real, total bigint, headline text, quote json, quote_headline text)
  LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
#variable_conflict use_column
DECLARE
  tsq tsquery := websearch_to_tsquery('english', newsreel_unaccent(q));
  plain text := newsreel_unaccent(lower(q));
BEGIN
  RETURN QUERY
  WITH matches AS MATERIALIZED (
    SELECT m.article_id, m.published_at FROM search_newest_matches(tsq, candidates) m),
  alike AS (
    SELECT m.article_id, m.published_at
    FROM search_spelt_alike(plain, examined, candidates, known_word_passages) m
    WHERE (SELECT count(*) FROM matches) < page_limit),
  picked AS (
    SELECT c.article_id AS id FROM (
      SELECT article_id, published_at, 0 AS pass FROM matches
      UNION ALL
      SELECT l.article_id, l.published_at, 1 FROM alike l WHERE NOT EXISTS (SELECT 1 FROM matches m WHERE m.article_id = l.article_id)) c
    ORDER BY c.pass, c.published_at DESC, c.article_id DESC LIMIT candidates),
  hits AS (
    SELECT a.id, a.title, a.description, a.summary,
      ts_rank_cd(s.document, tsq) + word_similarity(plain, newsreel_unaccent(lower(a.title))) AS rank,
      count(*) OVER () AS total
    FROM picked c JOIN articles a ON a.id = c.id JOIN article_search s ON s.article_id = c.id
    WHERE a.status = 1 AND a.published_at <= now()
    ORDER BY rank DESC, a.published_at DESC, a.id LIMIT page_limit OFFSET page_offset)
  SELECT h.id, h.rank, h.total,
    -- The snippet is the quoted line's when there is one; the article's words only otherwise.
    CASE WHEN cue.text IS NULL THEN ts_headline('english', h.title || '. ' || h.description || ' ' || h.summary, tsq, headline_options) END,
    CASE WHEN cue.text IS NOT NULL THEN json_build_object('start', cue.start_second, 'end', cue.end_second, 'text', cue.text) END,
    CASE WHEN cue.text IS NOT NULL THEN ts_headline('english', cue.text, tsq, headline_options) END
  FROM hits h
  -- The first line of the article's own transcript that matches: AI search's passages
  -- (ai_passages, field 4) keep each line's document, read in order by the key until one does.
  LEFT JOIN LATERAL (
    SELECT p.start_second, p.end_second, p.text FROM articles a
    JOIN ai_passages p ON p.article_id = a.id AND p.language = a.language AND p.field = 4
    WHERE a.id = h.id AND p.document @@ tsq
    ORDER BY p.ordinal LIMIT 1) cue ON true
  ORDER BY h.rank DESC, h.id;
END;
$$;
