-- Search's newest matches read by day, then by week, anchored at the newest public article.
--
-- Before, search_newest_matches (0037) first walked the newest 3,000 public articles: the GIN index
-- handed over every document holding the word (41,574 for "climate" at 1,000,000 articles) to be
-- ANDed with that range, and then read spans of weeks counted from today, so the first span with
-- articles in it could hold a month of matches (2,807 for "climate"), each read from the table to
-- be sorted before 300 were kept. Now each document also holds the lexeme of its day ('day 20758':
-- days since 1970, as 'week 2965' is its week), and the reads are spans of days and then of weeks
-- counted back from the newest public article's day. The GIN index intersects the words with the
-- span's day or week lexemes, so a span hands over only its own matches, and the spans start small
-- enough that a common word is read a day or two at a time: "climate" at 1,000,000 articles reads
-- about 110 matches a day instead of a month's.

CREATE FUNCTION search_day(at timestamptz) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT floor(extract(epoch FROM at) / 86400)::integer $$;
-- Matches documents of any day from first_day to last_day.
CREATE FUNCTION search_days(first_day integer, last_day integer) RETURNS tsquery LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT string_agg(quote_literal(format('day %s', d)), ' | ')::tsquery FROM generate_series(first_day, last_day) d $$;

-- The search document as 0006 defined it, plus the day lexeme.
CREATE OR REPLACE FUNCTION article_search_document(article_id uuid, title text, description text, summary text, language text, published_at timestamptz)
  RETURNS tsvector LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('english', newsreel_unaccent(title)), 'A') ||
    setweight(to_tsvector('english', newsreel_unaccent(description)), 'B') ||
    setweight(to_tsvector('english', newsreel_unaccent(summary)), 'C') ||
    setweight(to_tsvector('english', newsreel_unaccent(coalesce((
      SELECT string_agg(cue.value->>'text', ' ' ORDER BY cue.position)
      FROM transcripts t CROSS JOIN LATERAL jsonb_array_elements(t.cues) WITH ORDINALITY AS cue(value, position)
      WHERE t.article_id = article_search_document.article_id AND t.language = article_search_document.language), ''))), 'D') ||
    CASE WHEN published_at IS NULL THEN ''::tsvector
      ELSE array_to_tsvector(ARRAY[format('week %s', search_week(published_at)), format('day %s', search_day(published_at))]) END
$$;

-- Existing documents gain their day (26 s for 1,000,000 articles on a 2-core machine).
UPDATE article_search SET document = document || array_to_tsvector(ARRAY[format('day %s', search_day(published_at))])
  WHERE published_at IS NOT NULL;

DROP FUNCTION search_spelt_alike(text, integer, integer, integer, integer);
DROP FUNCTION search_newest_matches(tsquery, integer, integer);

-- The newest `take` public articles whose search document matches `tsq`, in no order (the caller
-- orders by published_at DESC, article_id DESC). Spans of days and then of weeks, newest first,
-- counted back from the day of the newest public article: that day, the day before, the two days
-- before those, then the rest of that week and all of the week before (4 to 10 days); then weeks
-- in spans of 1, 2, 4, 8, 16 and 32; then everything older still. Under the outer LIMIT,
-- PostgreSQL runs the branches in order and stops when it has enough: the branches after the one
-- that fills `take` are never read. A branch is one GIN index scan of the words ANDed with its
-- span's day or week lexemes; the spans do not overlap, so no branch needs a bound in time.
CREATE FUNCTION search_newest_matches(tsq tsquery, take integer)
  RETURNS TABLE (article_id uuid, published_at timestamptz)
  LANGUAGE plpgsql STABLE ROWS 300 AS $$
