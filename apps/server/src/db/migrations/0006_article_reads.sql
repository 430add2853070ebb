-- Reads that stay fast without a cache (docs/architecture.md, "Content queries").
--
-- 1. The hot article row is narrow: the transcript text and the search document leave it for
--    article_search, so a page of articles holds many rows and the table stays near memory size.
-- 2. Feeds filtered by region or category read article_feed_entries: one entry per article for
--    each of its regions (with category "any"), each of its categories (with region "any") and
--    each (region, category) pair, indexed newest first. "Any" is a value (-1, the nil uuid),
--    not NULL: an equality on the leading columns is what lets the index hand rows over newest
--    first (`IS NULL` is not an equality, and the planner would sort every entry of the region). A filtered page is then a few index range
--    scans that stop after the page, instead of a walk of the whole newest-first index.
-- Both tables are derived from articles (and transcripts) by statement-level triggers, so every
-- writer keeps them right without knowing they exist.

-- Search asks for the newest matches of common words, so it reads the index one span of weeks at
-- a time, newest first, until it has enough: each document also holds the lexeme of its week
-- ('week 2968': weeks since 1970; no search typed by a reader makes a lexeme with a space in it).
-- The epoch does not depend on the time zone, so the week of a moment is IMMUTABLE.
CREATE FUNCTION search_week(at timestamptz) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT floor(extract(epoch FROM at) / 604800)::integer $$;
-- Matches documents of any week from first_week to last_week.
CREATE FUNCTION search_weeks(first_week integer, last_week integer) RETURNS tsquery LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT string_agg(quote_literal(format('week %s', w)), ' | ')::tsquery FROM generate_series(first_week, last_week) w $$;

-- The search document: title A, description B, summary C, the transcript in the article's own
-- language D (its cues' text, in order), and the week lexeme. One definition, used by the
-- triggers and the backfill.
CREATE FUNCTION article_search_document(article_id uuid, title text, description text, summary text, language text, published_at timestamptz)
  RETURNS tsvector LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('english', newsreel_unaccent(title)), 'A') ||
    setweight(to_tsvector('english', newsreel_unaccent(description)), 'B') ||
    setweight(to_tsvector('english', newsreel_unaccent(summary)), 'C') ||
    setweight(to_tsvector('english', newsreel_unaccent(coalesce((
      SELECT string_agg(cue.value->>'text', ' ' ORDER BY cue.position)
      FROM transcripts t CROSS JOIN LATERAL jsonb_array_elements(t.cues) WITH ORDINALITY AS cue(value, position)
      WHERE t.article_id = article_search_document.article_id AND t.language = article_search_document.language), ''))), 'D') ||
    CASE WHEN published_at IS NULL THEN ''::tsvector
      ELSE array_to_tsvector(ARRAY[format('week %s', search_week(published_at))]) END
$$;

CREATE TABLE article_search (
  article_id uuid PRIMARY KEY REFERENCES articles (id) ON DELETE CASCADE,
  -- Copies of the article's, so search filters and orders without reading the article row.
  status smallint NOT NULL,
  published_at timestamptz,
  document tsvector NOT NULL
);
CREATE INDEX article_search_document ON article_search USING gin (document);
CREATE INDEX article_search_newest ON article_search (published_at DESC, article_id DESC) WHERE status = 1;

CREATE TABLE article_feed_entries (
  article_id uuid NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
  region_id smallint NOT NULL, -- -1: any region
  category_id uuid NOT NULL, -- the nil uuid: any category
  published_at timestamptz NOT NULL,
  -- The other feed filters, carried in the index so they are checked without a heap visit.
  publisher_id uuid NOT NULL,
  territory smallint NOT NULL,
  language text NOT NULL,
  breaking boolean NOT NULL,
  CHECK (region_id <> -1 OR category_id <> '00000000-0000-0000-0000-000000000000')
);
CREATE INDEX article_feed_entries_newest ON article_feed_entries (region_id, category_id, published_at DESC, article_id DESC)
  INCLUDE (publisher_id, territory, language, breaking);
CREATE INDEX article_feed_entries_breaking ON article_feed_entries (region_id, category_id, published_at DESC, article_id DESC)
  INCLUDE (publisher_id, territory, language) WHERE breaking;
CREATE INDEX article_feed_entries_article ON article_feed_entries (article_id);

