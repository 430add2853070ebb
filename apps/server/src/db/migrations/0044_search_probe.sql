-- Search reads its candidates from the GIN index by the query's less common words.
--
-- The index hands over the documents holding all of a query's words, and reading it takes longer
-- the more of a span's documents hold each word: at 1,000,000 articles, in one week of 19,482
-- documents, 0.4 ms for 'chi' (80 of them), 1.2 ms for 'protest' (788), 4.1 ms for 'review'
-- (7,929) and 6.4 ms for 'region' (all). A phrase is then checked on each document handed over.
-- So "Regional protest" ('region' <-> 'protest') went through every document of every span of
-- days and weeks it read, 175 ms in all. Now a query of words that are all required (ANDed or side
-- by side) is read from the index by its words that are in fewer than one passage in 50 (ai_lexemes
-- counts the passages holding each, kept with the passages), or by its rarest word when all are
-- that common, and each document handed over is checked against the whole query: the same
-- matches, from a smaller read. Checking a document costs more than the index does to leave it
-- out, so the words that still narrow the read stay in it: reading by the rarest word alone made
-- searches slower (a phrase 46 ms on average, against 29 ms with this rule and 46 ms before).
-- Any other query (one word, a word OR another, a word left out) is read as before.

-- The part of `tsq` the index reads: `tsq` itself, unless it is a conjunction (words ANDed or side
-- by side: no OR, NOT, prefix or weight) with a word in one passage in 50 or more, or with words
-- side by side; then the AND of its less common words, or its rarest word when all are common.
-- Every document matching `tsq` matches it; the caller checks each against `tsq` when the probe
-- is not `tsq` itself.
CREATE FUNCTION search_probe(tsq tsquery) RETURNS tsquery LANGUAGE plpgsql STABLE AS $$
DECLARE
  -- The query's text without its quoted words: only its operators are left.
  operators text := regexp_replace(tsq::text, '''(?:[^'']|'''')*''', '', 'g');
  all_passages integer;
  kept text[];
  dropped integer;
