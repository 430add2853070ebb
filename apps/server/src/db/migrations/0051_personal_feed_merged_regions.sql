-- The personal feed in the reader's regions merges the regions' candidates in order and keeps each
-- article once by comparing it with the one before, as the filtered feed merges its ranges
-- (articles/article-repository.ts, filteredEntries). It kept them once by DISTINCT, which hashed
-- every entry of every region with its categories (an array) and sorted them all, and hid the
-- categories' spread from the planner, so the interest was summed for each of the 1,000
-- candidates instead of once for each set of categories. Two regions at 100,000 articles, one at
-- a time (pgbench, random readers): 4.2 → 2.5 ms. The answers are the same (migration 0049 says
-- what it answers); the other way, without regions, is unchanged.
CREATE OR REPLACE FUNCTION personal_feed(reader_type smallint, reader_id text, regions smallint[], candidates integer,
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
    -- category), merged in the feed's order, an article's repeats side by side, each kept once.
    RETURN QUERY
    WITH scores AS MATERIALIZED (
      SELECT s.category_id, s.score FROM user_category_scores s WHERE s.actor_type = reader_type AND s.actor_id = reader_id),
    found AS (
      SELECT m.article_id AS id, m.category_ids, m.published_at FROM (
        SELECT e.article_id, e.category_ids, e.published_at,
          lag(e.article_id) OVER (ORDER BY e.published_at DESC, e.article_id DESC) AS previous
        FROM unnest(regions) AS r (region_id)
        CROSS JOIN LATERAL (
          SELECT e.article_id, e.category_ids, e.published_at FROM article_feed_entries e
          WHERE e.region_id = r.region_id AND e.category_id = '00000000-0000-0000-0000-000000000000' AND e.published_at <= now()
            AND e.publisher_id <> ALL (blocked_publishers) AND NOT (e.category_ids && blocked_categories)
          ORDER BY e.published_at DESC, e.article_id DESC LIMIT candidates) e) m
      WHERE m.previous IS DISTINCT FROM m.article_id
      ORDER BY m.published_at DESC, m.article_id DESC LIMIT candidates),
    ranked AS (
      SELECT c.id, c.published_at, count(*) OVER () AS total, coalesce(i.interest, 0) AS interest
      FROM found c
      LEFT JOIN LATERAL (SELECT sum(s.score) AS interest FROM scores s WHERE s.category_id = ANY (c.category_ids)) i ON true)
    SELECT r.id, r.total FROM ranked r
    ORDER BY r.interest DESC, r.published_at DESC, r.id DESC LIMIT page_limit OFFSET page_offset;
  END IF;
END
$$;
