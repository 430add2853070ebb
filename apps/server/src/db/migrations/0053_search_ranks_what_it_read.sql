-- Search ranks its candidates from the rows that found them. search_newest_matches (0044) read
-- each candidate's search row to find it, handed over only its key, and search_articles (0046)
-- then looked the 300 candidates up again by key twice: in article_search for the document to
-- rank, and in articles for the title to compare with the query and the status already checked.
-- Now the rows found carry the document and the title as search compares it (lower case, accents
-- folded, kept beside the document by refresh_article_search), and only the page's articles are
-- read, for their snippets. The first matching transcript line is read by the page article's
-- key and language without reading the article again. The answers are the same.
--
-- Adding the column rewrites article_search once (9.5 s at 100,000 articles, so about two minutes
-- at 1,000,000; until VACUUM article_search clears the old versions, search reads them too).
ALTER TABLE article_search ADD COLUMN folded_title text;
UPDATE article_search s SET folded_title = newsreel_unaccent(lower(a.title)) FROM articles a WHERE a.id = s.article_id;
ALTER TABLE article_search ALTER COLUMN folded_title SET NOT NULL;

CREATE OR REPLACE FUNCTION refresh_article_search(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO article_search (article_id, status, published_at, document, folded_title)
    SELECT a.id, a.status, a.published_at, article_search_document(a.id, a.title, a.description, a.summary, a.language, a.published_at),
      newsreel_unaccent(lower(a.title))
    FROM articles a WHERE a.id = ANY (ids)
    ON CONFLICT (article_id) DO UPDATE
      SET status = excluded.status, published_at = excluded.published_at, document = excluded.document,
        folded_title = excluded.folded_title;
  INSERT INTO search_words (word)
    SELECT DISTINCT word FROM search_words_source WHERE article_id = ANY (ids) ORDER BY word
    ON CONFLICT DO NOTHING;
$$;

DROP FUNCTION search_spelt_alike(text, integer, integer, integer);
DROP FUNCTION search_newest_matches(tsquery, integer);

-- As 0044's, handing over each match's document and folded title with its key, and reading the
-- spans one statement at a time (the same statement for each, its plan kept) instead of as the
-- branches of one.
CREATE FUNCTION search_newest_matches(tsq tsquery, take integer)
  RETURNS TABLE (article_id uuid, published_at timestamptz, document tsvector, folded_title text)
  LANGUAGE plpgsql STABLE ROWS 300 AS $$
#variable_conflict use_column
DECLARE
  newest_day integer;
  newest_week integer;
  span tsquery[];
  older_than timestamptz;
  one_span tsquery;
  taken integer := 0;
  span_rows integer;
  probe tsquery;
  exact boolean;
BEGIN
  IF tsq IS NULL OR numnode(tsq) = 0 THEN
    RETURN;
  END IF;
  SELECT search_day(s.published_at) INTO newest_day FROM article_search s WHERE s.status = 1 AND s.published_at <= now()
    ORDER BY s.published_at DESC, s.article_id DESC LIMIT 1;
  IF newest_day IS NULL THEN
    RETURN;
  END IF;
  -- Days and weeks both count from the epoch, so a week is seven whole days.
  probe := search_probe(tsq);
  exact := probe = tsq;
  newest_week := floor(newest_day / 7.0)::integer;
  -- The spans' lexemes are made here, once: written into the query, search_days and search_weeks
  -- would run again for every row the GIN index hands over to be checked.
  span := ARRAY[
    search_days(newest_day, newest_day), search_days(newest_day - 1, newest_day - 1),
    search_days(newest_day - 3, newest_day - 2), search_days((newest_week - 1) * 7, newest_day - 4),
    search_weeks(newest_week - 2, newest_week - 2), search_weeks(newest_week - 4, newest_week - 3),
    search_weeks(newest_week - 8, newest_week - 5), search_weeks(newest_week - 16, newest_week - 9),
    search_weeks(newest_week - 32, newest_week - 17), search_weeks(newest_week - 64, newest_week - 33)];
  older_than := to_timestamp((newest_week - 64)::float8 * 604800);
  -- Span by span, newest first, until `take` are found; each span's newest matches, as many as
  -- are still wanted.
  FOREACH one_span IN ARRAY span LOOP
    RETURN QUERY SELECT s.article_id, s.published_at, s.document, s.folded_title FROM article_search s
      WHERE s.status = 1 AND s.published_at <= now() AND s.document @@ probe
        AND (exact OR ts_match_vq(s.document, tsq)) AND s.document @@ one_span
      ORDER BY s.published_at DESC, s.article_id DESC LIMIT take - taken;
    GET DIAGNOSTICS span_rows = ROW_COUNT;
    taken := taken + span_rows;
    IF taken >= take THEN
      RETURN;
    END IF;
  END LOOP;
  -- Then everything older, read only when there is anything older: the GIN index would hand over
  -- every match to be checked against the bound.
  IF EXISTS (SELECT FROM article_search s WHERE s.status = 1 AND s.published_at < older_than) THEN
    RETURN QUERY SELECT s.article_id, s.published_at, s.document, s.folded_title FROM article_search s
      WHERE s.status = 1 AND s.published_at <= now() AND s.document @@ probe
        AND (exact OR ts_match_vq(s.document, tsq)) AND s.published_at < older_than
      ORDER BY s.published_at DESC, s.article_id DESC LIMIT take - taken;
  END IF;
END;
$$;

-- As 0040's, comparing the folded title that comes with each match instead of reading the
-- article's title by key.
CREATE FUNCTION search_spelt_alike(plain text, examined integer, take integer, known_word_passages integer)
  RETURNS TABLE (article_id uuid, published_at timestamptz, document tsvector, folded_title text)
  LANGUAGE plpgsql STABLE ROWS 300 AS $$
#variable_conflict use_column
DECLARE
  alike tsquery;
BEGIN
  SELECT string_agg(DISTINCT quote_literal(stem.lexeme) || ':A', ' | ')::tsquery INTO alike
    FROM regexp_split_to_table(plain, '[^[:alnum:]]+') AS typed(word)
    JOIN search_words w ON typed.word <% w.word
    CROSS JOIN LATERAL unnest(to_tsvector('english', w.word)) AS stem
    WHERE length(typed.word) >= 3 AND NOT EXISTS (
      SELECT 1 FROM unnest(to_tsvector('english', typed.word)) AS own JOIN ai_lexemes x ON x.lexeme = own.lexeme
      WHERE x.passages >= known_word_passages);
  IF alike IS NULL THEN
    RETURN;
  END IF;
  RETURN QUERY SELECT m.article_id, m.published_at, m.document, m.folded_title FROM search_newest_matches(alike, examined) m
    WHERE plain <% m.folded_title
    ORDER BY m.published_at DESC, m.article_id DESC LIMIT take;
END;
$$;

-- As 0046's, ranking the candidates from what search_newest_matches and search_spelt_alike
-- handed over, and reading the articles of the page only. Their status and publication time were
-- checked on the search rows, which are written with the article in the same transaction.
CREATE OR REPLACE FUNCTION search_articles(q text, examined integer, candidates integer, known_word_passages integer,
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
    SELECT m.article_id, m.published_at, m.document, m.folded_title FROM search_newest_matches(tsq, candidates) m),
  alike AS (
    SELECT m.article_id, m.published_at, m.document, m.folded_title
    FROM search_spelt_alike(plain, examined, candidates, known_word_passages) m
    WHERE (SELECT count(*) FROM matches) < page_limit),
  picked AS (
    SELECT c.article_id, c.published_at, c.document, c.folded_title FROM (
      SELECT article_id, published_at, document, folded_title, 0 AS pass FROM matches
      UNION ALL
      SELECT l.article_id, l.published_at, l.document, l.folded_title, 1 FROM alike l
      WHERE NOT EXISTS (SELECT 1 FROM matches m WHERE m.article_id = l.article_id)) c
    ORDER BY c.pass, c.published_at DESC, c.article_id DESC LIMIT candidates),
  ranked AS (
    SELECT c.article_id AS id, ts_rank_cd(c.document, tsq) + word_similarity(plain, c.folded_title) AS rank,
      count(*) OVER () AS total
    FROM picked c
    ORDER BY rank DESC, c.published_at DESC, c.article_id LIMIT page_limit OFFSET page_offset),
  hits AS (
    SELECT r.id, r.rank, r.total, a.title, a.description, a.summary, a.language FROM ranked r JOIN articles a ON a.id = r.id)
  SELECT h.id, h.rank, h.total,
    -- The snippet is the quoted line's when there is one; the article's words only otherwise.
    CASE WHEN cue.text IS NULL THEN ts_headline('english', h.title || '. ' || h.description || ' ' || h.summary, tsq, headline_options) END,
    CASE WHEN cue.text IS NOT NULL THEN json_build_object('start', cue.start_second, 'end', cue.end_second, 'text', cue.text) END,
    CASE WHEN cue.text IS NOT NULL THEN ts_headline('english', cue.text, tsq, headline_options) END
  FROM hits h
  -- The first line of the article's own transcript that matches: AI search's passages
  -- (ai_passages, field 4) keep each line's document, read in order by the key until one does.
  LEFT JOIN LATERAL (
    SELECT p.start_second, p.end_second, p.text FROM ai_passages p
    WHERE p.article_id = h.id AND p.language = h.language AND p.field = 4 AND p.document @@ tsq
    ORDER BY p.ordinal LIMIT 1) cue ON true
  ORDER BY h.rank DESC, h.id;
END;
$$;
