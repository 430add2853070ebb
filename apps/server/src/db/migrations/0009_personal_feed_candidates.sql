-- The personal feed ranks 1,000 candidates by their categories and leaves out the publishers and
-- categories a reader blocked. With the publisher and the categories carried in the newest-first
-- indexes it reads them there, instead of visiting 1,000 article rows on as many pages.

DROP INDEX articles_public_feed;
CREATE INDEX articles_public_feed ON articles (published_at DESC, id DESC) INCLUDE (publisher_id, category_ids) WHERE status = 1;

-- Set on the entries for any category (a region's own list), which the personal feed reads.
ALTER TABLE article_feed_entries ADD COLUMN category_ids uuid[];
CREATE INDEX article_feed_entries_region_candidates ON article_feed_entries (region_id, published_at DESC, article_id DESC)
  INCLUDE (publisher_id, category_ids) WHERE category_id = '00000000-0000-0000-0000-000000000000';

CREATE OR REPLACE VIEW article_feed_entries_source AS
  SELECT a.id AS article_id, r.region_id, c.category_id, a.published_at, a.publisher_id, a.territory, a.language, a.breaking,
    CASE WHEN c.category_id = '00000000-0000-0000-0000-000000000000' THEN a.category_ids END AS category_ids
  FROM articles a
  CROSS JOIN LATERAL (SELECT DISTINCT unnest(a.region_ids) AS region_id UNION ALL SELECT -1) r
  CROSS JOIN LATERAL (SELECT DISTINCT unnest(a.category_ids) AS category_id UNION ALL SELECT '00000000-0000-0000-0000-000000000000'::uuid) c
  WHERE a.status = 1 AND a.published_at IS NOT NULL
    AND (r.region_id <> -1 OR c.category_id <> '00000000-0000-0000-0000-000000000000');

CREATE OR REPLACE FUNCTION refresh_article_feed_entries(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM article_feed_entries WHERE article_id = ANY (ids);
  INSERT INTO article_feed_entries (article_id, region_id, category_id, published_at, publisher_id, territory, language, breaking, category_ids)
    SELECT * FROM article_feed_entries_source WHERE article_id = ANY (ids);
  DELETE FROM article_places WHERE article_id = ANY (ids);
  INSERT INTO article_places (article_id, published_at, place)
    SELECT * FROM article_places_source WHERE article_id = ANY (ids);
$$;

CREATE OR REPLACE FUNCTION articles_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO article_feed_entries (article_id, region_id, category_id, published_at, publisher_id, territory, language, breaking, category_ids)
    SELECT s.* FROM article_feed_entries_source s JOIN inserted_articles i ON i.id = s.article_id;
  INSERT INTO article_places (article_id, published_at, place)
    SELECT s.* FROM article_places_source s JOIN inserted_articles i ON i.id = s.article_id;
  PERFORM refresh_article_search(ARRAY(SELECT id FROM inserted_articles));
  RETURN NULL;
END
$$;

UPDATE article_feed_entries e SET category_ids = a.category_ids
  FROM articles a WHERE a.id = e.article_id AND e.category_id = '00000000-0000-0000-0000-000000000000';