BEGIN
  IF tsq IS NULL OR numnode(tsq) = 0 OR operators ~ '[|!:]' THEN
    RETURN tsq;
  END IF;
  SELECT greatest(x.passages, 1) INTO all_passages FROM ai_lexemes x WHERE x.lexeme = '';
  SELECT array_agg(quote_literal(w.lexeme) ORDER BY w.lexeme) FILTER (WHERE w.rarest = 1 OR NOT w.common),
      count(*) FILTER (WHERE w.rarest > 1 AND w.common)
    INTO kept, dropped
    FROM (
      SELECT l.lexeme, coalesce(x.passages, 0) * 50 >= coalesce(all_passages, 1) AS common,
        row_number() OVER (ORDER BY coalesce(x.passages, 0), l.lexeme) AS rarest
      FROM (SELECT DISTINCT replace(m[1], '''''', '''') AS lexeme
            FROM regexp_matches(tsq::text, '''((?:[^'']|'''')*)''', 'g') AS m) l
      LEFT JOIN ai_lexemes x ON x.lexeme = l.lexeme) w;
  IF dropped = 0 AND operators !~ '<' THEN
    RETURN tsq;
  END IF;
  RETURN array_to_string(kept, ' & ')::tsquery;
END;
$$;

-- As 0040's, reading the index by search_probe(tsq), and checking what it hands over against tsq
-- when that is not the same.
CREATE OR REPLACE FUNCTION search_newest_matches(tsq tsquery, take integer)
  RETURNS TABLE (article_id uuid, published_at timestamptz)
  LANGUAGE plpgsql STABLE ROWS 300 AS $$
#variable_conflict use_column
DECLARE
  newest_day integer;
  newest_week integer;
  span tsquery[];
  older_than timestamptz;
  any_older boolean;
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
  -- Read only when there is anything older: the GIN index would hand over every match to be
  -- checked against the bound.
  any_older := EXISTS (SELECT FROM article_search s WHERE s.status = 1 AND s.published_at < older_than);
  RETURN QUERY SELECT n.article_id, n.published_at FROM (
    (SELECT s.article_id, s.published_at FROM article_search s
      WHERE s.status = 1 AND s.published_at <= now() AND s.document @@ probe
        AND (exact OR ts_match_vq(s.document, tsq)) AND s.document @@ span[1]
      ORDER BY s.published_at DESC, s.article_id DESC LIMIT take)
    UNION ALL
    (SELECT s.article_id, s.published_at FROM article_search s
      WHERE s.status = 1 AND s.published_at <= now() AND s.document @@ probe
        AND (exact OR ts_match_vq(s.document, tsq)) AND s.document @@ span[2]
      ORDER BY s.published_at DESC, s.article_id DESC LIMIT take)
    UNION ALL
    (SELECT s.article_id, s.published_at FROM article_search s
      WHERE s.status = 1 AND s.published_at <= now() AND s.document @@ probe
        AND (exact OR ts_match_vq(s.document, tsq)) AND s.document @@ span[3]
      ORDER BY s.published_at DESC, s.article_id DESC LIMIT take)
    UNION ALL
    (SELECT s.article_id, s.published_at FROM article_search s
      WHERE s.status = 1 AND s.published_at <= now() AND s.document @@ probe
        AND (exact OR ts_match_vq(s.document, tsq)) AND s.document @@ span[4]
      ORDER BY s.published_at DESC, s.article_id DESC LIMIT take)
    UNION ALL
    (SELECT s.article_id, s.published_at FROM article_search s
      WHERE s.status = 1 AND s.published_at <= now() AND s.document @@ probe
        AND (exact OR ts_match_vq(s.document, tsq)) AND s.document @@ span[5]
      ORDER BY s.published_at DESC, s.article_id DESC LIMIT take)
    UNION ALL
    (SELECT s.article_id, s.published_at FROM article_search s
      WHERE s.status = 1 AND s.published_at <= now() AND s.document @@ probe
        AND (exact OR ts_match_vq(s.document, tsq)) AND s.document @@ span[6]
      ORDER BY s.published_at DESC, s.article_id DESC LIMIT take)
    UNION ALL
    (SELECT s.article_id, s.published_at FROM article_search s
      WHERE s.status = 1 AND s.published_at <= now() AND s.document @@ probe
        AND (exact OR ts_match_vq(s.document, tsq)) AND s.document @@ span[7]
      ORDER BY s.published_at DESC, s.article_id DESC LIMIT take)
    UNION ALL
    (SELECT s.article_id, s.published_at FROM article_search s
      WHERE s.status = 1 AND s.published_at <= now() AND s.document @@ probe
        AND (exact OR ts_match_vq(s.document, tsq)) AND s.document @@ span[8]
      ORDER BY s.published_at DESC, s.article_id DESC LIMIT take)
    UNION ALL
    (SELECT s.article_id, s.published_at FROM article_search s
      WHERE s.status = 1 AND s.published_at <= now() AND s.document @@ probe
        AND (exact OR ts_match_vq(s.document, tsq)) AND s.document @@ span[9]
      ORDER BY s.published_at DESC, s.article_id DESC LIMIT take)
    UNION ALL
    (SELECT s.article_id, s.published_at FROM article_search s
      WHERE s.status = 1 AND s.published_at <= now() AND s.document @@ probe
        AND (exact OR ts_match_vq(s.document, tsq)) AND s.document @@ span[10]
      ORDER BY s.published_at DESC, s.article_id DESC LIMIT take)
    UNION ALL
    (SELECT s.article_id, s.published_at FROM article_search s
      WHERE s.status = 1 AND s.published_at <= now() AND s.document @@ probe
        AND (exact OR ts_match_vq(s.document, tsq)) AND any_older AND s.published_at < older_than
      ORDER BY s.published_at DESC, s.article_id DESC LIMIT take)
  ) n LIMIT take;
END;
$$;
