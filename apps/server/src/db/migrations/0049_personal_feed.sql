-- The personal feed keeps its plans: its statement moves into a PL/pgSQL function with the generic
-- plan forced. Sent as a statement, it was planned at every request (0.33 ms at 1,000,000
-- articles): with the page's limit a parameter, PostgreSQL judged the generic plan dearer and never
-- kept one. Measured one at a time at 1,000,000 articles (pgbench, random readers and pages): any
-- region 1.2 → 1.0 ms, two regions 3.6 → 2.9 ms.
--
-- What it answers is unchanged (articles/article-repository.ts, personalFeed): the newest
-- `candidates` public articles in the reader's regions (all when `regions` is empty), leaving out
-- the publishers and categories they blocked (the settings blockedPublishers and blockedCategories,
-- checked when they are set; anything in them that is not an id is passed over), ordered by their
-- interest (the sum of their scores of the article's categories), then newest first; `total`
-- counts the candidates. Both ways read an index that carries the publisher and categories
-- (migration 0009). The interest is a lateral join, which the planner memoizes by the candidate's
-- categories when it can see where they come from (about 140 sums for 1,000 candidates, not
-- 1,000). So the two ways are two statements that differ only in where the candidates come from:
-- one statement for both (a UNION ALL, one side left empty) lost the memoized sums.
CREATE FUNCTION personal_feed(reader_type smallint, reader_id text, regions smallint[], candidates integer,
    page_limit integer, page_offset integer)
  RETURNS TABLE (id uuid, total bigint)
  LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
#variable_conflict use_column
DECLARE
  blocked_publishers uuid[];
  blocked_categories uuid[];
BEGIN
  SELECT coalesce(array_agg(b.id::uuid) FILTER (WHERE r.key = 'blockedPublishers'), '{}'),
      coalesce(array_agg(b.id::uuid) FILTER (WHERE r.key = 'blockedCategories'), '{}')
    INTO blocked_publishers, blocked_categories
    FROM reader_settings r
    CROSS JOIN LATERAL jsonb_array_elements_text(CASE WHEN jsonb_typeof(r.value) = 'array' THEN r.value ELSE '[]' END) b (id)
    WHERE r.actor_type = reader_type AND r.actor_id = reader_id AND r.key IN ('blockedPublishers', 'blockedCategories')
      AND b.id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
  IF cardinality(regions) = 0 THEN
    -- The newest public articles.
    RETURN QUERY
    WITH scores AS MATERIALIZED (
      SELECT s.category_id, s.score FROM user_category_scores s WHERE s.actor_type = reader_type AND s.actor_id = reader_id),
    found AS (
      SELECT a.id, a.category_ids, a.published_at FROM articles a
      WHERE a.status = 1 AND a.published_at <= now()
        AND a.publisher_id <> ALL (blocked_publishers) AND NOT (a.category_ids && blocked_categories)
      ORDER BY a.published_at DESC, a.id DESC LIMIT candidates),
    ranked AS (
      SELECT c.id, c.published_at, count(*) OVER () AS total, coalesce(i.interest, 0) AS interest
      FROM found c
      LEFT JOIN LATERAL (SELECT sum(s.score) AS interest FROM scores s WHERE s.category_id = ANY (c.category_ids)) i ON true)
    SELECT r.id, r.total FROM ranked r
    ORDER BY r.interest DESC, r.published_at DESC, r.id DESC LIMIT page_limit OFFSET page_offset;
  ELSE
    -- In the reader's regions, each region's own newest-first entries (the feed entries for any
    -- category), merged without repeats.
    RETURN QUERY
    WITH scores AS MATERIALIZED (
      SELECT s.category_id, s.score FROM user_category_scores s WHERE s.actor_type = reader_type AND s.actor_id = reader_id),
    found AS (
      SELECT DISTINCT e.article_id AS id, e.category_ids, e.published_at
      FROM unnest(regions) AS r (region_id)
      CROSS JOIN LATERAL (
        SELECT e.article_id, e.category_ids, e.published_at FROM article_feed_entries e
        WHERE e.region_id = r.region_id AND e.category_id = '00000000-0000-0000-0000-000000000000' AND e.published_at <= now()
          AND e.publisher_id <> ALL (blocked_publishers) AND NOT (e.category_ids && blocked_categories)
        ORDER BY e.published_at DESC, e.article_id DESC LIMIT candidates) e
      ORDER BY e.published_at DESC, e.article_id DESC LIMIT candidates),
    ranked AS (
      SELECT c.id, c.published_at, count(*) OVER () AS total, coalesce(i.interest, 0) AS interest
      FROM found c
      LEFT JOIN LATERAL (SELECT sum(s.score) AS interest FROM scores s WHERE s.category_id = ANY (c.category_ids)) i ON true)
    SELECT r.id, r.total FROM ranked r
    ORDER BY r.interest DESC, r.published_at DESC, r.id DESC LIMIT page_limit OFFSET page_offset;
  END IF;
END
$$;