-- Only public-status articles have entries; whether published_at has come is checked when read.
CREATE VIEW article_feed_entries_source AS
  SELECT a.id AS article_id, r.region_id, c.category_id, a.published_at, a.publisher_id, a.territory, a.language, a.breaking
  FROM articles a
  CROSS JOIN LATERAL (SELECT DISTINCT unnest(a.region_ids) AS region_id UNION ALL SELECT -1) r
  CROSS JOIN LATERAL (SELECT DISTINCT unnest(a.category_ids) AS category_id UNION ALL SELECT '00000000-0000-0000-0000-000000000000'::uuid) c
  WHERE a.status = 1 AND a.published_at IS NOT NULL
    AND (r.region_id <> -1 OR c.category_id <> '00000000-0000-0000-0000-000000000000');

CREATE FUNCTION refresh_article_feed_entries(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM article_feed_entries WHERE article_id = ANY (ids);
  INSERT INTO article_feed_entries (article_id, region_id, category_id, published_at, publisher_id, territory, language, breaking)
    SELECT * FROM article_feed_entries_source WHERE article_id = ANY (ids);
$$;

CREATE FUNCTION refresh_article_search(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO article_search (article_id, status, published_at, document)
    SELECT a.id, a.status, a.published_at, article_search_document(a.id, a.title, a.description, a.summary, a.language, a.published_at)
    FROM articles a WHERE a.id = ANY (ids)
    ON CONFLICT (article_id) DO UPDATE
      SET status = excluded.status, published_at = excluded.published_at, document = excluded.document;
$$;

-- New articles only add entries (nothing to delete), which keeps bulk inserts cheap.
CREATE FUNCTION articles_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO article_feed_entries (article_id, region_id, category_id, published_at, publisher_id, territory, language, breaking)
    SELECT s.* FROM article_feed_entries_source s JOIN inserted_articles i ON i.id = s.article_id;
  PERFORM refresh_article_search(ARRAY(SELECT id FROM inserted_articles));
  RETURN NULL;
END
$$;
CREATE TRIGGER articles_inserted AFTER INSERT ON articles
  REFERENCING NEW TABLE AS inserted_articles FOR EACH STATEMENT EXECUTE FUNCTION articles_inserted();

CREATE FUNCTION articles_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[] := ARRAY(SELECT id FROM updated_articles);
BEGIN
  PERFORM refresh_article_feed_entries(ids);
  PERFORM refresh_article_search(ids);
  RETURN NULL;
END
$$;
CREATE TRIGGER articles_updated AFTER UPDATE ON articles
  REFERENCING NEW TABLE AS updated_articles FOR EACH STATEMENT EXECUTE FUNCTION articles_updated();

-- The transcript is part of the search document (deleting an article deletes its transcripts
-- after its search row, which then has nothing to refresh).
CREATE FUNCTION transcripts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_article_search(ARRAY(SELECT DISTINCT article_id FROM changed_transcripts));
  RETURN NULL;
END
$$;
CREATE TRIGGER transcripts_inserted AFTER INSERT ON transcripts
  REFERENCING NEW TABLE AS changed_transcripts FOR EACH STATEMENT EXECUTE FUNCTION transcripts_changed();
CREATE TRIGGER transcripts_updated AFTER UPDATE ON transcripts
  REFERENCING NEW TABLE AS changed_transcripts FOR EACH STATEMENT EXECUTE FUNCTION transcripts_changed();
CREATE TRIGGER transcripts_deleted AFTER DELETE ON transcripts
  REFERENCING OLD TABLE AS changed_transcripts FOR EACH STATEMENT EXECUTE FUNCTION transcripts_changed();

-- Backfill what exists, then drop what moved.
INSERT INTO article_feed_entries (article_id, region_id, category_id, published_at, publisher_id, territory, language, breaking)
  SELECT * FROM article_feed_entries_source;
INSERT INTO article_search (article_id, status, published_at, document)
  SELECT a.id, a.status, a.published_at, article_search_document(a.id, a.title, a.description, a.summary, a.language, a.published_at)
  FROM articles a;

ALTER TABLE articles DROP COLUMN search_vector, DROP COLUMN transcript_text;
DROP INDEX articles_regions;
DROP INDEX articles_categories;
-- A language filter without a region or category walks this, not the whole feed.
CREATE INDEX articles_language_feed ON articles (language, published_at DESC, id DESC) WHERE status = 1;