#variable_conflict use_column
DECLARE
  newest_day integer;
  newest_week integer;
  span tsquery[];
  older_than timestamptz;
  any_older boolean;
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
  -- Read only when there is anything older: the GIN index would hand over every match to be
  -- checked against the bound.
  any_older := EXISTS (SELECT FROM article_search s WHERE s.status = 1 AND s.published_at < older_than);
  RETURN QUERY SELECT n.article_id, n.published_at FROM (
    (SELECT s.article_id, s.published_at FROM article_search s
      WHERE s.status = 1 AND s.published_at <= now() AND s.document @@ tsq
        AND s.document @@ span[1]
      ORDER BY s.published_at DESC, s.article_id DESC LIMIT take)
    UNION ALL
    (SELECT s.article_id, s.published_at FROM article_search s
      WHERE s.status = 1 AND s.published_at <= now() AND s.document @@ tsq
        AND s.document @@ span[2]
      ORDER BY s.published_at DESC, s.article_id DESC LIMIT take)
    UNION ALL
    (SELECT s.article_id, s.published_at FROM article_search s
      WHERE s.status = 1 AND s.published_at <= now() AND s.document @@ tsq
        AND s.document @@ span[3]
      ORDER BY s.published_at DESC, s.article_id DESC LIMIT take)
    UNION ALL
    (SELECT s.article_id, s.published_at FROM article_search s
      WHERE s.status = 1 AND s.published_at <= now() AND s.document @@ tsq
        AND s.document @@ span[4]
      ORDER BY s.published_at DESC, s.article_id DESC LIMIT take)
    UNION ALL
    (SELECT s.article_id, s.published_at FROM article_search s
      WHERE s.status = 1 AND s.published_at <= now() AND s.document @@ tsq
        AND s.document @@ span[5]
      ORDER BY s.published_at DESC, s.article_id DESC LIMIT take)
    UNION ALL
    (SELECT s.article_id, s.published_at FROM article_search s
      WHERE s.status = 1 AND s.published_at <= now() AND s.document @@ tsq
        AND s.document @@ span[6]
      ORDER BY s.published_at DESC, s.article_id DESC LIMIT take)
    UNION ALL
    (SELECT s.article_id, s.published_at FROM article_search s
      WHERE s.status = 1 AND s.published_at <= now() AND s.document @@ tsq
        AND s.document @@ span[7]
      ORDER BY s.published_at DESC, s.article_id DESC LIMIT take)
    UNION ALL
    (SELECT s.article_id, s.published_at FROM article_search s
      WHERE s.status = 1 AND s.published_at <= now() AND s.document @@ tsq
        AND s.document @@ span[8]
      ORDER BY s.published_at DESC, s.article_id DESC LIMIT take)
    UNION ALL
    (SELECT s.article_id, s.published_at FROM article_search s
      WHERE s.status = 1 AND s.published_at <= now() AND s.document @@ tsq
        AND s.document @@ span[9]
      ORDER BY s.published_at DESC, s.article_id DESC LIMIT take)
    UNION ALL
    (SELECT s.article_id, s.published_at FROM article_search s
      WHERE s.status = 1 AND s.published_at <= now() AND s.document @@ tsq
        AND s.document @@ span[10]
      ORDER BY s.published_at DESC, s.article_id DESC LIMIT take)
    UNION ALL
    (SELECT s.article_id, s.published_at FROM article_search s
      WHERE s.status = 1 AND s.published_at <= now() AND s.document @@ tsq
        AND any_older AND s.published_at < older_than
      ORDER BY s.published_at DESC, s.article_id DESC LIMIT take)
  ) n LIMIT take;
END;
$$;

-- As 0037's, reading the articles with words spelt alike through the new search_newest_matches,
-- and their titles by key.
CREATE FUNCTION search_spelt_alike(plain text, examined integer, take integer, known_word_passages integer)
  RETURNS TABLE (article_id uuid, published_at timestamptz)
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
  -- Each examined article's title is read by its key and compared. OFFSET 0 keeps the comparison
  -- out of that read: the kept plan does not know how many titles are spelt like `plain`, and
  -- given the chance it read the titles' trigram index instead (25,824 titles for "harest" at
  -- 1,000,000 articles, 520 ms, to keep the 300 it already had).
  RETURN QUERY SELECT m.article_id, m.published_at FROM search_newest_matches(alike, examined) m
    CROSS JOIN LATERAL (SELECT a.title FROM articles a WHERE a.id = m.article_id OFFSET 0) a
    WHERE plain <% newsreel_unaccent(lower(a.title))
    ORDER BY m.published_at DESC, m.article_id DESC LIMIT take;
END;
$$;
